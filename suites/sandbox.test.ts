/**
 * Sandbox mode (1, 4.2, 4.3, 8): "validates a request and answers like production but delivers
 * nothing and consumes no credits"; sandbox=1 "runs all validations and generates references";
 * "no scheduled sends"; "limited per day" (8: 100 or 1,000, ambiguity sandbox-daily-limit).
 *
 * Starts first in a run (declared in harness/run/suite-schedule.ts; its wait: untimedWaitSeconds for a sandbox event that may never come).
 */
import { describe, expect } from 'vitest';
import { type Answer, awaitDeliveries, type Delivery, expectRefused, expectSuccess, isEventDelivery, judge, req, useTarget } from '../harness/kit/index.ts';
import { limitById } from '../schemas/limits.ts';
import { withOwnAccount } from './support/webhook-accounts.ts';
import {
  dayOf,
  describeAnswer,
  expectSent,
  isSendSuccess,
  mexicoDateTime,
  phones,
  plainText,
  sandboxSmsBody,
  withCountryCode,
  type Fields,
} from './support/sending-helpers.ts';

const t = useTarget();

const SENDER_MAX = limitById('sender-id-length').max!;
const VOICE_MESSAGE_MAX = limitById('voice-message-length').max!;

const sandboxSms = (numbers: readonly string[], extra: Fields = {}): Fields => sandboxSmsBody(t, 'sbx', numbers, extra);
const sendSms = (json: Fields, key?: string): Promise<Answer> => t.api('sms/send', key === undefined ? { json } : { json, key });
/** A sandbox SMS the test expects refused: it spends none of the day's quota (8), so the run's sandbox plan lets it out. */
const sendRefusedSms = (json: Fields): Promise<Answer> => t.api('sms/send', { json, expectsRefusal: true });

/**
 * With a manager key the three blocks run side by side (each test in an account of its own where it
 * needs one): the sandbox-events test waits for an event that may never come (the document times
 * no event, so the wait is the profile's untimedWaitSeconds), and that wait overlaps the rest of the
 * file (long waits overlap). Without one they run one after the other in the account.
 */
const OVERLAP = t.managerKey !== undefined;

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

describe('sandbox daily limit (8)', { concurrent: OVERLAP }, () => {
  req(
    ['limit:sandbox-daily'],
    'sandbox sends per day: the limit of the profile is accepted, one more is refused (ambiguity sandbox-daily-limit)',
    async () => {
      const limit = Number(t.choices['sandbox-daily-limit']);
      for (let attempt = 1; ; attempt++) {
        // A fresh account: exhausting its quota blocks its sandbox sends for the rest of the day.
        const fresh = await t.newSubaccount(0);
        const day = dayOf(await t.clock.now());
        let refusedAt: number | undefined;
        let refusal: Answer | undefined;
        // One recipient per request, so that counting per request and per recipient agree.
        for (let i = 1; i <= limit + 1 && refusedAt === undefined; i++) {
          const answer = await sendSms(sandboxSms([t.phone()]), fresh.key);
          if (!isSendSuccess(answer)) [refusedAt, refusal] = [i, answer];
        }
        // The quota is per day: a count that crossed midnight (or a virtual clock moved by another
        // suite) proves nothing, and is taken again.
        if (dayOf(await t.clock.now()) !== day && attempt < 3) continue;
        const observed = refusedAt === undefined ? `send ${limit + 1} accepted` : `first refusal at send ${refusedAt} (${describeAnswer(refusal!)})`;
        judge('sandbox-daily-limit', observed, refusedAt === limit + 1);
        judge('limit:sandbox-daily', `sandbox sends 1 to ${limit} are accepted and send ${limit + 1} is refused (8)`, () =>
          expect(refusedAt, `sandbox sends 1 to ${limit} are accepted and send ${limit + 1} is refused: ${observed}`).toBe(limit + 1),
        );
        expectRefused('limit:sandbox-daily', refusal!, 'sms/send');
        return;
      }
    },
    { needs: ['manager-key'], timeout: 180_000 },
  );
});

describe('sandbox events (4.2, 6.3)', { concurrent: OVERLAP }, () => {
  req(
    ['rule:sandbox.events'],
    'whether a sandbox send emits a confirmation (ambiguity sandbox-sends-emit-events)',
    () =>
      withOwnAccount(t, 1, async (key) => {
        const receiver = await t.receiver();
        const hook = receiver.endpoint(t.name('hook'));
        // withOwnAccount deletes the account's webhook afterwards.
        expectSuccess(await t.api('webhooks/add', { key, json: { url: hook.url, status: '1' } }), 'webhooks/add');
        const budgetMs = t.config.profile.timeBudgets.webhookDeliverySeconds * 1000;
        const confirmationOf = (reference: string) => (d: Delivery) =>
          isEventDelivery(d) && d.fields.type === 'confirmation' && d.fields.reference === reference;
        // Control: a send that is not sandbox is confirmed (6.3 "Emitted by: sends"), so the webhook works.
        if (t.has('real-delivery')) {
          const number = t.deliverableNumber();
          const real = expectSent(await sendSms({ numbers: number, message: plainText(t, 'ctl') }, key), 'sms/send', [withCountryCode(number)]);
          await awaitDeliveries(t.clock, hook, confirmationOf(real.references[0]!.reference), {
            seconds: budgetMs / 1000,
            label: 'confirmation of the control send',
          });
        }
        const number = t.phone();
        const sandbox = expectSent(await sendSms(sandboxSms([number]), key), 'sms/send', [withCountryCode(number)]);
        const reference = sandbox.references[0]!.reference;
        // The wait follows the target's clock: with a test clock its budget passes without real waiting.
        const arrived = await awaitDeliveries(t.clock, hook, confirmationOf(reference), { seconds: budgetMs / 1000 }).then(
          () => true,
          () => false,
        );
        const choice = t.choices['sandbox-sends-emit-events'];
        judge(
          'sandbox-sends-emit-events',
          arrived ? 'a confirmation arrived' : `no confirmation within ${budgetMs / 1000} s`,
          choice === 'events' ? arrived : choice === 'no-events' ? !arrived : null,
        );
        // The document is silent (4.2, 6.3): what the target did against the profile's option is recorded.
        if (choice === 'events')
          judge('rule:sandbox.events', 'a sandbox send emits a confirmation (profile)', () =>
            expect(arrived, 'a sandbox send emits a confirmation (profile)').toBe(true),
          );
        if (choice === 'no-events')
          judge('rule:sandbox.events', 'a sandbox send emits no event (profile)', () => expect(arrived, 'a sandbox send emits no event (profile)').toBe(false));
      }),
    { timeout: 120_000 },
  );
});
