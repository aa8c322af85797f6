/**
 * Every conformant answer validates against the committed OpenAPI document: the run-time side of
 * test/spec-responses.test.ts (which reads the document's structure). A representative set of calls
 * (successes, validation and business errors, authentication errors, the current OTP set with its
 * real statuses of 7.3, the legacy v1 set, a rate-limited call) goes to the embedded reference server
 * in both personalities and, when it is present, to the third-party server of
 * ../shared/third-party-server; each answer is checked with a JSON Schema 2020-12 validator against
 * the response of its path, method and HTTP status (or `default`, as OpenAPI 3.1 routes it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { errorLines, schemaValidator, specDocument, type Validator } from './spec-validator.ts';

const document = specDocument as {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string; content?: Record<string, unknown> }> }>>;
};

const pointer = (...keys: string[]): string => keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The response key an answer is checked against: its status where declared, else `default`. */
function responseKeyOf(path: string, method: string, status: number): string {
  const responses = document.paths[path]?.[method]?.responses;
  if (!responses) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  if (String(status) in responses) return String(status);
  if ('default' in responses) return 'default';
  throw new Error(`${method.toUpperCase()} ${path}: neither ${status} nor default is declared`);
}

/** The validator of a response's JSON body (a response component followed by its $ref). */
function validatorOf(path: string, method: string, key: string): Validator {
  const response = document.paths[path]?.[method]?.responses[key];
  const base = response?.$ref !== undefined ? response.$ref.slice(1) : `/${pointer('paths', path, method, 'responses', key)}`;
  return schemaValidator(`${base}/${pointer('content', 'application/json', 'schema')}`);
}

/** One call of the representative set. `key` picks the account key, a wrong one, or none. */
interface Call {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  key?: 'account' | 'wrong' | 'none';
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

const FAR_FUTURE = '2099-12-31 10:30:00';
const NUMBER = '5512345678';

/**
 * Successes and errors across the areas. The OTP calls run in the order given (create before
 * status and delete); the last one is a burst that meets the rate limit.
 */
const CALLS: readonly Call[] = [
  { name: 'credits consult', method: 'POST', path: '/credits/consult' },
  { name: 'credits consult without a key (auth_01)', method: 'POST', path: '/credits/consult', key: 'none' },
  { name: 'credits consult with a wrong key (auth_05)', method: 'POST', path: '/credits/consult', key: 'wrong' },
  { name: 'sandbox SMS', method: 'POST', path: '/sms/send', body: { numbers: NUMBER, message: 'Hola', sandbox: 1 } },
  { name: 'SMS without numbers', method: 'POST', path: '/sms/send', body: { message: 'Hola', sandbox: 1 } },
  { name: 'SMS with a nine-digit number', method: 'POST', path: '/sms/send', body: { numbers: '551234567', message: 'Hola', sandbox: 1 } },
  { name: 'new contact list', method: 'POST', path: '/agendas/add', body: { agenda_name: 'answers list' } },
  { name: 'contact list without a name', method: 'POST', path: '/agendas/add', body: {} },
  { name: 'webhook get, none configured', method: 'POST', path: '/webhook/get' },
  { name: 'webhook status, none configured (status_webhook_04)', method: 'POST', path: '/webhook/status', body: { status: '1' } },
  { name: 'webhook add, local host', method: 'POST', path: '/webhook/add', body: { url: 'http://127.0.0.1/hook', status: '1' } },
  { name: 'webhook delete, none configured', method: 'POST', path: '/webhook/delete' },
  { name: 'OTP create without a number (400)', method: 'POST', path: '/v2/otp', body: { country_code: '52', company: 'Acme' } },
  { name: 'OTP create', method: 'POST', path: '/v2/otp', body: { phone_number: NUMBER, country_code: '52', company: 'Acme', sandbox: 1 } },
  { name: 'OTP status', method: 'GET', path: '/v2/otp/status', query: { phone_number: NUMBER, country_code: '52' } },
  { name: 'OTP status, bad number', method: 'GET', path: '/v2/otp/status', query: { phone_number: 'abc', country_code: '52' } },
  { name: 'OTP status, no parameters', method: 'GET', path: '/v2/otp/status' },
  { name: 'OTP verify, wrong code', method: 'POST', path: '/v2/otp/verify', body: { phone_number: NUMBER, country_code: '52', code: '000000' } },
  { name: 'OTP delete, bad number', method: 'DELETE', path: '/v2/otp', body: { phone_number: 'abc', country_code: '52' } },
  { name: 'OTP delete', method: 'DELETE', path: '/v2/otp', body: { phone_number: NUMBER, country_code: '52' } },
  { name: 'legacy v1 send, no message', method: 'GET', path: '/v1/sms/send', query: { numcelular: NUMBER, numregion: '52' } },
  { name: 'reports, far-future range', method: 'POST', path: '/reports/generate', body: { start_date: FAR_FUTURE, end_date: FAR_FUTURE } },
];

interface Answer {
  call: Call;
  status: number;
  body: unknown;
}

interface Target {
  baseUrl: string;
  apikey: string;
}

async function send(target: Target, call: Call): Promise<Answer> {
  const url = new URL(call.path, target.baseUrl);
  const query = { ...call.query, ...(call.path.startsWith('/v1/') && call.key !== 'none' ? { apikey: target.apikey } : {}) };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const headers: Record<string, string> = {};
  if (call.key !== 'none') headers.apikey = call.key === 'wrong' ? 'not-a-key-of-this-server' : target.apikey;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method: call.method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) });
  const text = await response.text();
  return { call, status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** The calls in order. */
async function answersOf(target: Target): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const call of CALLS) answers.push(await send(target, call));
  return answers;
}

