/**
 * 4.4 POST /v2/otp, the channel and the message: the previous API's parameters refused, the three
 * channels, the message's placeholders, GSM-7 and 160 characters after substitution (8), and
 * whatsapp's warning when it ignores company and message.
 */
import { describe, expect } from 'vitest';
import { expectError, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { PREVIOUS_API_PARAMETERS } from '../../schemas/otp-v2.ts';
import { OTP_V2_RULES } from '../../schemas/otp-v2-transitions.ts';
import { OtpDriver } from '../support/otp-v2-driver.ts';
import { messageExpandingTo } from '../support/otp-v2-subject.ts';
import { expectNoVerification, expectOtpRefusal, expectRefusedCreate } from '../support/otp-v2-refusals.ts';

const t = useTarget();
const d = new OtpDriver(t);
/**
 * As in the area's files whose tests wait: concurrent where one test's waits age nothing of another's
 * (real time, a clock per test); the tests here keep their order (describe.sequential).
 */
const CONCURRENT = t.clock.waitsMayOverlap;

const codeLength = limitById('otp-v2-code-length');

describe('3.1 and 4.4: what needs no waiting', { concurrent: CONCURRENT }, () => {
  describe.sequential('4.4 POST /v2/otp: parameters, message and limits', () => {
    req(
      ['rule:otp2.previous-api-rejected', 'err:otp_invalid_param', 'rule:otp2.hint-names-parameter'],
      'parameters of the previous API (voice, whatsapp, template): 400, hint names them',
      async () => {
        const values: Record<(typeof PREVIOUS_API_PARAMETERS)[number], unknown> = { voice: true, whatsapp: true, template: 'Tu codigo es {{code}}' };
        for (const parameter of PREVIOUS_API_PARAMETERS) {
          const s = await d.calls.subject();
          const answer = await d.calls.create(s, { [parameter]: values[parameter] }, true);
          expectOtpRefusal('rule:otp2.previous-api-rejected', answer, 'otp_invalid_param', 'otp-v2/create');
          // 7.3 "hint names it": by its field name is our reading (see above).
          judge('rule:otp2.hint-names-parameter', `7.3: the hint names the previous API's parameter ${parameter}`, () =>
            expect(String(answer.body.hint)).toContain(parameter),
          );
          await expectNoVerification(d, s, `previous API parameter ${parameter}`);
        }
      },
    );

    req(['err:otp_invalid_channel'], 'channel other than sms, whatsapp, voice: 400 otp_invalid_channel', async () => {
      for (const channel of ['telegram', 'email', 'rcs'])
        await expectRefusedCreate('err:otp_invalid_channel', d, await d.calls.subject(), { channel }, 'otp_invalid_channel', `channel=${channel}`);
      for (const channel of ['sms', 'voice']) await d.states.pending(await d.calls.subject(), { channel });
    });

    req(
      ['err:otp_message_invalid', 'limit:otp-v2-message-length', 'rule:otp2.message-checked-at-resend'],
      'message: placeholders, GSM-7, 160 characters after substitution accepted, 161 refused',
      async () => {
        const max = OTP_V2_RULES.maxMessageLength;
        const bad: [string, string][] = [
          ['Your code is {{code}}', 'without {{company}}'],
          ['{{company}} says hello', 'without {{code}}'],
          ['{{company}}: {{code}} ✓', 'non-GSM-7 character'],
          ['{{company}}: {{code}} 😀', 'emoji'],
        ];
        for (const [message, why] of bad)
          await expectRefusedCreate('err:otp_message_invalid', d, await d.calls.subject(), { message }, 'otp_message_invalid', why);
        // 4.4: the rules hold "after substitution": a company outside GSM-7 makes the sent text invalid.
        await expectRefusedCreate(
          'err:otp_message_invalid',
          d,
          await d.calls.subject(),
          { company: 'Caf\u00e9 \u{1F600}' },
          'otp_message_invalid',
          'company with an emoji, substituted into the message',
        );
        // Both sides of 160, with a generated code of the default length and with a 10-character code_custom.
        for (const [fields, length] of [
          [{}, codeLength.default!],
          [{ code_custom: 'Ab12Cd34Ef' }, 10],
          [{ code_length: codeLength.max }, codeLength.max!],
        ] as const) {
          await d.states.pending(await d.calls.subject(), { ...fields, message: messageExpandingTo(max, length) });
          const s = await d.calls.subject();
          const answer = await d.calls.create(s, { ...fields, message: messageExpandingTo(max + 1, length) });
          expectError('err:otp_message_invalid', answer, 'otp_message_invalid', 'otp-v2/create');
          await expectNoVerification(d, s, 'a message of 161 characters once expanded');
        }
      },
    );

    req(['rule:otp2.whatsapp-warning', 'op:otp-v2/create'], 'whatsapp ignores company and message: accepted, warning present', async () => {
      const s = await d.calls.subject();
      const answer = await d.calls.create(s, { channel: 'whatsapp', message: messageExpandingTo(OTP_V2_RULES.maxMessageLength + 40, codeLength.default!) });
      const body = d.states.expectCreated(answer, 'created', 'otp2:none-create');
      judge('rule:otp2.whatsapp-warning', 'warning present (4.4)', () => {
        expect(body.warning, 'warning when whatsapp ignored company/message (4.4)').toBeTypeOf('string');
        expect(body.warning!.length).toBeGreaterThan(0);
      });
      expectSuccess(await d.calls.verify(s, body.code!), 'otp-v2/verify');
    });
  });
});
