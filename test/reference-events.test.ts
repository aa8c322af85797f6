/**
 * Event delivery of the reference server (6, 6.3, 3.2) to a loopback receiver: the HEAD check,
 * form-urlencoded POST (or GET by choice), the confirmation and response fields, retries until
 * HTTP 200 (at most 25), and silence while disabled or after delete.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmationEvent, ResponseEvent } from '../schemas/events.ts';
import type { ReferenceServerOptionsInput } from '../reference/options.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';

interface Delivery {
  method: string;
  query: URLSearchParams;
  contentType: string | undefined;
  body: string;
}

/** A loopback receiver answering 200 to GET/HEAD and the scripted statuses to events. */
async function receiver(eventStatuses: number[] = []): Promise<{ url: string; deliveries: Delivery[]; close(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  const script = [...eventStatuses];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      deliveries.push({ method: req.method ?? '', query: url.searchParams, contentType: req.headers['content-type'], body });
      const isEvent = req.method === 'POST' || (req.method === 'GET' && url.searchParams.has('type'));
      res.statusCode = isEvent ? (script.shift() ?? 200) : 200;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, deliveries, close: () => new Promise((r) => server.close(() => r())) };
}

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

async function setup(eventStatuses: number[] = [], options: ReferenceServerOptionsInput = {}) {
  const server = await startReferenceServer({ allowLoopbackWebhooks: true, confirmationDelayMs: 0, webhookRetryDelayMs: 5, rateLimit: 0, ...options });
  const hook = await receiver(eventStatuses);
  opened.push(server, hook);
  return { server, hook };
}

