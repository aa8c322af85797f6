/**
 * The seams and faults of the current OTP (/v2/otp): the state table of 3.1 column by column, its
 * code_custom paragraph, the other rules of 4.4 and the limits of its fields (4.4, 8).
 */
import { limitById } from '../../schemas/limits.ts';
import { clamped, keepFirst, keepLast, outsideAs, readLeniently } from './lenient-reading.ts';
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const OTP_V2_SEAMS = {
  'otp2.pending-expires': point<boolean>('otp2:pending-expires'),
  /** How a create's code_custom compares with the current code: it decides the row of 3.1. */
  'otp2.code-custom-comparison': point<'absent' | 'same' | 'different', { state: string }>('otp2:locked-create-custom-same'),
  /** What the row of 3.1 does to the attempts of the round (fresh attempts, a decrement). */
  'otp2.row-side-effects': point<readonly string[], { row: string }>(
    'otp2:pending-verify-wrong',
    'otp2:locked-create-rotate',
    'otp2:pending-create-custom-same',
  ),
  'otp2.http-status': point<number, { row: string; action: string | undefined }>(
    'otp2:none-create',
    'otp2:verified-create',
    'otp2:expired-verify',
    'otp2:verified-verify',
    'otp2:pending-verify-exhausted',
  ),
  'otp2.action': point<string, { row: string }>('otp2:pending-create-rotate', 'otp2:pending-create-resend'),
  'otp2.throttled-headers': point<Record<string, string> | undefined>('rule:otp2.retry-after'),
  'otp2.delete-invalidates': point<boolean>('otp2:any-delete'),
  'otp2.code-matches': point<boolean, { stored: string | undefined; sent: string }>('rule:otp2.code-custom-case-sensitive'),
  'otp2.requested-expiry': point<number | undefined, { requested: number }>('limit:otp-v2-expiry'),
  'otp2.refuses-past-expiry': point<boolean>('rule:otp2.expiration-future'),
  /** The code the message is checked with at this send: on a resend, the stored one. */
  'otp2.message-checked-code': point<string, { generated: boolean; requestCodeLength: number }>('rule:otp2.message-checked-at-resend'),
  'otp2.message-max-length': point<number>('limit:otp-v2-message-length'),
  'otp2.messages-charged': point<number, { rowCharge: number; action: string | undefined }>('rule:otp2.charging', 'rule:otp2.sandbox-free'),
  'otp2.verify-messages-charged': point<number>('rule:otp2.free-operations'),
  'otp2.status-attempts-used': point<number>('rule:otp2.status-read-only'),
  'otp2.whatsapp-warning': point<boolean>('rule:otp2.whatsapp-warning'),
  'otp2.code-in-response': point<boolean>('rule:otp2.code-in-response'),
  'otp2.failed-send-registers': point<boolean>('rule:otp2.failed-send-registered'),
  'otp2.attempts-per-round': point<number>('limit:otp-v2-attempts'),
  /** Whether a verify after the round's attempts are used up may still verify: never. */
  'otp2.eighth-attempt-verifies': point<boolean, { codeMatches: boolean; state: string }>('limit:otp-v2-attempts'),
  'otp2.resend-cooldown-seconds': point<number>('limit:otp-v2-cooldown'),
} as const;

