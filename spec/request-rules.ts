/**
 * The request rules the document states that a field's own schema cannot say (a rule between two
 * fields, a pattern the zod schema checks with a refinement), as JSON Schema 2020-12 fragments per
 * operation. They are added to the emitted request body schemas only (request-schemas.ts): the zod
 * schemas, which the reference server and the suites parse with, are not changed, so no verdict
 * moves. With them, a request that validates against the file is one the document allows: every
 * conformant server accepts its form.
 *
 * Each rule cites its section and says the document's words in `rule`; rules the document leaves
 * open (an ambiguity) take the reading every conformant server accepts, and say so.
 */
import { GSM7_BASIC, GSM7_EXTENSION, GSM7_PATTERN } from '../schemas/formats.ts';
import { OTP_MESSAGE_PLACEHOLDERS } from '../schemas/otp-v2.ts';
import { MEXICO_COUNTRY_CODE } from '../schemas/sms.ts';
import { CUSTOM_TEXT_TEMPLATE } from '../schemas/voice.ts';

/** A JSON Schema fragment (the keywords of 2020-12 that the rules use). */
export type JsonSchema = { [keyword: string]: unknown };

interface RuleText {
  /** Short name, unique within the operation (tests name the rule they break). */
  id: string;
  /** Section of the document that states it. */
  section: string;
  /** The rule in the document's words. */
  rule: string;
}

/** A rule between fields: its JSON Schema is added to the body schema under `allOf`. */
export interface ObjectRule extends RuleText {
  schema: JsonSchema;
}

/**
 * A rule of one field alone: its pattern goes on the property itself (a property without a pattern
 * of its own), where type generators keep the property's type as it is.
 */
export interface PropertyRule extends RuleText {
  property: string;
  pattern: string;
}

export type RequestRule = ObjectRule | PropertyRule;

// -------------------------------------------------------------------------------------------------
// Building blocks.
// -------------------------------------------------------------------------------------------------

/** The 0/1 flags travel as numbers or their string forms (schemas/formats.ts flag01). */
const FLAG_SET: JsonSchema = { enum: [1, '1'] };
const FLAG_UNSET: JsonSchema = { enum: [0, '0'] };
const flagSet = (field: string): JsonSchema => ({ required: [field], properties: { [field]: FLAG_SET } });
const fieldPattern = (field: string, pattern: string): JsonSchema => ({ properties: { [field]: { pattern } } });

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeForClass = (chars: string): string =>
  [...chars].map((ch) => (ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : ch === '\f' ? '\\f' : /[\\\][^-]/.test(ch) ? `\\${ch}` : ch)).join('');

/** 4.2: comma-separated recipients of 10 digits; with find_country_code=1, 12 digits starting with 52. */
const NATIONAL_NUMBERS = '^\\d{10}(,\\d{10})*$';
const NUMBERS_WITH_COUNTRY_CODE = `^${MEXICO_COUNTRY_CODE}\\d{10}(,${MEXICO_COUNTRY_CODE}\\d{10})*$`;

/** 4.2 message: "always as GSM-7; accents must not be included": GSM-7 without its letters with diacritics. */
const ACCENTED_GSM7_LETTERS = 'èéùìòÇØøÅåÉÄÖÑÜäöñüà';
const GSM7_WITHOUT_ACCENTS = `^[${escapeForClass([...(GSM7_BASIC + GSM7_EXTENSION)].filter((ch) => !ACCENTED_GSM7_LETTERS.includes(ch)).join(''))}]*$`;

/** A URL as the zod schema counts them (schemas/sms.ts urlsIn: `\bhttps?://` then a non-space), any case. */
const URL_START = '\\b[Hh][Tt][Tt][Pp][Ss]?://\\S';
/** 4.2 shorten_url: a message with exactly one URL. */
const EXACTLY_ONE_URL = `^(?![\\s\\S]*${URL_START}[\\s\\S]*${URL_START})[\\s\\S]*${URL_START}`;

/** 4.3 numbers: "comma-separated recipients": no empty entry between commas. */
const NO_EMPTY_RECIPIENT = '^[^,]*[^,\\s][^,]*(,[^,]*[^,\\s][^,]*)*$';

/** 4.4 phone_number: "up to 10 digits, no country code (Mexico: 10)". */
const mexicoTenDigits = (section: string): RequestRule => ({
  id: 'mexico-phone-number-10-digits',
  section,
  rule: 'phone_number: up to 10 digits, no country code (Mexico: 10)',
  schema: { if: { properties: { country_code: { const: MEXICO_COUNTRY_CODE } } }, then: fieldPattern('phone_number', '^\\d{10}$') },
});

// -------------------------------------------------------------------------------------------------
// The rules, by operationId (schemas/operations.ts).
// -------------------------------------------------------------------------------------------------

