/**
 * The stated limits: every limit, range, enum, exact length, prohibition and uniqueness rule that
 * the document states outright, in section 8 or in a field table of section 4, one row per
 * operation and field. A rule in this table is a fail-level rule in both directions: the value at
 * the bound is accepted, the value one past it is refused with the operation's error body (7.1,
 * 4.4, 4.16) and, where the operation sends, charges nothing.
 *
 * What the document only calls valid or invalid without stating the rule stays in the latitude
 * invalid-input (latitudes.ts: refused or ignored); what it leaves open ("not shown", "ignored if
 * not contracted", a value it names only as the one that turns a mode on) is listed in
 * NOT_STATED_LIMITS below with the words that leave it open, so that the choice is visible.
 *
 * Each row names its requirement (requirements.ts, with the verbatim quote in quotes.ts); the
 * requirements this table introduces are STATED_LIMIT_REQUIREMENTS. test/stated-limits.test.ts
 * checks that each row's requirement is at the fail level and that a suite test names it; the
 * negative fuzzing (suites/support/fuzz-run.ts) fails, rather than warns, when a target accepts a
 * generated body that breaks a row of this table.
 */
import type { AmbiguityId } from './ambiguities.ts';
import type { AreaId } from './areas.ts';
import type { CapabilityId } from './capabilities.ts';

export const STATED_LIMIT_KINDS = [
  /** At most N characters. */
  'max-length',
  /** From N to M characters. */
  'length-range',
  /** Exactly N digits. */
  'exact-digits',
  /** At most N digits. */
  'max-digits',
  /** A number from min to max (integer where `integer`), or a date with a stated side. */
  'range',
  /** One of the listed values. */
  'enum',
  /** A value or a combination the document forbids. */
  'prohibition',
  /** A value that must not repeat (across the account, or within the request). */
  'uniqueness',
  /** At most N items, sends or attempts. */
  'max-count',
  /** At most N requests per second. */
  'rate',
  /** A stated time: a cooldown, a day. */
  'duration',
] as const;
export type StatedLimitKind = (typeof STATED_LIMIT_KINDS)[number];

export interface StatedBound {
  min?: number;
  max?: number;
  /** range: whole numbers only ("no decimals"). */
  integer?: boolean;
  /** enum: the values the document lists (as a JSON body carries them). */
  values?: readonly (string | number)[];
  /** The bound in the document's terms. */
  text: string;
}

export interface StatedLimit {
  /** The requirement of the catalogue that states it (quotes.ts holds its words). */
  requirement: string;
  section: string;
  /** The operationId, or '*' for a rule of every operation (the request rate of 8). */
  operation: string;
  /** The request field the rule bounds; absent for a rule of the request as a whole. */
  field?: string;
  kind: StatedLimitKind;
  bound: StatedBound;
  /** An ambiguity the check reads (the name of the flash parameter is not shown explicitly). */
  ambiguity?: AmbiguityId;
}

/** A requirement this table introduces: a stated rule no other table of the catalogue holds. */
export interface StatedLimitRequirement {
  id: string;
  area: AreaId;
  section: string;
  statement: string;
  operations: readonly string[];
  capability?: CapabilityId;
  ambiguity?: AmbiguityId;
}

