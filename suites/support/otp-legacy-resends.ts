/**
 * What POST /otp/resend does with a pending code (4.5): the same code without reset_code or with
 * reset_code=false, a new one with reset_code=true (and then code_length and code_type apply), the
 * same code by voice or by WhatsApp, which falls back to SMS without an active instance (4.5, 2.10).
 * Each starts from a pending code the kit knows; each resend asks for the code (showcode=1).
 */
import { expect } from 'vitest';
import { judge, type Target } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { acceptedVerify, refusedVerify } from './otp-legacy-answers.ts';
import { resendWithCode } from './otp-legacy-flow.ts';

const CODE_LENGTH = limitById('otp-legacy-code-length');

/** A pending code the kit knows: its number, the company it was sent for and the code. */
interface PendingCode {
  phone: string;
  company: string;
  code: string;
}

/**
 * Without reset_code and with reset_code=false the same code is resent; reset_code=true sends a new
 * one, and only the new one verifies. `first`: a pending code the kit knows, however it was reached
 * (a send or a resend with showcode=1).
 */
export async function expectResendKeepsCode(t: Target, first: PendingCode): Promise<void> {
  const { phone, company } = first;
  const kept = await resendWithCode(t, phone, company);
  judge('rule:otp-legacy.resend-keeps-code', 'reset_code absent (default false): the same code (4.5)', () =>
    expect(kept.code, 'reset_code absent (default false): same code').toBe(first.code),
  );
  const keptFalse = await resendWithCode(t, phone, company, { reset_code: false });
  judge('rule:otp-legacy.resend-keeps-code', 'reset_code=false: the same code (4.5)', () =>
    expect(keptFalse.code, 'reset_code=false: same code').toBe(first.code),
  );
  const renewed = await resendWithCode(t, phone, company, { reset_code: true, code_length: CODE_LENGTH.max });
  judge('rule:otp-legacy.resend-keeps-code', 'reset_code=true: a new code (4.5)', () =>
    expect(renewed.code, 'reset_code=true: a new random code').not.toBe(first.code),
  );
  await refusedVerify(t, phone, first.code, 'validation_05', 'rule:otp-legacy.resend-keeps-code');
  await acceptedVerify(t, phone, renewed.code);
}

/** code_length and code_type are ignored without reset_code, and shape the new code with reset_code=true. */
export async function expectShapeOnlyOnReset(t: Target, first: PendingCode): Promise<void> {
  const { phone, company } = first;
  const ignored = await resendWithCode(t, phone, company, { code_length: CODE_LENGTH.max, code_type: 'numeric' });
  judge('rule:otp-legacy.resend-keeps-code', 'without reset_code, code_length and code_type are ignored (4.5)', () =>
    expect(ignored.code, 'without reset_code, code_length and code_type are ignored').toBe(first.code),
  );
  const renewed = await resendWithCode(t, phone, company, { reset_code: true, code_length: CODE_LENGTH.max, code_type: 'numeric' });
  judge('rule:otp-legacy.resend-keeps-code', 'with reset_code=true, code_length and code_type apply (4.5)', () =>
    expect(renewed.code, 'with reset_code=true they apply').toMatch(new RegExp(`^\\d{${CODE_LENGTH.max}}$`)),
  );
}

/** voice=true resends the same code; whatsapp=true too, with fallback=true unless the target has an active WhatsApp instance. */
export async function expectVoiceAndWhatsapp(t: Target, first: PendingCode): Promise<void> {
  const { phone, company } = first;
  const voice = await resendWithCode(t, phone, company, { voice: true });
  // Neither asks for reset_code: the same code is resent, by whichever channel (4.5).
  judge('rule:otp-legacy.resend-keeps-code', 'a voice resend reads the same code (4.5)', () =>
    expect(voice.code, 'a voice resend reads the same code').toBe(first.code),
  );
  const whatsapp = await resendWithCode(t, phone, company, { whatsapp: true });
  judge('rule:otp-legacy.resend-keeps-code', 'a WhatsApp resend sends the same code (4.5)', () => expect(whatsapp.code).toBe(first.code));
  judge('rule:otp-legacy.whatsapp-fallback', 'fallback says whether the WhatsApp resend fell back to SMS (4.5, 2.10)', () =>
    expect(
      whatsapp.body.fallback,
      t.has('whatsapp-instance') ? 'an active WhatsApp instance: no fallback' : 'no WhatsApp instance: fell back to SMS (4.5, 2.10)',
    ).toBe(!t.has('whatsapp-instance')),
  );
}