async function post(server: RunningReferenceServer, path: string, body: Record<string, unknown> = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { apikey: server.keys.account, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

const events = (hook: { deliveries: Delivery[] }) => hook.deliveries.filter((d) => d.method === 'POST' || d.query.has('type'));

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for deliveries');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sendSms = (server: RunningReferenceServer) => post(server, '/sms/send', { numbers: '5512345678', message: 'Hola' });
const referenceOf = (sent: Record<string, unknown>): string => (sent.references as { reference: string }[])[0]!.reference;

/** Confirmation delay of the deterministic tests: longer than any test, so only an advance makes one due. */
const CONFIRMATION_DELAY_S = 60;

/** Moves the virtual clock (test hook, --test-clock): timers that fall due run before the answer. */
async function advance(server: RunningReferenceServer, seconds: number): Promise<void> {
  const res = await fetch(`${server.baseUrl}/__test/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(res.status).toBe(200);
}

describe('event delivery: the checks, the confirmation and its retries (6.1, 6.3)', () => {
  it('checks with GET on registration, HEAD before delivery, then POSTs a form-urlencoded confirmation', async () => {
    const { server, hook } = await setup();
    expect((await post(server, '/webhook/add', { url: hook.url, status: '1' })).code).toBe('add_webhook_01');
    expect(hook.deliveries[0]?.method).toBe('GET');
    const sent = await sendSms(server);
    await until(() => events(hook).length === 1);
    const methods = hook.deliveries.map((d) => d.method);
    expect(methods.indexOf('HEAD')).toBeGreaterThan(0);
    expect(methods.indexOf('HEAD')).toBeLessThan(methods.indexOf('POST'));
    const event = events(hook)[0]!;
    expect(event.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const fields = Object.fromEntries(new URLSearchParams(event.body));
    expect(ConfirmationEvent.safeParse(fields).success).toBe(true);
    expect(fields).toMatchObject({ type: 'confirmation', status: '0', number: '525512345678' });
    expect(fields.reference).toBe((sent.references as { reference: string }[])[0]!.reference);
    expect(fields.date).toMatch(/^\d{14}$/);
    expect(fields).not.toHaveProperty('request_id');
  });

  it('retries after non-200 answers until 200', async () => {
    const { server, hook } = await setup([500, 503, 404]);
    await post(server, '/webhook/add', { url: hook.url, status: '1' });
    await sendSms(server);
    await until(() => events(hook).length === 4);
    await new Promise((r) => setTimeout(r, 100));
    expect(events(hook)).toHaveLength(4);
  });

  it('stops after 25 retries (26 deliveries)', async () => {
    const { server, hook } = await setup(Array.from({ length: 40 }, () => 500));
    await post(server, '/webhook/add', { url: hook.url, status: '1' });
    await sendSms(server);
    await until(() => events(hook).length === 26);
    await new Promise((r) => setTimeout(r, 200));
    expect(events(hook)).toHaveLength(26);
  });

  // 6.3 gives no retry schedule; --event-retry-schedule makes one (the suite's bounded
  // waits are proven against a server that retries as slowly as a real one).
  it('retries on the given schedule, its last value repeating', async () => {
    const { server, hook } = await setup(
      Array.from({ length: 10 }, () => 500),
      { testClock: true, eventRetryScheduleSeconds: [10, 30] },
    );
    await post(server, '/webhook/add', { url: hook.url, status: '1' });
    await sendSms(server);
    await until(() => events(hook).length === 1);
    const advanceBy = async (seconds: number, deliveries: number) => {
      await advance(server, seconds);
      await until(() => events(hook).length >= deliveries);
      await new Promise((r) => setTimeout(r, 50));
      expect(events(hook), `${seconds} s later`).toHaveLength(deliveries);
    };
    await advanceBy(9, 1);
    await advanceBy(1, 2);
    await advanceBy(29, 2);
    await advanceBy(1, 3);
    await advanceBy(30, 4);
  });
});

describe('event delivery: silences, delivery by GET and the test hooks (3.2, 6)', () => {
  // 3.2, 6: nothing is delivered while the webhook is disabled. An event arises when its
  // confirmation falls due (6.1 date: "confirmation time"), not at the send, so that is when
  // "while disabled" is judged (webhook-service.ts emit). Confirmations here fall due only when
  // the virtual clock is advanced: the order of sends, status changes and events is fixed.
  it('delivers nothing while disabled, nor after delete, nor for sandbox sends by default', async () => {
    const { server, hook } = await setup([], { testClock: true, confirmationDelayMs: CONFIRMATION_DELAY_S * 1000 });
    await post(server, '/webhook/add', { url: hook.url, status: '0' });
    await sendSms(server);
    await advance(server, CONFIRMATION_DELAY_S + 1);
    await post(server, '/webhook/status', { status: '1' });
    await post(server, '/sms/send', { numbers: '5512345678', message: 'Hola', sandbox: 1 });
    await advance(server, CONFIRMATION_DELAY_S + 1);
    await post(server, '/webhook/delete');
    await sendSms(server);
    await advance(server, CONFIRMATION_DELAY_S + 1);
    // A marker: registered again, one more send; once its event is in, any event of the sends
    // above would have been delivered before it.
    await post(server, '/webhook/add', { url: hook.url, status: '1' });
    const marker = referenceOf(await sendSms(server));
    await advance(server, CONFIRMATION_DELAY_S + 1);
    await until(() => events(hook).length >= 1);
    expect(events(hook).map((e) => new URLSearchParams(e.body).get('reference'))).toEqual([marker]);
  });

  it('judges "while disabled" when the confirmation falls due: a send made while disabled is delivered if enabled by then (3.2, 6.1)', async () => {
    const { server, hook } = await setup([], { testClock: true, confirmationDelayMs: CONFIRMATION_DELAY_S * 1000 });
    await post(server, '/webhook/add', { url: hook.url, status: '0' });
    const sent = referenceOf(await sendSms(server));
    await post(server, '/webhook/status', { status: '1' });
    await advance(server, CONFIRMATION_DELAY_S + 1);
    await until(() => events(hook).length === 1);
    expect(new URLSearchParams(events(hook)[0]!.body).get('reference')).toBe(sent);
  });

  it('delivers by GET with the fields in the query when so chosen', async () => {
    const { server, hook } = await setup([], { ambiguities: { 'webhook-delivery-method': 'get' } });
    await post(server, '/webhook/add', { url: hook.url, status: '1' });
    await sendSms(server);
    await until(() => events(hook).length === 1);
    expect(events(hook)[0]!.method).toBe('GET');
    expect(events(hook)[0]!.query.get('type')).toBe('confirmation');
  });

  it('simulates a customer reply as a type=response event (test hook)', async () => {
    const { server, hook } = await setup([], { testClock: true });
    await post(server, '/webhook/add', { url: hook.url, status: '1' });
    const sent = await sendSms(server);
    await until(() => events(hook).length === 1);
    const reference = (sent.references as { reference: string }[])[0]!.reference;
    const res = await fetch(`${server.baseUrl}/__test/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apikey: server.keys.account, reference, response: 'SI' }),
    });
    expect(res.status).toBe(200);
    await until(() => events(hook).length === 2);
    const fields = Object.fromEntries(new URLSearchParams(events(hook)[1]!.body));
    expect(ResponseEvent.safeParse(fields).success).toBe(true);
    expect(fields).toMatchObject({ type: 'response', reference, response: 'SI', message: 'Hola' });
  });

  it('exposes no test hook without --test-clock', async () => {
    const { server } = await setup();
    const res = await fetch(`${server.baseUrl}/__test/reply`, { method: 'POST' });
    expect(res.status).toBe(404);
  });
});