export const STATED_LIMIT_REQUIREMENTS: readonly StatedLimitRequirement[] = [
  {
    id: 'limit:sms-country-code',
    area: 'sms',
    section: '4.2',
    statement: 'Mexico only (country code 52): another country_code is refused.',
    operations: ['sms/send', 'sms/send-via-get'],
  },
  {
    id: 'limit:sms-flags',
    area: 'sms',
    section: '4.2',
    statement: 'find_country_code, sandbox, flash and shorten_url are enum 0,1: another value is refused.',
    operations: ['sms/send'],
    ambiguity: 'sms-flash-parameter-name',
  },
  { id: 'limit:sms-channel', area: 'sms', section: '4.2', statement: 'channel is 1 (SMS) or 2 (RCS): another value is refused.', operations: ['sms/send'] },
  {
    id: 'limit:voice-country-code',
    area: 'voice',
    section: '4.3',
    statement: 'country_code is always 52: another value is refused.',
    operations: ['voice/send', 'voice/send-via-get'],
  },
  {
    id: 'limit:voice-sandbox-flag',
    area: 'voice',
    section: '4.3',
    statement: 'sandbox is enum 0,1: another value is refused.',
    operations: ['voice/send', 'voice/send-via-get'],
  },
  {
    id: 'limit:otp-legacy-showcode',
    area: 'otp-legacy',
    section: '4.5',
    statement: 'showcode is enum 0,1: another value is refused.',
    operations: ['otp-legacy/send'],
  },
  {
    id: 'limit:contact-number-digits',
    area: 'contacts',
    section: '4.6',
    statement: 'number is a 10-digit national number, digits only; with find_country_code=1 it may carry the country code 52: other numbers are refused.',
    operations: ['contacts/add'],
  },
  {
    id: 'limit:contact-find-country-code',
    area: 'contacts',
    section: '4.6',
    statement: 'find_country_code is enum 0,1: another value is refused.',
    operations: ['contacts/add'],
  },
  {
    id: 'limit:wallet-transaction-type',
    area: 'wallet',
    section: '4.8',
    statement: 'transaction_type is 0 (add) or 1 (redeem): another value is refused.',
    operations: ['wallet/update-balance', 'wallet/register-sale'],
  },
  {
    id: 'limit:employee-phone-unique',
    area: 'employees',
    section: '4.10',
    statement: '/employee/add validates a unique phone: a second employee with a number already taken is refused.',
    operations: ['employees/add'],
  },
  {
    id: 'limit:employee-password-unique',
    area: 'employees',
    section: '4.10',
    statement: '/employee/add validates a unique password: a second employee with a password already taken is refused.',
    operations: ['employees/add'],
  },
  {
    id: 'limit:subaccount-credits-type',
    area: 'subaccounts',
    section: '4.11',
    statement: 'credits/manage type is 1 (add) or 2 (withdraw): another value is refused and moves nothing.',
    operations: ['subaccounts/manage-credits'],
    capability: 'manager-key',
  },
  {
    id: 'limit:reports-sandbox-flag',
    area: 'reports',
    section: '4.12',
    statement: 'reports/generate sandbox is integer 0,1: another value is refused.',
    operations: ['reports/generate'],
  },
  {
    id: 'limit:webhook-status-values',
    area: 'webhooks',
    section: '4.14',
    statement: "status is '0' or '1' on /webhook/add and /webhook/status: another value is refused and registers nothing.",
    operations: ['webhooks/add', 'webhooks/set-status'],
  },
];

const FLAG_VALUES = { values: [0, 1], text: 'enum 0,1' } as const;
const MX = { values: ['52'], text: 'Mexico only (country code 52)' } as const;

/** sms/send flags (4.2): "enum 0,1"; flash under its ambiguous name. */
const smsFlags = (['find_country_code', 'sandbox', 'flash', 'shorten_url'] as const).map(
  (field): StatedLimit => ({
    requirement: 'limit:sms-flags',
    section: '4.2',
    operation: 'sms/send',
    field,
    kind: 'enum',
    bound: FLAG_VALUES,
    ...(field === 'flash' ? { ambiguity: 'sms-flash-parameter-name' as const } : {}),
  }),
);

/** Both voice operations (4.3: "the reference states GET is also supported"). */
const voice = (row: Omit<StatedLimit, 'operation'>): StatedLimit[] => ['voice/send', 'voice/send-via-get'].map((operation) => ({ ...row, operation }));
/** The subaccount email (2.6: "Identified by email (max 70 characters)"), wherever it identifies one. */
const subaccountEmail = ['subaccounts/add', 'subaccounts/archive', 'subaccounts/get-apikey', 'subaccounts/manage-credits'].map(
  (operation): StatedLimit => ({
    requirement: 'limit:subaccount-email-length',
    section: '2.6, 4.11, 8',
    operation,
    field: 'email',
    kind: 'max-length',
    bound: { max: 70, text: 'max 70 characters' },
  }),
);

/** 4.14 "no local hosts or private networks": one row per family of webhooks.ts. */
const FORBIDDEN_HOSTS: readonly [family: string, text: string][] = [
  ['localhost', 'localhost and names under .localhost'],
  ['loopback-ipv4', '127.0.0.0/8'],
  ['loopback-ipv6', '::1'],
  ['private-10', '10.0.0.0/8'],
  ['private-172-16', '172.16.0.0/12'],
  ['private-192-168', '192.168.0.0/16'],
  ['link-local-ipv4', '169.254.0.0/16'],
  ['link-local-ipv6', 'fe80::/10'],
  ['unique-local-ipv6', 'fc00::/7'],
  ['ipv4-mapped-ipv6', 'an IPv4-mapped IPv6 address of a forbidden IPv4 host'],
  ['unspecified', '0.0.0.0/8, ::'],
];

