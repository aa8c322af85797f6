/**
 * The `rule:` requirements of the legacy OTP (4.5) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const OTP_LEGACY_RULE_RECORDS = rulesOf('otp-legacy', [
  {
    id: 'rule:otp-legacy.expiry-refusal-code',
    section: '4.5, 7.2',
    statement: 'A refusal of an expiration_date past the maximum names verification_13.',
    ...reading(
      '7.2 lists _13 "bad expiration date" without saying that a date past the maximum is one (4.5 says only "max 3 days"); a careful team may refuse it with another code of the list',
      '_13 bad expiration date',
    ),
  },
  {
    id: 'rule:otp-legacy.showcode',
    section: '4.5',
    statement: 'verification_code is returned only with showcode=1.',
    ...stated('| showcode | enum 0,1 | no | default 0; 1 returns verification_code |', 'verification_code (only with showcode=1)'),
  },
  {
    id: 'rule:otp-legacy.templates',
    section: '4.5',
    statement: 'template is one of a to n (default a): another letter is refused.',
    ambiguity: 'otp-legacy-template-required',
    ...stated('| template | enum a..n | no | default a (one page lists it as required); table below |'),
  },
  {
    id: 'rule:otp-legacy.verify-marks-verified',
    section: '4.5',
    statement: 'A correct verify makes the number verified.',
    ...stated('Success: code validation_01, message confirming the user is verified; the number becomes verified.'),
  },
  {
    id: 'rule:otp-legacy.resend-keeps-code',
    section: '4.5',
    statement: 'A resend with reset_code=false keeps the same code; reset_code=true generates a new one, and only then do code_length and code_type apply.',
    ...stated(
      '| reset_code | boolean | default false; true generates a new random code, false keeps the same |',
      '| code_length | integer | 4 to 10; ignored unless reset_code is true |',
      '| code_type | enum alphanumeric, numeric, letters | changes only with reset_code=true |',
    ),
  },
  {
    id: 'rule:otp-legacy.whatsapp-fallback',
    section: '4.5, 2.10',
    statement: 'A resend with whatsapp=true without an active WhatsApp instance still sends, by SMS, and answers fallback=true.',
    ...stated(
      '| whatsapp | boolean | sends via WhatsApp; needs an active WhatsApp instance, otherwise falls back to SMS |',
      'fallback (boolean, true when WhatsApp or voice fell back to SMS)',
    ),
  },
  {
    id: 'rule:otp-legacy.send-fields',
    section: '4.5, 2.10',
    statement: 'The send answer carries total_messages, number, credit, reference and fallback.',
    ...stated(
      'object also carries total_messages, number, credit, reference, fallback.',
      '| reference | boolean | no | default true; returns the message reference |',
    ),
  },
  {
    id: 'rule:otp-legacy.language',
    section: '4.5, 9',
    statement: 'locale selects the response language.',
    ambiguity: 'response-language',
    ...reading(
      'a SHOULD: the document reports that responses are always in Spanish, while the OTP endpoints accept locale',
      '| locale | enum es, en | no | response language, default es |',
      'Response text language: the reference states that responses are always in Spanish and not configurable, while the OTP endpoints accept locale (es, en).',
    ),
  },
]);