export const REQUEST_RULES: Readonly<Record<string, readonly RequestRule[]>> = {
  'sms/send': [
    {
      id: 'recipient-digits',
      section: '4.2',
      rule:
        'numbers: recipients separated by commas; National numbers have 10 digits; ' +
        'with find_country_code=1 each number has 12 digits including country code',
      schema: { if: flagSet('find_country_code'), then: fieldPattern('numbers', NUMBERS_WITH_COUNTRY_CODE), else: fieldPattern('numbers', NATIONAL_NUMBERS) },
    },
    {
      id: 'mexico-only',
      section: '4.2',
      rule: 'Mexico only (country code 52); country_code: default 52; not needed with find_country_code=1',
      schema: { if: flagSet('find_country_code'), else: { properties: { country_code: { const: MEXICO_COUNTRY_CODE } } } },
    },
    {
      id: 'no-scheduled-send-in-sandbox',
      section: '4.2',
      rule: 'date: unavailable in sandbox; sandbox: no scheduled sends',
      // `false` for a property: the field must be absent.
      schema: { if: flagSet('sandbox'), then: { properties: { date: false } } },
    },
    {
      id: 'rcs-without-flash',
      section: '4.2',
      rule: 'channel: RCS is incompatible with flash',
      schema: { not: { required: ['channel', 'flash'], properties: { channel: { const: 2 }, flash: FLAG_SET } } },
    },
    {
      id: 'shorten-url-one-url',
      section: '4.2',
      // Ambiguity sms-shorten-url-count: "exactly one URL" against "all URLs are shortened". Exactly
      // one is the reading every server accepts (it is within both options).
      rule: 'shorten_url: the message must contain exactly one URL, otherwise the request is rejected (without url_to_shorten)',
      schema: {
        if: { required: ['shorten_url'], properties: { shorten_url: FLAG_SET, url_to_shorten: false } },
        then: fieldPattern('message', EXACTLY_ONE_URL),
      },
    },
    {
      id: 'message-without-accents',
      section: '4.2',
      // Ambiguity sms-accented-text: a server may strip or refuse accents; without them every server accepts the text.
      rule: 'message: the text is sent without accents, always as GSM-7; accents must not be included',
      property: 'message',
      pattern: GSM7_WITHOUT_ACCENTS,
    },
  ],
  'voice/send': [
    {
      id: 'voice-message-only-with-template-k',
      section: '4.3',
      rule: 'voice_message: max 160 chars; only with template k',
      schema: { dependentSchemas: { voice_message: { properties: { template: { const: CUSTOM_TEXT_TEMPLATE } } } } },
    },
    {
      id: 'comma-separated-recipients',
      section: '4.3',
      rule: 'numbers: comma-separated recipients',
      property: 'numbers',
      pattern: NO_EMPTY_RECIPIENT,
    },
  ],
  'otp-v2/create': [
    {
      id: 'message-placeholders',
      section: '4.4',
      rule: 'message: must contain {{code}} and {{company}}; ignored for whatsapp',
      schema: {
        if: { required: ['channel'], properties: { channel: { const: 'whatsapp' } } },
        else: {
          properties: {
            message: { allOf: [{ pattern: escapeRegExp(OTP_MESSAGE_PLACEHOLDERS.code) }, { pattern: escapeRegExp(OTP_MESSAGE_PLACEHOLDERS.company) }] },
          },
        },
      },
    },
    {
      id: 'message-gsm7',
      section: '4.4',
      rule: 'message: GSM-7 characters only; ignored for whatsapp',
      schema: { if: { required: ['channel'], properties: { channel: { const: 'whatsapp' } } }, else: fieldPattern('message', GSM7_PATTERN.source) },
    },
    {
      id: 'code-custom-alone',
      section: '4.4',
      rule: 'code_custom: cannot be combined with code_length or code_format (400 otp_invalid_param)',
      schema: { dependentSchemas: { code_custom: { properties: { code_length: false, code_format: false } } } },
    },
    {
      id: 'sandbox-code-in-response',
      section: '4.4',
      rule: 'sandbox: requires code_in_response=true (else 400 otp_missing_param) unless code_custom is used',
      schema: {
        if: { required: ['sandbox'], properties: { sandbox: { const: true }, code_custom: false } },
        then: { required: ['code_in_response'], properties: { code_in_response: { const: true } } },
      },
    },
    mexicoTenDigits('4.4'),
  ],
  'otp-v2/verify': [mexicoTenDigits('4.4')],
  'otp-v2/delete': [mexicoTenDigits('4.4')],
  'contacts/add': [
    {
      id: 'contact-number-digits',
      section: '4.6',
      rule: 'number: 10-digit national number, digits only, no country code; with find_country_code=1 it may include the country code',
      schema: {
        if: flagSet('find_country_code'),
        then: fieldPattern('number', `^(${MEXICO_COUNTRY_CODE})?\\d{10}$`),
        else: fieldPattern('number', '^\\d{10}$'),
      },
    },
  ],
  'wallet/register-sale': [
    {
      id: 'amount-required-to-add',
      section: '4.8',
      rule: 'transaction_amount (number, optional; required when transaction_type is 0)',
      schema: {
        if: { properties: { transaction_type: FLAG_UNSET } },
        then: { required: ['transaction_amount'], properties: { transaction_amount: { type: 'number' } } },
      },
    },
  ],
};
