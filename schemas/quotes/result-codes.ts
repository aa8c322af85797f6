/**
 * The words behind each result code (err:<code>, err:v1-<NN>; sections 5 and 7): its row or list item,
 * keyed by the id requirements.ts builds from error-codes.ts.
 */
import {
  ADD_WEBHOOK_ROW,
  AGENDA_NAME_ROW,
  CODE_CUSTOM_RULE,
  DETAILS_ROW,
  LEGACY_SEND_CODES,
  OTP_MESSAGE_ROW,
  OTP_PARAM_ROW,
  OTP_SANDBOX_RULE,
  REPORTS_ROW,
} from '../document-excerpts.ts';
import { reading, stated } from '../quote-level.ts';
import type { RequirementQuote } from '../quote-level.ts';

const AUTH_STATUS_TORN =
  'The current OTP reference states that auth errors reach the client with HTTP 200 and the detail in the body, ' +
  'while the authentication reference gives the HTTP codes above; clients should read the body status and code.';
const OTP_SLUGS_SEEN = 'Other slugs seen: otp_incorrect_code (verify, 401) and otp_internal.';
const STATUS_WEBHOOK_ROW = '| /webhook/status | status_webhook_02, _03 status missing or not 0/1; status_webhook_04 could not update (no webhook registered) |';
/** 4.7's errors of /agendas/get_contacts (the sentence of /agendas/delete goes on after "does not exist"). */
const GET_CONTACTS_ERRORS = 'Errors: get_contacts_02 list_key missing; err_01 list does not exist.';
/** 4.7's errors of /agendas/change_name, and the row of 7.2 that names the same three codes. */
const RENAME_ERRORS = 'Errors: change_name_02 list_key missing; change_name_03 new name missing; err_03 list does not exist.';
const RENAME_ROW = '| /agendas/change_name | change_name_02, change_name_03, err_03 |';
const LEGACY_VERIFY_CODES = 'Legacy OTP verify codes: validation_01 verified;';
const legacySend = (item: string): RequirementQuote => stated(LEGACY_SEND_CODES, item);
const legacyVerify = (item: string): RequirementQuote => stated(LEGACY_VERIFY_CODES, item);
/** A Codigo of 7.4: the section heading (which says where the Codigo goes), the error shape of 4.16 (whose pointer to 7.3 means 7.4) and the item. */
const V1_CODES = 'Legacy v1 error codes (Codigo in Estatus=error)';
const V1_ERROR = 'Error: Estatus=error, mensaje, Codigo (section 7.3).';
const v1Code = (item: string): RequirementQuote => stated(V1_CODES, V1_ERROR, item);
/** An authentication code: its row of the table of 5, and the sentence that puts its HTTP status in doubt. */
const authCode = (row: string, ...more: string[]): RequirementQuote => stated(row, ...more, AUTH_STATUS_TORN);
/** Two codes 7.2 gives together for several causes (ambiguity paired-code-order). */
const PAIRED = 'the document pairs the two codes for the causes together; which code names which cause is our reading';

