/**
 * The reference server's two personalities (reference/personality.ts): for every entry of
 * the latitude register (schemas/latitudes.ts) and every ambiguity whose alternate option or
 * behaviour differs, the same requests go to a server of each personality, over HTTP on loopback,
 * and the answers differ exactly as the register says. The cases are keyed by register id, so
 * that a latitude without a case does not compile and an ambiguity without one fails below.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { personalityChoices } from '../reference/personality.ts';
import type { ReferenceServerOptionsInput } from '../reference/options.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { AMBIGUITY_IDS, DEFAULT_AMBIGUITY_CHOICES, LATITUDE_IDS, type AmbiguityId, type LatitudeId } from '../schemas/index.ts';

// ---------------------------------------------------------------------------------------------
// Servers, requests, a webhook receiver.
// ---------------------------------------------------------------------------------------------

interface Pair {
  def: RunningReferenceServer;
  alt: RunningReferenceServer;
}

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

/** One server of each personality with the same options. */
async function pair(options: ReferenceServerOptionsInput = {}): Promise<Pair> {
  const base: ReferenceServerOptionsInput = { rateLimit: 0, confirmationDelayMs: 0, webhookRetryDelayMs: 5, ...options };
  const def = await startReferenceServer({ ...base, personality: 'default' });
  const alt = await startReferenceServer({ ...base, personality: 'alternate' });
  opened.push(def, alt);
  return { def, alt };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

interface Call {
  method?: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** The account's key by default; null for none. */
  key?: string | null;
}

async function call(server: RunningReferenceServer, path: string, c: Call = {}): Promise<Answer> {
  const url = new URL(`${server.baseUrl}${path}`);
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, v);
  const key = c.key === undefined ? server.keys.account : c.key;
  const headers: Record<string, string> = key === null ? {} : { apikey: key };
  if (c.body) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method: c.method ?? 'POST', headers, ...(c.body ? { body: JSON.stringify(c.body) } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The same request to both servers (`key` may depend on the server). */
async function both(p: Pair, path: string, c: Call | ((s: RunningReferenceServer) => Call) = {}): Promise<{ def: Answer; alt: Answer }> {
  const of = (s: RunningReferenceServer) => (typeof c === 'function' ? c(s) : c);
  return { def: await call(p.def, path, of(p.def)), alt: await call(p.alt, path, of(p.alt)) };
}

/** GET /v1/sms/send with the key as a parameter (4.16, 5.5). */
const v1 = (server: RunningReferenceServer, query: Record<string, string>) =>
  call(server, '/v1/sms/send', { method: 'GET', key: null, query: { apikey: server.keys.account, ...query } });

interface Delivery {
  method: string;
  query: URLSearchParams;
  body: string;
}

/** A loopback receiver answering 200 to everything, recording what it receives. */
async function receiver(): Promise<{ url: string; port: number; deliveries: Delivery[] }> {
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
const eventsOf = (deliveries: Delivery[]) => deliveries.filter((d) => d.method === 'POST' || (d.method === 'GET' && d.query.has('type')));
const eventField = (d: Delivery, name: string) => (d.method === 'POST' ? new URLSearchParams(d.body) : d.query).get(name);

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Moves a server's virtual clock (test hook of --test-clock). */
async function advance(server: RunningReferenceServer, seconds: number): Promise<void> {
  const res = await fetch(`${server.baseUrl}/__test/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(res.status).toBe(200);
}

const SMS = { numbers: '5512345678', message: 'Hola' };
const OTP = { phone_number: '5512345678', country_code: '52', company: 'ACME', message: '{{company}}: tu codigo es {{code}}', code_in_response: true };
const referencesOf = (a: Answer) => a.body.references as { reference: string }[];

/** A subaccount of the manager: its own key, balance 0 (2.6, 4.11). */
async function emptySubaccount(server: RunningReferenceServer): Promise<string> {
  const r = await call(server, '/manager/subaccount/add', { key: server.keys.manager, body: { email: 'empty@reference.test', password: 'secret123' } });
  expect(r.body.success).toBe(true);
  return String(r.body.apikey);
}

async function createList(server: RunningReferenceServer, name: string): Promise<string> {
  const r = await call(server, '/agendas/add', { body: { agenda_name: name } });
  expect(r.body.code).toBe('agenda_01');
  return String(r.body.list_key);
}

// ---------------------------------------------------------------------------------------------
// Latitudes: every id of the register has a case (the Record type makes a missing one a compile error).
// ---------------------------------------------------------------------------------------------

const LATITUDE_CASES: Record<LatitudeId, () => Promise<void>> = {
  // 2.4, 4.4: absent by default; "" for unset strings, null for unset numbers and for state without a valid number.
  'unset-field': async () => {
    const p = await pair();
    const lists = { def: await createList(p.def, 'Clientes'), alt: await createList(p.alt, 'Clientes') };
    const added = await both(p, '/contacts/add', (s) => ({ body: { list_key: s === p.def ? lists.def : lists.alt, number: '5512345678' } }));
    expect(added.def.body.callback).not.toHaveProperty('name');
    expect(added.def.body.callback).not.toHaveProperty('birthday_date');
    expect(added.alt.body.callback).toMatchObject({
      name: '',
      email: '',
      birthday_date: '',
      custom_field_1: '',
      facebook: '',
      zip: '',
      number: '525512345678',
    });

    const noNumber = await both(p, '/v2/otp', { body: { ...OTP, phone_number: undefined } });
    expect(noNumber.def.body).toMatchObject({ state: 'none', error: 'otp_missing_param' });
    expect(noNumber.def.body).not.toHaveProperty('attempts_remaining');
    expect(noNumber.alt.body).toMatchObject({ state: null, error: 'otp_missing_param', expires_at: '', attempts_remaining: null, resend_available_in: null });
    expect([noNumber.def.status, noNumber.alt.status]).toEqual([400, 400]);

    const hook = await both(p, '/webhook/get');
    expect(hook.def.body.result).toEqual({ url: '', status: '0' });
    expect(hook.alt.body.result).toEqual({ url: '', status: '' });
  },

  // 2: only the documented fields; an extra `details` on error bodies and `hint` on envelope errors.
  'extra-fields': async () => {
    const p = await pair();
    const r = await both(p, '/agendas/add', { body: {} });
    expect(Object.keys(r.def.body).sort()).toEqual(['code', 'message', 'request_id', 'status', 'success']);
    expect(r.alt.body).toMatchObject({ success: false, code: 'agenda_02', hint: expect.any(String), details: { operation: 'agendas/add', section: '4.7' } });
    const otp = await both(p, '/v2/otp/verify', { body: { phone_number: '5512345678', country_code: '52', code: '123456' } });
    expect(otp.def.body).not.toHaveProperty('details');
    expect(otp.alt.body).toMatchObject({ error: 'otp_not_found', details: { operation: 'otp-v2/verify' } });
    // Never a field the document makes conditional: no code without code_in_response (4.4).
    const created = await call(p.alt, '/v2/otp', { body: { ...OTP, code_in_response: false } });
    expect(created.body).not.toHaveProperty('code');
  },

  // 7.2 details_04 "campaign still processing, retry later": never by default; for the first moment of a campaign on the alternate.
  'campaign-processing-time': async () => {
    const p = await pair({ testClock: true });
    const sent = await both(p, '/sms/send', { body: { ...SMS, sandbox: 1 }, query: { showCampaignId: 'true' } });
    const ask = (s: RunningReferenceServer) => ({ body: { campaign_id: (s === p.def ? sent.def : sent.alt).body.campaignId, sandbox: 1 } });
    const fresh = await both(p, '/reports/details', ask);
    expect([fresh.def.body.code, fresh.alt.body.code]).toEqual(['details_01', 'details_04']);
    await advance(p.alt, 2);
    expect((await call(p.alt, '/reports/details', ask(p.alt))).body).toMatchObject({ code: 'details_01', details: { totals: 1 } });
  },

  // 7.2: sms_07 and the codes of agendas carry no HTTP status: 200 by default; 402, 404, 400 for the alternate.
  'unstated-error-status': async () => {
    const p = await pair();
    const keys = { def: await emptySubaccount(p.def), alt: await emptySubaccount(p.alt) };
    const sms07 = await both(p, '/sms/send', (s) => ({ key: s === p.def ? keys.def : keys.alt, body: SMS }));
    expect(sms07.def).toMatchObject({ status: 200, body: { code: 'sms_07', status: 200, success: false } });
    expect(sms07.alt).toMatchObject({ status: 402, body: { code: 'sms_07', status: 402, success: false } });
    const missing = await both(p, '/agendas/get_contacts', { body: { list_key: 'lk_nope' } });
    expect([missing.def.status, missing.alt.status]).toEqual([200, 404]);
    expect([missing.def.body.code, missing.alt.body.code]).toEqual(['err_01', 'err_01']);
    // 7.1 "<validation code> | 200": the body status stays 200 under an HTTP 400.
    const invalid = await both(p, '/agendas/add', { body: {} });
    expect([invalid.def.status, invalid.alt.status]).toEqual([200, 400]);
    expect([invalid.def.body.status, invalid.alt.body.status]).toEqual([200, 200]);
    // 7.3's statuses are real in both.
    const otp = await both(p, '/v2/otp', { body: { ...OTP, channel: 'fax' } });
    expect([otp.def.status, otp.alt.status]).toEqual([400, 400]);
    // The status of invalid input (ambiguity business-error-http-status) and that of the other causes
    // are two decisions: validation answered 200 beside a 404 and a 402, as some servers do.
    const mixed = await startReferenceServer({ rateLimit: 0, personality: 'alternate', ambiguities: { 'business-error-http-status': 'http-200' } });
    opened.push(mixed);
    expect((await call(mixed, '/agendas/add', { body: {} })).status).toBe(200);
    expect((await call(mixed, '/agendas/get_contacts', { body: { list_key: 'lk_nope' } })).status).toBe(404);
    expect((await call(mixed, '/sms/send', { key: await emptySubaccount(mixed), body: SMS })).status).toBe(402);
  },

  // 7.1: invalid_parameters by default; a code per field for the alternate.
  'unnamed-codes': async () => {
    const p = await pair();
    const r = await both(p, '/wallet/contact/add', { body: { wallet_key: 'wk_x', phone: '123', customer_name: 'Ana', usertool_id: 1 } });
    expect(r.def.body.code).toBe('invalid_parameters');
    expect(r.alt.body.code).toBe('validation_phone');
  },

  // 7: table order by default; the reverse for the alternate.
  'check-order': async () => {
    const p = await pair();
    const rename = await both(p, '/agendas/change_name', { body: {} });
    expect([rename.def.body.code, rename.alt.body.code]).toEqual(['change_name_02', 'change_name_03']);
    const report = await both(p, '/reports/generate', { body: {} });
    expect([report.def.body.code, report.alt.body.code]).toEqual(['report_01', 'report_02']);
    // Each rule alone still answers its own code in both (7.4 Codigo 04 for a missing number).
    const number = await both(p, '/v1/sms/send', (s) => ({ method: 'GET', key: null, query: { apikey: s.keys.account, mensaje: 'Hola', numregion: '52' } }));
    expect([number.def.body.Codigo, number.alt.body.Codigo]).toEqual(['04', '04']);
  },

  // 4.15: authenticated success envelope by default; 404 not_found without authentication for the alternate.
  'passing-paths': async () => {
    const p = await pair();
    for (const path of ['/whatsapp/send', '/agenda', '/campaigns']) {
      const anonymous = await both(p, path, { key: null, body: {} });
      expect([anonymous.def.status, anonymous.def.body.code]).toEqual([401, 'auth_01']);
      expect([anonymous.alt.status, anonymous.alt.body.code]).toEqual([404, 'not_found']);
      const keyed = await both(p, path, { body: {} });
      expect([keyed.def.status, keyed.def.body.success]).toEqual([200, true]);
      expect(keyed.alt.status).toBe(404);
    }
  },

  // 4.3 voice_message "only with template k": refused by default, ignored by the alternate.
  'only-with': async () => {
    const p = await pair();
    const r = await both(p, '/voice/send', { body: { numbers: '5512345678', country_code: '52', template: 'a', sandbox: 1, voice_message: 'Hola' } });
    expect(r.def.body.success).toBe(false);
    expect(r.alt.body).toMatchObject({ success: true, code: 'sms_11', total_messages: 1 });
    // Template k without voice_message is refused by both ("k uses voice_message").
    const k = await both(p, '/voice/send', { body: { numbers: '5512345678', country_code: '52', template: 'k', sandbox: 1 } });
    expect([k.def.body.success, k.alt.body.success]).toEqual([false, false]);
  },

  // 4: refused by default; ignored or coerced by the alternate where the document does not say refused.
  'invalid-input': async () => {
    const p = await pair();
    // 4.16 remitente "max 11 alphanumeric" states its bound (schemas/stated-limits.ts): refused by both.
    const sender = {
      def: await v1(p.def, { mensaje: 'Hola', numcelular: '5512345678', numregion: '52', sandbox: '1', remitente: 'ABCDEFGHIJKL' }),
      alt: await v1(p.alt, { mensaje: 'Hola', numcelular: '5512345678', numregion: '52', sandbox: '1', remitente: 'ABCDEFGHIJKL' }),
    };
    expect([sender.def.body.Estatus, sender.alt.body.Estatus]).toEqual(['error', 'error']);
    const language = {
      def: await v1(p.def, { mensaje: 'Hola', numcelular: '5512345678', numregion: '52', sandbox: '1', language: '9' }),
      alt: await v1(p.alt, { mensaje: 'Hola', numcelular: '5512345678', numregion: '52', sandbox: '1', language: '9' }),
    };
    expect([language.def.body.Estatus, language.alt.body.Estatus]).toEqual(['error', 'ok']);
    const tone = await both(p, '/voice/send', { body: { numbers: '5512345678', country_code: '52', template: 'a', sandbox: 1, formal_tone: 'true' } });
    expect([tone.def.body.success, tone.alt.body.success]).toEqual([false, true]);
    const repeats = await both(p, '/sms/send', { body: { numbers: '5512345678,5512345678', message: 'Hola', sandbox: 1 } });
    expect([repeats.def.body.total_messages, repeats.alt.body.total_messages]).toEqual([2, 1]);
    // What the document says is rejected stays rejected: a previous-API parameter of /v2/otp (4.4), a past date (4.2), v1 Codigo 15 (7.4).
    const previous = await both(p, '/v2/otp', { body: { ...OTP, voice: 'true' } });
    expect([previous.def.status, previous.alt.status]).toEqual([400, 400]);
    const past = await both(p, '/sms/send', { body: { ...SMS, date: '2000-01-01 10:00:00' } });
    expect([past.def.body.success, past.alt.body.success]).toEqual([false, false]);
    const batch = await both(p, '/v1/sms/send/multi', (s) => ({
      method: 'GET',
      key: null,
      query: { apikey: s.keys.account, mensaje: 'Hola', numregion: '52', sandbox: '1', numcelular: '5512345678,5512345678' },
    }));
    expect([batch.def.body.Codigo, batch.alt.body.Codigo]).toEqual(['15', '15']);
  },

  // 4.14, 7.2: add_webhook_03 by default; add_webhook_06 (never contacted, never registered) for exotic spellings.
  'host-forms': async () => {
    const p = await pair({ allowLoopbackWebhooks: true });
    for (const url of ['http://[::ffff:10.0.0.1]/hook', 'http://[fec0::1]/hook', 'http://[::127.0.0.1]/hook']) {
      const r = await both(p, '/webhook/add', { body: { url, status: '1' } });
      expect([r.def.body.code, r.alt.body.code], url).toEqual(['add_webhook_03', 'add_webhook_06']);
    }
    // A percent-encoded spelling of a loopback receiver: the default (loopback allowed) checks it
    // with a GET and registers it; the alternate refuses it without a connection.
    const hook = await receiver();
    const encoded = `http://%31%32%37.0.0.1:${hook.port}/hook`;
    const def = await call(p.def, '/webhook/add', { body: { url: encoded, status: '1' } });
    expect(def.body.code).toBe('add_webhook_01');
    const contacted = hook.deliveries.length;
    expect(contacted).toBeGreaterThan(0);
    const alt = await call(p.alt, '/webhook/add', { body: { url: encoded, status: '1' } });
    expect(alt.body.code).toBe('add_webhook_06');
    expect(hook.deliveries.length).toBe(contacted);
    expect((await call(p.alt, '/webhook/get')).body.result).toMatchObject({ url: '' });
    // Plain forms stay add_webhook_03 in both.
    const plain = await both(p, '/webhook/add', { body: { url: 'http://10.0.0.1/hook', status: '1' } });
    expect([plain.def.body.code, plain.alt.body.code]).toEqual(['add_webhook_03', 'add_webhook_03']);
  },

  // 4.5 "restarting an OTP verification": the default clears (the next send is verification_01), the alternate
  // restarts (a new code sent, the number pending: verification_03), both on a number with a record only.
  'legacy-reset-effect': async () => {
    const p = await pair();
    const body = { phone_number: '5512340077', country_code: '52', company: 'Acme', template: 'a' };
    await both(p, '/otp/send', { body });
    const reset = await both(p, '/otp/reset', { body: { phone_number: body.phone_number, country_code: '52' } });
    expect([reset.def.body.success, reset.alt.body.success]).toEqual([true, true]);
    const next = await both(p, '/otp/send', { body });
    expect([next.def.body.code, next.alt.body.code]).toEqual(['verification_01', 'verification_03']);
    const none = await both(p, '/otp/reset', { body: { phone_number: '5512340078', country_code: '52' } });
    expect([none.def.body.code, none.alt.body.code]).toEqual(['validation_04', 'validation_04']);
  },

  // 8: the same bounds in both.
  'size-limits': async () => {
    const p = await pair();
    const over = await both(p, '/agendas/add', { body: { agenda_name: 'Grande', agenda_description: 'x'.repeat(10_001) } });
    expect(over.def.body.success).toBe(false);
    expect(over.alt.body.code).toBe(over.def.body.code);
    const within = await both(p, '/agendas/add', { body: { agenda_name: 'Limite', agenda_description: 'x'.repeat(10_000) } });
    expect([within.def.body.code, within.alt.body.code]).toEqual(['agenda_01', 'agenda_01']);
  },
};

// ---------------------------------------------------------------------------------------------
// Ambiguities whose alternate option (or, under an option that leaves the server free, behaviour) differs.
// ---------------------------------------------------------------------------------------------

/** The ambiguities where both personalities take the same option and behave alike (personality.ts says why). */
const SAME_IN_BOTH: readonly AmbiguityId[] = [
  'server-01-status',
  'otp-status-request-shape',
  'otp-reset-request-shape',
  'sms-flash-parameter-name',
  'sms-shorten-url-count',
  'unnamed-validation-codes',
];

const AMBIGUITY_CASES: Partial<Record<AmbiguityId, () => Promise<void>>> = {
  'auth-error-http-status': async () => {
    const p = await pair();
    const r = await both(p, '/credits/consult', { key: null });
    expect([r.def.status, r.alt.status]).toEqual([401, 200]);
    expect([r.def.body.status, r.alt.body.status]).toEqual([401, 401]);
    expect([r.def.body.code, r.alt.body.code]).toEqual(['auth_01', 'auth_01']);
  },

  'sandbox-daily-limit': async () => {
    const p = await pair();
    const numbers = Array.from({ length: 101 }, (_, i) => `55${String(10_000_000 + i)}`).join(',');
    const r = await both(p, '/sms/send', { body: { numbers, message: 'Hola', sandbox: 1 } });
    expect([r.def.body.success, r.alt.body.success]).toEqual([false, true]);
    expect(r.def.body.code).toBe('sandbox_limit');
  },

  'agendas-delete-success-code': async () => {
    const p = await pair();
    const lists = { def: await createList(p.def, 'Borrar'), alt: await createList(p.alt, 'Borrar') };
    const r = await both(p, '/agendas/delete', (s) => ({ body: { list_key: s === p.def ? lists.def : lists.alt } }));
    expect([r.def.body.code, r.alt.body.code]).toEqual(['delete_01', 'change_name_01']);
  },

  'credits-consult-method': async () => {
    const p = await pair();
    const r = await both(p, '/credits/consult', { method: 'GET' });
    expect([r.def.status, r.alt.status]).toEqual([405, 200]);
    expect(r.alt.body.code).toBe('credit_01');
  },

  'response-language': async () => {
    const p = await pair();
    const r = {
      def: await v1(p.def, { numcelular: '5512345678', numregion: '52', language: 'en' }),
      alt: await v1(p.alt, { numcelular: '5512345678', numregion: '52', language: 'en' }),
    };
    expect([r.def.body.Codigo, r.alt.body.Codigo]).toEqual(['02', '02']);
    expect(r.def.body.mensaje).toBe('The message is missing');
    expect(r.alt.body.mensaje).toBe('Falta el mensaje');
  },

  'webhook-status-success-values': async () => {
    const p = await pair({ allowLoopbackWebhooks: true });
    const hook = await receiver();
    await both(p, '/webhook/add', { body: { url: hook.url, status: '1' } });
    const r = await both(p, '/webhook/status', { body: { status: '0' } });
    expect([r.def.body.code, r.alt.body.code]).toEqual(['status_webhook_01', 'add_webhook_01']);
  },

  'subaccount-credits-manage-success-message': async () => {
    const p = await pair();
    await emptySubaccount(p.def);
    await emptySubaccount(p.alt);
    const r = await both(p, '/manager/subaccount/credits/manage', (s) => ({
      key: s.keys.manager,
      body: { email: 'empty@reference.test', type: 1, credits: 5 },
    }));
    expect([r.def.body.code, r.alt.body.code]).toEqual(['subaccount_01', 'subaccount_01']);
    expect([r.def.body.message, r.alt.body.message]).toEqual(['credits_updated', 'subaccount_archived']);
  },

  // Option pending (asserted) against record-only: the behaviour is pending in both.
  'otp-state-after-verified-restart': async () => {
    const p = await pair();
    for (const s of [p.def, p.alt]) {
      const code = String((await call(s, '/v2/otp', { body: OTP })).body.code);
      expect((await call(s, '/v2/otp/verify', { body: { phone_number: OTP.phone_number, country_code: '52', code } })).status).toBe(200);
      const again = await call(s, '/v2/otp', { body: OTP });
      expect([again.status, again.body.action, again.body.state]).toEqual([201, 'restarted', 'pending']);
    }
  },

  // Either way the right code after the 7 wrong ones is an 8th attempt and does not verify (3.1, 8).
  'otp-v2-lock-point': async () => {
    const p = await pair();
    const seventh: number[] = [];
    const eighth: unknown[] = [];
    for (const s of [p.def, p.alt]) {
      const code = String((await call(s, '/v2/otp', { body: OTP })).body.code);
      const wrong = code === '000000' ? '111111' : '000000';
      let status = 0;
      for (let i = 0; i < 7; i++)
        status = (await call(s, '/v2/otp/verify', { body: { phone_number: OTP.phone_number, country_code: '52', code: wrong } })).status;
      seventh.push(status);
      const right = await call(s, '/v2/otp/verify', { body: { phone_number: OTP.phone_number, country_code: '52', code } });
      eighth.push([right.status, right.body.state]);
    }
    expect(seventh).toEqual([429, 401]);
    expect(eighth).toEqual([
      [429, 'locked'],
      [429, 'locked'],
    ]);
  },

  'otp-delete-request-shape': async () => {
    const p = await pair();
    for (const s of [p.def, p.alt]) await call(s, '/v2/otp', { body: OTP });
    const byBody = await both(p, '/v2/otp', { method: 'DELETE', body: { phone_number: OTP.phone_number, country_code: '52' } });
    expect([byBody.def.status, byBody.alt.status]).toEqual([200, 400]);
    const byQuery = await both(p, '/v2/otp', { method: 'DELETE', query: { phone_number: OTP.phone_number, country_code: '52' } });
    expect([byQuery.def.body.state, byQuery.alt.body.state]).toEqual(['none', 'none']);
  },

  // Option conventional (asserted) against record-only: the conventional slugs in both.
  'otp-verify-error-slugs': async () => {
    const p = await pair();
    const r = await both(p, '/v2/otp/verify', { body: { phone_number: '5512345678', country_code: '52', code: '123456' } });
    expect([r.def.body.error, r.alt.body.error]).toEqual(['otp_not_found', 'otp_not_found']);
  },

  'contactlist-find-paging': async () => {
    const p = await pair();
    for (const s of [p.def, p.alt]) for (const name of ['Uno', 'Dos', 'Tres']) await createList(s, name);
    const r = await both(p, '/contactlist/find', { method: 'GET', query: { limit: '1', page: '2' } });
    expect([r.def.body.page, r.def.body.limit]).toEqual([2, 1]);
    expect([r.alt.body.page, r.alt.body.limit]).toEqual([1, 20]);
  },

  'show-campaign-id-placement': async () => {
    const p = await pair();
    const inBody = await both(p, '/sms/send', { body: { ...SMS, sandbox: 1, showCampaignId: true } });
    expect(inBody.def.body).toHaveProperty('campaignId');
    expect(inBody.alt.body).not.toHaveProperty('campaignId');
    const inQuery = await both(p, '/sms/send', { body: { ...SMS, sandbox: 1 }, query: { showCampaignId: 'true' } });
    expect(inQuery.def.body).toHaveProperty('campaignId');
    expect(inQuery.alt.body).toHaveProperty('campaignId');
  },

  // With webhook-delivery-method and webhook-head-check: one receiver per server sees what each does.
  'sandbox-sends-emit-events': async () => {
    const p = await pair({ allowLoopbackWebhooks: true });
    const seen: Record<'def' | 'alt', Delivery[]> = { def: [], alt: [] };
    for (const [name, s] of [
      ['def', p.def],
      ['alt', p.alt],
    ] as const) {
      const hook = await receiver();
      seen[name] = hook.deliveries;
      await call(s, '/webhook/add', { body: { url: hook.url, status: '1' } });
      const sandbox = referencesOf(await call(s, '/sms/send', { body: { ...SMS, sandbox: 1 } }))[0]!.reference;
      const real = referencesOf(await call(s, '/sms/send', { body: SMS }))[0]!.reference;
      await until(() => eventsOf(hook.deliveries).some((d) => eventField(d, 'reference') === real));
      if (name === 'alt') await until(() => eventsOf(hook.deliveries).some((d) => eventField(d, 'reference') === sandbox));
      const references = eventsOf(hook.deliveries).map((d) => eventField(d, 'reference'));
      expect(references.includes(sandbox), name).toBe(name === 'alt');
    }
    // webhook-delivery-method: POST form-urlencoded by default, GET for the alternate.
    expect(eventsOf(seen.def).every((d) => d.method === 'POST')).toBe(true);
    expect(eventsOf(seen.alt).every((d) => d.method === 'GET')).toBe(true);
    // webhook-head-check: a HEAD before the first delivery only, or before each.
    expect(seen.def.filter((d) => d.method === 'HEAD')).toHaveLength(1);
    expect(seen.alt.filter((d) => d.method === 'HEAD')).toHaveLength(eventsOf(seen.alt).length);
  },

  'rate-limit-http-status': async () => {
    const p = await pair({ rateLimit: 2 });
    const statuses: { http: number; body: unknown }[][] = [];
    for (const s of [p.def, p.alt]) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => call(s, '/credits/consult')));
      statuses.push(answers.filter((a) => a.body.code === 'rate_01').map((a) => ({ http: a.status, body: a.body.status })));
    }
    expect(statuses[0]!.length).toBeGreaterThan(0);
    expect(statuses[1]!.length).toBeGreaterThan(0);
    expect(statuses[0]!.every((s) => s.http === 429 && s.body === 429)).toBe(true);
    expect(statuses[1]!.every((s) => s.http === 200 && s.body === 429)).toBe(true);
  },

  'paired-code-order': async () => {
    const p = await pair();
    const r = await both(p, '/webhook/add', { body: { url: 'not a url', status: '1' } });
    expect([r.def.body.code, r.alt.body.code]).toEqual(['add_webhook_03', 'add_webhook_02']);
    const missing = await both(p, '/webhook/add', { body: { status: '1' } });
    expect([missing.def.body.code, missing.alt.body.code]).toEqual(['add_webhook_02', 'add_webhook_02']);
  },

  'otp-legacy-expired-send-code': async () => {
    const p = await pair({ testClock: true });
    const send = { phone_number: '5512345678', country_code: '52', company: 'ACME', template: 'a' };
    await both(p, '/otp/send', { body: send });
    // Past the 24 h default expiry, within the hour an expired record is kept (otp-v2-engine.ts RETENTION_MS).
    await advance(p.def, 24 * 3600 + 60);
    await advance(p.alt, 24 * 3600 + 60);
    const r = await both(p, '/otp/send', { body: send });
    expect([r.def.body.code, r.alt.body.code]).toEqual(['verification_25', 'verification_02']);
  },

  'otp-legacy-send-success-message': async () => {
    const p = await pair();
    const r = await both(p, '/otp/send', { body: { phone_number: '5512345678', country_code: '52', company: 'ACME', template: 'a' } });
    expect([r.def.body.code, r.alt.body.code]).toEqual(['verification_01', 'verification_01']);
    expect(r.def.body.message).toBe('code_successfully_generated');
    expect(r.alt.body.message).toBe('Codigo generado correctamente');
  },

  'otp-legacy-template-required': async () => {
    const p = await pair();
    const r = await both(p, '/otp/send', { body: { phone_number: '5512345678', country_code: '52', company: 'ACME' } });
    expect([r.def.body.success, r.alt.body.success]).toEqual([true, false]);
  },

  // record-only in both: any action by default, a fixed set for the alternate.
  'contacts-polling-action': async () => {
    const p = await pair();
    const lists = { def: await createList(p.def, 'Sondeo'), alt: await createList(p.alt, 'Sondeo') };
    const key = (s: RunningReferenceServer) => (s === p.def ? lists.def : lists.alt);
    const ids: Record<string, unknown> = {};
    for (const s of [p.def, p.alt])
      ids[s.baseUrl] = ((await call(s, '/contacts/add', { body: { list_key: key(s), number: '5512345678', name: 'Ana' } })).body.callback as { id: number }).id;
    const update = await both(p, '/contacts/polling/update', (s) => ({ body: { list_key: key(s), contact_id: ids[s.baseUrl] } }));
    expect([update.def.body.code, update.alt.body.code]).toEqual(['sms_11', 'sms_11']);
    const other = await both(p, '/contacts/polling/changes', (s) => ({ body: { list_key: key(s), contact_id: ids[s.baseUrl] } }));
    expect([other.def.body.success, other.alt.body.success]).toEqual([true, false]);
  },

  // any-array in both: the contacts in result by default, in contacts for the alternate.
  'agendas-get-contacts-field': async () => {
    const p = await pair();
    const lists = { def: await createList(p.def, 'Campo'), alt: await createList(p.alt, 'Campo') };
    const key = (s: RunningReferenceServer) => (s === p.def ? lists.def : lists.alt);
    await both(p, '/contacts/add', (s) => ({ body: { list_key: key(s), number: '5512345678', name: 'Ana' } }));
    const r = await both(p, '/agendas/get_contacts', (s) => ({ body: { list_key: key(s) } }));
    expect(r.def.body.result).toHaveLength(1);
    expect(r.alt.body).not.toHaveProperty('result');
    expect(r.alt.body.contacts).toHaveLength(1);
  },

  'loyalty-add-contact-success-code': async () => {
    const p = await pair();
    const codes: unknown[] = [];
    for (const s of [p.def, p.alt]) {
      const employee = await call(s, '/employee/add', {
        body: { type: 'cajero', employee_name: 'Eva', business_name: 'Centro', number: '5512345678', password: 'clave-1' },
      });
      const card = ((await call(s, '/loyalty/get')).body.result as { loyalty_key: string }[])[0]!.loyalty_key;
      const added = await call(s, '/loyalty/contact/add', {
        body: { loyalty_key: card, phone: '5598765432', customer_name: 'Ana', usertool_id: employee.body.collaboratorId },
      });
      codes.push(added.body.code);
    }
    expect(codes).toEqual(['loyalty_sale_01', 'loyalty_contact_add_01']);
  },

  'sms-accented-text': async () => {
    const p = await pair();
    const r = await both(p, '/sms/send', { body: { numbers: '5512345678', message: 'Canción', sandbox: 1 } });
    expect([r.def.body.success, r.alt.body.success]).toEqual([true, false]);
  },
};

