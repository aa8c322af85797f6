/**
 * 7.2 sms_07 and 8 on POST /sms/send: an account without credits is refused with sms_07 and charged
 * nothing (real-delivery), the sender's length (stated), and what the document does not show, the
 * longest message and the recipients of one request (recorded, not judged). The limits are tried in
 * sandbox (4.2: sandbox=1 charges nothing).
 */
import { describe, expect } from 'vitest';
import { expectError, expectRefused, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { SendResult } from '../../schemas/sms.ts';
import { describeAnswer, expectSent, isSendSuccess, phones, plainText, withCountryCode } from '../support/sending-helpers.ts';
import { SENDER_MAX, smsSends } from '../support/sms-sends.ts';

const t = useTarget();

const { sandboxSms, send, sendRefused, sentWith } = smsSends(t);

describe('insufficient credits (7.2 sms_07)', () => {
  req(
    ['err:sms_07'],
    'an account without credits: sms_07, and the balance stays 0',
    async () => {
      const poor = await t.newSubaccount(0);
      const answer = await t.api('sms/send', { key: poor.key, json: { numbers: t.deliverableNumber(), message: plainText(t, 'poor') } });
      expectError('err:sms_07', answer, 'sms_07', 'sms/send');
      const after = await t.credits(poor.key);
      judge('err:sms_07', 'nothing was charged (7.2)', () => expect(after, 'nothing was charged').toBe(0));
    },
    { needs: ['real-delivery'] },
  );
});

// Last of the area (the order of harness/run/suite-schedule.ts): without a manager key the day's
// sandbox quota of 8 is shared by the run's files, and these record what the document does not show
// (recorded, not judged) for the most sends of the area; the run's sandbox plan
// (harness/kit/sandbox-plan.ts) gives the area's other tests their sends before these.
describe('limits of /sms/send (8)', () => {
  req(
    ['limit:sender-id-length'],
    `sender: ${SENDER_MAX} alphanumeric characters accepted, ${SENDER_MAX + 1} refused, a non-alphanumeric one refused`,
    async () => {
      await sentWith({ sender: 'A1'.repeat(SENDER_MAX).slice(0, SENDER_MAX) });
      expectRefused(
        'limit:sender-id-length',
        await sendRefused(sandboxSms([t.phone()], { sender: 'A1'.repeat(SENDER_MAX).slice(0, SENDER_MAX + 1) })),
        'sms/send',
      );
      expectRefused('limit:sender-id-length', await sendRefused(sandboxSms([t.phone()], { sender: 'MY-BRAND' })), 'sms/send');
    },
  );

  req(['limit:sms-message-length'], 'maximum message length (not shown): 160, 161 and 1,600 characters, outcome recorded', async () => {
    for (const length of [160, 161, 1600]) {
      const message = 'x'.repeat(length);
      const answer = await send(sandboxSms([t.phone()], { message }));
      if (isSendSuccess(answer)) {
        const body = expectSuccess(answer, 'sms/send', SendResult);
        judge('limit:sms-message-length', `message of ${length} characters`, `accepted (total_messages ${body.total_messages}, credit ${body.credit})`);
        // 2.2's rule, stated (fail): in this test of a silence its failure is still the test's one warning (verdict-levels.ts testLevel).
        judge('rule:sms.references-per-recipient', 'one reference per recipient (2.2)', () =>
          expect(body.references, 'one reference per recipient').toHaveLength(1),
        );
      } else {
        expectRefused('rule:envelope.invalid-input-refused', answer, 'sms/send');
        judge('limit:sms-message-length', `message of ${length} characters`, `refused (${describeAnswer(answer)})`);
      }
    }
  });

  req(
    ['limit:recipients-per-request', 'rule:sms.references-per-recipient', 'rule:sms.total-messages'],
    'recipients per request (not shown): 50 recipients in one sandbox request, outcome recorded',
    async () => {
      // A fresh account, so that 50 sandbox sends do not eat the file's daily sandbox quota (8).
      const key = t.has('manager-key') ? (await t.newSubaccount(0)).key : t.key;
      const count = t.has('manager-key') ? 50 : 5;
      const numbers = phones(t, count);
      const answer = await t.api('sms/send', { key, json: sandboxSms(numbers) });
      if (isSendSuccess(answer)) {
        expectSent(answer, 'sms/send', numbers.map(withCountryCode));
        judge('limit:recipients-per-request', `${count} recipients in one request`, 'accepted');
      } else {
        expectRefused('rule:sms.references-per-recipient', answer, 'sms/send');
        judge('limit:recipients-per-request', `${count} recipients in one request`, `refused (${describeAnswer(answer)})`);
      }
    },
  );
});
