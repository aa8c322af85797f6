/**
 * The seams and faults of sending SMS and voice (2.2, 4.2, 4.3): the send result, recipients,
 * sender, flags, GSM-7 text (also the current OTP message's, 4.4, 7.3), scheduled sends and the
 * sandbox (4.2, 8).
 */
import { limitById } from '../../schemas/limits.ts';
import { urlsIn } from '../../schemas/sms.ts';
import { FLAG_01, keepFirst, outsideAs, readLeniently, type Fields } from './lenient-reading.ts';
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const SMS_SEAMS = {
  'send-result.references': point<readonly { reference: string; number: string }[], { sandbox: boolean }>(
    'rule:sms.references-per-recipient',
    'rule:sandbox.references',
  ),
  'send-result.total-messages': point<number>('rule:sms.total-messages'),
  'sms.adds-campaign-id': point<boolean>('rule:sms.campaign-id'),
  'sms.refuses-non-gsm7': point<boolean>('rule:sms.accented-text'),
  'sms.refuses-past-date': point<boolean>('rule:sms.scheduled-future'),
  'sms.numbers-include-country-code': point<boolean>('rule:sms.find-country-code'),
  /** The body as the send's own check (sender, a sandbox date) reads it. */
  'sms.checked-fields': point<Record<string, unknown>>('limit:sender-id-length', 'rule:sandbox.no-scheduled'),
  'voice.refuses-k-without-message': point<boolean>('rule:voice.template-k-message'),
  'sandbox.charges-nothing': point<boolean>('rule:sandbox.no-charge'),
  'sandbox.daily-limit': point<number>('limit:sandbox-daily'),
  'otp2.message-checked-company': point<string>('err:otp_message_invalid'),
} as const;

const fault = faultOn(SMS_SEAMS);

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

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const SMS_MUTANTS = [
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
] as const satisfies readonly MutantEntry[];