/** A burst of `size` concurrent consults: the first answer refused by the rate limit, if any (8). */
async function rateLimited(target: Target, size: number): Promise<Answer | undefined> {
  const consult: Call = { name: 'burst of consults (rate limit)', method: 'POST', path: '/credits/consult' };
  const answers = await Promise.all(Array.from({ length: size }, () => send(target, consult)));
  return answers.find((a) => a.status === 429 || JSON.stringify(a.body).includes('rate_01'));
}

/** `problems` of an answer: empty when its body validates against its response. */
function problemsOf(answer: Answer): { key: string; problems: string[] } {
  const method = answer.call.method.toLowerCase();
  const key = responseKeyOf(answer.call.path, method, answer.status);
  const validate = validatorOf(answer.call.path, method, key);
  if (validate(answer.body)) return { key, problems: [] };
  return { key, problems: errorLines(validate.errors).slice(0, 8) };
}

function checkAll(answers: readonly Answer[]): void {
  const failures = answers.flatMap((answer) => {
    const { key, problems } = problemsOf(answer);
    return problems.length === 0 ? [] : [`${answer.call.name}: HTTP ${answer.status} -> ${key}\n  ${JSON.stringify(answer.body)}\n  ${problems.join('\n  ')}`];
  });
  expect(failures).toEqual([]);
}

