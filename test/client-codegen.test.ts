/**
 * Client codegen, proven: spec/openapi.json is a client codegen source. Three generators
 * (openapi-typescript with openapi-fetch, @hey-api/openapi-ts, orval's fetch client) produce
 * clients; a program on each compiles under `strict` (narrowing the SMS answer on `success`) and
 * calls three operations on the embedded reference server, on each personality (they differ where
 * the document is open: an error's HTTP status), and every answer is validated with the package's
 * own zod schemas.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { PERSONALITIES } from '../schemas/latitudes.ts';
import { agendas, credits, sms } from '../schemas/index.ts';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { writeClientProject, type ThreeAnswers } from './codegen-clients.ts';
import { fileScratchDir } from './scratch-dir.ts';

const dir = fileScratchDir('mc-codegen-');
const TSC = createRequire(join(PACKAGE_ROOT, 'package.json')).resolve('typescript/bin/tsc');
let compiled: ReturnType<typeof spawnSync>;

beforeAll(async () => {
  await writeClientProject(dir);
  compiled = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
}, 180_000);

describe('generated clients', () => {
  it('all three compile under strict (no error from the generated code or the programs)', () => {
    expect(`${compiled.stdout}${compiled.stderr}`).toBe('');
    expect(compiled.status).toBe(0);
  });
});

describe.each(PERSONALITIES)('generated clients against the embedded server, %s personality', (personality) => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ personality });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['openapi-fetch', 'hey-api', 'orval'])('the %s client calls three operations and every answer matches the schemas', async (client) => {
    // Not spawnSync: the server answers from this process's event loop.
    const run = await promisify(execFile)(process.execPath, [join(dir, 'out', client, 'program.js'), server.baseUrl, server.keys.account], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    const answers = JSON.parse(run.stdout) as ThreeAnswers;
    expect(credits.CreditsConsultResponse.parse(answers.consult)).toMatchObject({ success: true, code: 'credit_01' });
    expect(sms.SendResult.parse(answers.sms)).toMatchObject({ success: true, total_messages: 1, credit: 0 });
    expect(agendas.AgendaAddResponse.parse(answers.agenda)).toMatchObject({ success: true, code: 'agenda_01' });
  });
});