// business-error-http-status is the mechanism of latitude unstated-error-status; webhook-delivery-method
// and webhook-head-check are shown with sandbox-sends-emit-events (one receiver per server).
const SHOWN_WITH: Partial<Record<AmbiguityId, LatitudeId | AmbiguityId>> = {
  'business-error-http-status': 'unstated-error-status',
  'webhook-delivery-method': 'sandbox-sends-emit-events',
  'webhook-head-check': 'sandbox-sends-emit-events',
};

describe('reference personalities (schemas/latitudes.ts, reference/personality.ts)', () => {
  describe('latitudes: the default and the alternate choice', () => {
    for (const id of LATITUDE_IDS) it(id, LATITUDE_CASES[id], 20_000);
  });

  describe('ambiguities: the default and the alternate option', () => {
    for (const [id, run] of Object.entries(AMBIGUITY_CASES)) it(id, run, 20_000);

    it('has a case for every ambiguity whose option differs between the personalities', () => {
      const alternate = personalityChoices('alternate');
      const differing = AMBIGUITY_IDS.filter((id) => alternate[id] !== DEFAULT_AMBIGUITY_CHOICES[id]);
      const uncovered = differing.filter((id) => !AMBIGUITY_CASES[id] && !SHOWN_WITH[id]);
      expect(uncovered).toEqual([]);
      // and the ones left alike are named, with their reason in personality.ts
      expect(AMBIGUITY_IDS.filter((id) => alternate[id] === DEFAULT_AMBIGUITY_CHOICES[id] && !AMBIGUITY_CASES[id]).sort()).toEqual([...SAME_IN_BOTH].sort());
    });
  });

  describe('mutants bite under the alternate personality too (reference/mutants.ts)', () => {
    it('a fault placed where an alternate branch decides still applies', async () => {
      const start = (mutant: ReferenceServerOptionsInput['mutant']) =>
        startReferenceServer({ personality: 'alternate', rateLimit: 0, ...(mutant ? { mutant } : {}) });
      const cases: [ReferenceServerOptionsInput['mutant'], (s: RunningReferenceServer) => Promise<void>][] = [
        ['agendas-missing-key-err01', async (s) => expect((await call(s, '/agendas/get_contacts', { body: {} })).body.code).toBe('err_01')],
        [
          'reports-missing-end-01',
          async (s) => expect((await call(s, '/reports/generate', { body: { start_date: '2026-01-01' } })).body.code).toBe('report_01'),
        ],
        ['envelope-no-request-id-on-errors', async (s) => expect((await call(s, '/agendas/add', { body: {} })).body).not.toHaveProperty('request_id')],
        ['envelope-error-success-missing', async (s) => expect((await call(s, '/agendas/add', { body: {} })).body).not.toHaveProperty('success')],
        ['auth-error-no-status', async (s) => expect((await call(s, '/credits/consult', { key: null })).body).not.toHaveProperty('status')],
        ['v1-short-number-07', async (s) => expect((await v1(s, { mensaje: 'Hola', numcelular: '12345', numregion: '52' })).body.Codigo).toBe('07')],
        [
          'sms-campaign-id-ignored',
          async (s) =>
            expect((await call(s, '/sms/send', { body: { ...SMS, sandbox: 1 }, query: { showCampaignId: 'true' } })).body).not.toHaveProperty('campaignId'),
        ],
        [
          'host-ipv4-mapped-accepted',
          async (s) =>
            expect((await call(s, '/webhook/add', { body: { url: 'http://[::ffff:10.0.0.1]/hook', status: '1' } })).body.code).toBe('add_webhook_01'),
        ],
      ];
      for (const [mutant, check] of cases) {
        const s = await start(mutant);
        const plain = await start(undefined);
        try {
          await check(s);
          // and the same check fails on the alternate personality without the fault
          await expect(check(plain), String(mutant)).rejects.toThrow();
        } finally {
          await s.close();
          await plain.close();
        }
      }
    });
  });
});
