/**
 * The reference server's sending operations through HTTP: SMS (4.2), voice (4.3), payment requests
 * (4.13), legacy v1 (4.16, 7.4) and reports (4.12), with the send result of 2.2, the balance of 2.7,
 * the sandbox rules and limits of 8, and every documented error code of these operations that the
 * server can be made to answer (details_04 and v1 Codigo 23 have no trigger: capability-gated).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMexicoDate, formatMexicoDateTime } from '../schemas/formats.ts';
import type { ReferenceServerOptionsInput } from '../reference/options.ts';
import { REPORT_REQUESTS_PER_MINUTE } from '../reference/handlers/reports.ts';
import { startReferenceServer, type ReferenceKeys, type RunningReferenceServer } from '../reference/server.ts';

type Body = Record<string, unknown>;
interface Answer {
  status: number;
  body: Body;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Distinct 10-digit national numbers. */
const nationalNumbers = (count: number, prefix = '55'): string[] => Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(8, '0')}`);

interface Api {
  keys(): ReferenceKeys;
  server(): RunningReferenceServer;
  post(path: string, body: unknown, key?: string | null): Promise<Answer>;
  get(path: string, query: Record<string, string>, key?: string | null): Promise<Answer>;
  /** 2.7: the available balance, converted before arithmetic. */
  credit(key?: string): Promise<number>;
}

/** One reference server for the enclosing describe. */
function useServer(options: ReferenceServerOptionsInput = {}): Api {
  let running: RunningReferenceServer | undefined;
  beforeAll(async () => {
    running = await startReferenceServer({ rateLimit: 0, ...options });
  });
  afterAll(async () => {
    await running?.close();
  });
  const server = (): RunningReferenceServer => {
    if (!running) throw new Error('server not started');
    return running;
  };
  const answer = async (res: Response): Promise<Answer> => ({ status: res.status, body: (await res.json()) as Body });
  const headers = (key: string | null | undefined): Record<string, string> => {
    const k = key === undefined ? server().keys.account : key;
    return k === null ? {} : { apikey: k };
  };
  const api: Api = {
    keys: () => server().keys,
    server,
    async post(path, body, key) {
      const res = await fetch(`${server().baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers(key) },
        body: JSON.stringify(body),
      });
      return answer(res);
    },
    async get(path, query, key) {
      const res = await fetch(`${server().baseUrl}${path}?${new URLSearchParams(query).toString()}`, { headers: headers(key) });
      return answer(res);
    },
    async credit(key) {
      const { body } = await api.post('/credits/consult', undefined, key);
      expect(body.code).toBe('credit_01');
      return Number(body.credit);
    },
  };
  return api;
}

/** 2.1: a success in the envelope with the given code and message. */
function expectSuccess(a: Answer, code: string, message: string): void {
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  expect(a.body).toMatchObject({ success: true, status: 200, code, message });
  expect(a.body.request_id).toMatch(UUID);
}

/** 2.1, 7.1: an error in the envelope, never a 500. */
function expectError(a: Answer, code: string): void {
  expect(a.body, JSON.stringify(a.body)).toMatchObject({ success: false, code });
  expect(typeof a.body.message).toBe('string');
  expect(a.body.request_id).toMatch(UUID);
  expect(a.status).toBeLessThan(500);
}

/** 4.16, 7.4: Estatus=error with Codigo. */
function expectCodigo(a: Answer, codigo: string): void {
  expect(a.body, JSON.stringify(a.body)).toMatchObject({ Estatus: 'error', Codigo: codigo });
  expect(typeof a.body.mensaje).toBe('string');
  expect(a.status).toBe(200);
}

const references = (a: Answer) => a.body.references as { reference: string; number: string }[];
const todayInMexico = () => formatMexicoDate(Date.now());

