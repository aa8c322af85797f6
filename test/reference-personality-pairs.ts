/**
 * Servers, requests and a webhook receiver for the personality self-tests (reference-personality.test.ts
 * and its case tables): one server of each personality with the same options, the same request to
 * both, and the closing of all they opened after each test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { ReferenceServerOptionsInput } from '../reference/options.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';

export interface Pair {
  def: RunningReferenceServer;
  alt: RunningReferenceServer;
}

const opened: { close(): Promise<void> }[] = [];
/** Has `o` closed after the test that opened it. */
export function closeAfterTest(o: { close(): Promise<void> }): void {
  opened.push(o);
}

/** Closes every server and receiver opened since the last call: a test file's afterEach. */
export async function closeOpened(): Promise<void> {
  for (const o of opened.splice(0)) await o.close();
}

/** One server of each personality with the same options. */
export async function pair(options: ReferenceServerOptionsInput = {}): Promise<Pair> {
  const base: ReferenceServerOptionsInput = { rateLimit: 0, confirmationDelayMs: 0, webhookRetryDelayMs: 5, ...options };
  const def = await startReferenceServer({ ...base, personality: 'default' });
  const alt = await startReferenceServer({ ...base, personality: 'alternate' });
  opened.push(def, alt);
  return { def, alt };
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface Call {
  method?: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** The account's key by default; null for none. */
  key?: string | null;
}

export async function call(server: RunningReferenceServer, path: string, c: Call = {}): Promise<Answer> {
  const url = new URL(`${server.baseUrl}${path}`);
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, v);
  const key = c.key === undefined ? server.keys.account : c.key;
  const headers: Record<string, string> = key === null ? {} : { apikey: key };
  if (c.body) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method: c.method ?? 'POST', headers, ...(c.body ? { body: JSON.stringify(c.body) } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The same request to both servers (`key` may depend on the server). */
export async function both(p: Pair, path: string, c: Call | ((s: RunningReferenceServer) => Call) = {}): Promise<{ def: Answer; alt: Answer }> {
  const of = (s: RunningReferenceServer) => (typeof c === 'function' ? c(s) : c);
  return { def: await call(p.def, path, of(p.def)), alt: await call(p.alt, path, of(p.alt)) };
}

/** GET /v1/sms/send with the key as a parameter (4.16, 5.5). */
export const v1 = (server: RunningReferenceServer, query: Record<string, string>) =>
  call(server, '/v1/sms/send', { method: 'GET', key: null, query: { apikey: server.keys.account, ...query } });

export interface Delivery {
  method: string;
  query: URLSearchParams;
  body: string;
}

/** A loopback receiver answering 200 to everything, recording what it receives. */
export async function receiver(): Promise<{ url: string; port: number; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      deliveries.push({ method: req.method ?? '', query: new URL(req.url ?? '/', 'http://127.0.0.1').searchParams, body });
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  opened.push({ close: () => new Promise((r) => server.close(() => r())) });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, port, deliveries };
}

/** Events among the deliveries: a POST, or a GET carrying type (6). */
export const eventsOf = (deliveries: Delivery[]) => deliveries.filter((d) => d.method === 'POST' || (d.method === 'GET' && d.query.has('type')));
export const eventField = (d: Delivery, name: string) => (d.method === 'POST' ? new URLSearchParams(d.body) : d.query).get(name);

export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Moves a server's virtual clock (test hook of --test-clock). */
export async function advance(server: RunningReferenceServer, seconds: number): Promise<void> {
  const res = await fetch(`${server.baseUrl}/__test/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(res.status).toBe(200);
}

export const SMS = { numbers: '5512345678', message: 'Hola' };
export const OTP = { phone_number: '5512345678', country_code: '52', company: 'ACME', message: '{{company}}: tu codigo es {{code}}', code_in_response: true };
export const referencesOf = (a: Answer) => a.body.references as { reference: string }[];

/** A subaccount of the manager: its own key, balance 0 (2.6, 4.11). */
export async function emptySubaccount(server: RunningReferenceServer): Promise<string> {
  const r = await call(server, '/manager/subaccount/add', { key: server.keys.manager, body: { email: 'empty@reference.test', password: 'secret123' } });
  expect(r.body.success).toBe(true);
  return String(r.body.apikey);
}

export async function createList(server: RunningReferenceServer, name: string): Promise<string> {
  const r = await call(server, '/agendas/add', { body: { agenda_name: name } });
  expect(r.body.code).toBe('agenda_01');
  return String(r.body.list_key);
}
