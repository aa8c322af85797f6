/**
 * The mutant registry ("prove the suite's teeth"). Each entry is one small, realistic
 * deviation from the document that the reference server can be started with (`--mutant ID`,
 * option `mutant`), and its fault: the one named seam of the request path it overrides
 * (seams.ts) and how. The request path itself names no mutant: it consults its seams, and this
 * table is the one place where every fault is stated. There is no copy of any handler.
 *
 * Every entry names the requirement id (schemas/requirements.ts) it violates, so that a surviving
 * mutant says which statement the suite fails to prove; its section and area are that
 * requirement's (one place: no hand-kept copy to disagree with the catalogue). `npm run mutants`
 * (harness/commands/mutants-command.ts) certifies the server once per mutant and fails on any survivor; a
 * survivor is fixed by strengthening the suite, never by deleting the mutant.
 *
 * This module is data and a tiny API only; it imports nothing of the server but the seams'
 * declarations (options.ts, server.ts and the handlers import it).
 */
import type { AreaId } from '../schemas/areas.ts';
import { limitById } from '../schemas/limits.ts';
import { requirementById } from '../schemas/requirements.ts';
import { urlsIn } from '../schemas/sms.ts';
import { fault, Seams, type Fault } from './seams.ts';

/** The areas whose operations send a message (the fault rate-limit-sends-only limits only these). */
const SENDING_AREAS: ReadonlySet<string> = new Set(['sms', 'voice', 'otp-v2', 'otp-legacy', 'payments', 'legacy-v1']);

type Fields = Record<string, unknown>;

/**
 * A fault of the stated limits (schemas/stated-limits.ts) of some operations: the body as a lenient
 * server reads it before its check (a value cut, clamped or replaced by an accepted one), so that
 * what the document forbids is accepted instead of refused.
 */
const readLeniently = (operationIds: readonly string[], change: (fields: Fields) => Fields): Fault =>
  fault('request.checked-fields', (fields, c) => (operationIds.includes(c.operationId) ? change(fields) : fields));

/** `field` cut to its first `max` characters. */
const keepFirst =
  (field: string, max: number) =>
  (f: Fields): Fields => {
    const v = f[field];
    return typeof v === 'string' && v.length > max ? { ...f, [field]: v.slice(0, max) } : f;
  };

/** `field` cut to its last `keep` characters (a number read by its last digits, an email by its end). */
const keepLast =
  (field: string, keep: number) =>
  (f: Fields): Fields => {
    const v = f[field];
    return typeof v === 'string' && v.length > keep ? { ...f, [field]: v.slice(-keep) } : f;
  };

/** Each of `fields` that is present and not one of `values` (as text) read as `fallback`. */
const outsideAs =
  (fields: readonly string[], values: readonly (string | number)[], fallback: string | number) =>
  (f: Fields): Fields => {
    const out = { ...f };
    for (const name of fields) if (out[name] !== undefined && !values.some((v) => String(v) === String(out[name]))) out[name] = fallback;
    return out;
  };

/** A number in `field` brought into [min, max] (whole where `integer`). */
const clamped =
  (field: string, min: number, max: number, integer = false) =>
  (f: Fields): Fields => {
    const v = f[field];
    if (typeof v !== 'number') return f;
    const inRange = Math.min(max, Math.max(min, v));
    return { ...f, [field]: integer ? Math.min(max, Math.max(min, Math.ceil(inRange))) : inRange };
  };

/** 4.2: each recipient of 11 digits read by its last 10. */
const nationalByLastDigits = (f: Fields): Fields =>
  typeof f.numbers === 'string'
    ? {
        ...f,
        numbers: f.numbers
          .split(',')
          .map((n) => (/^\d{11}$/.test(n.trim()) ? n.trim().slice(1) : n))
          .join(','),
      }
    : f;

const FLAG_01 = [0, 1] as const;
const FORBIDDEN_HOST_ACCEPTED = (family: string): Fault =>
  fault('webhooks.forbidden-host-verdict', (verdict, c) => (c.family === family ? ({ ok: true } as const) : verdict));

/** A mutant as written in the table below; its section and area come from its requirement. */
export interface MutantEntry {
  id: string;
  /** The requirement id (schemas/requirements.ts) that a conformant suite proves and this fault breaks. */
  requirement: string;
  description: string;
  /**
   * An ambiguity option under which the mutant is no deviation: what it changes is what that option
   * allows (either code of a pair under paired-code-order=either) or never happens (no POST
   * delivery under webhook-delivery-method=get). Under a personality taking it, the kill matrix
   * shows the mutant as not applicable there rather than as a survivor.
   */
  conformsUnder?: { ambiguity: string; option: string };
  /** The seam (seams.ts) the fault overrides, and how. */
  fault: Fault;
}

/** Where a mutant's requirement sits in the document: its section(s) and its area (schemas/areas.ts). */
interface RequirementPlace {
  /** The section(s) of the document the fault violates: its requirement's (e.g. "5" or "4.11, 2.7"). */
  section: string;
  /** Its requirement's area: the suite file (suites/<area>.test.ts) that proves it first. */
  area: AreaId;
}

export type MutantDefinition = MutantEntry & RequirementPlace;