export const STATED_LIMITS: readonly StatedLimit[] = [
  // ---- 8: the request as a whole ----
  {
    requirement: 'limit:rate-limit',
    section: '8',
    operation: '*',
    kind: 'rate',
    bound: { max: 100, text: '100 messages per second; exceeding gives 429 rate_01' },
  },
  {
    requirement: 'limit:sandbox-daily',
    section: '8',
    operation: 'sms/send',
    kind: 'max-count',
    bound: { text: '100 (or 1,000: ambiguity sandbox-daily-limit) sandbox sends per day' },
  },
  {
    requirement: 'limit:sandbox-daily',
    section: '8',
    operation: 'legacy-v1/send',
    kind: 'max-count',
    bound: { text: '1,000 (or 100: ambiguity sandbox-daily-limit) sandbox sends per day; Codigo 22' },
  },
  {
    requirement: 'limit:v1-sandbox-report-day',
    section: '8',
    operation: 'legacy-v1/send',
    kind: 'duration',
    bound: { max: 1, text: 'sandbox reports available only on the day of sending' },
  },
  { requirement: 'limit:event-retries', section: '6.3', operation: '*', kind: 'max-count', bound: { max: 25, text: 'up to 25 retries per event' } },

  // ---- 4.2 SMS ----
  {
    requirement: 'rule:sms.national-numbers',
    section: '4.2',
    operation: 'sms/send',
    field: 'numbers',
    kind: 'exact-digits',
    bound: { min: 10, max: 10, text: 'national numbers have 10 digits' },
  },
  {
    requirement: 'rule:sms.find-country-code',
    section: '4.2',
    operation: 'sms/send',
    field: 'numbers',
    kind: 'exact-digits',
    bound: { min: 12, max: 12, text: 'with find_country_code=1 each number has 12 digits including country code' },
  },
  {
    requirement: 'rule:sms.national-numbers',
    section: '4.2',
    operation: 'sms/send-via-get',
    field: 'numbers',
    kind: 'exact-digits',
    bound: { min: 10, max: 10, text: 'national numbers have 10 digits' },
  },
  {
    requirement: 'limit:sender-id-length',
    section: '4.2, 8',
    operation: 'sms/send',
    field: 'sender',
    kind: 'max-length',
    bound: { max: 11, text: 'alphanumeric, max 11 chars' },
  },
  {
    requirement: 'limit:sender-id-length',
    section: '4.2, 8',
    operation: 'sms/send-via-get',
    field: 'sender',
    kind: 'max-length',
    bound: { max: 11, text: 'alphanumeric, max 11 chars' },
  },
  { requirement: 'limit:sms-country-code', section: '4.2', operation: 'sms/send', field: 'country_code', kind: 'enum', bound: MX },
  { requirement: 'limit:sms-country-code', section: '4.2', operation: 'sms/send-via-get', field: 'country_code', kind: 'enum', bound: MX },
  ...smsFlags,
  {
    requirement: 'limit:sms-channel',
    section: '4.2',
    operation: 'sms/send',
    field: 'channel',
    kind: 'enum',
    bound: { values: [1, 2], text: '1 SMS (default), 2 RCS' },
  },
  {
    requirement: 'rule:sms.rcs-flash-incompatible',
    section: '4.2',
    operation: 'sms/send',
    field: 'flash',
    kind: 'prohibition',
    bound: { text: 'RCS is incompatible with flash' },
    ambiguity: 'sms-flash-parameter-name',
  },
  {
    requirement: 'rule:sandbox.no-scheduled',
    section: '4.2',
    operation: 'sms/send',
    field: 'date',
    kind: 'prohibition',
    bound: { text: 'unavailable in sandbox; no scheduled sends' },
  },
  { requirement: 'rule:sms.scheduled-future', section: '4.2', operation: 'sms/send', field: 'date', kind: 'range', bound: { text: 'must be in the future' } },
  {
    requirement: 'rule:sms.shorten-url',
    section: '4.2',
    operation: 'sms/send',
    field: 'message',
    kind: 'prohibition',
    bound: { text: 'with shorten_url=1 the message must contain exactly one URL, otherwise the request is rejected' },
    ambiguity: 'sms-shorten-url-count',
  },

  // ---- 4.3 Voice ----
  ...voice({
    requirement: 'rule:voice.templates',
    section: '4.3',
    field: 'template',
    kind: 'enum',
    bound: { values: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'], text: 'enum a..k' },
  }),
  ...voice({ requirement: 'limit:voice-country-code', section: '4.3', field: 'country_code', kind: 'enum', bound: { values: ['52'], text: 'always 52' } }),
  ...voice({ requirement: 'limit:voice-sandbox-flag', section: '4.3', field: 'sandbox', kind: 'enum', bound: FLAG_VALUES }),
  ...voice({
    requirement: 'limit:voice-message-length',
    section: '4.3, 8',
    field: 'voice_message',
    kind: 'max-length',
    bound: { max: 160, text: 'max 160 chars' },
  }),

  // ---- 4.4, 8 OTP, current generation ----
  {
    requirement: 'limit:otp-v2-phone-number',
    section: '4.4',
    operation: 'otp-v2/create',
    field: 'phone_number',
    kind: 'max-digits',
    bound: { max: 10, text: 'up to 10 digits, no country code' },
  },
  {
    requirement: 'limit:otp-v2-phone-number',
    section: '4.4',
    operation: 'otp-v2/verify',
    field: 'phone_number',
    kind: 'max-digits',
    bound: { max: 10, text: 'up to 10 digits, no country code' },
  },
  {
    requirement: 'limit:otp-v2-message-length',
    section: '4.4, 8',
    operation: 'otp-v2/create',
    field: 'message',
    kind: 'max-length',
    bound: { max: 160, text: 'at most 160 characters after substitution, GSM-7 only' },
  },
  {
    requirement: 'err:otp_invalid_channel',
    section: '4.4, 7.3',
    operation: 'otp-v2/create',
    field: 'channel',
    kind: 'enum',
    bound: { values: ['sms', 'whatsapp', 'voice'], text: 'enum sms, whatsapp, voice' },
  },
  {
    requirement: 'limit:otp-v2-code-length',
    section: '4.4, 8',
    operation: 'otp-v2/create',
    field: 'code_length',
    kind: 'range',
    bound: { min: 4, max: 10, integer: true, text: '4 to 10' },
  },
  {
    requirement: 'limit:otp-v2-code-custom-length',
    section: '4.4',
    operation: 'otp-v2/create',
    field: 'code_custom',
    kind: 'length-range',
    bound: { min: 4, max: 10, text: '4 to 10 letters and/or digits' },
  },
  {
    requirement: 'limit:otp-v2-expiry',
    section: '4.4, 8',
    operation: 'otp-v2/create',
    field: 'expiration_date',
    kind: 'range',
    bound: { max: 72, text: 'maximum 3 days (larger values are clamped, not refused)' },
  },
  { requirement: 'limit:otp-v2-attempts', section: '8', operation: 'otp-v2/verify', kind: 'max-count', bound: { max: 7, text: '7 per code round' } },
  { requirement: 'limit:otp-v2-cooldown', section: '8', operation: 'otp-v2/create', kind: 'duration', bound: { min: 30, text: 'resend cooldown 30 seconds' } },

  // ---- 4.5, 8 OTP, legacy generation ----
  {
    requirement: 'err:verification_07',
    section: '4.5, 7.2',
    operation: 'otp-legacy/send',
    field: 'phone_number',
    kind: 'exact-digits',
    bound: { min: 10, max: 10, text: '10 digits' },
  },
  {
    requirement: 'err:verification_07',
    section: '4.5, 7.2',
    operation: 'otp-legacy/resend',
    field: 'phone_number',
    kind: 'exact-digits',
    bound: { min: 10, max: 10, text: '10 digits' },
  },
  {
    requirement: 'err:verification_08',
    section: '4.5, 7.2',
    operation: 'otp-legacy/send',
    field: 'country_code',
    kind: 'enum',
    bound: { values: ['52'], text: 'always 52' },
  },
  {
    requirement: 'limit:otp-legacy-code-length',
    section: '4.5, 8',
    operation: 'otp-legacy/send',
    field: 'code_length',
    kind: 'range',
    bound: { min: 4, max: 10, integer: true, text: '4 to 10' },
  },
  {
    requirement: 'limit:otp-legacy-expiry',
    section: '4.5, 8',
    operation: 'otp-legacy/send',
    field: 'expiration_date',
    kind: 'range',
    bound: { max: 72, text: 'max 3 days' },
  },
  {
    requirement: 'rule:otp-legacy.templates',
    section: '4.5',
    operation: 'otp-legacy/send',
    field: 'template',
    kind: 'enum',
    bound: { values: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n'], text: 'enum a..n' },
  },
  {
    requirement: 'err:verification_15',
    section: '4.5, 7.2',
    operation: 'otp-legacy/send',
    field: 'code_type',
    kind: 'enum',
    bound: { values: ['alphanumeric', 'numeric', 'letters'], text: 'enum alphanumeric, numeric, letters' },
  },
  { requirement: 'limit:otp-legacy-showcode', section: '4.5', operation: 'otp-legacy/send', field: 'showcode', kind: 'enum', bound: FLAG_VALUES },

  // ---- 4.6, 4.7, 8 Contacts and contact lists ----
  {
    requirement: 'limit:contact-number-digits',
    section: '4.6',
    operation: 'contacts/add',
    field: 'number',
    kind: 'exact-digits',
    bound: { min: 10, max: 10, text: '10-digit national number, digits only (12 with the country code under find_country_code=1)' },
  },
  {
    requirement: 'limit:contact-name-length',
    section: '4.6, 8',
    operation: 'contacts/add',
    field: 'name',
    kind: 'max-length',
    bound: { max: 100, text: 'max 100' },
  },
  {
    requirement: 'limit:contact-email-length',
    section: '4.6, 8',
    operation: 'contacts/add',
    field: 'email',
    kind: 'max-length',
    bound: { max: 100, text: 'max 100' },
  },
  { requirement: 'limit:contact-find-country-code', section: '4.6', operation: 'contacts/add', field: 'find_country_code', kind: 'enum', bound: FLAG_VALUES },
  {
    requirement: 'limit:contactlist-query-length',
    section: '4.7',
    operation: 'agendas/find',
    field: 'query',
    kind: 'max-length',
    bound: { max: 100, text: 'max 100 chars' },
  },
  {
    requirement: 'err:agenda_03',
    section: '4.7, 7.2',
    operation: 'agendas/add',
    field: 'agenda_name',
    kind: 'uniqueness',
    bound: { text: 'unique per account' },
  },

  // ---- 4.8, 4.9 Wallet, loyalty cards ----
  {
    requirement: 'limit:wallet-phone-digits',
    section: '4.8',
    operation: 'wallet/add-contact',
    field: 'phone',
    kind: 'exact-digits',
    bound: { min: 10, max: 10, text: 'exactly 10 digits' },
  },
  {
    requirement: 'limit:wallet-transaction-type',
    section: '4.8',
    operation: 'wallet/update-balance',
    field: 'transaction_type',
    kind: 'enum',
    bound: { values: [0, 1], text: '0 add, 1 redeem' },
  },
  {
    requirement: 'limit:wallet-transaction-type',
    section: '4.8',
    operation: 'wallet/register-sale',
    field: 'transaction_type',
    kind: 'enum',
    bound: { values: [0, 1], text: '0 add, 1 redeem' },
  },
  {
    requirement: 'limit:loyalty-phone-digits',
    section: '4.9',
    operation: 'loyalty/add-contact',
    field: 'phone',
    kind: 'exact-digits',
    bound: { min: 10, max: 10, text: 'exactly 10 digits' },
  },

  // ---- 4.10, 8 Tool users ----
  {
    requirement: 'rule:employees.roles',
    section: '4.10, 2.5',
    operation: 'employees/add',
    field: 'type',
    kind: 'enum',
    bound: { values: ['cajero', 'gerente'], text: 'cajero or gerente' },
  },
  {
    requirement: 'limit:employee-number-digits',
    section: '4.10',
    operation: 'employees/add',
    field: 'number',
    kind: 'exact-digits',
    bound: { min: 10, max: 10, text: 'exactly 10 digits' },
  },
  {
    requirement: 'limit:employee-password-length',
    section: '4.10, 8',
    operation: 'employees/add',
    field: 'password',
    kind: 'max-length',
    bound: { max: 50, text: 'max 50' },
  },
  {
    requirement: 'limit:employee-phone-unique',
    section: '4.10',
    operation: 'employees/add',
    field: 'number',
    kind: 'uniqueness',
    bound: { text: 'unique phone' },
  },
  {
    requirement: 'limit:employee-password-unique',
    section: '4.10',
    operation: 'employees/add',
    field: 'password',
    kind: 'uniqueness',
    bound: { text: 'unique password' },
  },

  // ---- 2.6, 4.11, 8 Subaccounts ----
  ...subaccountEmail,
  {
    requirement: 'limit:subaccount-password-length',
    section: '2.6, 4.11, 8',
    operation: 'subaccounts/add',
    field: 'password',
    kind: 'length-range',
    bound: { min: 6, max: 36, text: '6 to 36 chars' },
  },
  {
    requirement: 'limit:subaccount-credits-type',
    section: '4.11',
    operation: 'subaccounts/manage-credits',
    field: 'type',
    kind: 'enum',
    bound: { values: [1, 2], text: '1 add, 2 withdraw' },
  },
  {
    requirement: 'rule:subaccounts.credits-integer',
    section: '4.11',
    operation: 'subaccounts/manage-credits',
    field: 'credits',
    kind: 'range',
    bound: { min: 1, integer: true, text: 'integer greater than 0, no decimals' },
  },

  // ---- 4.12 Reports ----
  {
    requirement: 'limit:reports-sandbox-flag',
    section: '4.12',
    operation: 'reports/generate',
    field: 'sandbox',
    kind: 'enum',
    bound: { values: [0, 1], text: 'integer 0,1' },
  },

  // ---- 4.13, 8 Payment requests ----
  {
    requirement: 'limit:payment-number-digits',
    section: '4.13',
    operation: 'payments/send-request',
    field: 'number',
    kind: 'max-digits',
    bound: { max: 10, text: 'max 10 digits' },
  },
  {
    requirement: 'limit:payment-template-length',
    section: '4.13, 8',
    operation: 'payments/send-request',
    field: 'template',
    kind: 'max-length',
    bound: { max: 40, text: 'max 40 chars' },
  },
  {
    requirement: 'limit:payment-message-length',
    section: '4.13, 8',
    operation: 'payments/send-request',
    field: 'message',
    kind: 'max-length',
    bound: { max: 123, text: 'max 123 chars' },
  },
  {
    requirement: 'limit:payment-name-length',
    section: '4.13, 8',
    operation: 'payments/send-request',
    field: 'name',
    kind: 'max-length',
    bound: { max: 150, text: 'max 150' },
  },
  {
    requirement: 'limit:payment-amount',
    section: '4.13, 8',
    operation: 'payments/send-request',
    field: 'amount',
    kind: 'range',
    bound: { min: 15, max: 110000, text: '15 to 110000' },
  },

  // ---- 4.14 Webhooks ----
  ...FORBIDDEN_HOSTS.map(
    ([family, text]): StatedLimit => ({
      requirement: `webhook:forbidden-host.${family}`,
      section: '4.14',
      operation: 'webhooks/add',
      field: 'url',
      kind: 'prohibition',
      bound: { text: `no local hosts or private networks: ${text}` },
    }),
  ),
  {
    requirement: 'limit:webhook-status-values',
    section: '4.14',
    operation: 'webhooks/add',
    field: 'status',
    kind: 'enum',
    bound: { values: ['0', '1'], text: "'0' or '1'" },
  },
  {
    requirement: 'limit:webhook-status-values',
    section: '4.14',
    operation: 'webhooks/set-status',
    field: 'status',
    kind: 'enum',
    bound: { values: ['0', '1'], text: "'0' or '1'" },
  },

  // ---- 4.16, 7.4, 8 Legacy v1 ----
  {
    requirement: 'limit:v1-message-length',
    section: '4.16, 8',
    operation: 'legacy-v1/send',
    field: 'mensaje',
    kind: 'max-length',
    bound: { max: 160, text: 'max 160; Codigo 03' },
  },
  {
    requirement: 'limit:v1-message-length',
    section: '4.16, 8',
    operation: 'legacy-v1/send-multi',
    field: 'mensaje',
    kind: 'max-length',
    bound: { max: 160, text: 'max 160; Codigo 03' },
  },
  {
    requirement: 'err:v1-07',
    section: '4.16, 7.4',
    operation: 'legacy-v1/send',
    field: 'numcelular',
    kind: 'exact-digits',
    bound: { min: 10, max: 10, text: '10 digits; Codigo 07' },
  },
  {
    requirement: 'limit:v1-batch-size',
    section: '4.16, 8',
    operation: 'legacy-v1/send-multi',
    field: 'numcelular',
    kind: 'max-count',
    bound: { max: 500, text: 'max 500; Codigo 14' },
  },
  {
    requirement: 'err:v1-15',
    section: '4.16, 7.4',
    operation: 'legacy-v1/send-multi',
    field: 'numcelular',
    kind: 'uniqueness',
    bound: { text: 'no repeats; Codigo 15' },
  },
  {
    requirement: 'err:v1-21',
    section: '4.16, 7.4',
    operation: 'legacy-v1/send-multi',
    field: 'numcelular',
    kind: 'prohibition',
    bound: { text: 'no double commas; Codigo 21' },
  },
];

/**
 * Bounds and value lists the document gives but leaves open, so that they are not stated limits:
 * the suite records or accepts either answer (latitudes invalid-input, only-with, size-limits).
 */
export const NOT_STATED_LIMITS: readonly { subject: string; section: string; operation?: string; field?: string; requirement?: string; why: string }[] = [
  {
    subject: 'maximum message length of POST /sms/send',
    section: '8',
    operation: 'sms/send',
    field: 'message',
    requirement: 'limit:sms-message-length',
    why: '"Maximum message length of POST /sms/send: not shown"',
  },
  {
    subject: 'recipients per request of /sms/send and /voice/send',
    section: '8',
    operation: 'sms/send',
    field: 'numbers',
    requirement: 'limit:recipients-per-request',
    why: '"Recipients per request of /sms/send and /voice/send: not shown"',
  },
  {
    subject: 'the per-account report request limit',
    section: '8',
    operation: 'reports/generate',
    requirement: 'limit:report-requests',
    why: '"per-account request limit (report_05) whose value: not shown"',
  },
  {
    subject: 'legacy OTP sender',
    section: '4.5',
    operation: 'otp-legacy/send',
    field: 'sender',
    why: '"max 11 alphanumeric chars; ignored if not contracted": a sender may be ignored whatever its length',
  },
  {
    subject: 'legacy OTP locale, v1 language',
    section: '4.5, 4.16, 9',
    field: 'locale',
    why:
      '"responses are always in Spanish and not configurable, while the OTP endpoints accept ' +
      'locale (es, en)" (ambiguity response-language): a target may ignore the language',
  },
  {
    subject: 'legacy OTP resend code_length and code_type',
    section: '4.5',
    operation: 'otp-legacy/resend',
    field: 'code_length',
    why: '"ignored unless reset_code is true", "changes only with reset_code=true"',
  },
  {
    subject: 'v1 remitente past 11 characters',
    section: '4.16, 7.4',
    operation: 'legacy-v1/send',
    field: 'remitente',
    requirement: 'limit:v1-sender-length',
    why:
      '"remitente (optional, max 11 alphanumeric)", but 7.4 lists every Codigo and none is for the ' +
      'remitente: refused or ignored (the default sender), and no v1 answer names the sender used',
  },
  {
    subject: 'v1 sandbox',
    section: '4.16',
    operation: 'legacy-v1/send',
    field: 'sandbox',
    why: '"sandbox (1)" names the value that turns sandbox on, not a list of accepted values',
  },
  {
    subject: 'voice_message beside a template other than k',
    section: '4.3',
    operation: 'voice/send',
    field: 'voice_message',
    requirement: 'rule:voice.template-k-message',
    why: '"only with template k": refused or ignored (latitude only-with)',
  },
  {
    subject: 'contact birthday_date format',
    section: '4.6',
    operation: 'contacts/add',
    field: 'birthday_date',
    requirement: 'rule:contacts.birthday-ignored',
    why: '"ignored if the format is invalid": stated as ignored, not refused',
  },
  {
    subject: 'contact email on /contacts/update',
    section: '4.6, 8',
    operation: 'contacts/update',
    field: 'email',
    why: 'section 8 bounds the email of /contacts/add; the update line gives no maximum',
  },
  {
    subject: 'OTP expiry past 3 days',
    section: '4.4',
    operation: 'otp-v2/create',
    field: 'expiration_date',
    why: '"larger values are clamped": stated, with a clamp instead of a refusal (its row, limit:otp-v2-expiry, checks the clamp)',
  },
];

/** The stated rules of `operation` on `field` (rules of every operation included). */
export function statedLimitsOf(operation: string, field?: string): StatedLimit[] {
  return STATED_LIMITS.filter((l) => (l.operation === operation || l.operation === '*') && (field === undefined || l.field === field));
}
