/**
 * The options of every legacy OTP test that calls /otp/send or /otp/resend (4.5), in whichever file
 * of suites/otp-legacy/ it is: legacy OTP sends are never sandbox (4.5 has no sandbox field), so
 * against a target other than the embedded one they are charged.
 */
import type { CapabilityId } from '../../schemas/capabilities.ts';

/** Every test that calls /otp/send or /otp/resend: a charged send outside the embedded target. */
export const SENDS = { needs: ['real-delivery'] as CapabilityId[] };
