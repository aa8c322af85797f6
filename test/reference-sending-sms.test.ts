/**
 * The reference server's SMS sending through HTTP: POST and GET /sms/send (4.2) with the send result
 * of 2.2, the other positions of the ambiguities these sends follow, a short balance (7.2, 7.4) and the
 * sandbox daily limit of 8.
 */
import { describe, expect, it } from 'vitest';
import { formatMexicoDateTime } from '../schemas/formats.ts';
import { type Body, expectCodigo, expectError, expectSuccess, nationalNumbers, references, todayInMexico, useServer, UUID } from './reference-sending-api.ts';

describe('POST /sms/send (4.2, 2.2): what it sends and charges', () => {
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
});

describe('POST /sms/send (4.2, 2.2): what it refuses, and what it says of the text', () => {
  const api = useServer();
  const send = (body: Body) => api.post('/sms/send', body);

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