describe('POST /sms/send (4.2, 2.2)', () => {
  const api = useServer();
  const send = (body: Body) => api.post('/sms/send', body);

  it('sends to every recipient: references with country code, total_messages, credit consumed, balance drops', async () => {
    const before = await api.credit();
    const a = await send({ numbers: '5512345678,5598765432', message: 'Tu pedido ha sido enviado' });
    expectSuccess(a, 'sms_11', 'sent_messages');
    expect(a.body.total_messages).toBe(2);
    expect(references(a).map((r) => r.number)).toEqual(['525512345678', '525598765432']);
    expect(new Set(references(a).map((r) => r.reference)).size).toBe(2);
    expect(a.body.credit).toBe(2);
    expect(a.body).not.toHaveProperty('campaignId');
    expect(await api.credit()).toBe(before - 2);
  });

  it('find_country_code=1 takes 12-digit numbers with the country code', async () => {
    const a = await send({ numbers: '525512345678', message: 'Hola', find_country_code: 1, sandbox: 1 });
    expectSuccess(a, 'sms_11', 'sent_messages');
    expect(references(a)[0]!.number).toBe('525512345678');
  });

  it('showCampaignId=true in the body adds campaignId', async () => {
    const a = await send({ numbers: '5512345678', message: 'Hola', sandbox: 1, showCampaignId: true });
    expect(Number.isInteger(a.body.campaignId)).toBe(true);
  });

  it('sandbox=1 generates references and charges nothing', async () => {
    const before = await api.credit();
    const a = await send({ numbers: '5512345678,5598765432', message: 'Prueba', sandbox: 1 });
    expectSuccess(a, 'sms_11', 'sent_messages');
    expect(references(a)).toHaveLength(2);
    expect(a.body.credit).toBe(0);
    expect(await api.credit()).toBe(before);
  });

  it('accepts what the rules allow: sender of 11, RCS alone, flash alone, one URL to shorten, a future date', async () => {
    const future = formatMexicoDateTime(Date.now() + 3_600_000);
    const bodies: Body[] = [
      { sender: 'A'.repeat(11), sandbox: 1 },
      { channel: 2, sandbox: 1 },
      { flash: 1, sandbox: 1 },
      { shorten_url: 1, message: 'Mira https://example.com/promo', sandbox: 1 },
      { shorten_url: 1, message: 'Sin enlace', url_to_shorten: 'https://example.com', sandbox: 1 },
      { date: future },
    ];
    for (const extra of bodies) expectSuccess(await send({ numbers: '5512345678', message: 'Hola', ...extra }), 'sms_11', 'sent_messages');
  });

  it('refuses what the rules forbid, in the envelope', async () => {
    const past = formatMexicoDateTime(Date.now() - 60_000);
    const future = formatMexicoDateTime(Date.now() + 3_600_000);
    const bodies: Body[] = [
      { numbers: '551234567' },
      { numbers: '55123456789' },
      { numbers: '5512345678', find_country_code: 1 },
      { numbers: '5512345678,' },
      { country_code: '1' },
      { sender: 'A'.repeat(12) },
      { sender: 'MY-BRAND' },
      { date: past },
      { date: '2026-02-30 10:00:00' },
      { date: future, sandbox: 1 },
      { channel: 2, flash: 1 },
      { channel: 3 },
      { shorten_url: 1, message: 'Sin enlace' },
      { shorten_url: 1, message: 'https://a.example https://b.example' },
      { message: 'Hola 😀' },
      { message: '' },
      { numbers: undefined },
      { message: undefined },
    ];
    for (const extra of bodies) {
      const a = await send({ numbers: '5512345678', message: 'Hola', ...extra });
      expectError(a, 'invalid_parameters');
    }
  });

  it('says GSM-7 when a character is outside it', async () => {
    const a = await send({ numbers: '5512345678', message: 'Precio “especial”', sandbox: 1 });
    expectError(a, 'invalid_parameters');
    expect(a.body.message).toMatch(/GSM-7/);
  });

  it('strips accents (sms-accented-text: stripped) and reports the text sent', async () => {
    const a = await send({ numbers: '5512345678', message: 'Código de señal: ÁÉÍÓÚ ü', sandbox: 1 });
    expectSuccess(a, 'sms_11', 'sent_messages');
    const report = await api.post('/reports/generate', { start_date: todayInMexico(), end_date: todayInMexico(), sandbox: 1 });
    const row = (report.body.report as Body[]).find((r) => r.reference === references(a)[0]!.reference);
    expect(row?.message).toBe('Codigo de senal: AEIOU u');
  });

  it('answers malformed bodies in the envelope', async () => {
    expectError(await api.post('/sms/send', [1, 2]), 'invalid_parameters');
    expectError(await api.post('/sms/send', { numbers: 5512345678, message: 7 }), 'invalid_parameters');
    const res = await fetch(`${api.server().baseUrl}/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: api.keys().account },
      body: '{"numbers":',
    });
    const body = (await res.json()) as Body;
    expect(body.success).toBe(false);
    expect(body.request_id).toMatch(UUID);
    expect(res.status).toBeLessThan(500);
  });
});

describe('the other positions of the ambiguities (sms-shorten-url-count, sms-accented-text, response-language)', () => {
  const api = useServer({ ambiguities: { 'sms-shorten-url-count': 'at-least-one', 'sms-accented-text': 'rejected', 'response-language': 'spanish-only' } });
  const send = (body: Body) => api.post('/sms/send', { numbers: '5512345678', sandbox: 1, ...body });

  it('at-least-one: several URLs are all shortened, none is still refused', async () => {
    expectSuccess(await send({ shorten_url: 1, message: 'https://a.example y https://b.example' }), 'sms_11', 'sent_messages');
    expectError(await send({ shorten_url: 1, message: 'Sin enlace' }), 'invalid_parameters');
    expectError(await send({ shorten_url: 1, message: 'https://a.example https://b.example', numbers: '123' }), 'invalid_parameters');
  });

  it('rejected: accented text is refused', async () => {
    const a = await send({ message: 'Código' });
    expectError(a, 'invalid_parameters');
    expect(a.body.message).toMatch(/accents/);
  });

  it('spanish-only: language=en changes nothing', async () => {
    const a = await api.get(
      '/v1/sms/send',
      { apikey: api.keys().account, mensaje: 'Hola', numcelular: '5512345678', numregion: '52', language: 'en', sandbox: '1' },
      null,
    );
    expect(a.body.mensaje).toBe('Mensaje enviado');
  });
});

describe('GET /sms/send (4.2)', () => {
  const api = useServer();

  it('sends a single SMS; showCampaignId=true adds campaignId', async () => {
    const before = await api.credit();
    const a = await api.get('/sms/send', { numbers: '5512345678', message: 'Hola', showCampaignId: 'true' });
    expectSuccess(a, 'sms_11', 'sent_messages');
    expect(a.body.total_messages).toBe(1);
    expect(references(a)[0]!.number).toBe('525512345678');
    expect(Number.isInteger(a.body.campaignId)).toBe(true);
    expect(await api.credit()).toBe(before - 1);
  });

  it('refuses several numbers, a wrong number, a foreign country code, a long sender, non-GSM-7 text', async () => {
    const queries: Record<string, string>[] = [
      { numbers: '5512345678,5598765432' },
      { numbers: '12345' },
      { country_code: '1' },
      { sender: 'A'.repeat(12) },
      { message: '😀' },
    ];
    for (const q of queries) expectError(await api.get('/sms/send', { numbers: '5512345678', message: 'Hola', ...q }), 'invalid_parameters');
  });
});

describe('voice (4.3)', () => {
  const api = useServer();
  const send = (body: Body) => api.post('/voice/send', { numbers: '5512345678', country_code: '52', template: 'a', ...body });

  it('calls every recipient and charges, answering 2.2', async () => {
    const before = await api.credit();
    const a = await send({ numbers: '5512345678,5598765432', company: 'ACME', code: '4821', formal_tone: true });
    expectSuccess(a, 'sms_11', 'sent_messages');
    expect(references(a).map((r) => r.number)).toEqual(['525512345678', '525598765432']);
    expect(a.body.credit).toBe(2);
    expect(await api.credit()).toBe(before - 2);
  });

  it('sandbox=1 charges nothing', async () => {
    const before = await api.credit();
    const a = await send({ sandbox: 1 });
    expect(a.body.credit).toBe(0);
    expect(await api.credit()).toBe(before);
  });

  it('template k reads voice_message of up to 160 characters', async () => {
    expectSuccess(await send({ template: 'k', voice_message: 'x'.repeat(160), sandbox: 1 }), 'sms_11', 'sent_messages');
    expectError(await send({ template: 'k', voice_message: 'x'.repeat(161), sandbox: 1 }), 'invalid_parameters');
  });

  it('refuses voice_message without k, k without it, a country code other than 52, an unknown template, bad numbers', async () => {
    const bodies: Body[] = [
      { voice_message: 'Hola' },
      { template: 'k' },
      { country_code: '53' },
      { country_code: undefined },
      { template: 'l' },
      { numbers: 'abc' },
      { numbers: '5512345678,,5598765432' },
      { sandbox: 2 },
    ];
    for (const b of bodies) expectError(await send({ sandbox: 1, ...b }), 'invalid_parameters');
  });

  it('GET /voice/send takes the same fields as query parameters', async () => {
    const a = await api.get('/voice/send', {
      numbers: '5512345678',
      country_code: '52',
      template: 'b',
      formal_tone: 'true',
      sandbox: '1',
      showCampaignId: 'true',
    });
    expectSuccess(a, 'sms_11', 'sent_messages');
    expect(Number.isInteger(a.body.campaignId)).toBe(true);
    expectError(await api.get('/voice/send', { numbers: '5512345678', country_code: '52', template: 'z' }), 'invalid_parameters');
  });
});

describe('POST /paymentrequest/send (4.13, 8)', () => {
  const api = useServer();
  const valid = { number: '5512345678', country_code: '52', template: 'cobro', message: 'Tu pago esta listo' };
  const send = (body: Body) => api.post('/paymentrequest/send', { ...valid, ...body });

  it('sends one SMS: message=Ok, code sms_11, request_id; one message charged', async () => {
    const before = await api.credit();
    const a = await send({ amount: 350, name: 'Ana', email: 'ana@example.com' });
    expectSuccess(a, 'sms_11', 'Ok');
    expect(await api.credit()).toBe(before - 1);
  });

  it('holds every limit on both sides', async () => {
    const accepted: Body[] = [
      { template: 't'.repeat(40) },
      { message: 'm'.repeat(123) },
      { name: 'n'.repeat(150) },
      { amount: 15 },
      { amount: 110000 },
      { number: '1234567890' },
    ];
    const refused: Body[] = [
      { template: 't'.repeat(41) },
      { message: 'm'.repeat(124) },
      { name: 'n'.repeat(151) },
      { amount: 14.99 },
      { amount: 110000.01 },
      { number: '12345678901' },
      { number: '55-1234' },
      { template: undefined },
      { message: undefined },
      { number: undefined },
      { country_code: undefined },
    ];
    for (const b of accepted) expectSuccess(await send(b), 'sms_11', 'Ok');
    for (const b of refused) expectError(await send(b), 'invalid_parameters');
  });
});

describe('legacy v1 (4.16, 7.4)', () => {
  const api = useServer();
  const single = (q: Record<string, string>, drop: string[] = []) => {
    const query: Record<string, string> = { apikey: api.keys().account, mensaje: 'Hola', numcelular: '5512345678', numregion: '52', ...q };
    for (const k of drop) delete query[k];
    return api.get('/v1/sms/send', query, null);
  };
  const multi = (numcelular: string, q: Record<string, string> = {}) =>
    api.get('/v1/sms/send/multi', { apikey: api.keys().account, mensaje: 'Hola', numcelular, numregion: '52', ...q }, null);

  it('sends one SMS: Estatus=ok, mensaje, referencia; charged, and not in sandbox', async () => {
    const before = await api.credit();
    const a = await single({ remitente: 'A'.repeat(11) });
    expect(a.body).toMatchObject({ Estatus: 'ok', mensaje: 'Mensaje enviado' });
    expect(typeof a.body.referencia).toBe('string');
    expect(await api.credit()).toBe(before - 1);
    const sandboxed = await single({ sandbox: '1' });
    expect(sandboxed.body.Estatus).toBe('ok');
    expect(await api.credit()).toBe(before - 1);
  });

  it('answers each Codigo of the single send, in the order of 7.4', async () => {
    const cases: [string, Record<string, string>, string[]][] = [
      ['01', {}, ['apikey']],
      ['10', { apikey: 'not-a-key' }, []],
      ['02', {}, ['mensaje']],
      ['02', {}, ['mensaje', 'numcelular', 'numregion']],
      ['03', { mensaje: 'x'.repeat(161) }, []],
      ['04', {}, ['numcelular']],
      ['05', { numcelular: '55abc45678' }, []],
      ['06', {}, ['numregion']],
      ['06', { numcelular: '123' }, ['numregion']],
      ['07', { numcelular: '55123456789' }, []],
      ['07', { numcelular: '551234' }, []],
      ['08', { numcelular: '12345' }, []],
      ['99', { remitente: 'A'.repeat(12) }, []],
      ['99', { language: 'fr' }, []],
    ];
    for (const [codigo, q, drop] of cases) expectCodigo(await single(q, drop), codigo);
    expect((await single({ mensaje: 'x'.repeat(160) })).body.Estatus).toBe('ok');
  });

  it('language=en answers English texts; es is the default', async () => {
    expect((await single({ language: 'en' })).body.mensaje).toBe('Message sent');
    expect((await single({ language: 'en' }, ['mensaje'])).body.mensaje).toBe('The message is missing');
    expect((await single({}, ['mensaje'])).body.mensaje).toBe('Falta el mensaje');
  });

  it('multi answers one item per number, with numcelular', async () => {
    const a = await multi('5512345678,5598765432');
    const items = a.body.respuestas as Body[];
    expect(items).toHaveLength(2);
    expect(items.map((i) => i.numcelular)).toEqual(['5512345678', '5598765432']);
    for (const i of items) expect(i).toMatchObject({ Estatus: 'ok', mensaje: 'Mensaje enviado' });
  });

  it('multi takes 500 numbers and refuses 501 (14), repeats (15) and double commas (21)', async () => {
    const five = nationalNumbers(500);
    expect((await multi(five.join(','))).body.respuestas).toHaveLength(500);
    expectCodigo(await multi(nationalNumbers(501).join(',')), '14');
    expectCodigo(await multi('5512345678,5598765432,5512345678'), '15');
    expectCodigo(await multi('5512345678,,5598765432'), '21');
    expectCodigo(await multi('5512345678', { mensaje: 'x'.repeat(161) }), '03');
    expectCodigo(await multi(''), '04');
  });

  it('multi answers an error item for a wrong number and sends the others', async () => {
    const before = await api.credit();
    const items = (await multi('5512345678,12345,55abc45678')).body.respuestas as Body[];
    expect(items[0]).toMatchObject({ Estatus: 'ok', numcelular: '5512345678' });
    expect(items[1]).toMatchObject({ Estatus: 'error', Codigo: '08', numcelular: '12345' });
    expect(items[2]).toMatchObject({ Estatus: 'error', Codigo: '05', numcelular: '55abc45678' });
    expect(await api.credit()).toBe(before - 1);
  });
});

describe('a short balance (7.2 sms_07, 7.4 Codigo 13)', () => {
  const api = useServer({ accountCredits: 0 });

  it('refuses every charged send and still runs sandbox sends', async () => {
    expectError(await api.post('/sms/send', { numbers: '5512345678', message: 'Hola' }), 'sms_07');
    expectError(await api.get('/sms/send', { numbers: '5512345678', message: 'Hola' }), 'sms_07');
    expectError(await api.post('/voice/send', { numbers: '5512345678', country_code: '52', template: 'a' }), 'sms_07');
    expectError(await api.post('/paymentrequest/send', { number: '5512345678', country_code: '52', template: 't', message: 'm' }), 'sms_07');
    const v1 = await api.get('/v1/sms/send', { apikey: api.keys().account, mensaje: 'Hola', numcelular: '5512345678', numregion: '52' }, null);
    expectCodigo(v1, '13');
    expect(v1.body.mensaje).toBe('Credito insuficiente. Credito actual: 0.00');
    expectCodigo(await api.get('/v1/sms/send/multi', { apikey: api.keys().account, mensaje: 'Hola', numcelular: '5512345678', numregion: '52' }, null), '13');
    expectSuccess(await api.post('/sms/send', { numbers: '5512345678', message: 'Hola', sandbox: 1 }), 'sms_11', 'sent_messages');
  });
});

describe('the sandbox daily limit (8, sandbox-daily-limit 100)', () => {
  const api = useServer();

  it('allows 100 sandbox sends a day, then refuses them (sandbox_limit, v1 Codigo 22)', async () => {
    expectSuccess(await api.post('/sms/send', { numbers: nationalNumbers(100).join(','), message: 'Hola', sandbox: 1 }), 'sms_11', 'sent_messages');
    expectError(await api.post('/sms/send', { numbers: '5512345678', message: 'Hola', sandbox: 1 }), 'sandbox_limit');
    expectError(await api.post('/voice/send', { numbers: '5512345678', country_code: '52', template: 'a', sandbox: 1 }), 'sandbox_limit');
    expectCodigo(
      await api.get('/v1/sms/send', { apikey: api.keys().account, mensaje: 'Hola', numcelular: '5512345678', numregion: '52', sandbox: '1' }, null),
      '22',
    );
    // Non-sandbox sends are not limited by it.
    expectSuccess(await api.post('/sms/send', { numbers: '5512345678', message: 'Hola' }), 'sms_11', 'sent_messages');
  });
});

describe('reports (4.12, 2.8, 7.2)', () => {
  const api = useServer({ confirmationDelayMs: 0 });
  const generate = (body: Body) => api.post('/reports/generate', body);
  const details = (body: Body, key?: string) => api.post('/reports/details', body, key);
  const today = todayInMexico();

  it('answers report_01, report_02 (in order) and report_03', async () => {
    expectError(await generate({ end_date: today }), 'report_01');
    expectError(await generate({}), 'report_01');
    expectError(await generate({ start_date: '2026-13-01', end_date: today }), 'report_01');
    expectError(await generate({ start_date: today }), 'report_02');
    expectError(await generate({ start_date: '2026-01-02', end_date: '2026-01-01' }), 'report_03');
    expectError(await generate({ start_date: today, end_date: today, sandbox: 2 }), 'invalid_parameters');
  });

  it('lists a send in the report of its day (Mexico City), sandbox and non-sandbox apart', async () => {
    const sent = references(await api.post('/sms/send', { numbers: '5512345678', message: 'Reporte' }))[0]!.reference;
    const tried = references(await api.post('/sms/send', { numbers: '5512345678', message: 'Reporte', sandbox: 1 }))[0]!.reference;
    const live = await generate({ start_date: today, end_date: today });
    expectSuccess(live, 'report_04', 'report_generated');
    const rows = live.body.report as Body[];
    const row = rows.find((r) => r.reference === sent);
    expect(row).toMatchObject({ number: '525512345678', message: 'Reporte', type: 'sms' });
    for (const field of ['name', 'created_date', 'reference', 'number', 'message', 'sent_date', 'status', 'operator', 'type'])
      expect(typeof row?.[field]).toBe('string');
    expect(String(row?.created_date).slice(0, 10)).toBe(today);
    expect(rows.some((r) => r.reference === tried)).toBe(false);
    const sandboxRows = (await generate({ start_date: today, end_date: today, sandbox: 1 })).body.report as Body[];
    expect(sandboxRows.map((r) => r.reference)).toContain(tried);
    expect(sandboxRows.some((r) => r.reference === sent)).toBe(false);
    const before = (await generate({ start_date: '2020-01-01', end_date: '2020-01-31' })).body.report as Body[];
    expect(before).toEqual([]);
  });

  it('shows a scheduled send with its scheduled date', async () => {
    const date = formatMexicoDateTime(Date.now() + 2 * 3_600_000);
    const ref = references(await api.post('/sms/send', { numbers: '5512345678', message: 'Luego', date }))[0]!.reference;
    const rows = (await generate({ start_date: today, end_date: formatMexicoDate(Date.now() + 86_400_000) })).body.report as Body[];
    expect(rows.find((r) => r.reference === ref)).toMatchObject({ sent_date: date, status: 'pending' });
  });

  it('answers the details of a campaign sent with showCampaignId (details_01)', async () => {
    const a = await api.post('/sms/send', { numbers: '5512345678,5598765432', message: 'Campana', showCampaignId: true });
    const campaignId = a.body.campaignId as number;
    let d: Answer | undefined;
    for (let i = 0; i < 50; i++) {
      d = await details({ campaign_id: campaignId });
      if ((d.body.details as Body | undefined)?.delivered === 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expectSuccess(d!, 'details_01', 'report_generated');
    expect(d!.body.details).toEqual({ effectiveness: 100, totals: 2, delivered: 2, failed: 0, pending: 0, not_charged: 0 });
    expectSuccess(await details({ campaign_id: String(campaignId) }), 'details_01', 'report_generated');
  });

  it('answers a sandbox campaign with sandbox=1 only; nothing of it is charged', async () => {
    const id = (await api.post('/sms/send', { numbers: '5512345678', message: 'Prueba', sandbox: 1, showCampaignId: true })).body.campaignId;
    const d = await details({ campaign_id: id, sandbox: 1 });
    expectSuccess(d, 'details_01', 'report_generated');
    expect(d.body.details).toMatchObject({ totals: 1, not_charged: 1 });
    expectError(await details({ campaign_id: id }), 'details_03');
  });

  it('answers details_02 and details_03', async () => {
    for (const body of [{}, { campaign_id: 'abc' }, { campaign_id: 1.5 }, { campaign_id: null }]) expectError(await details(body), 'details_02');
    expectError(await details({ campaign_id: 999_999_999 }), 'details_03');
    const managers = (await api.post('/sms/send', { numbers: '5512345678', message: 'Otra cuenta', showCampaignId: true }, api.keys().manager)).body.campaignId;
    expectSuccess(await details({ campaign_id: managers }, api.keys().manager), 'details_01', 'report_generated');
    expectError(await details({ campaign_id: managers }), 'details_03');
  });
});

describe('the report request limit (7.2 report_05, 8)', () => {
  const api = useServer();

  it(`answers report_05 past ${REPORT_REQUESTS_PER_MINUTE} requests of an account in a minute, for that account only`, async () => {
    // The limit counts per clock minute: start early in one so that the burst stays within it.
    const msLeft = 60_000 - (Date.now() % 60_000);
    if (msLeft < 10_000) await new Promise((r) => setTimeout(r, msLeft + 50));
    const body = { start_date: '2026-01-01', end_date: '2026-01-01' };
    for (let sent = 0; sent < REPORT_REQUESTS_PER_MINUTE; sent += 100) {
      const answers = await Promise.all(Array.from({ length: Math.min(100, REPORT_REQUESTS_PER_MINUTE - sent) }, () => api.post('/reports/generate', body)));
      for (const a of answers) expect(a.body.code).toBe('report_04');
    }
    expectError(await api.post('/reports/generate', body), 'report_05');
    expectSuccess(await api.post('/reports/generate', body, api.keys().manager), 'report_04', 'report_generated');
  });
});
