/**
 * A typed client made the usual way: `openapi-typescript spec/openapi.yaml`, openapi-fetch,
 * `tsc --strict` (test/typed-client-project.ts), run against the embedded reference server on both
 * personalities. The spec is truthful when:
 *  - the narrowing a user must write compiles (the fixtures and the snippet of docs/package.md): an HTTP 200
 *    is the success body or an error body, told apart by `success` (7.1: status in the body; 5:
 *    auth errors with HTTP 200);
 *  - reading a success field without that narrowing does not compile (TS2339, checked per line);
 *  - what the client reads at run time is what the server said: a success, an error with HTTP 200
 *    narrowed and its code read (a validation failure on the default personality, an
 *    authentication error on the alternate one), an error with a 4xx, and the 401 of a wrong OTP
 *    code with attempts_remaining (7.3, 4.4);
 *  - every body received validates against the response schema the document gives its status.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { PERSONALITIES, type Personality } from '../schemas/latitudes.ts';
import { operationById } from '../schemas/operations.ts';
import { responsePlanOf } from '../spec/response-plan.ts';
import { responseSchema } from '../spec/responses.ts';
import { COMPILING, NOT_COMPILING, compile, diagnosticsOf, expectedDiagnostics, run, writeTypedClientProject, type Outcome } from './typed-client-project.ts';
import { fileScratchDir } from './scratch-dir.ts';

/** What test/typed-client/client.ts prints: each exchange and what its typed code read. */
const Exchange = z.object({
  name: z.enum(['sms-sent', 'sms-refused', 'sms-stranger', 'otp-create', 'otp-verify-wrong']),
  http: z.number().int(),
  body: z.unknown(),
  reading: z.object({
    via: z.enum(['data', 'error']),
    success: z.boolean(),
    code: z.string().optional(),
    bodyStatus: z.number().int().optional(),
    totalMessages: z.number().int().optional(),
    otpError: z.string().optional(),
    attemptsRemaining: z.union([z.number().int(), z.null(), z.literal('')]).optional(),
    verificationCode: z.string().optional(),
  }),
});
type Exchange = z.infer<typeof Exchange>;
type ExchangeName = Exchange['name'];

const OPERATION_OF: Record<ExchangeName, string> = {
  'sms-sent': 'sms/send',
  'sms-refused': 'sms/send',
  'sms-stranger': 'sms/send',
  'otp-create': 'otp-v2/create',
  'otp-verify-wrong': 'otp-v2/verify',
};

/**
 * The two errors of /sms/send per personality. The default answers a validation failure with HTTP
 * 200 (7.1) and auth_05 with 401 (5's table); the alternate takes the other option of both
 * ambiguities (business-error-http-status: a 4xx; auth-error-http-status: HTTP 200) and names the
 * failure's code itself (latitude unnamed-codes). Either way one error arrives with HTTP 200.
 */
const SMS_ERRORS: Record<
  Personality,
  Record<'sms-refused' | 'sms-stranger', Pick<Exchange, 'http'> & { via: 'data' | 'error'; code: string; bodyStatus: number }>
> = {
  default: {
    'sms-refused': { http: 200, via: 'data', code: 'invalid_parameters', bodyStatus: 200 },
    'sms-stranger': { http: 401, via: 'error', code: 'auth_05', bodyStatus: 401 },
  },
  alternate: {
    'sms-refused': { http: 400, via: 'error', code: 'validation_numbers', bodyStatus: 200 },
    'sms-stranger': { http: 200, via: 'data', code: 'auth_05', bodyStatus: 401 },
  },
};

const dir = fileScratchDir('mc-typed-client-');
let generated: Outcome;
let compiled: Outcome;
let refused: Outcome;

beforeAll(async () => {
  generated = await writeTypedClientProject(dir);
  // Both compilations at once: the two shared cores are otherwise idle meanwhile.
  [compiled, refused] = await Promise.all([compile(dir, 'tsconfig.json'), compile(dir, 'tsconfig.unnarrowed.json')]);
}, 240_000);

