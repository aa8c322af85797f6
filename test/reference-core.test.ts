/**
 * The reference server's shared path: authentication (5), the envelope and request_id (2.1), the
 * rate limit (8), form bodies (4), and answers to requests that reach no operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { ReferenceServerOptions } from '../reference/options.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function call(server: RunningReferenceServer, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, { method: init.method ?? 'POST', headers: init.headers, body: init.body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Record<string, unknown> };
}

describe('authentication and envelope (default choices)', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ rateLimit: 0 });
  });
  afterAll(() => server.close());

  it('answers credit_01 with the header key, and a request_id UUID', async () => {
    const r = await call(server, '/credits/consult', { headers: { apikey: server.keys.account } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, status: 200, code: 'credit_01', message: 'available_credits' });
    expect(r.body.request_id).toMatch(UUID);
    expect(r.body.credit).toMatch(/^\d+\.\d{2}$/);
    expect(r.body).not.toHaveProperty('master_credit');
  });

  it('answers master_credit to the manager only (2.7)', async () => {
    const r = await call(server, '/credits/consult', { headers: { apikey: server.keys.manager } });
    expect(r.body.master_credit).toMatch(/^\d+\.\d{2}$/);
  });

  it('takes the key as a JSON body field or a form field (5.1, 4)', async () => {
    const json = await call(server, '/credits/consult', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apikey: server.keys.account }),
    });
    expect(json.body.code).toBe('credit_01');
    const form = await call(server, '/credits/consult', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `apikey=${server.keys.account}`,
    });
    expect(form.body.code).toBe('credit_01');
  });

  it.each([
    ['no key', {}, 401, 'auth_01'],
    ['an unknown key', { apikey: 'not-a-key-0000' }, 401, 'auth_05'],
    ['a bearer token only', { authorization: 'Bearer abc' }, 401, 'auth_01'],
    ['the legacy token header', { token: 'jwt' }, 410, 'auth_deprecated'],
  ])('refuses %s', async (_name, headers, status, code) => {
    const r = await call(server, '/credits/consult', { headers: headers as Record<string, string> });
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ success: false, status, code });
    expect(r.body.request_id).toMatch(UUID);
  });

  it('refuses an address outside the allow-list with 403 auth_04 (5.4)', async () => {
    const r = await call(server, '/credits/consult', { headers: { apikey: server.keys.restricted } });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('auth_04');
  });

  it('answers unknown paths, wrong methods and unreadable bodies in the envelope, never 5xx', async () => {
    const unknown = await call(server, '/no/such/path', { headers: { apikey: server.keys.account } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'not_found' });
    const method = await call(server, '/agendas/add', { method: 'PUT', headers: { apikey: server.keys.account } });
    expect(method.status).toBe(405);
    const badJson = await call(server, '/agendas/add', {
      headers: { apikey: server.keys.account, 'content-type': 'application/json' },
      body: '{"agenda_name":',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.request_id).toMatch(UUID);
  });
});

describe('ambiguity choices change the answers', () => {
  it('auth-error-http-status=body-200 answers HTTP 200 with the status in the body', async () => {
    const server = await startReferenceServer({ ambiguities: { 'auth-error-http-status': 'body-200' } });
    try {
      const r = await call(server, '/credits/consult');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: false, status: 401, code: 'auth_01' });
    } finally {
      await server.close();
    }
  });

  it('credits-consult-method=both answers GET too', async () => {
    const server = await startReferenceServer({ ambiguities: { 'credits-consult-method': 'both' } });
    try {
      const r = await call(server, '/credits/consult', { method: 'GET', headers: { apikey: server.keys.account } });
      expect(r.body.code).toBe('credit_01');
    } finally {
      await server.close();
    }
  });

  it('refuses an unknown ambiguity option', async () => {
    await expect(startReferenceServer({ ambiguities: { 'sandbox-daily-limit': '7' } })).rejects.toThrow(/unknown option/);
  });
});

describe('rate limit (8)', () => {
  it('is 100 requests per second per key unless the operator sets another', () => {
    expect(ReferenceServerOptions.parse({}).rateLimit).toBe(100);
  });

  it('answers 429 rate_01 past the limit of a second, then recovers', async () => {
    // A limit of 10: 250 requests fired together hold more than 10 within one second unless this
    // process is stalled for 25 s; with 100 a loaded machine spread them thin enough to pass none.
    const server = await startReferenceServer({ rateLimit: 10 });
    try {
      const headers = { apikey: server.keys.account };
      const answers = await Promise.all(Array.from({ length: 250 }, () => call(server, '/credits/consult', { headers })));
      const limited = answers.filter((a) => a.status === 429);
      expect(limited.length).toBeGreaterThan(0);
      expect(limited[0]!.body).toMatchObject({ success: false, status: 429, code: 'rate_01' });
      expect(limited[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await call(server, '/credits/consult', { headers })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('coverage of the registry', () => {
  it('has a handler for every operation of the registry, and no other', async () => {
    const { HANDLERS } = await import('../reference/handlers/index.ts');
    const { OPERATIONS } = await import('../schemas/index.ts');
    expect(Object.keys(HANDLERS).sort()).toEqual(OPERATIONS.map((o) => o.operationId).sort());
  });
});
