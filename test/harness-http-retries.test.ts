/**
 * The harness's HTTP layer, retries of 429 rate_01 (7.1, 8) and one-line errors for an unreachable
 * or silent target, against a scripted node:http server on loopback only.
 */
import { createServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Exchange, TargetTimeoutError, TargetUnreachableError } from '../harness/transport/http-client.ts';
import { createRedactor } from '../harness/transport/redaction.ts';
import { client, closeClients, pacerWith } from './http-client-fixture.ts';
import { ok200, rate01, type ScriptedServer, startScriptedServer } from './scripted-server.ts';

afterEach(closeClients);

/**
 * Allowance on times read from exchanges: startedAt is written to the millisecond, and the start of
 * a call follows the pacer's release (or the end of the answer before it) with no timer between.
 */
const EXCHANGE_TIME_SLACK_MS = 5;

let scripted: ScriptedServer;
beforeAll(async () => {
  scripted = await startScriptedServer();
});
afterAll(() => scripted.close());

const arrivalsAt = (path: string) => scripted.arrivals.filter((a) => a.path === path).map((a) => a.at);
/**
 * The client's wait before attempt `n` (1-based): from the end of the answer before it to its
 * start. Read from the exchanges, not from arrivals at the server: a first arrival that also
 * opens the connection comes late by a varying amount on a loaded machine. Within EXCHANGE_TIME_SLACK_MS.
 */
const waitBefore = (exchanges: Exchange[], n: number) => {
  const previous = exchanges[n - 2]!;
  return Date.parse(exchanges[n - 1]!.startedAt) - (Date.parse(previous.startedAt) + previous.durationMs);
};

describe('retries of 429 rate_01 (7.1, 8): Retry-After and back-off', () => {
  it('honours Retry-After, then returns the 200; every attempt is an exchange', async () => {
    scripted.script('/retry-after', rate01({ 'retry-after': '1' }), ok200);
    const exchanges: Exchange[] = [];
    const http = client({
      baseUrl: scripted.baseUrl,
      redactor: createRedactor([]),
      pacer: pacerWith({ baseDelayMs: 10 }),
      onExchange: (e) => exchanges.push(e),
    });
    const r = await http.call({ method: 'POST', path: '/retry-after', apiKey: 'retry-key-0001' });
    expect(r.status).toBe(200);
    expect(arrivalsAt('/retry-after')).toHaveLength(2);
    expect(waitBefore(exchanges, 2)).toBeGreaterThanOrEqual(1000 - EXCHANGE_TIME_SLACK_MS);
    expect(exchanges.map((e) => [e.attempt, e.status])).toEqual([
      [1, 429],
      [2, 200],
    ]);
    expect(r.exchange.attempt).toBe(2);
  });

  it('backs off without Retry-After, and retries rate_01 sent with HTTP 200 (ambiguity body-429)', async () => {
    scripted.script('/backoff', rate01(), { status: 200, body: JSON.stringify({ success: false, status: 429, code: 'rate_01' }) }, ok200);
    const exchanges: Exchange[] = [];
    const http = client({
      baseUrl: scripted.baseUrl,
      redactor: createRedactor([]),
      pacer: pacerWith({ baseDelayMs: 100, random: () => 0 }),
      onExchange: (e) => exchanges.push(e),
    });
    const r = await http.call({ method: 'POST', path: '/backoff', apiKey: 'backoff-key-01' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: 'ok' });
    expect(arrivalsAt('/backoff')).toHaveLength(3);
    expect(waitBefore(exchanges, 2)).toBeGreaterThanOrEqual(50 - EXCHANGE_TIME_SLACK_MS);
    expect(waitBefore(exchanges, 3)).toBeGreaterThanOrEqual(100 - EXCHANGE_TIME_SLACK_MS);
  });

  it('returns the 429 untouched with retryOn429: false', async () => {
    scripted.script('/no-retry', rate01({ 'retry-after': '1' }), ok200);
    const http = client({ baseUrl: scripted.baseUrl, redactor: createRedactor([]), pacer: pacerWith() });
    const r = await http.call({ method: 'POST', path: '/no-retry', apiKey: 'no-retry-key-1', retryOn429: false });
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('1');
    expect(r.json).toMatchObject({ code: 'rate_01' });
    expect(arrivalsAt('/no-retry')).toHaveLength(1);
  });
});

