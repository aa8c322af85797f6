/**
 * The reference server's webhook management (4.14, 3.2, 7.2), the paths of 4.15 and its answers to
 * malformed input, through HTTP. Only loopback connections are made.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference/server.ts';
import { alt, call, closeDataServers, expectError, expectSuccess, srv, startDataServers } from './reference-data-client.ts';

beforeAll(startDataServers);
afterAll(closeDataServers);

/** A loopback receiver: 404 under /missing, 200 elsewhere; counts the requests it gets. */
async function receiver(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.statusCode = req.url?.startsWith('/missing') ? 404 : 200;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('webhook management (4.14, 3.2, 7.2)', () => {
  it('answers webhook_01 with an empty url when none is configured, and status_webhook_04 on status', async () => {
    const body = expectSuccess('webhooks/get', await call('/webhook/get', {}, srv.keys.manager));
    expect(body).toMatchObject({ code: 'webhook_01', result: { url: '', status: '0' } });
    expectError(await call('/webhook/status', { status: '1' }, srv.keys.manager), 'status_webhook_04');
  });

  it('refuses a missing or malformed url and status (add_webhook_02 to _05)', async () => {
    expectError(await call('/webhook/add', { status: '1' }), 'add_webhook_02');
    expectError(await call('/webhook/add', { url: '', status: '1' }), 'add_webhook_02');
    expectError(await call('/webhook/add', { url: 'not a url', status: '1' }), 'add_webhook_03');
    expectError(await call('/webhook/add', { url: 'ftp://hooks.example.com/h', status: '1' }), 'add_webhook_03');
    expectError(await call('/webhook/add', { url: 12, status: '1' }), 'add_webhook_03');
    expectError(await call('/webhook/add', { url: 'https://hooks.example.com/h' }), 'add_webhook_04');
    expectError(await call('/webhook/add', { url: 'https://hooks.example.com/h', status: '2' }), 'add_webhook_05');
    expectError(await call('/webhook/add', { url: 'https://hooks.example.com/h', status: 1 }), 'add_webhook_05');
    expectError(await call('/webhook/status', {}), 'status_webhook_02');
    expectError(await call('/webhook/status', { status: 'on' }), 'status_webhook_03');
  });

  it('refuses forbidden hosts without connecting (add_webhook_03)', async () => {
    const r = await receiver();
    try {
      for (const url of [
        'https://10.0.0.1/h',
        'http://localhost/h',
        'https://[::1]/h',
        'http://169.254.169.254/latest',
        'http://192.168.1.10/h',
        'http://[::ffff:127.0.0.1]/h',
        `${r.url}/h`,
      ])
        expectError(await call('/webhook/add', { url, status: '1' }), 'add_webhook_03');
      expect(r.hits).toEqual([]);
      // A public host fails verification: the reference server connects to loopback only.
      expectError(await call('/webhook/add', { url: 'https://hooks.example.com/h', status: '1' }), 'add_webhook_06');
    } finally {
      await r.close();
    }
  });

  it('registers a loopback receiver under allowLoopbackWebhooks and follows 3.2', async () => {
    const r = await receiver();
    const key = alt.keys.account;
    try {
      const url = `${r.url}/hook`;
      expect(expectSuccess('webhooks/add', await call('/webhook/add', { url, status: '1' }, key, alt))).toMatchObject({
        code: 'add_webhook_01',
        message: 'url_added_success',
      });
      expect(r.hits).toContain('GET /hook');
      expect((await call('/webhook/get', {}, key, alt)).body.result).toEqual({ url, status: '1' });
      // enabled → disabled; the alt server answers the sample's add values (webhook-status-success-values).
      expect(expectSuccess('webhooks/set-status', await call('/webhook/status', { status: '0' }, key, alt))).toMatchObject({ code: 'add_webhook_01' });
      expect((await call('/webhook/get', {}, key, alt)).body.result).toEqual({ url, status: '0' });
      // Isolation: another account of the same server sees none.
      expect((await call('/webhook/get', {}, alt.keys.manager, alt)).body.result).toEqual({ url: '', status: '0' });
      expectError(await call('/webhook/add', { url: `${r.url}/missing`, status: '1' }, key, alt), 'add_webhook_06');
      expect((await call('/webhook/get', {}, key, alt)).body.result).toEqual({ url, status: '0' });
      expectError(await call('/webhook/add', { url: 'https://10.0.0.1/h', status: '1' }, key, alt), 'add_webhook_03');
      expectSuccess('webhooks/delete', await call('/webhook/delete', {}, key, alt));
      expect((await call('/webhook/get', {}, key, alt)).body.result).toEqual({ url: '', status: '0' });
      expectError(await call('/webhook/status', { status: '1' }, key, alt), 'status_webhook_04');
      expectSuccess('webhooks/delete', await call('/webhook/delete', {}, key, alt));
    } finally {
      await r.close();
    }
  });

  it('answers status_webhook_01 on the default server', async () => {
    const r = await receiver();
    const s = await startReferenceServer({ rateLimit: 0, allowLoopbackWebhooks: true });
    try {
      expectSuccess('webhooks/add', await call('/webhook/add', { url: `${r.url}/h`, status: '0' }, s.keys.account, s));
      expect(expectSuccess('webhooks/set-status', await call('/webhook/status', { status: '1' }, s.keys.account, s)).code).toBe('status_webhook_01');
    } finally {
      await s.close();
      await r.close();
    }
  });
});

describe('other paths (4.15)', () => {
  it('answers a success envelope saying the shape is not shown', async () => {
    for (const [id, path] of [
      ['other/whatsapp-send', '/whatsapp/send'],
      ['other/agenda', '/agenda'],
      ['other/campaigns', '/campaigns'],
    ] as const) {
      const body = expectSuccess(id, await call(path, { anything: 1 }));
      expect(body).toMatchObject({ success: true, code: 'shape_not_shown', request_id: expect.any(String) });
    }
    expect(Array.isArray((await call('/campaigns')).body.result)).toBe(true);
  });
});

describe('malformed input', () => {
  const paths = [
    '/agendas/add',
    '/agendas/get',
    '/agendas/change_name',
    '/agendas/get_contacts',
    '/agendas/delete',
    '/contacts/add',
    '/contacts/update',
    '/contacts/delete',
    '/contacts/duplicate',
    '/contacts/polling/x',
    '/wallet/get',
    '/wallet/contact/add',
    '/wallet/contact/get',
    '/wallet/balance/update',
    '/wallet/sale',
    '/loyalty/get',
    '/loyalty/contact/add',
    '/loyalty/contact/get',
    '/loyalty/sale',
    '/toolusers/get',
    '/employee/add',
    '/employee/disable',
    '/manager/subaccount/add',
    '/manager/subaccount/archive',
    '/manager/subaccount/get_apikey',
    '/manager/subaccount/credits/manage',
    '/webhook/get',
    '/webhook/add',
    '/webhook/status',
    '/webhook/delete',
    '/whatsapp/send',
    '/agenda',
    '/campaigns',
  ];
  const bodies: unknown[] = [
    {
      list_key: 7,
      number: [],
      email: {},
      name: null,
      agenda_name: { a: 1 },
      url: ['x'],
      status: {},
      type: null,
      credits: '1e400',
      phone: 5,
      usertool_id: 'x',
      transaction_amount: 'NaN',
      contact_id: {},
    },
    {
      list_key: 'x'.repeat(10_000),
      number: '5'.repeat(10),
      wallet_key: '',
      loyalty_key: '',
      email: '@',
      password: '',
      credits: 1e300,
      type: 1,
      url: 'http://[',
      status: '1',
    },
    [1, 2, 3],
  ];

  it('never answers 5xx, always the envelope with a code and request_id', async () => {
    for (const path of paths)
      for (const body of bodies) {
        const a = await call(path, body, srv.keys.manager);
        expect(a.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
        expect(typeof a.body.code, path).toBe('string');
        expect(typeof a.body.request_id, path).toBe('string');
      }
    const res = await fetch(`${srv.baseUrl}/contacts/add`, {
      method: 'POST',
      headers: { apikey: srv.keys.account, 'content-type': 'application/json' },
      body: '{"list_key":',
    });
    expect(res.status).toBeLessThan(500);
  });
});