const fault = faultOn(OTP_V2_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const OTP_V2_MUTANTS = [
  // --- table 3.1: status column
  {
    id: 'otp2-created-200',
    requirement: 'otp2:none-create',
    description: 'a new verification answers HTTP 200 instead of 201',
    fault: fault('otp2.http-status', (status, c) => (c.action === 'created' ? 200 : status)),
  },
  {
    id: 'otp2-verified-restart-200',
    requirement: 'otp2:verified-create',
    description: 'a new cycle on a verified number answers HTTP 200 instead of 201',
    fault: fault('otp2.http-status', (status, c) => (c.row === 'verified-create' ? 200 : status)),
  },
  {
    id: 'otp2-expired-verify-404',
    requirement: 'otp2:expired-verify',
    description: 'verifying an expired code answers 404 instead of 410',
    fault: fault('otp2.http-status', (status, c) => (c.row === 'expired-verify' ? 404 : status)),
  },
  {
    id: 'otp2-verified-verify-200',
    requirement: 'otp2:verified-verify',
    description: 'verifying an already verified number answers 200 instead of 409',
    fault: fault('otp2.http-status', (status, c) => (c.row === 'verified-verify' ? 200 : status)),
  },
  // --- action column
  {
    id: 'otp2-rotate-action-resent',
    requirement: 'otp2:pending-create-rotate',
    description: 'a rotation (code_rotate=true) answers action=resent instead of restarted',
    fault: fault('otp2.action', (action, c) => (c.row.endsWith('-create-rotate') ? 'resent' : action)),
  },
  {
    id: 'otp2-resend-action-created',
    requirement: 'otp2:pending-create-resend',
    description: 'a plain resend answers action=created instead of resent',
    fault: fault('otp2.action', (action, c) => (c.row === 'pending-create-resend' ? 'created' : action)),
  },
  // --- attempts column
  {
    id: 'otp2-attempts-8',
    requirement: 'limit:otp-v2-attempts',
    description: 'a round has 8 attempts instead of 7',
    fault: fault('otp2.attempts-per-round', (attempts) => attempts + 1),
  },
  {
    id: 'otp2-wrong-no-decrement',
    requirement: 'otp2:pending-verify-wrong',
    description: 'a wrong code does not decrement attempts_remaining',
    fault: fault('otp2.row-side-effects', (effects) => effects.filter((e) => e !== 'decrement-attempts')),
  },
  {
    id: 'otp2-rotate-keeps-attempts',
    requirement: 'otp2:locked-create-rotate',
    description: 'a rotation keeps the used-up attempts instead of 7 fresh ones',
    fault: fault('otp2.row-side-effects', (effects, c) => (c.row.endsWith('-create-rotate') ? effects.filter((e) => e !== 'fresh-attempts') : effects)),
  },
  {
    id: 'otp2-exhausted-401',
    requirement: 'otp2:pending-verify-exhausted',
    description: 'the wrong attempt that uses up the round answers 401 instead of 429',
    fault: fault('otp2.http-status', (status, c) => (c.row === 'pending-verify-exhausted' ? 401 : status)),
  },
  {
    id: 'otp2-eighth-attempt-verifies',
    requirement: 'limit:otp-v2-attempts',
    description: "after the round's 7 wrong codes the right code still verifies (an 8th attempt)",
    fault: fault('otp2.eighth-attempt-verifies', (_, c) => c.codeMatches),
  },
  // --- cooldown column
  {
    id: 'otp2-cooldown-29s',
    requirement: 'limit:otp-v2-cooldown',
    description: 'the resend cooldown is 29 seconds instead of 30',
    fault: fault('otp2.resend-cooldown-seconds', (seconds) => seconds - 1),
  },
  {
    id: 'otp2-no-retry-after',
    requirement: 'rule:otp2.retry-after',
    description: 'otp_throttled comes without the Retry-After header',
    fault: fault('otp2.throttled-headers', () => undefined),
  },
  // --- expiry column
  {
    id: 'otp2-expiry-not-enforced',
    requirement: 'otp2:pending-expires',
    description: 'a code past its expiry stays pending (and verifiable)',
    fault: fault('otp2.pending-expires', () => false),
  },
  {
    id: 'otp2-expiry-not-clamped',
    requirement: 'limit:otp-v2-expiry',
    description: 'an expiration_date beyond 3 days is kept instead of clamped',
    fault: fault('otp2.requested-expiry', (expiry, c) => (expiry === undefined ? undefined : c.requested)),
  },
  {
    id: 'otp2-past-expiry-accepted',
    requirement: 'rule:otp2.expiration-future',
    description: 'an expiration_date in the past falls back to the default instead of being refused',
    fault: fault('otp2.refuses-past-expiry', () => false),
  },
  // --- charging column
  {
    id: 'otp2-verify-charges',
    requirement: 'rule:otp2.free-operations',
    description: 'verify charges one message',
    fault: fault('otp2.verify-messages-charged', () => 1),
  },
  {
    id: 'otp2-resend-free',
    requirement: 'rule:otp2.charging',
    description: 'a resend of the same code is not charged',
    fault: fault('otp2.messages-charged', (charged, c) => (c.action === 'resent' ? 0 : charged)),
  },
  {
    id: 'otp2-sandbox-charges',
    requirement: 'rule:otp2.sandbox-free',
    description: 'sandbox=true is charged',
    fault: fault('otp2.messages-charged', (_, c) => c.rowCharge),
  },
  // --- code_custom paragraph
  {
    id: 'otp2-custom-same-resets-attempts',
    requirement: 'otp2:pending-create-custom-same',
    description: 'resending the same code_custom gives 7 fresh attempts',
    fault: fault('otp2.row-side-effects', (effects, c) => (c.row === 'pending-create-custom-same' ? [...effects, 'fresh-attempts'] : effects)),
  },
  {
    id: 'otp2-custom-same-unlocks',
    requirement: 'otp2:locked-create-custom-same',
    description: 'the same code_custom on a locked verification starts a new round instead of 429 otp_max_attempts',
    fault: fault('otp2.code-custom-comparison', (customCode, c) => (customCode === 'same' && c.state === 'locked' ? 'different' : customCode)),
  },
  {
    id: 'otp2-custom-case-insensitive',
    requirement: 'rule:otp2.code-custom-case-sensitive',
    description: 'codes are compared without letter case',
    fault: fault('otp2.code-matches', (matches, c) => matches || (c.stored !== undefined && c.stored.toLowerCase() === c.sent.toLowerCase())),
  },
  // --- other OTP v2 rules of 4.4
  {
    id: 'otp2-delete-keeps-record',
    requirement: 'otp2:any-delete',
    description: 'DELETE /v2/otp answers success but keeps the verification',
    fault: fault('otp2.delete-invalidates', () => false),
  },
  {
    id: 'otp2-code-always-in-response',
    requirement: 'rule:otp2.code-in-response',
    description: 'the code is returned without code_in_response=true',
    fault: fault('otp2.code-in-response', () => true),
  },
  {
    id: 'otp2-message-checked-with-request-length',
    requirement: 'rule:otp2.message-checked-at-resend',
    description: "a resend checks the message length with this request's code_length, not the stored code",
    fault: fault('otp2.message-checked-code', (code, c) => (c.generated ? code : '0'.repeat(c.requestCodeLength))),
  },
  {
    id: 'otp2-message-161',
    requirement: 'limit:otp-v2-message-length',
    description: 'a message of 161 characters after substitution is sent instead of refused with otp_message_invalid',
    fault: fault('otp2.message-max-length', (max) => max + 1),
  },
  {
    id: 'otp2-status-consumes-attempt',
    requirement: 'rule:otp2.status-read-only',
    description: 'GET /v2/otp/status consumes an attempt',
    fault: fault('otp2.status-attempts-used', () => 1),
  },
  {
    id: 'otp2-failed-send-forgotten',
    requirement: 'rule:otp2.failed-send-registered',
    description: 'a send that fails for lack of balance (402) registers nothing: the retry starts a new verification instead of resending the registered code',
    fault: fault('otp2.failed-send-registers', () => false),
  },
  {
    id: 'otp2-whatsapp-no-warning',
    requirement: 'rule:otp2.whatsapp-warning',
    description: 'channel whatsapp answers without the warning that company and message were ignored',
    fault: fault('otp2.whatsapp-warning', () => false),
  },
  // --- 4.4, 8 stated limits of the /v2/otp fields
  {
    id: 'otp2-phone-last-10',
    requirement: 'limit:otp-v2-phone-number',
    description: 'a phone_number of more than 10 digits is read by its last 10 instead of refused',
    fault: readLeniently(['otp-v2/create', 'otp-v2/verify'], keepLast('phone_number', limitById('otp-v2-phone-number').max!)),
  },
  {
    id: 'otp2-code-length-clamped',
    requirement: 'limit:otp-v2-code-length',
    description: 'a code_length outside 4 to 10 is clamped into range instead of refused',
    fault: readLeniently(['otp-v2/create'], clamped('code_length', limitById('otp-v2-code-length').min!, limitById('otp-v2-code-length').max!, true)),
  },
  {
    id: 'otp2-code-custom-cut',
    requirement: 'limit:otp-v2-code-custom-length',
    description: 'a code_custom over 10 characters is cut to 10 instead of refused',
    fault: readLeniently(['otp-v2/create'], keepFirst('code_custom', limitById('otp-v2-code-custom-length').max!)),
  },
  {
    id: 'otp2-country-code-digits',
    requirement: 'rule:otp2.country-code',
    // "+52" is not among its cases' faults: a leading + is how E.164 writes a country code, and 4.4's "numeric" does not rule on it.
    description: 'a country_code with letters is read by its digits ("52a" as 52), or as 52 when it has none ("MX"), instead of refused with 400',
    fault: readLeniently(['otp-v2/create', 'otp-v2/verify'], (f) =>
      typeof f.country_code === 'string' && !/^\d+$/.test(f.country_code) ? { ...f, country_code: f.country_code.replace(/\D/g, '') || '52' } : f,
    ),
  },
  {
    id: 'otp2-channel-unknown-sms',
    requirement: 'err:otp_invalid_channel',
    description: 'a channel other than sms, whatsapp or voice is sent by SMS instead of otp_invalid_channel',
    fault: readLeniently(['otp-v2/create'], outsideAs(['channel'], ['sms', 'whatsapp', 'voice'], 'sms')),
  },
] as const satisfies readonly MutantEntry[];
