/**
 * Sandbox sends (1, 4.2, 4.3): "validates a request and answers like production but delivers
 * nothing and consumes no credits"; sandbox=1 "runs all validations and generates references";
 * "no scheduled sends".
 *
 * Starts first in a run with the other files of suites/sandbox/ (declared in harness/run/suite-schedule.ts).
 */
import { describe, expect } from 'vitest';
import { type Answer, expectRefused, judge, req, useTarget } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { overlaps, sandboxSends } from '../support/sandbox-sends.ts';
import { describeAnswer, expectSent, isSendSuccess, mexicoDateTime, phones, withCountryCode, type Fields } from '../support/sending-helpers.ts';

const t = useTarget();

const SENDER_MAX = limitById('sender-id-length').max!;
const VOICE_MESSAGE_MAX = limitById('voice-message-length').max!;
const { sandboxSms, sendSms } = sandboxSends(t);
/** A sandbox SMS the test expects refused: it spends none of the day's quota (8), so the run's sandbox plan lets it out. */
const sendRefusedSms = (json: Fields): Promise<Answer> => t.api('sms/send', { json, expectsRefusal: true });

const OVERLAP = overlaps(t);

describe('sandbox sends (1, 4.2)', { concurrent: OVERLAP }, () => {
  req(
    ['rule:sandbox.references', 'rule:sandbox.no-charge', 'op:sms/send'],
    'sandbox=1 answers like production: references per recipient, unique across sends; the balance does not move',
    async () => {
      const before = await t.credits();
      const first = phones(t, 2);
      const a = expectSent(await sendSms(sandboxSms(first)), 'sms/send', first.map(withCountryCode));
      const second = phones(t, 2);
      const b = expectSent(await sendSms(sandboxSms(second)), 'sms/send', second.map(withCountryCode));
      const all = [...a.references, ...b.references].map((r) => r.reference);
      judge('rule:sandbox.references', 'references are unique across sandbox sends (4.2, 2.2)', () =>
        expect(new Set(all).size, 'each reference is a unique message id (2.2)').toBe(all.length),
      );
      const after = await t.credits();
      judge('rule:sandbox.no-charge', 'nothing charged (1, 4.2)', () => expect(after, 'sandbox sends consume no credits (1, 4.2)').toBeCloseTo(before, 2));
    },
  );

  req(['rule:sandbox.no-charge', 'op:voice/send'], 'a sandbox voice call consumes no credits (4.3)', async () => {
    const before = await t.credits();
    const number = t.phone();
    expectSent(
      await t.api('voice/send', { json: { numbers: number, country_code: '52', template: 'a', code: '1234', company: 'ACME', sandbox: 1 } }),
      'voice/send',
      [withCountryCode(number)],
    );
    const after = await t.credits();
    judge('rule:sandbox.no-charge', 'nothing charged (4.3)', () => expect(after, 'sandbox=1 charges nothing (4.3)').toBeCloseTo(before, 2));
  });

  // "1 runs all validations" (4.2): sandbox refuses what production refuses. Each case is checked at
  // the level of the rule it breaks: a required field missing, shorten_url "otherwise the request is
  // rejected", and the bounds the field tables state (schemas/stated-limits.ts: 10 digits, sender
  // max 11, 12 digits with find_country_code=1, RCS incompatible with flash, templates a..k,
  // voice_message max 160) are all stated: a sandbox send that accepts one fails.
  req(
    [
      'rule:sandbox.validations-run',
      'rule:sms.shorten-url',
      'rule:sms.national-numbers',
      'limit:sender-id-length',
      'rule:sms.find-country-code',
      'rule:sms.rcs-flash-incompatible',
      'rule:voice.templates',
      'limit:voice-message-length',
    ],
    'sandbox=1 runs all validations: a missing message, shorten_url without a URL, bad numbers, ' +
      'sender, RCS with flash, voice template and voice_message length are refused, and charge nothing',
    async () => {
      const before = await t.credits();
      const good = t.phone();
      const invalid: [string, Fields, string][] = [
        ['no message', { numbers: t.phone(), sandbox: 1 }, 'rule:sandbox.validations-run'],
        ['shorten_url=1 without a URL', sandboxSms([t.phone()], { shorten_url: 1, message: 'sin enlace' }), 'rule:sms.shorten-url'],
        ['9-digit number', sandboxSms([good.slice(1)]), 'rule:sms.national-numbers'],
        [`${SENDER_MAX + 1}-character sender`, sandboxSms([t.phone()], { sender: 'S'.repeat(SENDER_MAX + 1) }), 'limit:sender-id-length'],
        ['find_country_code=1 with a 10-digit number', sandboxSms([t.phone()], { find_country_code: 1 }), 'rule:sms.find-country-code'],
      ];
      if (t.choices['sms-flash-parameter-name'] === 'flash')
        invalid.push(['channel=2 with flash=1', sandboxSms([t.phone()], { channel: 2, flash: 1 }), 'rule:sms.rcs-flash-incompatible']);
      for (const [what, json, requirement] of invalid) {
        const answer = await sendRefusedSms(json);
        judge(requirement, `sandbox validates: ${what} (${requirement})`, () => {
          expect(isSendSuccess(answer), `refused (${describeAnswer(answer)})`).toBe(false);
          expectRefused(requirement, answer, 'sms/send');
        });
      }
      const voice = { numbers: t.phone(), country_code: '52', sandbox: 1 };
      const voiceCases: [string, Fields, string][] = [
        ['voice template z', { ...voice, template: 'z' }, 'rule:voice.templates'],
        [
          `voice_message of ${VOICE_MESSAGE_MAX + 1} characters`,
          { ...voice, template: 'k', voice_message: 'v'.repeat(VOICE_MESSAGE_MAX + 1) },
          'limit:voice-message-length',
        ],
      ];
      for (const [what, json, requirement] of voiceCases) {
        const answer = await t.api('voice/send', { json, expectsRefusal: true });
        judge(requirement, `sandbox validates: ${what} (${requirement})`, () => {
          expect(isSendSuccess(answer), `refused (${describeAnswer(answer)})`).toBe(false);
          expectRefused(requirement, answer, 'voice/send');
        });
      }
      // 1: sandbox "delivers nothing and consumes no credits", a refused sandbox send included.
      const after = await t.credits();
      judge('rule:sandbox.no-charge', 'the refused sandbox sends charge nothing (1, 4.2)', () =>
        expect(after, 'refusals charge nothing').toBeCloseTo(before, 2),
      );
    },
  );

  req(['rule:sandbox.no-scheduled'], 'sandbox=1 with a date in the future is refused (no scheduled sends in sandbox)', async () => {
    const answer = await sendRefusedSms(sandboxSms([t.phone()], { date: await mexicoDateTime(t, 3600) }));
    judge('rule:sandbox.no-scheduled', 'a scheduled sandbox send is not accepted (4.2)', () =>
      expect(isSendSuccess(answer), `a scheduled sandbox send is not accepted (${describeAnswer(answer)})`).toBe(false),
    );
    expectRefused('rule:sandbox.no-scheduled', answer, 'sms/send');
  });
});
