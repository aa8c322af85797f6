/**
 * The package as a user gets it: `npm pack`, installed into an empty project offline
 * (package-consumer.ts), then used the three ways a user uses it: the installed bin, every export
 * imported from plain Node (no tsx, no TypeScript), and a TypeScript consumer type-checked under
 * `strict` with `moduleResolution: nodenext` (and a second one that must fail, so the types are
 * known to be real, not `any`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, REQUIREMENTS } from '../schemas/index.ts';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { fileScratchDir } from './scratch-dir.ts';
import { installConsumer, packProject, tarballFiles } from './package-consumer.ts';
import { UNIT_ONLY_RUN } from './unit-only-run.ts';

const work = fileScratchDir('mc-package-');
const consumer = join(work, 'consumer');
const version = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const TSC = createRequire(join(PACKAGE_ROOT, 'package.json')).resolve('typescript/bin/tsc');
/**
 * How long a child of these tests (the installed CLI, node -e, tsc on the consumer) may take before
 * it counts as hung: each takes seconds idle, and tsc on the consumer took 62 s in a loaded npm test.
 * A bound, not a speed check; each test gets it and a margin.
 */
const CHILD_MS = 300_000;
const TEST_MS = CHILD_MS + 30_000;
let tarball = '';
let installWarnings = '';

beforeAll(() => {
  tarball = packProject(join(work, 'pack'));
  installWarnings = installConsumer(consumer, tarball);
}, 660_000);

it('installs in a consumer without an engine warning on this Node (every dependency supports the engines declared)', () => {
  expect(installWarnings).not.toMatch(/EBADENGINE/);
});

const node = (args: string[], timeout = CHILD_MS) =>
  spawnSync(process.execPath, args, { cwd: consumer, encoding: 'utf8', timeout, env: { ...process.env, FORCE_COLOR: '0', MC_TARGET: '', MC_API_KEY: '' } });
const bin = join(consumer, 'node_modules', '.bin', 'messaging-conformance');

