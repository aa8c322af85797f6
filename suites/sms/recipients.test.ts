/**
 * 4.2 the recipients of POST /sms/send: national numbers of 10 digits, find_country_code=1 for
 * numbers with the country code 52, and scheduled sends (4.2 date: a future date in Mexico City time,
 * refused in the past or in another format, and not charged). The recipients are validated in sandbox
 * (4.2 sandbox=1 charges nothing); a scheduled send is not shown in sandbox and needs real-delivery.
 */
import { describe, expect } from 'vitest';
import { expectRefused, judge, req, useTarget } from '../../harness/kit/index.ts';
import { expectSent, mexicoDateTime, phones, plainText, withCountryCode } from '../support/sending-helpers.ts';
import { smsSends } from '../support/sms-sends.ts';

const t = useTarget();

const { sandboxSms, send, sendRefused, sentWith } = smsSends(t);

describe('recipients (4.2)', () => {
  req(
    ['rule:sms.national-numbers'],
    'national numbers have 10 digits: 10 accepted; 9, 11 and non-digit numbers are refused, alone or among valid ones',
    async () => {
      const good = t.phone();
      await sentWith({});
      for (const bad of [good.slice(1), `${good}1`, `${good.slice(0, 9)}x`]) {
        expectRefused('rule:sms.national-numbers', await sendRefused(sandboxSms([bad])), 'sms/send');
        expectRefused('rule:sms.national-numbers', await sendRefused(sandboxSms([t.phone(), bad])), 'sms/send');
      }
    },
  );

  req(
    ['rule:sms.find-country-code', 'rule:sms.references-per-recipient'],
    'find_country_code=1: 12-digit numbers with 52 accepted; a 10-digit one refused; without it a 12-digit one refused',
    async () => {
      const full = phones(t, 2).map(withCountryCode);
      expectSent(await send(sandboxSms(full, { find_country_code: 1 })), 'sms/send', full);
      expectRefused('rule:sms.find-country-code', await sendRefused(sandboxSms([t.phone()], { find_country_code: 1 })), 'sms/send');
      expectRefused('rule:sms.find-country-code', await sendRefused(sandboxSms([withCountryCode(t.phone())])), 'sms/send');
    },
  );
});

describe('scheduled sends (4.2 date)', () => {
  req(
    ['rule:sms.scheduled-future'],
    'a date one hour ahead in Mexico City time is accepted; one hour ago, or in another format, is refused and not charged',
    async () => {
      const number = t.deliverableNumber();
      const future = await mexicoDateTime(t, 3600);
      // A server reading the wall time as UTC would take this date for five hours ago (UTC-6).
      expectSent(await send({ numbers: number, message: plainText(t, 'later'), date: future }), 'sms/send', [withCountryCode(number)]);
      const before = await t.credits();
      expectRefused(
        'rule:sms.scheduled-future',
        await sendRefused({ numbers: number, message: plainText(t, 'past'), date: await mexicoDateTime(t, -3600) }),
        'sms/send',
      );
      const wrongFormat = (await mexicoDateTime(t, 3600)).replace(/-/g, '/');
      expectRefused('rule:sms.scheduled-future', await sendRefused({ numbers: number, message: plainText(t, 'format'), date: wrongFormat }), 'sms/send');
      const after = await t.credits();
      judge('rule:sms.scheduled-future', 'refused scheduled sends charge nothing (4.2)', () =>
        expect(after, 'refused scheduled sends charge nothing').toBeCloseTo(before, 2),
      );
    },
    { needs: ['real-delivery'] },
  );
});
