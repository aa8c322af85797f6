/**
 * Three clients generated from spec/openapi.json, for test/client-codegen.test.ts: the types of
 * openapi-typescript driven by openapi-fetch, the SDK of @hey-api/openapi-ts with its fetch client,
 * and the fetch client of orval. Each gets the same small program (three operations: consult
 * credits, a sandbox SMS, a new contact list) written the way a client developer would write it
 * against the generated code; all are compiled with tsc under `strict` in a project of their own
 * and run by plain Node.
 *
 * Each program reads a success field of the SMS answer only after testing `success` (2.1: "true on
 * success, false on error"; 7.1: errors may arrive with HTTP 200), on a line that type-checks only
 * when the generated types narrow the 200 union on `success`; the same read before the test is
 * marked @ts-expect-error, so it must fail to compile (an unused directive fails the build).
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient as heyApiGenerate } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import { generate as orvalGenerate } from 'orval';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';

const SPEC_JSON = join(PACKAGE_ROOT, 'spec', 'openapi.json');

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
const credit: string | undefined = consult.data?.success === true ? consult.data.credit : undefined;
const listKey: string | undefined = agenda.data?.success === true ? agenda.data.list_key : undefined;
if (credit === undefined || listKey === undefined) throw new Error('no data in a success answer');
if (sms.data === undefined) throw new Error(\`HTTP \${sms.response.status}\`);
// @ts-expect-error an error body of the 200 has no total_messages: \`success\` is not tested yet
export const unnarrowed = (): number => sms.data.total_messages;
if (sms.data.success === false) throw new Error(\`error \${sms.data.code}\`);
const total: number = sms.data.total_messages; // type-checks only after the narrowing
console.log(JSON.stringify({ consult: consult.data, sms: sms.data, agenda: agenda.data, total }));

// The generated types are real, not any: a list without its required name does not compile
// (an unused @ts-expect-error would fail the build). Never called.
export const refused = () =>
  // @ts-expect-error agenda_name is required
  client.POST('/agendas/add', { body: { agenda_description: 'no name' } });
`;

const HEY_API_PROGRAM = `import { client } from './client/client.gen.js';
import { addAgenda, consultCredits, sendSms } from './client/sdk.gen.js';

const [baseUrl, apikey] = process.argv.slice(2) as [string, string];
client.setConfig({ baseUrl, auth: () => apikey });

const consult = await consultCredits();
const sms = await sendSms({ body: { numbers: '${NUMBER}', message: 'Hola desde hey-api', sandbox: 1 } });
const agenda = await addAgenda({ body: { agenda_name: 'hey-api list' } });
const credit: string | undefined = consult.data?.success === true ? consult.data.credit : undefined;
const listKey: string | undefined = agenda.data?.success === true ? agenda.data.list_key : undefined;
if (credit === undefined || listKey === undefined) throw new Error('no data in a success answer');
if (sms.data === undefined) throw new Error(\`HTTP \${sms.response.status}\`);
// @ts-expect-error an error body of the 200 has no total_messages: \`success\` is not tested yet
export const unnarrowed = (): number => sms.data.total_messages;
if (sms.data.success === false) throw new Error(\`error \${sms.data.code}\`);
const total: number = sms.data.total_messages; // type-checks only after the narrowing
console.log(JSON.stringify({ consult: consult.data, sms: sms.data, agenda: agenda.data, total }));

// As in the openapi-fetch program: the required name is enforced by the generated types. Never called.
export const refused = () =>
  // @ts-expect-error agenda_name is required
  addAgenda({ body: { agenda_description: 'no name' } });
`;

/**
 * orval's fetch client calls the global fetch with the path alone (no base URL option at run time):
 * the program gives it one that adds the server and the key, as a client developer would (or
 * through orval's mutator option).
 */
const ORVAL_PROGRAM = `import { addAgenda, consultCredits, sendSms } from './client/api.js';

const [baseUrl, apikey] = process.argv.slice(2) as [string, string];
const platformFetch = globalThis.fetch;
globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
  const headers = new Headers(init?.headers);
  headers.set('apikey', apikey);
  return platformFetch(new URL(String(input), baseUrl), { ...init, headers });
};

const consult = await consultCredits();
const sms = await sendSms({ numbers: '${NUMBER}', message: 'Hola desde orval', sandbox: 1 });
const agenda = await addAgenda({ agenda_name: 'orval list' });
// orval's answers are unions by HTTP status: the 200 first, then its success or error body.
const credit: string | undefined = consult.status === 200 && consult.data.success === true ? consult.data.credit : undefined;
const listKey: string | undefined = agenda.status === 200 && agenda.data.success === true ? agenda.data.list_key : undefined;
if (credit === undefined || listKey === undefined) throw new Error('no data in a success answer');
if (sms.status !== 200) throw new Error(\`HTTP \${sms.status}\`);
// @ts-expect-error an error body of the 200 has no total_messages: \`success\` is not tested yet
export const unnarrowed = (): number => sms.data.total_messages;
if (sms.data.success === false) throw new Error(\`error \${sms.data.code}\`);
const total: number = sms.data.total_messages; // type-checks only after the narrowing
console.log(JSON.stringify({ consult: consult.data, sms: sms.data, agenda: agenda.data, total }));

// As in the other programs: the required name is enforced by the generated types. Never called.
export const refused = () =>
  // @ts-expect-error agenda_name is required
  addAgenda({ agenda_description: 'no name' });
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    lib: ['es2023', 'dom'],
    types: ['node'],
    outDir: 'out',
    skipLibCheck: false,
  },
  include: ['openapi-fetch', 'hey-api', 'orval'],
};

/** The client project in `dir`: generated code, the two programs, a tsconfig; node_modules is the checkout's. */
export async function writeClientProject(dir: string): Promise<void> {
  mkdirSync(join(dir, 'openapi-fetch'), { recursive: true });
  mkdirSync(join(dir, 'hey-api'), { recursive: true });
  mkdirSync(join(dir, 'orval'), { recursive: true });
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

  await orvalGenerate({
    input: { target: SPEC_JSON },
    output: { target: join(dir, 'orval', 'client', 'api.ts'), client: 'fetch', mode: 'single' },
  });
  writeFileSync(join(dir, 'orval', 'program.ts'), ORVAL_PROGRAM);
}