describe('the typed client (openapi-typescript + openapi-fetch, strict)', () => {
  it('generates its types from spec/openapi.yaml', () => {
    expect(generated.status, generated.stderr).toBe(0);
  });

  it(`compiles ${COMPILING.join(' and ')} (narrowing on success, then reading each side's fields)`, () => {
    expect(`${compiled.stdout}${compiled.stderr}`).toBe('');
    expect(compiled.status).toBe(0);
  });

  it(`refuses ${NOT_COMPILING}: each success field read off an unnarrowed answer is TS2339, and nothing else fails`, () => {
    const expected = expectedDiagnostics();
    expect(expected.length).toBeGreaterThan(0);
    expect(refused.status).not.toBe(0);
    const found = diagnosticsOf(refused.stdout);
    expect(found.map(({ file, line, code }) => ({ file, line, code }))).toEqual(expected);
    for (const d of found) expect(d.message).toMatch(/^Property '(total_messages|attempts_remaining)' does not exist on type/);
  });
});

describe.each(PERSONALITIES)('run against the embedded server, %s personality', (personality) => {
  let server: RunningReferenceServer;
  let exchanges: Exchange[] = [];
  const exchange = (name: ExchangeName): Exchange => {
    const found = exchanges.find((e) => e.name === name);
    if (!found) throw new Error(`the client made no exchange ${name}: ${JSON.stringify(exchanges.map((e) => e.name))}`);
    return found;
  };

  beforeAll(async () => {
    server = await startReferenceServer({ personality });
    expect(compiled.status, 'the client did not compile').toBe(0);
    const ran = await run(join(dir, 'out', 'client.js'), [server.baseUrl, server.keys.account], dir, 60_000);
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    exchanges = z.array(Exchange).parse(JSON.parse(ran.stdout));
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a success: HTTP 200, narrowed to the success body, total_messages read', () => {
    const sent = exchange('sms-sent');
    expect(sent.http).toBe(200);
    expect(sent.reading).toEqual({ via: 'data', success: true, code: 'sms_11', totalMessages: 1 });
  });

  it('an error with HTTP 200 narrowed on success (its code read), and one with a 4xx read from error', () => {
    for (const name of ['sms-refused', 'sms-stranger'] as const) {
      const { http, ...reading } = SMS_ERRORS[personality][name];
      const got = exchange(name);
      expect(got.http, name).toBe(http);
      expect(got.reading, name).toEqual({ success: false, ...reading });
    }
    expect(exchanges.some((e) => e.http === 200 && e.reading.via === 'data' && !e.reading.success && e.reading.code !== undefined)).toBe(true);
  });

  it('a wrong OTP code: 401 with the 4.4 body, told apart from an auth error by `error`, attempts_remaining read', () => {
    expect(exchange('otp-create').http).toBe(201);
    const wrong = exchange('otp-verify-wrong');
    expect(wrong.http).toBe(401);
    // 8: 7 attempts per code round; one wrong code leaves 6.
    expect(wrong.reading).toEqual({ via: 'error', success: false, otpError: 'otp_incorrect_code', attemptsRemaining: 6 });
  });

  it('every body received validates against the response schema the document gives its status', () => {
    expect(exchanges.map((e) => e.name).sort()).toEqual(Object.keys(OPERATION_OF).sort());
    for (const e of exchanges) {
      const plan = responsePlanOf(operationById(OPERATION_OF[e.name]));
      const alternatives = plan.get(String(e.http)) ?? plan.get('default');
      expect(alternatives, `${e.name}: HTTP ${e.http} has a response`).toBeDefined();
      const parsed = responseSchema(alternatives ?? []).safeParse(e.body);
      expect(parsed.success, `${e.name} (HTTP ${e.http}): ${parsed.error?.message ?? ''}`).toBe(true);
    }
  });
});
