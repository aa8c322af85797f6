/**
 * 4.3 Voice: POST /voice/send, the send result of 2.2 (sms_11, one reference per recipient with its
 * country code), the credits a call that is not sandbox consumes, the required fields, country code
 * always 52 (on POST and GET) and the sandbox flag (enum 0,1). Validations run in sandbox (sandbox=1
 * charges nothing); charging needs real-delivery. GET /voice/send is in get.test.ts.
 */
import { describe, expect } from 'vitest';
import { expectRefused, judge, req, useTarget } from '../../harness/kit/index.ts';
import { expectBalanceDroppedBy, expectSent, phones, withCountryCode } from '../support/sending-helpers.ts';
import { voiceBody, voiceSends } from '../support/voice-sends.ts';

const t = useTarget();

const { send, sendRefused } = voiceSends(t);

describe('POST /voice/send (4.3, 2.2)', () => {
  req(
    ['op:voice/send', 'rule:sms.references-per-recipient', 'rule:sms.total-messages', 'rule:sandbox.no-charge'],
    'two recipients in sandbox: sms_11, one reference per recipient with country code, nothing charged',
    async () => {
      const numbers = phones(t, 2);
      const before = await t.credits();
      expectSent(await send(voiceBody(numbers, 'a', { formal_tone: true })), 'voice/send', numbers.map(withCountryCode));
      const after = await t.credits();
      judge('rule:sandbox.no-charge', 'nothing charged (4.3)', () => expect(after, 'sandbox=1 charges nothing (4.3)').toBeCloseTo(before, 2));
    },
  );

  req(['op:voice/send', 'rule:sms.charges-credits'], 'a call that is not sandbox: the balance drops by the credit the answer reports', async () => {
    const number = t.deliverableNumber();
    const before = await t.credits();
    const { sandbox: _sandbox, ...body } = voiceBody([number]);
    const sent = expectSent(await send(body), 'voice/send', [withCountryCode(number)]);
    judge('rule:sms.charges-credits', 'a call consumes credits (1, 2.2)', () => expect(sent.credit, 'a call consumes credits (1, 2.2)').toBeGreaterThan(0));
    await expectBalanceDroppedBy(t, before, sent.credit);
  });

  req(['op:voice/send'], 'required fields: numbers, country_code and template', async () => {
    const valid = voiceBody([t.phone()]);
    for (const missing of ['numbers', 'country_code', 'template'] as const) {
      const { [missing]: _dropped, ...rest } = valid;
      expectRefused('op:voice/send', await sendRefused(rest), 'voice/send');
    }
  });

  // 4.3 country_code "always 52" states the only value (stated-limits.ts): another is refused.
  req(['limit:voice-country-code'], 'country_code is always 52: 52 accepted, 1 and 521 refused (POST and GET, sandbox, nothing charged)', async () => {
    const before = await t.credits();
    const number = t.phone();
    expectSent(await send(voiceBody([number])), 'voice/send', [withCountryCode(number)]);
    for (const country_code of ['1', '521']) {
      expectRefused('limit:voice-country-code', await sendRefused(voiceBody([t.phone()], 'a', { country_code })), 'voice/send', `country_code ${country_code}`);
      expectRefused(
        'limit:voice-country-code',
        await t.api('voice/send-via-get', { query: { numbers: t.phone(), country_code, template: 'a', sandbox: '1' }, expectsRefusal: true }),
        'voice/send-via-get',
        `country_code ${country_code}`,
      );
    }
    const after = await t.credits();
    judge('limit:voice-country-code', 'refusals charge nothing (4.3)', () => expect(after, 'refusals charge nothing').toBeCloseTo(before, 2));
  });

  // 4.3 sandbox "enum 0,1": sandbox=2 read as "not sandbox" would call and charge, so it is sent from
  // an account without credits, where no reading of it can charge anything, and to a number that may
  // really receive it (the profile's own, 5.2), should a target call it anyway.
  req(
    ['limit:voice-sandbox-flag', 'rule:sandbox.no-charge'],
    'sandbox=1 is accepted; sandbox=2 is refused and charges nothing (an account without credits)',
    async () => {
      const poor = await t.newSubaccount(0);
      const number = t.phone();
      expectSent(await t.api('voice/send', { key: poor.key, json: voiceBody([number]) }), 'voice/send', [withCountryCode(number)]);
      expectRefused(
        'limit:voice-sandbox-flag',
        await t.api('voice/send', { key: poor.key, json: voiceBody([t.deliverableNumber()], 'a', { sandbox: 2 }) }),
        'voice/send',
        'sandbox 2',
      );
      const after = await t.credits(poor.key);
      judge('rule:sandbox.no-charge', 'nothing charged (4.3)', () => expect(after, 'nothing was charged').toBe(0));
    },
    { needs: ['manager-key'] },
  );
});