describe('the validator reads the document', () => {
  it('refuses a body that no alternative admits (the check is not vacuous)', () => {
    const validate = validatorOf('/credits/consult', 'post', '200');
    expect(validate({ success: 'yes' })).toBe(false);
    expect(validate({ success: false, message: 'Too many requests', status: 429, code: 'rate_01', request_id: '0b6f2b1e-6a43-4f3e-9f7c-1c2d3e4f5a6b' })).toBe(
      true,
    );
  });

  it('429 admits a business error answered with 429 (latitude unstated-error-status), not only rate_01', () => {
    const validate = validatorOf('/sms/send', 'post', responseKeyOf('/sms/send', 'post', 429));
    expect(validate({ success: false, message: 'No credit', status: 429, code: 'sms_07', request_id: '0b6f2b1e-6a43-4f3e-9f7c-1c2d3e4f5a6b' })).toBe(true);
  });

  it('/webhook/get with none configured: url and status unset (latitude unset-field)', () => {
    const validate = validatorOf('/webhook/get', 'post', '200');
    for (const result of [{ url: null, status: null }, { url: '', status: '' }, {}])
      expect(
        validate({ success: true, status: 200, code: 'webhook_01', result, request_id: '0b6f2b1e-6a43-4f3e-9f7c-1c2d3e4f5a6b' }),
        JSON.stringify(result),
      ).toBe(true);
  });

  it('GET /v2/otp/status and DELETE /v2/otp declare 400 with the 4.4 body (7.3)', () => {
    for (const [path, method] of [
      ['/v2/otp/status', 'get'],
      ['/v2/otp', 'delete'],
    ] as const) {
      expect(responseKeyOf(path, method, 400)).toBe('400');
      const body = { success: false, state: 'none', error: 'otp_invalid_param', message: 'Invalid parameter', hint: 'phone_number', next: [] };
      expect(validatorOf(path, method, '400')(body)).toBe(true);
      expect(validatorOf(path, method, 'default')({ ...body, error: 'otp_not_found' }), 'default: slugs not shown (7.3)').toBe(true);
    }
  });
});

describe.each(['default', 'alternate'] as const)('the embedded reference server, personality %s', (personality) => {
  let server: RunningReferenceServer;
  // A server of its own for the burst, with a low limit, so that the other calls are not refused.
  let limited: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ personality });
    limited = await startReferenceServer({ personality, rateLimit: 2 });
  });
  afterAll(async () => {
    await server?.close();
    await limited?.close();
  });

  it('every answer validates against its response in spec/openapi.json', async () => {
    const answers = await answersOf({ baseUrl: server.baseUrl, apikey: server.keys.account });
    const refused = await rateLimited({ baseUrl: limited.baseUrl, apikey: limited.keys.account }, 10);
    expect(refused, 'the burst meets the rate limit').toBeDefined();
    checkAll(refused === undefined ? answers : [...answers, refused]);
    const badParameters = answers.filter((a) => /^OTP (status|delete), (bad number|no parameters)$/.test(a.call.name));
    expect(
      badParameters.map((a) => a.status),
      'status and delete answer a bad parameter with 400 (7.3)',
    ).toEqual([400, 400, 400]);
  }, 60_000);
});

const THIRD_PARTY = resolve(PACKAGE_ROOT, '..', 'shared', 'third-party-server', 'server.py');
const ThirdPartyReady = z.object({ base_url: z.string(), api_key: z.string() });

describe('the third-party server (../shared/third-party-server)', () => {
  let child: ChildProcess | undefined;
  let target: Target | undefined;
  let absent: string | undefined = existsSync(THIRD_PARTY) ? undefined : `${THIRD_PARTY} is absent`;

  beforeAll(async () => {
    if (absent !== undefined) return;
    child = spawn('python3', [THIRD_PARTY, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const ready = await new Promise<string | undefined>((done) => {
      const timer = setTimeout(() => done(undefined), 20_000);
      child?.once('error', () => done(undefined));
      if (child?.stdout)
        createInterface({ input: child.stdout }).once('line', (line) => {
          clearTimeout(timer);
          done(line);
        });
    });
    const parsed = ready === undefined ? undefined : ThirdPartyReady.safeParse(JSON.parse(ready));
    if (parsed?.success) target = { baseUrl: parsed.data.base_url, apikey: parsed.data.api_key };
    else absent = 'the third-party server did not start (python3 missing or no ready line)';
  }, 30_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('every answer validates against its response in spec/openapi.json', async (ctx) => {
    if (target === undefined) {
      ctx.skip(absent);
      return;
    }
    // Its limit is 100 requests a second per key (its README): a burst of 150 meets it.
    const refused = await rateLimited(target, 150);
    const answers = await answersOf(target);
    checkAll(refused === undefined ? answers : [...answers, refused]);
  }, 60_000);
});
