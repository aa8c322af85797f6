/**
 * The `rule:` requirements of the current OTP (3.1, 4.4, 7.3) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { OTP_MESSAGE_ROW, OTP_PARAM_ROW, OTP_SANDBOX_RULE } from '../document-excerpts.ts';
import { notShown, reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const OTP_V2_RULE_RECORDS = rulesOf('otp-v2', [
  {
    id: 'rule:otp2.charging',
    section: '4.4',
    statement: 'Create, resend and rotate charge one message of balance on any channel.',
    capability: 'real-delivery',
    ...stated('Only sending a message charges one message of balance (create, resend or rotate, any channel).'),
  },
  { id: 'rule:otp2.free-operations', section: '4.4', statement: 'Verify, status and delete are free.', ...stated('Verify, status and delete are free.') },
  { id: 'rule:otp2.sandbox-free', section: '4.4', statement: 'sandbox=true delivers nothing and charges nothing.', ...stated(OTP_SANDBOX_RULE) },
  {
    id: 'rule:otp2.sandbox-needs-code-in-response',
    section: '4.4',
    statement: 'sandbox=true requires code_in_response=true (else 400 otp_missing_param) unless code_custom is used.',
    ...stated(OTP_SANDBOX_RULE, 'with sandbox=true code_in_response is not needed'),
  },
  {
    id: 'rule:otp2.code-in-response',
    section: '4.4, 2.10',
    statement: 'code is returned only when requested.',
    ...stated(
      '| code_in_response | boolean | no | default false; true returns the code in field code (testing/server-side automation only) |',
      'code (only when requested), request_id.',
    ),
  },
  {
    id: 'rule:otp2.retry-after',
    section: '3.1, 7.3',
    statement: 'A throttled answer carries resend_available_in and a Retry-After header.',
    ...stated('| 429 | otp_throttled | cooldown active; resend_available_in and Retry-After header |'),
  },
  {
    id: 'rule:otp2.channel-switch',
    section: '4.4',
    statement: 'Changing channel on a resend sends the same pending code through the new channel.',
    ...stated('changing channel on a resend sends the same pending code through the new channel'),
  },
  {
    id: 'rule:otp2.whatsapp-warning',
    section: '4.4',
    statement: 'warning is present when whatsapp ignored company/message.',
    ...stated('warning (present when whatsapp ignored company/message)'),
  },
  {
    id: 'rule:otp2.company-required',
    section: '4.4',
    statement: 'company is required on every request whatever the channel.',
    ...stated('| company | string | yes | inserted at {{company}}; ignored for whatsapp; required on every request whatever the channel |'),
  },
  {
    id: 'rule:otp2.previous-api-rejected',
    section: '4.4, 9',
    statement: 'Parameters of the previous API (voice, whatsapp, template) are rejected with 400.',
    ...stated('Parameters of the previous API (voice, whatsapp, template) are rejected with 400.'),
  },
  {
    id: 'rule:otp2.code-custom-exclusive',
    section: '4.4',
    statement: 'code_custom cannot be combined with code_length or code_format (400 otp_invalid_param).',
    ...stated('cannot be combined with code_length or code_format (400 otp_invalid_param)'),
  },
  {
    id: 'rule:otp2.code-custom-case-sensitive',
    section: '4.4',
    statement: 'code_custom is stored and compared as sent, case-sensitive.',
    ...stated('own code, 4 to 10 letters and/or digits, case-sensitive, stored and compared as sent'),
  },
  {
    id: 'rule:otp2.code-format',
    section: '4.4',
    statement: 'A generated code follows code_format (default numeric).',
    ...stated('| code_format | enum numeric, alphanumeric, letters | no | default numeric |'),
  },
  {
    id: 'rule:otp2.code-length-new-code-only',
    section: '4.4',
    statement: 'code_length applies only when a new code is generated.',
    ...stated('| code_length | integer | no | 4 to 10, default 6; applies only when a new code is generated |'),
  },
  {
    id: 'rule:otp2.message-checked-at-resend',
    section: '4.4',
    statement: 'The 160-character rule is checked at every send with the real length of the code being sent.',
    ...stated(
      "checked at every send with the real length of the code being sent (a resend reuses the stored code, which may be longer than this request's code_length)",
    ),
  },
  {
    id: 'rule:otp2.message-invalid-untouched',
    section: '7.3',
    statement: 'On otp_message_invalid the current verification is untouched and no attempt is consumed.',
    ...stated(OTP_MESSAGE_ROW),
  },
  {
    id: 'rule:otp2.expires-at',
    section: '4.4, 2.10',
    statement: 'expires_at is YYYY-MM-DD HH:mm:ss, 24 hours ahead by default.',
    ...stated('expires_at (YYYY-MM-DD HH:mm:ss)', 'YYYY-MM-DD HH:mm:ss, future; default 24 hours; maximum 3 days (larger values are clamped)'),
  },
  {
    id: 'rule:otp2.expiration-future',
    section: '4.4',
    statement: 'expiration_date must be in the future.',
    ...stated('YYYY-MM-DD HH:mm:ss, future; default 24 hours; maximum 3 days (larger values are clamped)', OTP_PARAM_ROW),
  },
  {
    id: 'rule:otp2.status-read-only',
    section: '4.4',
    statement: 'GET /v2/otp/status is read-only: it changes no state or counter.',
    ambiguity: 'otp-status-request-shape',
    ...stated('GET /v2/otp/status: read-only, no side effects, returns the state, attempts and resend counters for the UI;'),
  },
  {
    id: 'rule:otp2.per-number',
    section: '3.1',
    statement: 'A verification is kept per phone_number + country_code: one number does not affect another.',
    ...stated('Current OTP verification (per phone_number + country_code)', 'Per phone_number + country_code.'),
  },
  {
    id: 'rule:otp2.error-body',
    section: '4.4',
    statement: 'Error bodies carry success=false, state, error, message, hint and next.',
    // Readings weighed: the listed members are stated; "hint names it" (7.3) by the field's own name is a reading
    // (a warning), and the optional `code` is not said to be the OTP code (never read as one in an error body).
    ...stated(
      'Error body of this set: success=false, state, error (slug), message, hint, next, and ' +
        'when applicable expires_at, attempts_remaining, resend_available_in, code, request_id.',
    ),
  },
  {
    id: 'rule:otp2.hint-names-parameter',
    section: '7.3',
    statement: "The hint of a missing or invalid parameter's refusal, or of a parameter of the previous API, names it by its field name.",
    ...reading('"hint names it": naming it by the field\'s own name is a reading; a careful team may name it in words ("phone number")', OTP_PARAM_ROW),
  },
  {
    id: 'rule:otp2.retry-after-wait',
    section: '3.1, 7.3',
    statement: 'The Retry-After header of an otp_throttled answer gives the wait resend_available_in gives.',
    ...reading(
      'the header is named beside resend_available_in with no value of its own: that both give the same wait is a reading; a careful team may send a fixed or rounded Retry-After',
      '| 429 | otp_throttled | cooldown active; resend_available_in and Retry-After header |',
    ),
  },
  {
    id: 'rule:otp2.attempts-remaining',
    section: '4.4',
    statement: 'A wrong code answers attempts_remaining, decremented by one.',
    ...stated(
      '| pending | POST /v2/otp/verify | code wrong, attempts remain | pending | HTTP 401, attempts_remaining decremented |',
      '| 401 | code incorrect; attempts_remaining says how many are left |',
    ),
  },
  {
    id: 'rule:otp2.invalid-parameter-refused',
    section: '7.3, 4.4',
    statement:
      'A create or a verify with a missing or invalid parameter answers HTTP 400 with a slug 7.3 gives a 400 of that operation ' +
      '(otp_missing_param or otp_invalid_param; on create also otp_invalid_channel or otp_message_invalid).',
    // Readings weighed: 7.3 gives its statuses as the real HTTP ones and a 400 to "missing or invalid parameter"; a field
    // left out, or a value outside its row's type or form, is missing or invalid on every reading. Which of the row's
    // slugs answers which cause is not said (err:otp_missing_param and err:otp_invalid_param are readings), so any 400
    // slug of the operation is taken; a verify of a number with no verification may meet 3.1's 404 first (7 orders no
    // checks), which is recorded, not judged by this rule.
    ...stated(OTP_PARAM_ROW),
  },
  {
    id: 'rule:otp2.country-code',
    section: '4.4, 7.3',
    statement: 'country_code is required and numeric: a create without it or with a non-numeric one answers 400 (otp_missing_param or otp_invalid_param).',
    // Readings weighed: letters ("MX", "52a") are not numeric on any reading (fail); "+52" is E.164's way of writing
    // 52 and "numeric" does not rule on the +: recorded, never failed. Which of the row's two slugs: either.
    ...stated('| country_code | string | yes | numeric; 52 for Mexico |', OTP_PARAM_ROW),
  },
  {
    id: 'rule:otp2.plus-country-code-refusal',
    section: '4.4, 7.3',
    statement: 'A create whose country_code "+52" is refused is refused as a missing or invalid parameter: 400 otp_missing_param or otp_invalid_param.',
    ...reading(
      '"numeric" does not rule on the + with which E.164 writes a country code: whether "+52" is accepted is recorded, and that ' +
        'its refusal is the invalid parameter of 7.3 is our reading; a careful team may refuse it another way',
      '| country_code | string | yes | numeric; 52 for Mexico |',
      OTP_PARAM_ROW,
    ),
  },
  {
    id: 'rule:otp2.failed-send-registered',
    section: '4.4',
    statement:
      'A create whose send fails (402) leaves the code registered: the retried send resends it (3.1 pending + POST /v2/otp: action=resent), and it verifies.',
    // Readings weighed: "stays registered" with 3.1's pending row gives the retry's action=resent and a code that
    // verifies (fail); whether the failed send started the cooldown is not said (a throttled retry is waited out).
    ...stated('If sending fails (402 or 502) the code stays registered but nothing was delivered; retry the send, do not verify.'),
  },
  {
    id: 'rule:otp2.cooldown-reach',
    section: '3.1, 8',
    statement: 'The resend cooldown of /v2/otp is 30 seconds; 3.1 states it on the creates of a pending verification.',
    // What a target does where the words stop is recorded: a create the target throttled on a row of 3.1 that states
    // no cooldown (waited out, then the row is judged), and a resend carried out that the kit's clock cannot place
    // on either side of the 30 s (the cooldown's own rows judge only what the clock places).
    ...notShown(
      'the document does not say whether the 30 s cooldown of 8 ("/v2/otp") holds on the creates whose row of 3.1 states none ' +
        '(none after DELETE, expired, verified, locked), whether a send that failed (402) starts it, nor from which instant of a send ' +
        '(its arrival, the delivery, the answer) the 30 s are counted',
      '| Current OTP resend cooldown | 30 seconds | /v2/otp |',
      '| pending | POST /v2/otp | within the 30 s cooldown | pending | HTTP 429 otp_throttled with resend_available_in and Retry-After header |',
    ),
  },
]);