const MUTANT_ENTRIES = [
  // --- 5 Authentication ------------------------------------------------------------------------
  {
    id: 'auth-missing-key-05',
    requirement: 'err:auth_01',
    description: 'a request without any key answers auth_05 (invalid key) instead of auth_01',
    fault: fault('auth.missing-key-code', () => 'auth_05'),
  },
  {
    id: 'auth-bearer-accepted',
    requirement: 'rule:auth.no-bearer',
    description: 'Authorization: Bearer <key> is accepted as the API key',
    fault: fault('auth.presented-key', (key, c) => key || c.authorization?.replace(/^Bearer\s+/i, '')),
  },
  {
    id: 'auth-token-header-ignored',
    requirement: 'err:auth_deprecated',
    description: 'the legacy token header is ignored instead of answering 410 auth_deprecated',
    fault: fault('auth.token-header-refused', () => false),
  },
  {
    id: 'auth-allow-list-skipped',
    requirement: 'err:auth_04',
    description: 'the IP allow-list is never checked (no 403 auth_04)',
    fault: fault('auth.outside-allow-list', () => false),
  },
  {
    id: 'auth-body-key-ignored',
    requirement: 'rule:auth.body-field-apikey',
    description: 'the apikey body field is not read: only the header authenticates',
    fault: fault('auth.presented-key', (_, c) => c.header),
  },
  {
    id: 'auth-subaccount-manager-ops',
    requirement: 'rule:auth.manager-key-required',
    description: 'a subaccount key is accepted on /manager/subaccount/*',
    fault: fault('auth.manager-key-refused', (refused, c) => refused && c.kind !== 'subaccount'),
  },
  {
    id: 'auth-error-no-status',
    requirement: 'rule:auth.error-body',
    description: 'auth error bodies lack the status field',
    fault: fault('auth.error-body', ({ status: _, ...body }) => body),
  },

  // --- 2.1 Envelope ----------------------------------------------------------------------------
  {
    id: 'envelope-no-request-id-on-errors',
    requirement: 'rule:envelope.request-id',
    description: 'business and validation errors carry no request_id',
    fault: fault('envelope.error-body', ({ request_id: _, ...body }) => body),
  },
  {
    id: 'envelope-validation-status-400',
    requirement: 'rule:envelope.validation-body-status',
    description: 'a validation failure (and any other error whose body status is 200) carries status 400 in the body instead of 200',
    fault: fault('envelope.error-body', (body) => (body.status === 200 ? { ...body, status: 400 } : body)),
  },
  {
    id: 'envelope-status-as-string',
    requirement: 'rule:envelope.status-repeated',
    description: 'success bodies repeat the status as the string "200"',
    fault: fault('envelope.success-status', () => '200'),
  },
  {
    id: 'envelope-error-success-missing',
    requirement: 'rule:envelope.success-flag',
    description: 'error bodies leave out success=false',
    fault: fault('envelope.error-body', ({ success: _, ...body }) => body),
  },
  {
    id: 'envelope-json-bodies-ignored',
    requirement: 'rule:envelope.json-bodies',
    description: 'the contact-list and contact endpoints read form fields only (as a server reading $_POST): the fields of a JSON body count as missing',
    fault: fault('envelope.json-bodies-read', (read, c) => read && c.area !== 'agendas' && c.area !== 'contacts'),
  },
  {
    id: 'envelope-form-bodies-refused',
    requirement: 'rule:envelope.form-bodies',
    description: 'form-urlencoded bodies are refused as invalid parameters',
    fault: fault('envelope.form-bodies-accepted', () => false),
  },

  // --- 8 Rate limit ----------------------------------------------------------------------------
  {
    id: 'rate-limit-sends-only',
    requirement: 'limit:rate-limit',
    description: 'the 100 per second limit applies to sending operations only, not to all endpoints',
    fault: fault('rate-limit.applies', (_, c) => SENDING_AREAS.has(c.area)),
  },
  {
    id: 'rate-limit-no-recovery',
    requirement: 'rule:limits.rate-recovery',
    description: 'the per-key counter never resets: once limited, a key stays limited',
    fault: fault('rate-limit.window-resets', (resets, c) => resets && !c.overLimit),
  },
  {
    id: 'rate-limit-150',
    requirement: 'limit:rate-limit',
    description: 'the rate limit lets 150 requests per second of one key through instead of 100',
    fault: fault('rate-limit.per-second', (perSecond) => perSecond + perSecond / 2),
  },
  {
    id: 'rate-limit-wrong-code',
    requirement: 'err:rate_01',
    description: 'the rate limit answers code rate_limit_exceeded instead of rate_01',
    fault: fault('rate-limit.code', () => 'rate_limit_exceeded'),
  },

  // --- 2.2, 4.2, 4.3 Numbers, sender, message ---------------------------------------------------
  {
    id: 'sms-one-reference-per-request',
    requirement: 'rule:sms.references-per-recipient',
    description: 'references holds only the first recipient of a multi-recipient send',
    fault: fault('send-result.references', (references) => references.slice(0, 1)),
  },
  {
    id: 'sms-reference-number-national',
    requirement: 'rule:sms.references-per-recipient',
    description: 'references[].number is the national number, without the country code',
    fault: fault('send-result.references', (references) => references.map((r) => ({ ...r, number: r.number.replace(/^52/, '') }))),
  },
  {
    id: 'sms-total-messages-one',
    requirement: 'rule:sms.total-messages',
    description: 'total_messages counts requests (always 1) instead of messages',
    fault: fault('send-result.total-messages', () => 1),
  },
  {
    id: 'sms-sender-truncated',
    requirement: 'limit:sender-id-length',
    description: 'a sender over 11 characters is silently truncated instead of refused',
    fault: fault('sms.checked-fields', (fields) => (typeof fields.sender === 'string' ? { ...fields, sender: fields.sender.slice(0, 11) } : fields)),
  },
  {
    id: 'sms-campaign-id-ignored',
    requirement: 'rule:sms.campaign-id',
    description: 'showCampaignId=true does not add campaignId',
    fault: fault('sms.adds-campaign-id', () => false),
  },
  {
    id: 'sms-find-country-code-doubled',
    requirement: 'rule:sms.find-country-code',
    description: 'with find_country_code=1 the country code is prefixed again (5252...)',
    fault: fault('sms.numbers-include-country-code', () => false),
  },
  {
    id: 'sms-national-11-digits',
    requirement: 'rule:sms.national-numbers',
    description: 'a recipient of 11 digits is sent to its last 10 instead of refused',
    fault: readLeniently(['sms/send'], nationalByLastDigits),
  },
  {
    id: 'sms-country-code-ignored',
    requirement: 'limit:sms-country-code',
    description: 'a country_code other than 52 is sent as 52 instead of refused (Mexico only)',
    fault: readLeniently(['sms/send'], outsideAs(['country_code'], ['52'], '52')),
  },
  {
    id: 'sms-flags-truthy',
    requirement: 'limit:sms-flags',
    description: 'a flag other than 0 or 1 (find_country_code, sandbox, flash, shorten_url) is read as 1 instead of refused',
    fault: readLeniently(['sms/send'], outsideAs(['find_country_code', 'sandbox', 'flash', 'shorten_url'], FLAG_01, 1)),
  },
  {
    id: 'sms-channel-unknown-sms',
    requirement: 'limit:sms-channel',
    description: 'a channel other than 1 or 2 is sent as SMS (1) instead of refused',
    fault: readLeniently(['sms/send'], outsideAs(['channel'], [1, 2], 1)),
  },
  {
    id: 'sms-rcs-flash-dropped',
    requirement: 'rule:sms.rcs-flash-incompatible',
    description: 'flash is dropped from an RCS send (channel=2) instead of refusing the combination',
    fault: readLeniently(['sms/send'], ({ flash: _flash, ...rest }) => (rest.channel === 2 ? rest : { ...rest, flash: _flash })),
  },
  {
    id: 'sms-shorten-url-without-url',
    requirement: 'rule:sms.shorten-url',
    description: 'shorten_url=1 on a message without a URL is sent unshortened instead of rejected',
    fault: readLeniently(['sms/send'], ({ shorten_url: shorten, ...rest }) =>
      typeof rest.message === 'string' && urlsIn(rest.message).length === 0 ? rest : { ...rest, shorten_url: shorten },
    ),
  },
  {
    id: 'voice-template-unknown-a',
    requirement: 'rule:voice.templates',
    description: 'a template outside a to k is read as template a instead of refused',
    fault: readLeniently(['voice/send', 'voice/send-via-get'], outsideAs(['template'], ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'], 'a')),
  },
  {
    id: 'voice-country-code-ignored',
    requirement: 'limit:voice-country-code',
    description: 'a voice country_code other than 52 is called as 52 instead of refused (always 52)',
    fault: readLeniently(['voice/send', 'voice/send-via-get'], outsideAs(['country_code'], ['52'], '52')),
  },
  {
    id: 'voice-sandbox-flag-truthy',
    requirement: 'limit:voice-sandbox-flag',
    description: 'a voice sandbox value other than 0 or 1 is read as 1 instead of refused',
    fault: readLeniently(['voice/send', 'voice/send-via-get'], outsideAs(['sandbox'], FLAG_01, 1)),
  },
  {
    id: 'voice-message-truncated',
    requirement: 'limit:voice-message-length',
    description: 'a voice_message over 160 characters is cut to 160 instead of refused',
    fault: readLeniently(['voice/send', 'voice/send-via-get'], keepFirst('voice_message', limitById('voice-message-length').max!)),
  },
  {
    id: 'voice-template-k-without-message',
    requirement: 'rule:voice.template-k-message',
    description: 'template k is accepted without voice_message',
    fault: fault('voice.refuses-k-without-message', () => false),
  },

  // --- GSM-7 (4.2, 4.4, 7.3) -------------------------------------------------------------------
  {
    id: 'gsm7-sms-not-checked',
    requirement: 'rule:sms.accented-text',
    description: '/sms/send accepts characters outside GSM-7 (emoji)',
    fault: fault('sms.refuses-non-gsm7', () => false),
  },
  {
    id: 'gsm7-otp-company-not-checked',
    requirement: 'err:otp_message_invalid',
    description: 'the expanded OTP message is not checked for GSM-7 (a company with non-GSM-7 characters passes)',
    fault: fault('otp2.message-checked-company', (company) => 'C'.repeat(company.length)),
  },

  // --- Scheduled sends and sandbox (4.2, 8) -----------------------------------------------------
  {
    id: 'sms-scheduled-past-accepted',
    requirement: 'rule:sms.scheduled-future',
    description: 'a scheduled date in the past is accepted',
    fault: fault('sms.refuses-past-date', () => false),
  },
  {
    id: 'sandbox-scheduled-accepted',
    requirement: 'rule:sandbox.no-scheduled',
    description: 'sandbox=1 with a date is accepted',
    fault: fault('sms.checked-fields', (fields) => ({ ...fields, date: undefined })),
  },
  {
    id: 'sandbox-charges',
    requirement: 'rule:sandbox.no-charge',
    description: 'sandbox sends are charged like real ones',
    fault: fault('sandbox.charges-nothing', () => false),
  },
  {
    id: 'sandbox-quota-off-by-one',
    requirement: 'limit:sandbox-daily',
    description: 'the sandbox daily quota lets one send more than the limit through',
    fault: fault('sandbox.daily-limit', (limit) => limit + 1),
  },
  {
    id: 'sandbox-no-references',
    requirement: 'rule:sandbox.references',
    description: 'sandbox sends answer an empty references array',
    fault: fault('send-result.references', (references, c) => (c.sandbox ? [] : references)),
  },

  // --- Credits (1, 2.2, 2.7) -------------------------------------------------------------------
  {
    id: 'credits-charge-per-request',
    requirement: 'rule:sms.charges-credits',
    description: 'a send is charged one message whatever the number of recipients',
    fault: fault('credits.messages-charged', () => 1),
  },
  {
    id: 'credits-short-balance-sends',
    requirement: 'err:sms_07',
    description: 'a short balance still sends (the balance goes negative) instead of sms_07',
    fault: fault('credits.refuses-short-balance', () => false),
  },
  {
    id: 'credits-balance-one-decimal',
    requirement: 'op:credits/consult',
    description: 'credit is a decimal string with one place instead of two',
    fault: fault('credits.balance', (_, c) => (c.hundredths / 100).toFixed(1)),
  },
  {
    id: 'credits-master-credit-everywhere',
    requirement: 'rule:credits.master-credit-admin-only',
    description: 'master_credit (null) is present on normal accounts and subaccounts',
    fault: fault('credits.shows-master-credit', () => true),
  },
  {
    id: 'credits-reported-credit-zero',
    requirement: 'op:sms/send',
    description: 'the send result reports credit 0 although the balance was charged',
    fault: fault('send-result.credit', () => 0),
  },

  // --- OTP v2 table 3.1: status column -------------------------------------------------------------
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

  // --- 4.5, 7.2 Legacy OTP ---------------------------------------------------------------------
  {
    id: 'otp-legacy-pending-send-regenerates',
    requirement: 'err:verification_03',
    description: 'a second send while a code is pending generates a new code instead of verification_03',
    fault: fault('otp-legacy.pending-refuses-send', () => false),
  },
  {
    id: 'otp-legacy-verified-verify-05',
    requirement: 'err:validation_06',
    description: 'verifying a verified number answers validation_05 instead of validation_06',
    fault: fault('otp-legacy.verified-verify-code', () => 'validation_05'),
  },
  {
    id: 'otp-legacy-expired-verify-05',
    requirement: 'err:validation_02',
    description: 'verifying an expired code answers validation_05 instead of validation_02',
    fault: fault('otp-legacy.expired-verify-code', () => 'validation_05'),
  },
  {
    id: 'otp-legacy-wrong-code-02',
    requirement: 'err:validation_05',
    description: 'a wrong code answers validation_02 (code expired) instead of validation_05',
    fault: fault('otp-legacy.wrong-verify-code', () => 'validation_02'),
  },
  {
    id: 'otp-legacy-default-length-6',
    requirement: 'limit:otp-legacy-code-length',
    description: 'the default legacy code length is 6 instead of 4',
    fault: fault('otp-legacy.send-default-code-length', () => 6),
  },
  {
    id: 'otp-legacy-resend-new-code',
    requirement: 'rule:otp-legacy.resend-keeps-code',
    description: 'a resend without reset_code generates a new code',
    fault: fault('otp-legacy.resend-renews-code', () => true),
  },
  {
    id: 'otp-legacy-showcode-ignored',
    requirement: 'rule:otp-legacy.showcode',
    description: 'showcode=1 does not return verification_code',
    fault: fault('otp-legacy.showcode-returns-code', () => false),
  },

  {
    id: 'otp-legacy-template-unknown-a',
    requirement: 'rule:otp-legacy.templates',
    description: 'a template outside a to n is read as template a instead of refused',
    fault: readLeniently(['otp-legacy/send', 'otp-legacy/resend'], outsideAs(['template'], 'abcdefghijklmn'.split(''), 'a')),
  },
  {
    id: 'otp-legacy-whatsapp-no-fallback',
    requirement: 'rule:otp-legacy.whatsapp-fallback',
    description: 'a resend with whatsapp=true and no WhatsApp instance answers fallback=false instead of true',
    fault: fault('otp-legacy.whatsapp-falls-back', () => false),
  },
  {
    id: 'otp-legacy-showcode-truthy',
    requirement: 'limit:otp-legacy-showcode',
    description: 'a showcode other than 0 or 1 is read as 1 instead of refused',
    fault: readLeniently(['otp-legacy/send'], outsideAs(['showcode'], FLAG_01, 1)),
  },
  {
    id: 'otp-legacy-code-length-clamped',
    requirement: 'limit:otp-legacy-code-length',
    description: 'a code_length outside 4 to 10 is clamped into range instead of verification_09',
    fault: readLeniently(
      ['otp-legacy/send', 'otp-legacy/resend'],
      clamped('code_length', limitById('otp-legacy-code-length').min!, limitById('otp-legacy-code-length').max!, true),
    ),
  },
  {
    id: 'otp-legacy-code-type-default',
    requirement: 'err:verification_15',
    description: 'a code_type outside the enum is read as alphanumeric instead of verification_15',
    fault: readLeniently(['otp-legacy/send', 'otp-legacy/resend'], outsideAs(['code_type'], ['alphanumeric', 'numeric', 'letters'], 'alphanumeric')),
  },
  {
    id: 'otp-legacy-phone-last-10',
    requirement: 'err:verification_07',
    description: 'a phone_number of 11 digits is read by its last 10 instead of verification_07',
    fault: readLeniently(['otp-legacy/send', 'otp-legacy/resend'], keepLast('phone_number', 10)),
  },
  {
    id: 'otp-legacy-country-code-ignored',
    requirement: 'err:verification_08',
    description: 'a country_code other than 52 is sent as 52 instead of verification_08',
    fault: readLeniently(['otp-legacy/send', 'otp-legacy/resend'], outsideAs(['country_code'], ['52'], '52')),
  },

  // --- 4.16, 7.4 Legacy v1 -----------------------------------------------------------------------
  {
    id: 'v1-batch-501',
    requirement: 'limit:v1-batch-size',
    description: 'a batch of 501 numbers is accepted (Codigo 14 from 502)',
    fault: fault('v1.batch-max', (max) => max + 1),
  },
  {
    id: 'v1-repeat-allowed',
    requirement: 'err:v1-15',
    description: 'a repeated number in a batch is accepted instead of Codigo 15',
    fault: fault('v1.refuses-repeated-number', () => false),
  },
  {
    id: 'v1-double-comma-ignored',
    requirement: 'err:v1-21',
    description: 'a double comma in numcelular is skipped instead of Codigo 21',
    fault: fault('v1.refuses-double-comma', () => false),
  },
  {
    id: 'v1-message-161',
    requirement: 'err:v1-03',
    description: 'the 160-character check is off by one: a message of 161 characters is not answered Codigo 03',
    fault: fault('v1.message-max', (max) => max + 1),
  },
  {
    id: 'v1-short-number-07',
    requirement: 'err:v1-08',
    description: 'a number under 6 digits answers Codigo 07 instead of 08',
    fault: fault('v1.refuses-short-number', () => false),
  },
  {
    id: 'v1-insufficient-no-credit',
    requirement: 'err:v1-13',
    description: 'Codigo 13 does not include the current credit in its message',
    fault: fault('v1.insufficient-credit-detail', () => undefined),
  },

  {
    id: 'v1-sender-truncated',
    requirement: 'limit:v1-sender-length',
    description: 'a remitente over 11 characters is cut to 11 instead of refused',
    fault: readLeniently(['legacy-v1/send', 'legacy-v1/send-multi'], keepFirst('remitente', limitById('v1-sender-length').max!)),
  },
  {
    id: 'v1-number-last-10',
    requirement: 'err:v1-07',
    description: 'a numcelular of 11 digits is sent to its last 10 instead of Codigo 07',
    fault: readLeniently(['legacy-v1/send'], keepLast('numcelular', 10)),
  },

  // --- 4.6, 4.7 Contacts and contact lists -------------------------------------------------------
  {
    id: 'agendas-creation-order',
    requirement: 'rule:agendas.ordered-by-name',
    description: '/agendas/get lists in creation order instead of by name',
    fault: fault('agendas.lists-order', () => 'creation' as const),
  },
  {
    id: 'agendas-contacts-insertion-order',
    requirement: 'rule:agendas.contacts-ordered-by-name',
    description: '/agendas/get_contacts lists contacts in insertion order instead of by name',
    fault: fault('agendas.contacts-order', () => 'insertion' as const),
  },
  {
    id: 'agendas-labels-shifted',
    requirement: 'op:agendas/add',
    description: '/agendas/get lists each custom-field label under the next field (custom_field_1 shows the label of custom_field_2)',
    fault: fault('agendas.listed-labels', (labels) => ({
      custom_field_1: labels.custom_field_2,
      custom_field_2: labels.custom_field_3,
      custom_field_3: labels.custom_field_4,
      custom_field_4: labels.custom_field_1,
    })),
  },
  {
    id: 'agendas-duplicate-name-allowed',
    requirement: 'err:agenda_03',
    description: 'a second list with the same name is created instead of agenda_03',
    fault: fault('agendas.refuses-duplicate-name', () => false),
  },
  {
    id: 'agendas-rename-unknown-err01',
    requirement: 'err:err_03',
    description: 'renaming an unknown list answers err_01 instead of err_03',
    fault: fault('agendas.rename-unknown-list-code', () => 'err_01'),
  },
  {
    id: 'agendas-missing-key-err01',
    requirement: 'err:get_contacts_02',
    description: 'get_contacts without list_key answers err_01 instead of get_contacts_02',
    fault: fault('agendas.missing-list-key-code', () => 'err_01'),
  },
  {
    id: 'agendas-delete-keeps-list',
    requirement: 'rule:agendas.delete-irreversible',
    description: '/agendas/delete answers delete_01 but keeps the list',
    fault: fault('agendas.delete-removes-list', () => false),
  },
  {
    id: 'agendas-find-next-page-zero',
    requirement: 'rule:agendas.find-paging',
    description: 'next_page is 0 instead of null on the last page',
    fault: fault('agendas.find-next-page-on-last', () => 0),
  },
  {
    id: 'contacts-add-existing-not-updated',
    requirement: 'rule:contacts.upsert',
    description: 'adding an existing number answers success but does not update the contact',
    fault: fault('contacts.add-changes', (changes, c) => (c.existing ? {} : changes)),
  },
  {
    id: 'contacts-update-ignores-email',
    requirement: 'rule:contacts.update-email',
    description: '/contacts/update answers success without changing the email',
    fault: fault('contacts.update-email', () => undefined),
  },

  {
    id: 'contact-number-last-10',
    requirement: 'limit:contact-number-digits',
    description: 'a contact number of 11 digits is stored by its last 10 instead of refused',
    fault: readLeniently(['contacts/add'], (f) => (typeof f.number === 'string' && /^\d{11}$/.test(f.number) ? { ...f, number: f.number.slice(1) } : f)),
  },
  {
    id: 'contact-name-truncated',
    requirement: 'limit:contact-name-length',
    description: 'a contact name over 100 characters is cut to 100 instead of refused',
    fault: readLeniently(['contacts/add'], keepFirst('name', limitById('contact-name-length').max!)),
  },
  {
    id: 'contact-email-truncated',
    requirement: 'limit:contact-email-length',
    description: 'a contact email over 100 characters is cut to 100 instead of refused',
    fault: readLeniently(['contacts/add'], keepFirst('email', limitById('contact-email-length').max!)),
  },
  {
    id: 'contact-find-country-code-truthy',
    requirement: 'limit:contact-find-country-code',
    description: 'a find_country_code other than 0 or 1 is read as 1 instead of refused',
    fault: readLeniently(['contacts/add'], outsideAs(['find_country_code'], FLAG_01, 1)),
  },
  {
    id: 'contacts-poll-without-contact-id',
    requirement: 'rule:contacts.poll-required-fields',
    description: 'a poll without contact_id is accepted (the whole list polled) instead of refused',
    fault: fault('contacts.poll-requires-contact-id', () => false),
  },
  {
    id: 'contactlist-query-truncated',
    requirement: 'limit:contactlist-query-length',
    description: 'a /contactlist/find query over 100 characters is cut to 100 instead of refused',
    fault: readLeniently(['agendas/find'], keepFirst('query', limitById('contactlist-query-length').max!)),
  },

  // --- 4.8 to 4.10 Wallet, loyalty, employees ------------------------------------------------------
  {
    id: 'wallet-sale-amount-optional',
    requirement: 'rule:wallet.sale-amount-required',
    description: 'an add sale (transaction_type 0) without transaction_amount is accepted',
    fault: fault('wallet.sale-default-amount', () => 1),
  },
  {
    id: 'wallet-contact-filter-always',
    requirement: 'rule:wallet.contact-listed',
    description: '/wallet/contact/get without phone lists nothing (the filter is always applied)',
    fault: fault('wallet.contact-filter-applies', () => true),
  },
  {
    id: 'loyalty-contact-filter-always',
    requirement: 'rule:loyalty.contact-listed',
    description: '/loyalty/contact/get without phone lists nothing (the filter is always applied)',
    fault: fault('loyalty.contact-filter-applies', () => true),
  },
  {
    id: 'employees-number-not-unique',
    requirement: 'limit:employee-phone-unique',
    description: 'a second employee with the same phone number is accepted',
    fault: fault('employees.refuses-taken-number', () => false),
  },
  {
    id: 'employees-list-missing-type',
    requirement: 'rule:employees.listed',
    description: '/toolusers/get leaves out usertool_type',
    fault: fault('employees.listed-tool-user', (user) => ({ ...user, usertool_type: undefined })),
  },

  {
    id: 'employees-password-not-unique',
    requirement: 'limit:employee-password-unique',
    description: 'a second employee with a password already taken is accepted',
    fault: fault('employees.refuses-taken-password', () => false),
  },
  {
    id: 'employee-role-unknown-cajero',
    requirement: 'rule:employees.roles',
    description: 'an employee type other than cajero or gerente is stored as cajero instead of refused',
    fault: readLeniently(['employees/add'], outsideAs(['type'], ['cajero', 'gerente'], 'cajero')),
  },
  {
    id: 'employee-number-last-10',
    requirement: 'limit:employee-number-digits',
    description: 'an employee number of 11 digits is stored by its last 10 instead of refused',
    fault: readLeniently(['employees/add'], keepLast('number', limitById('employee-number-digits').max!)),
  },
  {
    id: 'employee-password-truncated',
    requirement: 'limit:employee-password-length',
    description: 'an employee password over 50 characters is cut to 50 instead of refused',
    fault: readLeniently(['employees/add'], keepFirst('password', limitById('employee-password-length').max!)),
  },
  {
    id: 'wallet-phone-last-10',
    requirement: 'limit:wallet-phone-digits',
    description: 'a wallet contact phone of 11 digits is stored by its last 10 instead of refused',
    fault: readLeniently(['wallet/add-contact'], keepLast('phone', limitById('wallet-phone-digits').max!)),
  },
  {
    id: 'wallet-transaction-type-add',
    requirement: 'limit:wallet-transaction-type',
    description: 'a transaction_type other than 0 or 1 is read as 0 (add) instead of refused',
    fault: readLeniently(['wallet/update-balance', 'wallet/register-sale'], outsideAs(['transaction_type'], FLAG_01, 0)),
  },
  {
    id: 'loyalty-phone-last-10',
    requirement: 'limit:loyalty-phone-digits',
    description: 'a loyalty contact phone of 11 digits is stored by its last 10 instead of refused',
    fault: readLeniently(['loyalty/add-contact'], keepLast('phone', limitById('loyalty-phone-digits').max!)),
  },

  // --- 4.11, 5.3 Subaccounts ------------------------------------------------------------------------
  {
    id: 'subaccount-spends-manager-balance',
    requirement: 'rule:auth.subaccount-own-balance',
    description: "a subaccount key acts on its administrator's account and balance",
    fault: fault('auth.acting-account', (id, c) => c.parentId ?? id),
  },
  {
    id: 'subaccount-lists-shared',
    requirement: 'rule:subaccounts.isolation',
    description: 'a list_key of another account is usable (lists are not isolated per account)',
    fault: fault('lists.own-account-only', () => false),
  },
  {
    id: 'subaccount-credits-pool-not-debited',
    requirement: 'rule:subaccounts.credits-add',
    description: 'adding credits to a subaccount does not debit master_credit',
    fault: fault('subaccounts.pool-debit', () => 0),
  },
  {
    id: 'subaccount-withdraw-overdraft',
    requirement: 'rule:subaccounts.credits-withdraw',
    description: 'withdrawing more than the subaccount holds is accepted',
    fault: fault('subaccounts.refuses-withdraw-beyond-balance', () => false),
  },
  {
    id: 'subaccount-archive-noop',
    requirement: 'rule:subaccounts.archived-refused',
    description: 'archiving answers success but the subaccount key keeps working',
    fault: fault('subaccounts.archive-disables', () => false),
  },
  {
    id: 'subaccount-get-apikey-manager',
    requirement: 'rule:subaccounts.get-apikey',
    description: "get_apikey returns the manager's key instead of the subaccount's",
    fault: fault('subaccounts.get-apikey', (_, c) => c.managerKey),
  },

  {
    id: 'subaccount-email-cut',
    requirement: 'limit:subaccount-email-length',
    description: 'an email over 70 characters is read by its last 70 instead of refused',
    fault: readLeniently(
      ['subaccounts/add', 'subaccounts/archive', 'subaccounts/get-apikey', 'subaccounts/manage-credits'],
      keepLast('email', limitById('subaccount-email-length').max!),
    ),
  },
  {
    id: 'subaccount-password-truncated',
    requirement: 'limit:subaccount-password-length',
    description: 'a subaccount password over 36 characters is cut to 36 instead of refused',
    fault: readLeniently(['subaccounts/add'], keepFirst('password', limitById('subaccount-password-length').max!)),
  },
  {
    id: 'subaccount-credits-type-add',
    requirement: 'limit:subaccount-credits-type',
    description: 'a credits/manage type other than 1 or 2 adds credits instead of being refused',
    fault: readLeniently(['subaccounts/manage-credits'], outsideAs(['type'], [1, 2], 1)),
  },
  {
    id: 'subaccount-credits-rounded',
    requirement: 'rule:subaccounts.credits-integer',
    description: 'credits with decimals, or not above 0, are rounded up to a whole credit instead of refused',
    fault: readLeniently(['subaccounts/manage-credits'], clamped('credits', 1, Number.MAX_SAFE_INTEGER, true)),
  },

  // --- 4.12, 7.2 Reports ----------------------------------------------------------------------------
  {
    id: 'reports-start-after-end-accepted',
    requirement: 'err:report_03',
    description: 'start_date after end_date is not answered report_03',
    fault: fault('reports.refuses-start-after-end', () => false),
  },
  {
    id: 'reports-missing-end-01',
    requirement: 'err:report_02',
    description: 'a missing end_date answers report_01 instead of report_02',
    conformsUnder: { ambiguity: 'paired-code-order', option: 'either' },
    fault: fault('reports.missing-end-code', () => 'report_01'),
  },
  {
    id: 'reports-end-date-exclusive',
    requirement: 'rule:reports.send-listed',
    description: 'the end_date day is left out of the period',
    fault: fault('reports.period-end', (_, c) => c.endDateStart),
  },
  {
    id: 'reports-sandbox-mixed',
    requirement: 'rule:reports.sandbox-flag',
    description: 'the sandbox flag is ignored: sandbox and real sends are reported together',
    fault: fault('reports.matches-sandbox-flag', () => true),
  },
  {
    id: 'reports-details-non-numeric-03',
    requirement: 'err:details_02',
    description: 'a non-numeric campaign_id answers details_03 instead of details_02',
    fault: fault('reports.bad-campaign-id-code', (code, c) => (c.absent ? code : 'details_03')),
  },

  {
    id: 'reports-sandbox-flag-truthy',
    requirement: 'limit:reports-sandbox-flag',
    description: 'a report sandbox value other than 0 or 1 is read as 1 instead of refused',
    fault: readLeniently(['reports/generate'], outsideAs(['sandbox'], FLAG_01, 1)),
  },

  // --- 4.13, 8 Payment requests ---------------------------------------------------------------------
  {
    id: 'payment-amount-clamped',
    requirement: 'limit:payment-amount',
    description: 'an amount outside 15 to 110000 is clamped into range instead of refused',
    fault: fault('payments.checked-fields', (fields) =>
      typeof fields.amount === 'number'
        ? { ...fields, amount: Math.min(limitById('payment-amount').max!, Math.max(limitById('payment-amount').min!, fields.amount)) }
        : fields,
    ),
  },
  {
    id: 'payment-message-truncated',
    requirement: 'limit:payment-message-length',
    description: 'a message over 123 characters is truncated instead of refused',
    fault: fault('payments.checked-fields', (fields) =>
      typeof fields.message === 'string' ? { ...fields, message: fields.message.slice(0, limitById('payment-message-length').max!) } : fields,
    ),
  },
  {
    id: 'payment-template-truncated',
    requirement: 'limit:payment-template-length',
    description: 'a template over 40 characters is truncated instead of refused',
    fault: fault('payments.checked-fields', (fields) =>
      typeof fields.template === 'string' ? { ...fields, template: fields.template.slice(0, limitById('payment-template-length').max!) } : fields,
    ),
  },

  {
    id: 'payment-name-truncated',
    requirement: 'limit:payment-name-length',
    description: 'a name over 150 characters is cut to 150 instead of refused',
    fault: readLeniently(['payments/send-request'], keepFirst('name', limitById('payment-name-length').max!)),
  },
  {
    id: 'payment-number-last-10',
    requirement: 'limit:payment-number-digits',
    description: 'a number of 11 digits is sent to its last 10 instead of refused',
    fault: readLeniently(['payments/send-request'], keepLast('number', limitById('payment-number-digits').max!)),
  },

  // --- 3.2, 4.14 Webhook state ------------------------------------------------------------------------
  {
    id: 'webhook-status-without-webhook',
    requirement: 'webhook:none-status',
    description: '/webhook/status with no webhook registered answers success instead of status_webhook_04',
    fault: fault('webhooks.status-refused-without-webhook', () => false),
  },
  {
    id: 'webhook-add-always-enabled',
    requirement: 'webhook:any-add-disabled',
    description: "/webhook/add with status '0' registers the webhook enabled",
    fault: fault('webhooks.status-after-add', () => '1' as const),
  },
  {
    id: 'webhook-delete-noop',
    requirement: 'webhook:configured-delete',
    description: '/webhook/delete answers success but keeps the webhook',
    fault: fault('webhooks.delete-removes', () => false),
  },
  {
    id: 'webhook-disabled-still-delivers',
    requirement: 'rule:webhooks.disabled-no-events',
    description: 'events are delivered to a disabled webhook',
    fault: fault('webhooks.receives-events', () => true),
  },
  {
    id: 'webhook-verify-404-passes',
    requirement: 'rule:webhooks.verification-404-fails',
    description: 'a URL answering 404 to the registration GET is accepted',
    fault: fault('webhooks.verify-fails', () => false),
  },
  {
    id: 'webhook-follows-redirects',
    requirement: 'rule:webhooks.no-redirects',
    description: 'the registration GET follows redirects',
    fault: fault('webhooks.verify-follows-redirects', () => true),
  },

  {
    id: 'webhook-status-unknown-enabled',
    requirement: 'limit:webhook-status-values',
    description: "a status other than '0' or '1' registers or sets the webhook enabled instead of being refused",
    fault: readLeniently(['webhooks/add', 'webhooks/set-status'], outsideAs(['status'], ['0', '1'], '1')),
  },

  // --- 4.14 Forbidden hosts ----------------------------------------------------------------------------
  {
    id: 'host-private-172-accepted',
    requirement: 'webhook:forbidden-host.private-172-16',
    description: 'the 172.16.0.0/12 filter is missing: such a URL registers',
    fault: fault('webhooks.forbidden-host-verdict', (verdict, c) => (c.family === 'private-172-16' ? ({ ok: true } as const) : verdict)),
  },
  {
    id: 'host-link-local-accepted',
    requirement: 'webhook:forbidden-host.link-local-ipv4',
    description: 'link-local 169.254.0.0/16 (cloud metadata) is not filtered',
    fault: fault('webhooks.forbidden-host-verdict', (verdict, c) => (c.family === 'link-local-ipv4' ? ({ ok: true } as const) : verdict)),
  },
  {
    id: 'host-ipv4-mapped-accepted',
    requirement: 'webhook:forbidden-host.ipv4-mapped-ipv6',
    description: 'IPv4-mapped IPv6 addresses ([::ffff:10.0.0.1]) are not filtered',
    fault: fault('webhooks.forbidden-host-verdict', (verdict, c) => (c.family === 'ipv4-mapped-ipv6' ? ({ ok: true } as const) : verdict)),
  },
  {
    id: 'host-unspecified-accepted',
    requirement: 'webhook:forbidden-host.unspecified',
    description: 'the unspecified address (0.0.0.0, [::]) is not filtered',
    fault: fault('webhooks.forbidden-host-verdict', (verdict, c) => (c.family === 'unspecified' ? ({ ok: true } as const) : verdict)),
  },

  {
    id: 'host-localhost-accepted',
    requirement: 'webhook:forbidden-host.localhost',
    description: 'localhost and names under .localhost are not filtered: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('localhost'),
  },
  {
    id: 'host-loopback-ipv4-accepted',
    requirement: 'webhook:forbidden-host.loopback-ipv4',
    description: 'the 127.0.0.0/8 filter is missing: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('loopback-ipv4'),
  },
  {
    id: 'host-loopback-ipv6-accepted',
    requirement: 'webhook:forbidden-host.loopback-ipv6',
    description: 'the IPv6 loopback [::1] is not filtered: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('loopback-ipv6'),
  },
  {
    id: 'host-private-10-accepted',
    requirement: 'webhook:forbidden-host.private-10',
    description: 'the 10.0.0.0/8 filter is missing: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('private-10'),
  },
  {
    id: 'host-private-192-168-accepted',
    requirement: 'webhook:forbidden-host.private-192-168',
    description: 'the 192.168.0.0/16 filter is missing: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('private-192-168'),
  },
  {
    id: 'host-link-local-ipv6-accepted',
    requirement: 'webhook:forbidden-host.link-local-ipv6',
    description: 'IPv6 link-local fe80::/10 is not filtered: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('link-local-ipv6'),
  },
  {
    id: 'host-unique-local-ipv6-accepted',
    requirement: 'webhook:forbidden-host.unique-local-ipv6',
    description: 'IPv6 unique local fc00::/7 is not filtered: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('unique-local-ipv6'),
  },
  // --- 6 Events ------------------------------------------------------------------------------------------
  {
    id: 'events-head-skipped',
    requirement: 'event:delivery.head-before-delivery',
    description: 'events are delivered without the HEAD check',
    fault: fault('events.head-check-due', () => false),
  },
  {
    id: 'events-head-result-ignored',
    requirement: 'event:delivery.head-before-delivery',
    description: 'a HEAD answered with other than 200 does not hold the delivery back',
    fault: fault('events.head-holds-back', () => false),
  },
  {
    id: 'events-date-iso',
    requirement: 'event:confirmation.date',
    description: 'the confirmation date is ISO 8601 instead of YYYYMMDDHHMMSS',
    fault: fault('events.confirmation-date', (_, c) => new Date(c.at).toISOString()),
  },
  {
    id: 'events-request-id-included',
    requirement: 'event:delivery.no-request-id',
    description: 'events carry a request_id',
    fault: fault('events.delivered-params', (params) => ({ ...params, request_id: crypto.randomUUID() })),
  },
  {
    id: 'events-post-json',
    requirement: 'event:delivery.post-form-urlencoded',
    description: 'POST deliveries are JSON instead of application/x-www-form-urlencoded',
    conformsUnder: { ambiguity: 'webhook-delivery-method', option: 'get' },
    fault: fault('events.post-body', (_, c) => ({ type: 'application/json', body: JSON.stringify(c.params) })),
  },
  {
    id: 'events-status-text',
    requirement: 'event:status-codes',
    description: 'the confirmation status is the word "delivered" instead of a code 0 to 12',
    fault: fault('events.confirmation-status', () => 'delivered'),
  },
  {
    id: 'events-no-extra-params',
    requirement: 'event:confirmation.extra_params',
    description: 'confirmations leave out extra_params',
    fault: fault('events.extra-params', () => undefined),
  },
  {
    id: 'events-response-date-iso',
    requirement: 'event:response.response_date',
    description: "the reply event's response_date is ISO 8601 instead of YYYYMMDDHHMMSS",
    fault: fault('events.response-date', (_, c) => new Date(c.at).toISOString()),
  },
  {
    id: 'events-retries-stop-at-3',
    requirement: 'limit:event-retries',
    description: 'an event is retried 3 times instead of up to 25',
    fault: fault('events.retry-limit', () => 3),
  },
  {
    id: 'events-retries-26',
    requirement: 'limit:event-retries',
    description: 'an event is retried 26 times (one more than 25)',
    fault: fault('events.retry-limit', (limit) => limit + 1),
  },
  {
    id: 'events-2xx-is-success',
    requirement: 'event:delivery.retry-until-200',
    description: 'any 2xx answer counts as delivered (a 204 is not retried)',
    fault: fault('events.delivered-statuses', () => Array.from({ length: 100 }, (_, i) => 200 + i)),
  },
  {
    id: 'events-200-retried',
    requirement: 'event:delivery.emitted-by',
    description: 'an event answered 200 at once is delivered again (no answer counts as delivered)',
    fault: fault('events.delivered-statuses', () => []),
  },
  {
    id: 'events-no-retry',
    requirement: 'event:delivery.retry-until-200',
    description: 'a failed delivery is never retried',
    fault: fault('events.retry-limit', () => 0),
  },

  // --- 1, 5.2 Isolation between accounts --------------------------------------------------------------
  {
    id: 'isolation-otp2-verify-other-account',
    requirement: 'rule:isolation.otp-v2',
    description: "/v2/otp/verify finds another account's verification of the number (verifications kept per number across accounts)",
    fault: fault('otp2.verify-own-account-only', () => false),
  },
  {
    id: 'isolation-otp-legacy-verify-other-account',
    requirement: 'rule:isolation.otp-legacy',
    description: '/otp/verify finds a code another account sent to the number (codes kept per number across accounts)',
    fault: fault('otp-legacy.verify-own-account-only', () => false),
  },
  {
    id: 'isolation-list-contacts-readable',
    requirement: 'rule:isolation.contact-lists',
    description: "/agendas/get_contacts reads another account's list given its list_key",
    fault: fault('agendas.get-contacts-own-account-only', () => false),
  },
  {
    id: 'isolation-webhook-get-other-account',
    requirement: 'rule:isolation.webhooks',
    description: "/webhook/get of an account with no webhook answers another account's",
    fault: fault('webhooks.get-own-account-only', () => false),
  },

  // --- 4.9 Loyalty cards ------------------------------------------------------------------------------
  {
    id: 'loyalty-sale-no-stamp',
    requirement: 'rule:loyalty.sale-stamp',
    description: "a loyalty sale answers loyalty_sale_01 but registers no stamp (the contact's counters stay)",
    fault: fault('loyalty.sale-registers-stamp', () => false),
  },
] as const satisfies readonly MutantEntry[];

export type MutantId = (typeof MUTANT_ENTRIES)[number]['id'];

/** Each entry of a tuple with the place of its requirement added (the tuple's order and literal ids kept). */
type Placed<T extends readonly MutantEntry[]> = { readonly [K in keyof T]: T[K] & RequirementPlace };

function placed<T extends readonly MutantEntry[]>(entries: T): Placed<T> {
  return entries.map((m) => {
    const { section, area } = requirementById(m.requirement);
    return { ...m, section, area };
  }) as Placed<T>;
}

/** The registry: every mutant with its requirement's section and area, computed once here. */
export const MUTANTS = placed(MUTANT_ENTRIES);

const byId: ReadonlyMap<string, MutantDefinition> = new Map(MUTANTS.map((m) => [m.id, m]));

export const isMutantId = (id: string): id is MutantId => byId.has(id);

export function mutantById(id: string): MutantDefinition {
  const m = byId.get(id);
  if (!m) throw new Error(`unknown mutant ${id}`);
  return m;
}

/** The seams of a server started with `mutant` (none: the conformant server's). */
export function seamsOf(mutant: MutantId | undefined): Seams {
  return new Seams(mutant === undefined ? undefined : mutantById(mutant).fault);
}