describe('retries of 429 rate_01 (7.1, 8): what is never retried, and the last try', () => {
  it('does not retry a 429 that is an answer under test (7.3 otp_throttled)', async () => {
    scripted.script('/v2/otp', { status: 429, headers: { 'retry-after': '30' }, body: JSON.stringify({ error: 'otp_throttled', resend_available_in: 30 }) });
    const http = client({ baseUrl: scripted.baseUrl, redactor: createRedactor([]), pacer: pacerWith() });
    const r = await http.call({ method: 'POST', path: '/v2/otp', apiKey: 'otp-key-000001', json: {} });
    expect(r.status).toBe(429);
    expect(arrivalsAt('/v2/otp')).toHaveLength(1);
  });

  // Only the documented rate_01 is resent; every other answer is the target's, once.
  it.each([
    [
      '7.3 otp_max_attempts',
      '/v2/otp/locked',
      { status: 429, headers: { 'retry-after': '1' }, body: JSON.stringify({ success: false, error: 'otp_max_attempts', state: 'locked' }) },
    ],
    ['a 429 without the rate_01 body', '/bare-429', { status: 429, headers: { 'retry-after': '1' }, body: '' }],
    [
      'a 429 with another code',
      '/other-429',
      { status: 429, headers: { 'retry-after': '1' }, body: JSON.stringify({ success: false, status: 429, code: 'quota_exceeded' }) },
    ],
    ['a 500', '/server-error', { status: 500, body: JSON.stringify({ success: false, status: 500, code: 'server_01' }) }],
    ['a 503 with Retry-After', '/unavailable', { status: 503, headers: { 'retry-after': '1' }, body: 'busy' }],
  ] as const)('does not resend %s: the POST reaches the target once', async (_what, path, answer) => {
    scripted.script(path, answer, ok200);
    const http = client({ baseUrl: scripted.baseUrl, redactor: createRedactor([]), pacer: pacerWith({ baseDelayMs: 5 }) });
    const r = await http.call({ method: 'POST', path, apiKey: 'once-key-0001', json: { n: 1 } });
    expect(r.status).toBe(answer.status);
    expect(arrivalsAt(path)).toHaveLength(1);
  });

  it('does not resend a POST whose connection was reset: the error reaches the caller, the POST reached the target once', async () => {
    let arrivals = 0;
    const resetting = createServer((req) => {
      arrivals += 1;
      req.socket.destroy();
    });
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = resetting.address() as AddressInfo;
      const http = client({ baseUrl: `http://127.0.0.1:${port}`, redactor: createRedactor([]), pacer: pacerWith({ baseDelayMs: 5 }) });
      await expect(http.call({ method: 'POST', path: '/sms/send', apiKey: 'reset-key-0001', json: { n: 1 } })).rejects.toThrow(TargetUnreachableError);
      expect(arrivals).toBe(1);
    } finally {
      await new Promise<void>((resolve) => resetting.close(() => resolve()));
    }
  });

  it('gives up after maxRetries and returns the last 429', async () => {
    scripted.script('/always', rate01());
    const http = client({ baseUrl: scripted.baseUrl, redactor: createRedactor([]), pacer: pacerWith({ maxRetries: 2, baseDelayMs: 5 }) });
    const r = await http.call({ method: 'POST', path: '/always', apiKey: 'always-key-001' });
    expect(r.status).toBe(429);
    expect(arrivalsAt('/always')).toHaveLength(3);
  });
});

describe('a target that stops answering', () => {
  it('fails the call within the deadline, naming the method, the path and the time', async () => {
    // Accepts the connection, reads the request, never answers.
    const silent = createNetServer((socket) => socket.on('error', () => undefined).resume());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      const http = client({ baseUrl: origin, redactor: createRedactor(['silent-key-0001']), requestTimeoutMs: 300 });
      const started = performance.now();
      const error: unknown = await http
        .call({ method: 'POST', path: '/sms/send', query: { apikey: 'silent-key-0001' }, json: { numbers: '5512345678' } })
        .catch((e: unknown) => e);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(error).toBeInstanceOf(TargetTimeoutError);
      expect(error).toBeInstanceOf(TargetUnreachableError);
      expect((error as Error).message).toBe(`POST ${origin}/sms/send timed out after 0.3 s (no response headers)`);
    } finally {
      silent.close();
    }
  });
});

describe('an unreachable target', () => {
  it('throws TargetUnreachableError with one line', async () => {
    const http = client({ baseUrl: 'http://127.0.0.1:1', redactor: createRedactor([]) });
    const error: unknown = await http
      .call({ method: 'POST', path: '/credits/consult', apiKey: 'unreachable-k1', keyPlacement: 'query' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetUnreachableError);
    const message = (error as Error).message;
    expect(message).toBe('cannot reach http://127.0.0.1:1: connect ECONNREFUSED');
    expect(message).not.toContain('\n');
  });
});
