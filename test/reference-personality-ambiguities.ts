/**
 * The personality self-test's case of every ambiguity whose alternate option (or, under an option
 * that leaves the server free, behaviour) differs, the ones both personalities take alike, and the
 * ones shown with another case.
 */
import { expect } from 'vitest';
import type { RunningReferenceServer } from '../reference/server.ts';
import type { AmbiguityId, LatitudeId } from '../schemas/index.ts';
import {
  advance,
  both,
  call,
  createList,
  type Delivery,
  emptySubaccount,
  eventField,
  eventsOf,
  OTP,
  pair,
  receiver,
  referencesOf,
  SMS,
  until,
  v1,
} from './reference-personality-pairs.ts';

/** The ambiguities where both personalities take the same option and behave alike (personality.ts says why). */
export const SAME_IN_BOTH: readonly AmbiguityId[] = [
  'server-01-status',
  'otp-status-request-shape',
  'otp-reset-request-shape',
  'sms-flash-parameter-name',
  'sms-shorten-url-count',
  'unnamed-validation-codes',
];

export const AMBIGUITY_CASES: Partial<Record<AmbiguityId, () => Promise<void>>> = {
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
export const SHOWN_WITH: Partial<Record<AmbiguityId, LatitudeId | AmbiguityId>> = {
  'business-error-http-status': 'unstated-error-status',
  'webhook-delivery-method': 'sandbox-sends-emit-events',
  'webhook-head-check': 'sandbox-sends-emit-events',
};
