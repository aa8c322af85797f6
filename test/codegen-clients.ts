/**
 * Two clients generated from spec/openapi.json, for test/client-codegen.test.ts: the types of
 * openapi-typescript driven by openapi-fetch, and the SDK of @hey-api/openapi-ts with its fetch
 * client. Each gets the same small program (three operations: consult credits, a sandbox SMS, a
 * new contact list) written the way a client developer would write it against the generated code;
 * both are compiled with tsc under `strict` in a project of their own and run by plain Node.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient as heyApiGenerate } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';

export const SPEC_JSON = join(PACKAGE_ROOT, 'spec', 'openapi.json');

/** What each client program prints: the three answers as the server sent them (parsed JSON). */
export interface ThreeAnswers {
  consult: unknown;
  sms: unknown;
  agenda: unknown;
}

/** The recipient of the sandbox SMS: ten digits, Mexico (2.1); sandbox sends deliver nothing. */
const NUMBER = '5512345678';

const OPENAPI_FETCH_PROGRAM = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

const [baseUrl, apikey] = process.argv.slice(2) as [string, string];
const client = createClient<paths>({ baseUrl, headers: { apikey } });

const consult = await client.POST('/credits/consult');
const sms = await client.POST('/sms/send', { body: { numbers: '${NUMBER}', message: 'Hola desde openapi-fetch', sandbox: 1 } });
const agenda = await client.POST('/agendas/add', { body: { agenda_name: 'openapi-fetch list' } });
// Typed fields read back. Errors of this API may come with HTTP 200 (7.1), so a 200 body is
// narrowed to the success shape before its fields are read.
const credit: string | undefined = consult.data && 'credit' in consult.data ? consult.data.credit : undefined;
const listKey: string | undefined = agenda.data && 'list_key' in agenda.data ? agenda.data.list_key : undefined;
if (credit === undefined || listKey === undefined) throw new Error('no data in a success answer');
console.log(JSON.stringify({ consult: consult.data, sms: sms.data, agenda: agenda.data }));

// The generated types are real, not any: a list without its required name does not compile
// (an unused @ts-expect-error would fail the build). Never called.
export const refused = () =>
  // @ts-expect-error agenda_name is required
  client.POST('/agendas/add', { body: { agenda_description: 'no name' } });
`;

const HEY_API_PROGRAM = `import { client } from './client/client.gen.js';
import { agendasAdd, creditsConsult, smsSend } from './client/sdk.gen.js';

const [baseUrl, apikey] = process.argv.slice(2) as [string, string];
client.setConfig({ baseUrl, auth: () => apikey });

const consult = await creditsConsult();
const sms = await smsSend({ body: { numbers: '${NUMBER}', message: 'Hola desde hey-api', sandbox: 1 } });
const agenda = await agendasAdd({ body: { agenda_name: 'hey-api list' } });
const credit: string | undefined = consult.data && 'credit' in consult.data ? consult.data.credit : undefined;
const listKey: string | undefined = agenda.data && 'list_key' in agenda.data ? agenda.data.list_key : undefined;
if (credit === undefined || listKey === undefined) throw new Error('no data in a success answer');
console.log(JSON.stringify({ consult: consult.data, sms: sms.data, agenda: agenda.data }));

// As in the openapi-fetch program: the required name is enforced by the generated types. Never called.
export const refused = () =>
  // @ts-expect-error agenda_name is required
  agendasAdd({ body: { agenda_description: 'no name' } });
`;

const TSCONFIG = {
  compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2023', 'dom'], types: ['node'], outDir: 'out', skipLibCheck: false },
  include: ['openapi-fetch', 'hey-api'],
};

/** The client project in `dir`: generated code, the two programs, a tsconfig; node_modules is the checkout's. */
export async function writeClientProject(dir: string): Promise<void> {
  mkdirSync(join(dir, 'openapi-fetch'), { recursive: true });
  mkdirSync(join(dir, 'hey-api'), { recursive: true });
  // The generators and the runtime libraries are this project's dev dependencies.
  symlinkSync(join(PACKAGE_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'generated-clients', private: true, type: 'module' }));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));

  writeFileSync(join(dir, 'openapi-fetch', 'schema.d.ts'), astToString(await openapiTS(readFileSync(SPEC_JSON, 'utf8'), { silent: true })));
  writeFileSync(join(dir, 'openapi-fetch', 'program.ts'), OPENAPI_FETCH_PROGRAM);

  await heyApiGenerate({
    input: SPEC_JSON,
    output: { path: join(dir, 'hey-api', 'client'), importFileExtension: '.js' },
    plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
    logs: { level: 'silent' },
  });
  writeFileSync(join(dir, 'hey-api', 'program.ts'), HEY_API_PROGRAM);
}
