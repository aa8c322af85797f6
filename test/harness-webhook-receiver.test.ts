/**
 * The webhook receiver of the harness (harness/transport/webhook-receiver.ts): its scripted answers, how it
 * reads events (section 6: form POST, GET query), waitFor, endpoints, and a run against the
 * reference server (4.14 verification, 6.1 confirmation, 6.3 retries). Loopback only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import type { ReferenceServerOptionsInput } from '../reference/options.ts';
import { ConfirmationEvent, ResponseEvent } from '../schemas/events.ts';
import { startWebhookReceiver, type Delivery, type WebhookEndpoint, type WebhookReceiver } from '../harness/transport/webhook-receiver.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const CONFIRMATION = 'type=confirmation&reference=ref-1&status=0&number=525512345678&date=20261121103005&extra_params=%7B%22order%22%3A%22A-1%22%7D';

const hit = (url: string, init: RequestInit = {}) =>
  fetch(url, { redirect: 'manual', ...init }).then(async (r) => ({ status: r.status, headers: r.headers, text: await r.text() }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statuses = (ds: readonly Delivery[]) => ds.map((d) => d.answer.status);

describe('webhook receiver: scripted answers', () => {
  let r: WebhookReceiver;
  beforeAll(async () => {
    r = await startWebhookReceiver();
  });
  afterAll(() => r.close());

  it('answers 200 to every method by default and records each request', async () => {
    r.reset();
    expect(r.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(r.url).toBe(r.localUrl);
    const before = Date.now();
    for (const method of ['HEAD', 'GET', 'POST', 'PUT', 'DELETE'])
      expect((await hit(`${r.url}/hook?a=1`, { method, headers: { 'x-probe': method } })).status).toBe(200);
    expect(r.deliveries.map((d) => d.method)).toEqual(['HEAD', 'GET', 'POST', 'PUT', 'DELETE']);
    const [head] = r.deliveries;
    expect(head).toMatchObject({ path: '/hook', endpointPath: '/hook', url: '/hook?a=1', query: { a: '1' }, kind: 'head-check', outcome: 'answered' });
    expect(head!.headers['x-probe']).toBe('HEAD');
    expect(head!.receivedAt).toBeGreaterThanOrEqual(before);
    expect(r.deliveries.map((d) => d.kind)).toEqual(['head-check', 'registration', 'other', 'other', 'other']);
  });

  it('answers a path override first, then the kind, then the method default', async () => {
    r.reset();
    r.script.method('head', 405);
    r.script.method('GET', 503);
    r.script.path('/fixed', 418);
    expect((await hit(`${r.url}/x`, { method: 'HEAD' })).status).toBe(405);
    expect((await hit(`${r.url}/x`)).status).toBe(503);
    expect((await hit(`${r.url}/fixed`)).status).toBe(418);
    expect((await hit(`${r.url}/fixed`, { method: 'POST' })).status).toBe(418);
    expect((await hit(`${r.url}/x`, { method: 'POST' })).status).toBe(200);
    r.reset();
    expect((await hit(`${r.url}/fixed`)).status).toBe(200);
  });

  it('fails queued event deliveries, then answers the default; other requests leave the queue alone', async () => {
    r.reset();
    r.script.events([500, 500, { status: 503, body: 'busy' }]);
    const post = () => hit(`${r.url}/hook`, { method: 'POST', headers: FORM, body: CONFIRMATION });
    expect((await post()).status).toBe(500);
    expect((await hit(`${r.url}/hook`)).status).toBe(200); // registration GET: not an event
    expect((await hit(`${r.url}/hook`, { method: 'HEAD' })).status).toBe(200);
    expect((await post()).status).toBe(500);
    expect(await post()).toMatchObject({ status: 503, text: 'busy' });
    expect((await post()).status).toBe(200);
    expect(statuses(r.events())).toEqual([500, 500, 503, 200]);
  });

  it('answers 404 to the registration GET only, not to an event by GET', async () => {
    r.reset();
    r.script.registration(404);
    expect((await hit(`${r.url}/hook`)).status).toBe(404);
    expect((await hit(`${r.url}/hook?type=response&reference=x`)).status).toBe(200);
    expect(r.deliveries.map((d) => d.kind)).toEqual(['registration', 'event']);
  });

  it('delays answers and redirects', async () => {
    r.reset();
    r.script.delay(150, 'registration');
    const start = Date.now();
    expect((await hit(`${r.url}/slow`)).status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(140);
    expect(r.deliveries[0]!.answer.delayMs).toBe(150);
    r.script.redirect('/old', '/new');
    const moved = await hit(`${r.url}/old`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/new');
  });

  it("runs delays and arrival times on the endpoint's clock: an advance sends a delayed answer at once", async () => {
    const ep = r.endpoint('advanced');
    ep.script.delay(60_000, 'registration');
    const start = Date.now();
    const answer = hit(`${ep.url}`);
    await ep.waitFor((d) => d.kind === 'registration');
    ep.advance(59_000);
    expect(ep.deliveries[0]!.outcome, 'a second of the delay is left').toBe('pending');
    ep.advance(1_000);
    expect((await answer).status).toBe(200);
    expect(Date.now() - start, 'no real waiting').toBeLessThan(10_000);
    expect((await hit(`${ep.url}?type=confirmation`)).status).toBe(200);
    expect(ep.deliveries[1]!.receivedAt - ep.deliveries[0]!.receivedAt, 'arrival times on the advanced clock').toBeGreaterThanOrEqual(60_000);
    expect(ep.now() - Date.now()).toBeGreaterThan(59_900);
    expect(() => ep.advance(-1)).toThrow(/negative/);
  });

  it('takes a whole script at once and refuses impossible statuses', async () => {
    r.reset();
    r.script({ methods: { post: 202 }, registration: 410, events: [502] });
    expect((await hit(`${r.url}/h`)).status).toBe(410);
    expect((await hit(`${r.url}/h`, { method: 'POST', headers: FORM, body: CONFIRMATION })).status).toBe(502);
    expect((await hit(`${r.url}/h`, { method: 'POST', headers: FORM, body: CONFIRMATION })).status).toBe(202);
    expect(() => r.script.events([99])).toThrow(/status 99/);
    expect(() => r.script.delay(-1)).toThrow(/negative/);
  });
});

describe('webhook receiver: events (section 6)', () => {
  let r: WebhookReceiver;
  beforeAll(async () => {
    r = await startWebhookReceiver();
  });
  afterAll(() => r.close());

  it('reads a form-urlencoded POST as an event with its fields', async () => {
    r.reset();
    await hit(`${r.url}/hook`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: CONFIRMATION });
    const [event] = r.eventsOfType('confirmation');
    expect(event).toMatchObject({ kind: 'event', method: 'POST', body: CONFIRMATION });
    expect(event!.form).toEqual(event!.fields);
    expect(ConfirmationEvent.parse(event!.fields)).toEqual({
      type: 'confirmation',
      reference: 'ref-1',
      status: '0',
      number: '525512345678',
      date: '20261121103005',
      extra_params: '{"order":"A-1"}',
    });
    expect(r.eventsOfType('response')).toEqual([]);
  });

  it('reads a GET with type as an event from its query, and a GET without type as the registration', async () => {
    r.reset();
    const q = new URLSearchParams({
      type: 'response',
      reference: 'ref-2',
      number: '525512345678',
      message: 'Hola',
      response: 'Sí, gracias',
      send_date: '20261121103000',
      response_date: '20261121104512',
    });
    await hit(`${r.url}/hook?${q}`);
    await hit(`${r.url}/hook?token=abc`);
    const [event] = r.eventsOfType('response');
    expect(event).toMatchObject({ method: 'GET', form: undefined });
    expect(ResponseEvent.parse(event!.fields).response).toBe('Sí, gracias');
    expect(r.deliveries[1]).toMatchObject({ kind: 'registration', fields: undefined, query: { token: 'abc' } });
    expect(r.events()).toHaveLength(1);
  });

  it('keeps a POST that is not form-urlencoded as "other" (section 6: POST uses form-urlencoded)', async () => {
    r.reset();
    await hit(`${r.url}/hook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"confirmation"}' });
    expect(r.deliveries[0]).toMatchObject({ kind: 'other', form: undefined, fields: undefined, body: '{"type":"confirmation"}' });
    expect(r.events()).toEqual([]);
  });
});

describe('webhook receiver: waitFor, endpoints, options', () => {
  let r: WebhookReceiver;
  beforeAll(async () => {
    r = await startWebhookReceiver();
  });
  afterAll(() => r.close());

  it('resolves when enough matching deliveries arrive', async () => {
    r.reset();
    const waiting = r.waitFor((d) => d.kind === 'event', { count: 2, timeoutMs: 2000 });
    setTimeout(() => {
      void hit(`${r.url}/h?type=confirmation`);
      void hit(`${r.url}/h?type=confirmation`);
    }, 30);
    expect(await waiting).toHaveLength(2);
  });

  it('rejects on timeout with what arrived', async () => {
    r.reset();
    r.script.method('HEAD', 405);
    await hit(`${r.url}/hook`, { method: 'HEAD' });
    await hit(`${r.url}/hook?type=response&reference=r-9`);
    const start = Date.now();
    const failure = r.waitFor((d) => d.fields?.type === 'confirmation', { timeoutMs: 100, label: 'a confirmation' });
    await expect(failure).rejects.toThrow(
      new RegExp(
        String.raw`waitFor\(a confirmation\) timed out after 100 ms .*wanted 1 matching, 0 matched; 2 arrived:\n {2}#\d+ ` +
          String.raw`HEAD \/hook \[head-check\] -> 405\n {2}#\d+ GET \/hook \[event type=response reference=r-9\] -> 200`,
      ),
    );
    expect(Date.now() - start).toBeLessThan(1000);
    r.reset();
    await expect(r.waitFor(() => true, { timeoutMs: 50 })).rejects.toThrow(/nothing arrived/);
  });

  it('keeps the deliveries and scripts of endpoints apart', async () => {
    r.reset();
    const a = r.endpoint('a');
    const b = r.endpoint('b');
    const nested = a.endpoint('inner');
    expect(a.url).toBe(`${r.url}/a`);
    expect(nested.url).toBe(`${r.url}/a/inner`);
    b.script.registration(404);
    expect((await hit(`${a.url}/hook`)).status).toBe(200);
    expect((await hit(`${b.url}/hook`)).status).toBe(404);
    expect((await hit(`${nested.url}`)).status).toBe(200);
    expect((await hit(`${r.url}/elsewhere`)).status).toBe(200);
    expect(a.deliveries.map((d) => [d.path, d.endpointPath])).toEqual([['/a/hook', '/hook']]);
    expect(b.deliveries.map((d) => d.path)).toEqual(['/b/hook']);
    expect(nested.deliveries.map((d) => d.endpointPath)).toEqual(['/']);
    expect(r.deliveries.map((d) => d.path)).toEqual(['/elsewhere']);
    b.script.redirect('/from', '/to');
    expect((await hit(`${b.url}/from`)).headers.get('location')).toBe('/b/to');
    expect(() => r.endpoint('a')).toThrow(/exists already/);
    expect(() => r.endpoint('../x')).toThrow(/endpoint name/);
  });

  it('listens on loopback only, and builds url from publicUrl and pathPrefix', async () => {
    await expect(startWebhookReceiver({ host: '0.0.0.0' })).rejects.toThrow(/not a loopback address/);
    const p = await startWebhookReceiver({ publicUrl: 'https://tunnel.example.test/base/', pathPrefix: '/suite' });
    try {
      expect(p.url).toBe('https://tunnel.example.test/base');
      expect(p.localUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/suite$/);
      const ep = p.endpoint('t1');
      expect(ep.url).toBe('https://tunnel.example.test/base/t1');
      await hit(`${ep.localUrl}/hook`);
      expect(ep.deliveries[0]).toMatchObject({ path: '/suite/t1/hook', endpointPath: '/hook' });
      const pending = p.waitFor(() => false, { timeoutMs: 5000 });
      await p.close();
      await expect(pending).rejects.toThrow(/closed/);
    } finally {
      await p.close();
    }
  });
});

describe('webhook receiver against the reference server (4.14, 6, 6.3)', () => {
  let srv: RunningReferenceServer;
  let r: WebhookReceiver;
  beforeAll(async () => {
    r = await startWebhookReceiver();
    srv = await startReferenceServer({ allowLoopbackWebhooks: true, confirmationDelayMs: 0, webhookRetryDelayMs: 5 });
  });
  afterAll(async () => {
    await srv.close();
    await r.close();
  });

  async function api(path: string, body: Record<string, unknown>, server: RunningReferenceServer = srv): Promise<Record<string, unknown>> {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { apikey: server.keys.account, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  }
  const register = (ep: WebhookEndpoint, server?: RunningReferenceServer) => api('/webhook/add', { url: `${ep.url}/hook`, status: '1' }, server);
  async function sendSms(server?: RunningReferenceServer): Promise<string> {
    const sent = await api('/sms/send', { numbers: '5512345678', message: 'Hola' }, server);
    const [first] = sent.references as { reference: string }[];
    return first!.reference;
  }
  const isConfirmation = (d: Delivery) => d.kind === 'event' && d.fields?.type === 'confirmation';

  it('receives the confirmation of a send after the registration GET and the HEAD check', async () => {
    const ep = r.endpoint('confirmation');
    expect((await register(ep)).code).toBe('add_webhook_01');
    const reference = await sendSms();
    const [delivery] = await ep.waitFor(isConfirmation, { timeoutMs: 3000, label: 'confirmation' });
    expect(delivery!.method).toBe('POST');
    expect(ConfirmationEvent.parse(delivery!.fields)).toMatchObject({ type: 'confirmation', reference, status: '0', number: '525512345678' });
    expect(ep.deliveries.map((d) => d.kind)).toEqual(['registration', 'head-check', 'event']);
  });

  it('sees an event failed twice delivered three times (6.3 retries until 200)', async () => {
    const ep = r.endpoint('retries');
    ep.script.events([500, 500]);
    expect((await register(ep)).code).toBe('add_webhook_01');
    const reference = await sendSms();
    const events = await ep.waitFor(isConfirmation, { count: 3, timeoutMs: 3000 });
    expect(statuses(events)).toEqual([500, 500, 200]);
    expect(new Set(events.map((d) => d.fields?.reference))).toEqual(new Set([reference]));
    await sleep(100); // twenty retry delays: nothing follows the 200
    expect(ep.eventsOfType('confirmation')).toHaveLength(3);
  });

  it('fails verification with add_webhook_06 when the registration GET answers 404', async () => {
    const ep = r.endpoint('not-found');
    ep.script.registration(404);
    expect((await register(ep)).code).toBe('add_webhook_06');
    expect(ep.deliveries.map((d) => [d.kind, d.answer.status])).toEqual([['registration', 404]]);
  });

  it('passes verification on a redirect without following it', async () => {
    const ep = r.endpoint('redirect');
    ep.script.redirect('/hook', '/target');
    expect((await register(ep)).code).toBe('add_webhook_01');
    await sleep(100);
    expect(ep.deliveries.map((d) => [d.endpointPath, d.answer.status])).toEqual([['/hook', 302]]);
    expect(r.deliveries.concat(ep.deliveries).some((d) => d.path.endsWith('/target'))).toBe(false);
  });

  it('fails verification when the registration GET is answered after the timeout', async () => {
    // A short verification timeout stands in for the 5 s of 4.14 to keep the test quick.
    const options: ReferenceServerOptionsInput = { allowLoopbackWebhooks: true, webhookVerifyTimeoutMs: 200 };
    const quick = await startReferenceServer(options);
    try {
      const ep = r.endpoint('slow');
      ep.script.delay(1000, 'registration');
      expect((await register(ep, quick)).code).toBe('add_webhook_06');
      await ep.waitFor((d) => d.outcome === 'client-gone', { timeoutMs: 1000, label: 'the sender giving up' });
    } finally {
      await quick.close();
    }
  });

  it('reads events delivered by GET (webhook-delivery-method=get)', async () => {
    const byGet = await startReferenceServer({ allowLoopbackWebhooks: true, confirmationDelayMs: 0, ambiguities: { 'webhook-delivery-method': 'get' } });
    try {
      const ep = r.endpoint('by-get');
      expect((await register(ep, byGet)).code).toBe('add_webhook_01');
      const reference = await sendSms(byGet);
      const [delivery] = await ep.waitFor(isConfirmation, { timeoutMs: 3000 });
      expect(delivery).toMatchObject({ method: 'GET', endpointPath: '/hook', form: undefined });
      expect(ConfirmationEvent.parse(delivery!.fields).reference).toBe(reference);
      expect(ep.deliveries.filter((d) => d.kind === 'registration')).toHaveLength(1);
    } finally {
      await byGet.close();
    }
  });
});
