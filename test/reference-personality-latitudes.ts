/**
 * The personality self-test's case of every latitude of the register (schemas/latitudes.ts): the
 * same requests to a server of each personality, and the answers differing as the register says.
 * The Record type makes a latitude without a case a compile error.
 */
import { expect } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import type { LatitudeId } from '../schemas/index.ts';
import { advance, both, call, closeAfterTest, createList, emptySubaccount, OTP, pair, receiver, SMS, v1 } from './reference-personality-pairs.ts';

export const LATITUDE_CASES: Record<LatitudeId, () => Promise<void>> = {
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
    closeAfterTest(mixed);
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
