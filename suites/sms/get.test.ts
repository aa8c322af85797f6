/**
 * 4.2 GET /sms/send: a single SMS by query parameters, answered with the send result of 2.2 and
 * charged (1, 2.2 credit), and its refusals (sender, national numbers, country code) charging
 * nothing. GET has no sandbox to show this: both tests need the real-delivery capability.
 */
import { describe, expect } from 'vitest';
import { expectRefused, judge, req, useTarget } from '../../harness/kit/index.ts';
import { expectBalanceDroppedBy, expectSent, plainText, withCountryCode } from '../support/sending-helpers.ts';
import { SENDER_MAX } from '../support/sms-sends.ts';

const t = useTarget();

describe('GET /sms/send (4.2)', () => {
  req(
    ['op:sms/send-via-get', 'rule:sms.references-per-recipient', 'rule:sms.charges-credits'],
    'a single SMS by query parameters: the send result of 2.2, charged',
    async () => {
      const before = await t.credits();
      const number = t.deliverableNumber();
      const answer = await t.api('sms/send-via-get', { query: { numbers: number, message: plainText(t, 'get'), country_code: '52' } });
      const body = expectSent(answer, 'sms/send-via-get', [withCountryCode(number)]);
      judge('rule:sms.charges-credits', 'a delivered send consumes credits (1, 2.2)', () =>
        expect(body.credit, 'a delivered send consumes credits (1, 2.2)').toBeGreaterThan(0),
      );
      await expectBalanceDroppedBy(t, before, body.credit);
    },
    { needs: ['real-delivery'] },
  );

  req(
    ['op:sms/send-via-get', 'limit:sender-id-length', 'rule:sms.national-numbers', 'limit:sms-country-code'],
    'GET: a 12-character sender, a 9- or 11-digit number or a country code other than 52 is refused and nothing is charged',
    async () => {
      const before = await t.credits();
      const number = t.deliverableNumber();
      expectRefused(
        'limit:sender-id-length',
        await t.api('sms/send-via-get', { query: { numbers: number, message: plainText(t, 'get'), sender: 'S'.repeat(SENDER_MAX + 1) } }),
        'sms/send-via-get',
      );
      expectRefused(
        'rule:sms.national-numbers',
        await t.api('sms/send-via-get', { query: { numbers: number.slice(1), message: plainText(t, 'get') } }),
        'sms/send-via-get',
      );
      expectRefused(
        'rule:sms.national-numbers',
        await t.api('sms/send-via-get', { query: { numbers: `${number}1`, message: plainText(t, 'get') } }),
        'sms/send-via-get',
      );
      expectRefused(
        'limit:sms-country-code',
        await t.api('sms/send-via-get', { query: { numbers: number, message: plainText(t, 'get'), country_code: '1' } }),
        'sms/send-via-get',
      );
      // A refused answer reports no credit, so the balance drops by nothing (1, 2.2 credit: credits consumed).
      const after = await t.credits();
      judge('rule:sms.charges-credits', 'a refused send charges nothing (1, 2.2)', () =>
        expect(after, 'a refused send charges nothing').toBeCloseTo(before, 2),
      );
    },
    { needs: ['real-delivery'] },
  );
});
