/**
 * expiration_date of both OTP sets, as the reference server decides it against its clock: the
 * current set (4.4: default 24 hours, future, larger than 3 days clamped) and the legacy set (4.5:
 * default 24 h, max 3 days, whose over-long dates are refused). The limits are the document's
 * (schemas/otp-v2-transitions.ts OTP_V2_RULES, schemas/limits.ts otp-legacy-expiry).
 */
import { parseMexicoDateTime } from '../schemas/formats.ts';
import { limitById } from '../schemas/limits.ts';
import { OTP_V2_RULES } from '../schemas/otp-v2-transitions.ts';

const HOUR_MS = 3_600_000;
const LEGACY_EXPIRY_MAX_HOURS = limitById('otp-legacy-expiry').max!;

/**
 * 4.4 expiration_date: default 24 hours; larger than 3 days is clamped. Returns the expiry instant,
 * or undefined when the date is not in the future.
 */
export function resolveOtpExpiry(nowMs: number, requestedMs: number | undefined): number | undefined {
  if (requestedMs === undefined) return nowMs + OTP_V2_RULES.defaultExpiryHours * HOUR_MS;
  if (requestedMs <= nowMs) return undefined;
  return Math.min(requestedMs, nowMs + OTP_V2_RULES.maxExpiryHours * HOUR_MS);
}

/**
 * 4.5 expiration_date: "default 24 h, max 3 days". The schema checks the format; the maximum is
 * relative to the moment of the request, so it is a function of `nowMs` (undefined: no problem).
 */
export function legacyExpirationProblem(text: string, nowMs: number): string | undefined {
  const at = parseMexicoDateTime(text);
  if (at === undefined) return 'format YYYY-MM-DD HH:mm:ss';
  return at - nowMs > LEGACY_EXPIRY_MAX_HOURS * HOUR_MS ? `more than ${LEGACY_EXPIRY_MAX_HOURS / 24} days ahead` : undefined;
}
