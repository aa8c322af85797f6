/**
 * The reference server's other sending operations through HTTP: voice (4.3), payment requests
 * (4.13, 8) and legacy v1 (4.16, 7.4), every documented error code they can be made to answer.
 */
import { describe, expect, it } from 'vitest';
import { type Body, expectCodigo, expectError, expectSuccess, nationalNumbers, references, useServer } from './reference-sending-api.ts';

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
