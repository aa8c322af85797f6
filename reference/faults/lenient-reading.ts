/**
 * The stated limits of the field tables and of section 8 (schemas/stated-limits.ts), checked for
 * every operation in one place (the request path's one check of a body against its operation's
 * bounds): the one seam every area's faults of a stated limit override, and the lenient readings
 * those faults are made of. Being shared, the seam names every requirement its faults break; each
 * area's file (reference/faults/<area>.ts) states its own faults of it with `readLeniently`.
 */
import { faultOn, point, type Fault } from './seam-point.ts';

/** The seam: the body as the check reads it, before a bound of a field table or of 8 refuses it as it came (7.1). */
export const LENIENT_READING_SEAMS = {
  'request.checked-fields': point<Record<string, unknown>, { operationId: string }>(
    'rule:sms.national-numbers',
    'limit:sms-country-code',
    'limit:sms-flags',
    'limit:sms-channel',
    'rule:sms.rcs-flash-incompatible',
    'rule:sms.shorten-url',
    'rule:voice.templates',
    'limit:voice-country-code',
    'limit:voice-sandbox-flag',
    'limit:voice-message-length',
    'limit:otp-v2-phone-number',
    'limit:otp-v2-code-length',
    'limit:otp-v2-code-custom-length',
    'rule:otp2.country-code',
    'err:otp_invalid_channel',
    'rule:otp-legacy.templates',
    'limit:otp-legacy-showcode',
    'limit:otp-legacy-code-length',
    'err:verification_15',
    'err:verification_07',
    'err:verification_08',
    'limit:v1-sender-length',
    'err:v1-07',
    'limit:contact-number-digits',
    'limit:contact-name-length',
    'limit:contact-email-length',
    'limit:contact-find-country-code',
    'limit:contactlist-query-length',
    'rule:employees.roles',
    'limit:employee-number-digits',
    'limit:employee-password-length',
    'limit:wallet-phone-digits',
    'limit:wallet-transaction-type',
    'limit:loyalty-phone-digits',
    'limit:subaccount-email-length',
    'limit:subaccount-password-length',
    'limit:subaccount-credits-type',
    'rule:subaccounts.credits-integer',
    'limit:reports-sandbox-flag',
    'limit:payment-name-length',
    'limit:payment-number-digits',
    'limit:webhook-status-values',
  ),
} as const;

const fault = faultOn(LENIENT_READING_SEAMS);

export const FLAG_01 = [0, 1] as const;

export type Fields = Record<string, unknown>;

/**
 * A fault of the stated limits (schemas/stated-limits.ts) of some operations: the body as a lenient
 * server reads it before its check (a value cut, clamped or replaced by an accepted one), so that
 * what the document forbids is accepted instead of refused.
 */
export const readLeniently = (operationIds: readonly string[], change: (fields: Fields) => Fields): Fault =>
  fault('request.checked-fields', (fields, c) => (operationIds.includes(c.operationId) ? change(fields) : fields));

/** `field` cut to its first `max` characters. */
export const keepFirst =
  (field: string, max: number) =>
  (f: Fields): Fields => {
    const v = f[field];
    return typeof v === 'string' && v.length > max ? { ...f, [field]: v.slice(0, max) } : f;
  };

/** `field` cut to its last `keep` characters (a number read by its last digits, an email by its end). */
export const keepLast =
  (field: string, keep: number) =>
  (f: Fields): Fields => {
    const v = f[field];
    return typeof v === 'string' && v.length > keep ? { ...f, [field]: v.slice(-keep) } : f;
  };

/** Each of `fields` that is present and not one of `values` (as text) read as `fallback`. */
export const outsideAs =
  (fields: readonly string[], values: readonly (string | number)[], fallback: string | number) =>
  (f: Fields): Fields => {
    const out = { ...f };
    for (const name of fields) if (out[name] !== undefined && !values.some((v) => String(v) === String(out[name]))) out[name] = fallback;
    return out;
  };

/** A number in `field` brought into [min, max] (whole where `integer`). */
export const clamped =
  (field: string, min: number, max: number, integer = false) =>
  (f: Fields): Fields => {
    const v = f[field];
    if (typeof v !== 'number') return f;
    const inRange = Math.min(max, Math.max(min, v));
    return { ...f, [field]: integer ? Math.min(max, Math.max(min, Math.ceil(inRange))) : inRange };
  };
