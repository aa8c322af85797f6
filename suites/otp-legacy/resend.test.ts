/**
 * 4.5 POST /otp/resend: the pending code resent as it is, or a new one with reset_code=true (with
 * code_length and code_type then); voice, and whatsapp's fallback to SMS; and the refusals of its
 * fields (7.2). A resend meets a pending code, which every test asks for
 * (support/otp-legacy-held-numbers.ts).
 *
 * Legacy OTP sends are never sandbox (4.5 has no sandbox field): against a target other than the
 * embedded one they are charged, hence `needs: ['real-delivery']` on every test that sends
 * (support/otp-legacy-sends.ts).
 */
import { describe } from 'vitest';
import { req, useTarget } from '../../harness/kit/index.ts';
import { refusedResend } from '../support/otp-legacy-answers.ts';
import { resendBody, without } from '../support/otp-legacy-flow.ts';
import { heldNumbers } from '../support/otp-legacy-held-numbers.ts';
import { expectResendKeepsCode, expectShapeOnlyOnReset, expectVoiceAndWhatsapp } from '../support/otp-legacy-resends.ts';
import { SENDS } from '../support/otp-legacy-sends.ts';

const t = useTarget();
const { onPendingCode } = heldNumbers(t);

// ---- POST /otp/resend (4.5) ---------------------------------------------------------------------

describe('POST /otp/resend (4.5)', () => {
  req(
    ['op:otp-legacy/resend', 'rule:otp-legacy.resend-keeps-code'],
    'without reset_code and with reset_code=false the same code is resent; reset_code=true sends a new one and only it verifies',
    onPendingCode(async (n) => expectResendKeepsCode(t, await n.pending())),
    SENDS,
  );

  req(
    ['rule:otp-legacy.resend-keeps-code', 'limit:otp-legacy-code-length'],
    'code_length and code_type apply only with reset_code=true',
    onPendingCode(async (n) => expectShapeOnlyOnReset(t, await n.pending(0, { attempts: 0 }))),
    SENDS,
  );

  req(
    ['op:otp-legacy/resend', 'rule:otp-legacy.whatsapp-fallback'],
    'voice=true is accepted; whatsapp=true falls back to SMS (fallback=true) without a WhatsApp instance',
    onPendingCode(async (n) => expectVoiceAndWhatsapp(t, await n.pending(0, { attempts: 0 }))),
    SENDS,
  );

  // A resend meets a pending code (4.5), whichever: these refusals are of a field, not of the state.
  req(
    ['err:verification_12'],
    'a voice value that is not a boolean answers verification_12',
    onPendingCode(async (n) => {
      const { phone, company } = await n.pending(0, { attempts: 0 });
      await refusedResend(t, resendBody(phone, company, { voice: 'call' }), 'verification_12', 'err:verification_12');
    }),
    SENDS,
  );

  req(
    ['err:verification_14'],
    'a reset_code value that is not a boolean answers verification_14',
    onPendingCode(async (n) => {
      const { phone, company } = await n.pending(0, { attempts: 0 });
      await refusedResend(t, resendBody(phone, company, { reset_code: 'again' }), 'verification_14', 'err:verification_14');
    }),
    SENDS,
  );

  req(
    ['err:verification_20', 'err:verification_07'],
    'resend requires company (verification_20) and a 10-digit phone_number (verification_07)',
    onPendingCode(async (n) => {
      const { phone, company } = await n.pending(0, { attempts: 0 });
      await refusedResend(t, without(resendBody(phone, company), 'company'), 'verification_20', 'err:verification_20');
      await refusedResend(t, resendBody(phone.slice(0, 9), company), 'verification_07', 'err:verification_07');
    }),
    SENDS,
  );
});