describe('the tarball', () => {
  it('ships the build, the bin, the spec outputs, the document, examples and README; no sources, tests or configs', () => {
    const files = tarballFiles(tarball).map((f) => f.replace(/^package\//, ''));
    for (const f of [
      'package.json',
      'README.md',
      'bin/messaging-conformance.js',
      'dist/harness/api.js',
      'dist/harness/api.d.ts',
      'dist/harness/cli.js',
      'dist/schemas/index.js',
      'dist/reference/server.js',
      'dist/suites/credits/consult.test.js',
      'spec/openapi.yaml',
      'spec/openapi.json',
      'spec/openapi.d.ts',
      'spec/openapi.js',
      'spec/source/messaging-service-interface.md',
      'examples/profile.example.yaml',
    ])
      expect(files).toContain(f);
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((f) => /^(test|harness|schemas|reference|suites|\.ci)\//.test(f) || /^tsconfig|^vitest\.config|^package-lock/.test(f))).toEqual([]);
  });

  it('installs without tsx or TypeScript: the CLI and the exports run compiled', () => {
    for (const devOnly of ['tsx', 'typescript', '@redocly/cli']) expect(existsSync(join(consumer, 'node_modules', devOnly)), devOnly).toBe(false);
  });
});

describe('the installed bin', () => {
  it('--version prints the package version; --help lists the commands', () => {
    expect(node([bin, '--version']).stdout.trim()).toBe(version);
    expect(node([bin, '--help']).stdout).toMatch(/certify[\s\S]*discover[\s\S]*serve/);
  });

  it(
    'certify --only credits certifies the embedded server (exit 0, summary and Allure report written)',
    () => {
      const out = join(work, 'certify-out');
      const r = node([bin, 'certify', '--only', 'credits', '--out', out]);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('suites/credits/consult.test.js');
      const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { ok: boolean; totals: { passed: number; failed: number } };
      expect(summary.ok).toBe(true);
      expect(summary.totals.passed).toBeGreaterThan(0);
      expect(summary.totals.failed).toBe(0);
      expect(existsSync(join(out, 'allure-report', 'index.html'))).toBe(true);
    },
    TEST_MS,
  );
});

describe('every export from plain Node', () => {
  it('., ./schemas, ./reference, ./openapi, ./openapi.json and ./openapi.yaml load', () => {
    const script = `
      import { certify, discover, startReferenceServer } from 'messaging-conformance';
      import { operations, requirements, ambiguities, latitudes, OPERATIONS, sms } from 'messaging-conformance/schemas';
      import { startReferenceServer as fromReference } from 'messaging-conformance/reference';
      import * as openapiTypes from 'messaging-conformance/openapi';
      import doc from 'messaging-conformance/openapi.json' with { type: 'json' };
      import { readFileSync } from 'node:fs';
      import { fileURLToPath } from 'node:url';
      const yaml = readFileSync(fileURLToPath(import.meta.resolve('messaging-conformance/openapi.yaml')), 'utf8');
      const server = await startReferenceServer({});
      const consult = await fetch(server.baseUrl + '/credits/consult', { method: 'POST', headers: { apikey: server.keys.account } });
      const body = await consult.json();
      await server.close();
      console.log(JSON.stringify({
        api: [typeof certify, typeof discover, typeof startReferenceServer],
        sameServer: fromReference === startReferenceServer,
        registers: [operations.length, requirements.length, ambiguities.length, latitudes.length],
        aliases: operations === OPERATIONS,
        smsSchemas: typeof sms,
        openapiTypesAtRunTime: Object.keys(openapiTypes),
        json: doc.openapi, yaml: yaml.includes('openapi: 3.1.0'),
        consultOk: body.success,
      }));`;
    writeFileSync(join(consumer, 'every-export.mjs'), script);
    const r = node(['every-export.mjs']);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      api: ['function', 'function', 'function'],
      sameServer: true,
      registers: [OPERATIONS.length, REQUIREMENTS.length, expect.any(Number), expect.any(Number)],
      aliases: true,
      smsSchemas: 'object',
      openapiTypesAtRunTime: [],
      json: '3.1.0',
      yaml: true,
      consultOk: true,
    });
  });

  it(
    'the programmatic certify() resolves the summary',
    () => {
      const out = join(work, 'api-out');
      const r = node([
        '-e',
        `import('messaging-conformance').then(async (m) => { const s = await m.certify({ only: ['credits'], ` +
          `out: ${JSON.stringify(out)}, html: false }); console.log('SUMMARY ' + JSON.stringify({ ok: s.ok, passed: s.totals.passed })); })`,
      ]);
      expect(r.stderr).toBe('');
      const line = r.stdout.split('\n').find((l) => l.startsWith('SUMMARY '));
      expect(JSON.parse(line!.slice('SUMMARY '.length))).toEqual({ ok: true, passed: expect.any(Number) });
    },
    TEST_MS,
  );
});

// tsc's verdict on the declarations does not depend on the Node that runs it: checked on Node 20
// (npm test), left out of .ci/run's runs on Node 22 and 24, where it was half of this file's time.
describe.skipIf(UNIT_ONLY_RUN)('a TypeScript consumer (strict, moduleResolution nodenext)', () => {
  const tsconfig = (files: readonly string[]) => ({
    compilerOptions: {
      strict: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      noEmit: true,
      skipLibCheck: false,
      resolveJsonModule: true,
      types: ['node'],
      typeRoots: [join(PACKAGE_ROOT, 'node_modules', '@types')],
    },
    files,
  });
  const SOURCES = {
    'consumer.ts': `import { certify, discover, startReferenceServer, type CertifyOptions, type Summary, type TargetProfile } from 'messaging-conformance';
import { operations, requirements, credits, type Operation } from 'messaging-conformance/schemas';
import { startReferenceServer as fromReference, type RunningReferenceServer } from 'messaging-conformance/reference';
import type { components, paths } from 'messaging-conformance/openapi';
import doc from 'messaging-conformance/openapi.json' with { type: 'json' };

type ConsultAnswer = paths['/credits/consult']['post']['responses'][200]['content']['application/json'];
const options: CertifyOptions = { only: ['credits'], html: false };
export async function main(): Promise<[Summary, TargetProfile, RunningReferenceServer, string]> {
  const server = await fromReference({ port: 0 });
  const summary = await certify(options);
  const profile = await discover({ target: server.baseUrl, apiKey: server.keys.account });
  const first: Operation | undefined = operations[0];
  const schemaNames: (keyof components['schemas'])[] = [];
  const answer: ConsultAnswer | undefined = undefined;
  void answer; void credits; void startReferenceServer;
  return [summary, profile, server, \`\${first?.operationId}\${doc.openapi}\${schemaNames.length}\${requirements.length}\`];
}
`,
    'misuse.ts': `import { certify } from 'messaging-conformance';
import { operations } from 'messaging-conformance/schemas';
import type { paths } from 'messaging-conformance/openapi';
export const id: number = operations[0]!.operationId;
export const verdict: Promise<string> = certify({}).then((s) => s.ok);
export type Missing = paths['/no/such/path'];
`,
  };
  /**
   * One tsc over both files (a file's errors name it): each run checks every declaration file of the
   * package and of Node (skipLibCheck off), which is most of its time.
   */
  let checked: { status: number | null; errors: { file: string; line: string; code: string }[]; output: string } | undefined;
  const typecheck = () => {
    if (checked !== undefined) return checked;
    for (const [file, source] of Object.entries(SOURCES)) writeFileSync(join(consumer, file), source);
    writeFileSync(join(consumer, 'tsconfig.consumers.json'), JSON.stringify(tsconfig(Object.keys(SOURCES))));
    const r = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.consumers.json'], { cwd: consumer, encoding: 'utf8', timeout: CHILD_MS });
    const errors = r.stdout
      .split('\n')
      .map((l) => /^(\S+\.ts)\((\d+),\d+\): error (TS\d+)/.exec(l))
      .filter((m) => m !== null)
      .map((m) => ({ file: m[1]!, line: m[2]!, code: m[3]! }));
    checked = { status: r.status, errors, output: r.stdout + r.stderr };
    return checked;
  };

  it(
    'type-checks code that uses every typed export',
    () => {
      const r = typecheck();
      // Every error line names its file: none may name the consumer, and nothing else may be printed.
      expect(
        r.errors.filter((e) => e.file !== 'misuse.ts'),
        r.output,
      ).toEqual([]);
      expect(
        r.output.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('misuse.ts(') && !l.startsWith(' ')),
        r.output,
      ).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'refuses code that misuses them (the declarations carry real types)',
    () => {
      const r = typecheck();
      expect(r.status).not.toBe(0);
      expect(r.errors.filter((e) => e.file === 'misuse.ts').map((e) => `${e.line} ${e.code}`)).toEqual(['4 TS2322', '5 TS2322', '6 TS2339']);
    },
    TEST_MS,
  );
});