export const RESULT_CODES_QUOTES: Readonly<Record<string, RequirementQuote>> = {
  // ---- Result codes: authentication (5). The table gives HTTP statuses the next paragraph puts in doubt (ambiguity auth-error-http-status). ----
  'err:auth_01': authCode('| auth_01 | 401 | key not provided (no header, no body field) |'),
  'err:auth_05': authCode('| auth_05 | 401 | key invalid or unknown |'),
  'err:auth_06': authCode('| auth_06 | 401 | account disabled or suspended |'),
  'err:auth_07': authCode('| auth_07 | 401 | subaccount whose administrator account is invalid or disabled |'),
  'err:auth_99': authCode('| auth_99 | 401 | unexpected internal error during authentication |'),
  'err:auth_04': authCode('| auth_04 | 403 | IP not in the allow-list |', 'A request from an unlisted address gets 403 with auth_04, on any endpoint.'),
  'err:auth_deprecated': authCode(
    '| auth_deprecated | 410 | legacy token header sent |',
    'The header token (legacy JWT flow) is no longer accepted: 410 auth_deprecated.',
    'The former token-based (JWT) authentication was removed; the token header answers 410.',
  ),

  // ---- Common errors (7.1): the status column is the body status. ----
  'err:rate_01': stated(
    '| rate_01 | 429 | rate limit exceeded; retry with exponential backoff |',
    '| Request rate, production | 100 messages per second | all endpoints; exceeding gives 429 rate_01 |',
  ),
  'err:server_01': stated('| server_01 | 200 in most bodies, 500 in SMS, voice and legacy OTP bodies | internal error; body includes request_id |'),

  // ---- Specific codes (7.2, and the Errors sentences of 4.7). No HTTP status is stated for any of them. ----
  'err:agenda_02': stated(
    '| /agendas/add | agenda_02 name missing; agenda_03 duplicate name |',
    'Errors: agenda_02 name missing; agenda_03 name already exists.',
  ),
  'err:agenda_03': stated(
    '| /agendas/add | agenda_02 name missing; agenda_03 duplicate name |',
    'Errors: agenda_02 name missing; agenda_03 name already exists.',
    AGENDA_NAME_ROW,
  ),
  'err:change_name_02': stated(RENAME_ERRORS, RENAME_ROW),
  'err:change_name_03': stated(RENAME_ERRORS, RENAME_ROW),
  'err:err_03': stated(RENAME_ERRORS, RENAME_ROW),
  'err:get_contacts_02': stated('| /agendas/get_contacts, /agendas/delete | get_contacts_02 missing list_key; err_01 list missing |', GET_CONTACTS_ERRORS),
  'err:err_01': stated(
    '| /agendas/get_contacts, /agendas/delete | get_contacts_02 missing list_key; err_01 list missing |',
    'Errors: get_contacts_02 list_key missing; err_01 list does not exist or could not be deleted.',
    GET_CONTACTS_ERRORS,
  ),
  'err:report_01': reading(PAIRED, REPORTS_ROW),
  'err:report_02': reading(PAIRED, REPORTS_ROW),
  'err:report_03': stated(REPORTS_ROW),
  'err:report_05': stated(REPORTS_ROW),
  'err:details_02': stated(DETAILS_ROW),
  'err:details_03': stated(DETAILS_ROW),
  'err:details_04': stated(DETAILS_ROW),
  'err:add_webhook_02': reading(PAIRED, ADD_WEBHOOK_ROW),
  'err:add_webhook_03': reading(PAIRED, ADD_WEBHOOK_ROW),
  'err:add_webhook_04': reading(PAIRED, ADD_WEBHOOK_ROW),
  'err:add_webhook_05': reading(PAIRED, ADD_WEBHOOK_ROW),
  'err:add_webhook_06': stated(ADD_WEBHOOK_ROW),
  'err:add_webhook_07': stated(ADD_WEBHOOK_ROW),
  'err:add_webhook_08': stated(ADD_WEBHOOK_ROW),
  'err:status_webhook_02': reading(PAIRED, STATUS_WEBHOOK_ROW),
  'err:status_webhook_03': reading(PAIRED, STATUS_WEBHOOK_ROW),
  'err:status_webhook_04': stated(STATUS_WEBHOOK_ROW),
  'err:sms_07': stated('| sending | sms_07 insufficient credits |', 'Insufficient credits: code sms_07.'),

  // ---- Legacy OTP send and verify codes (7.2). ----
  'err:verification_01': stated(LEGACY_SEND_CODES),
  'err:verification_02': legacySend('_02 code expired;'),
  'err:verification_03': legacySend('_03 already sent, awaiting verification;'),
  'err:verification_04': legacySend('_04 user already verified;'),
  'err:verification_05': legacySend('_05 error sending;'),
  'err:verification_07': stated(LEGACY_SEND_CODES, '_07 wrong number;', '| phone_number | string | yes | 10 digits |'),
  'err:verification_08': legacySend('_08 wrong country code;'),
  'err:verification_09': legacySend('_09 code length not allowed;'),
  'err:verification_10': legacySend('_10 general error creating record;'),
  'err:verification_11': legacySend('_11 company too long;'),
  'err:verification_12': legacySend('_12 bad voice parameter;'),
  'err:verification_13': legacySend('_13 bad expiration date;'),
  'err:verification_14': legacySend('_14 bad reset_code;'),
  'err:verification_15': legacySend('_15 bad code_type;'),
  'err:verification_18': legacySend('_18 area code not supported;'),
  'err:verification_20': stated(LEGACY_SEND_CODES, '_20 company required;', '| company | string | yes | name shown in the message |'),
  'err:verification_25': legacySend('_25 code expired without validation, restart needed.'),
  'err:validation_01': stated(LEGACY_VERIFY_CODES),
  'err:validation_02': legacyVerify('_02 code expired;'),
  'err:validation_03': legacyVerify('_03 attempts per hour exceeded;'),
  'err:validation_04': legacyVerify('_04 no record for this number;'),
  'err:validation_05': legacyVerify('_05 wrong code;'),
  'err:validation_06': legacyVerify('_06 already verified;'),
  'err:validation_07': legacyVerify('_07 wrong number;'),
  'err:validation_08': legacyVerify('_08 code missing;'),
  'err:validation_10': legacyVerify('_10 general error.'),

  // ---- Current OTP errors (7.3: "HTTP status is real"). ----
  'err:otp_missing_param': reading(
    '7.3 gives both slugs, HTTP 400, to "missing or invalid parameter, or a parameter of ' +
      'the previous API"; only the sandbox sentence of 4.4 ties otp_missing_param to one cause',
    OTP_PARAM_ROW,
    OTP_SANDBOX_RULE,
  ),
  'err:otp_invalid_param': reading(
    '7.3 gives both slugs, HTTP 400, to "missing or invalid parameter, or a parameter of the ' +
      'previous API"; only the code_custom sentence of 4.4 ties otp_invalid_param to one cause',
    OTP_PARAM_ROW,
    CODE_CUSTOM_RULE,
  ),
  'err:otp_invalid_channel': stated('| 400 | otp_invalid_channel | channel not sms, whatsapp or voice |'),
  'err:otp_message_invalid': stated(OTP_MESSAGE_ROW),
  // Readings weighed: the 402 and the slug are stated; "(code sms_07)" may be the body's `code` field or a note, so
  // that field is recorded, never read as the OTP code that 4.4's error body may also carry "when applicable".
  'err:otp_insufficient_credits': stated('| 402 | otp_insufficient_credits | no balance (code sms_07) |'),
  'err:otp_throttled': stated('| 429 | otp_throttled | cooldown active; resend_available_in and Retry-After header |'),
  'err:otp_max_attempts': stated('| 429 | otp_max_attempts | locked and no rotation requested |'),
  'err:otp_send_failed': stated('| 502 | otp_send_failed | channel could not deliver |'),
  'err:otp_incorrect_code': reading(
    'a slug "seen", not stated as the answer; the 401 of a wrong code is stated (verify table)',
    OTP_SLUGS_SEEN,
    '| 401 | code incorrect; attempts_remaining says how many are left |',
  ),
  'err:otp_internal': reading('a slug "seen": neither its cause nor its status is given', OTP_SLUGS_SEEN),

  // ---- Legacy v1 Codigo values (7.4). ----
  'err:v1-01': v1Code('01 apikey missing;'),
  'err:v1-02': v1Code('02 message missing;'),
  'err:v1-03': v1Code('03 message over 160 characters;'),
  'err:v1-04': v1Code('04 number missing;'),
  'err:v1-05': v1Code('05 number not numeric;'),
  'err:v1-06': v1Code('06 region missing;'),
  'err:v1-07': v1Code('07 number not 10 digits;'),
  'err:v1-08': v1Code('08 number under 6 digits;'),
  'err:v1-10': v1Code('10 apikey wrong;'),
  'err:v1-13': v1Code('13 insufficient credit (message includes current credit);'),
  'err:v1-14': v1Code('14 more than 500 messages at once (batch);'),
  'err:v1-15': v1Code('15 repeated number (batch);'),
  'err:v1-21': v1Code('21 double comma in numcelular (batch);'),
  'err:v1-22': v1Code('22 sandbox daily limit reached;'),
  'err:v1-23': v1Code('23 user not authorized (single send).'),
};
