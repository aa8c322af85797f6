/**
 * The document's own words behind every requirement (conventions: test262 quotes the spec step a
 * test proves). One entry per requirement id of the catalogue (requirements.ts), each with the
 * verbatim sentence(s) or table row(s) of spec/source/messaging-service-interface.md it rests on.
 * test/quotes.test.ts fails when a quote does not occur in the document (compared after folding
 * white space and dropping the Markdown markers `**` and backticks).
 *
 * The level of a requirement (what a failed check of it does to a target: verdict-levels.ts):
 *  - fail:   the document states it; the quote is that statement.
 *  - warn:   a SHOULD, or a reading we derived from the quoted words (not what they say outright).
 *  - record: the document is silent ("not shown"); the suite records what the target did.
 * A requirement without a quote is at most warn. `level` is omitted when it is `fail`.
 */
import type { VerdictLevel } from './verdict-levels.ts';

export type { VerdictLevel } from './verdict-levels.ts';

export interface RequirementQuote {
  /** One or more verbatim excerpts of the document (each contiguous). */
  quotes: readonly string[];
  level?: Exclude<VerdictLevel, 'fail'>;
  /** Why the level is below fail: what in the quote is a reading or a silence. */
  why?: string;
}

/** A requirement the quoted words state outright (level fail). */
const stated = (...quotes: string[]): RequirementQuote => ({ quotes });
/** A requirement that goes beyond the quoted words: a SHOULD or a reading of ours. */
const reading = (why: string, ...quotes: string[]): RequirementQuote => ({ quotes, level: 'warn', why });
/** A requirement on a point the document leaves "not shown": the suite records what the target did. */
const notShown = (why: string, ...quotes: string[]): RequirementQuote => ({ quotes, level: 'record', why });

// Recurring excerpts, written once so that an entry reads as the row it rests on.
const SEND_RESULT = 'Success values: message=sent_messages, status=200, code=sms_11.';
const AUTH_STATUS_TORN =
  'The current OTP reference states that auth errors reach the client with HTTP 200 and the detail in the body, ' +
  'while the authentication reference gives the HTTP codes above; clients should read the body status and code.';
const OTP_PARAM_ROW = '| 400 | otp_missing_param, otp_invalid_param | missing or invalid parameter, or a parameter of the previous API; hint names it |';
const OTP_MESSAGE_ROW =
  '| 400 | otp_message_invalid | message lacks {{code}} or {{company}}, has non-GSM-7 characters, or exceeds 160 ' +
  'characters when expanded; hint gives the excess; the current verification is untouched and no attempt is consumed |';
const OTP_SLUGS_SEEN = 'Other slugs seen: otp_incorrect_code (verify, 401) and otp_internal.';
const REPORTS_ROW =
  '| /reports/generate | report_01, report_02 start or end date missing; report_03 start after end; report_05 per-account report request limit exceeded |';
const DETAILS_ROW =
  '| /reports/details | details_02 campaign_id missing or not numeric; details_03 campaign ' +
  "missing or not the account's; details_04 campaign still processing, retry later |";
const ADD_WEBHOOK_ROW =
  '| /webhook/add | add_webhook_02, _03 URL missing, malformed or forbidden host; add_webhook_04, _05 ' +
  'status missing or not 0/1; add_webhook_06 URL failed verification; add_webhook_07, _08 save failure |';
const STATUS_WEBHOOK_ROW = '| /webhook/status | status_webhook_02, _03 status missing or not 0/1; status_webhook_04 could not update (no webhook registered) |';
const WEBHOOK_URL_FIELD = 'url (req, public URL, HTTPS recommended, no local hosts or private networks)';
const WEBHOOK_VERIFICATION =
  'On registration the service sends a GET to the URL; any answer other than 404 within 5 seconds, without following redirects, passes.';
const API_KEY_SENTENCE = 'Every request carries the header apikey with the account API key (it may also be given as a body field).';
const KEY_ACCESS_SENTENCE = 'It gives full access to the account and balance and must only be used from a backend.';
const WALLET_NOT_SHOWN =
  'For the last four wallet operations the response is the common envelope; the ' +
  'success message and code values and the balance fields of contact/get: not shown.';
const OTHER_PATHS =
  'The paths /whatsapp/send, /agenda and /campaigns are named in passing (campaign ids are checked against /campaigns); their shapes: not shown.';
const SANDBOX_ROW =
  'default 0; 1 runs all validations and generates references but delivers nothing and charges nothing; no scheduled sends; limited per day (section 8)';
const OTP_SANDBOX_RULE =
  'true generates and registers the code but delivers nothing and charges nothing; ' +
  'requires code_in_response=true (else 400 otp_missing_param) unless code_custom is used';
const CODE_CUSTOM_RULE =
  'own code, 4 to 10 letters and/or digits, case-sensitive, stored and compared as ' +
  'sent; cannot be combined with code_length or code_format (400 otp_invalid_param)';
const CODE_CUSTOM_ROUND = 'With code_custom: whether a round restarts depends on the code, not on code_rotate.';
const WEBHOOK_STATUS_ROW = "| enabled / disabled | POST /webhook/status with '1' / '0' | enabled / disabled |";
const WEBHOOK_ADD_ROW = "| any or none | POST /webhook/add with status '1' or '0' | enabled ('1') or disabled ('0') |";
const FORBIDDEN_HOST_CODES = ADD_WEBHOOK_ROW;
/** 2.4: the contact inside the callback of add, update and duplicate (ContactCallbackResponse checks each row). */
const CONTACT_CALLBACK = 'Returned inside the callback object of add, update and duplicate:';
const CONTACT_ROWS = [
  '| id | integer |',
  '| name | string |',
  '| number | string (country code included, 12 digits for Mexico) |',
  '| email | string |',
  '| custom_field_1..custom_field_4 | string |',
  '| list_id | integer |',
  '| birthday_date | string (YYYY-MM-DD) |',
  '| facebook, twitter, linkedin, instagram, street, zip | string |',
] as const;
/** 2.7: credit of /credits/consult, a two-place decimal string that is the balance left, which a send lowers. */
const CREDIT_ROW = '| credit | string (decimal, two places) | available balance of the account, not consumed credits; convert before arithmetic |';
/** 2.3: the name of a contact list (AgendaListResponse checks its type, agenda_03 its uniqueness). */
const AGENDA_NAME_ROW = '| agenda_name | string | list name, unique within the account |';
/** 4.7's errors of /agendas/get_contacts (the sentence of /agendas/delete goes on after "does not exist"). */
const GET_CONTACTS_ERRORS = 'Errors: get_contacts_02 list_key missing; err_01 list does not exist.';
/** 4.7's errors of /agendas/change_name, and the row of 7.2 that names the same three codes. */
const RENAME_ERRORS = 'Errors: change_name_02 list_key missing; change_name_03 new name missing; err_03 list does not exist.';
const RENAME_ROW = '| /agendas/change_name | change_name_02, change_name_03, err_03 |';

/** Result codes named in a `_NN` list of 7.2: the list's opening (which names the prefix) and the item. */
const LEGACY_SEND_CODES = 'Legacy OTP send codes: verification_01 generated;';
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

export const REQUIREMENT_QUOTES: Readonly<Record<string, RequirementQuote>> = {
  // ---- Endpoints (section 4): the operation header and its success sentence. ----
  'op:credits/consult': stated(
    'POST /credits/consult: no body. Success: message=available_credits, status=200, code=credit_01, credit, master_credit (section 2.7).',
    CREDIT_ROW,
  ),
  'op:sms/send': stated('POST /sms/send (JSON). Body:', 'Response: section 2.2 (HTTP 200).', SEND_RESULT),
  'op:sms/send-via-get': stated(
    'GET /sms/send: query parameters numbers (string, required), message (string, required), ' +
      'sender (string, optional), country_code (string, optional). Sends a single SMS; same response.',
    'Response: section 2.2 (HTTP 200).',
    SEND_RESULT,
  ),
  'op:voice/send': stated(
    'POST /voice/send (the reference states GET is also supported). Body:',
    '| numbers | string | yes | comma-separated recipients |',
    'Response: section 2.2.',
    SEND_RESULT,
  ),
  'op:voice/send-via-get': reading(
    'GET is named only as what "the reference states", and where its fields go is not shown: the query parameters of the check are our reading',
    'POST /voice/send (the reference states GET is also supported).',
    'Response: section 2.2.',
    SEND_RESULT,
  ),
  'op:otp-v2/create': stated(
    'POST /v2/otp body:',
    'HTTP 201 when action=created or a verified number starts a new cycle; HTTP 200 for resent and restarted.',
    'States: none, pending, verified, expired, locked.',
  ),
  'op:otp-v2/verify': stated(
    'POST /v2/otp/verify body: phone_number (string, req), country_code (string, req), code (string, req). The status is the signal:',
    '| 200 | code correct, number verified |',
  ),
  'op:otp-v2/get-status': notShown(
    'request parameters and response fields: not shown',
    'GET /v2/otp/status: read-only, no side effects, returns the state, attempts and ' +
      'resend counters for the UI; its request parameters and response fields: not shown.',
  ),
  'op:otp-v2/delete': notShown(
    'request shape: not shown',
    'DELETE /v2/otp: invalidates an in-progress verification and returns the state to none without sending anything; its request shape: not shown.',
  ),
  'op:otp-legacy/send': stated(
    'POST /otp/send body:',
    'Success: message=code_successfully_generated (one page shows the Spanish text form), status 200, code verification_01, ' +
      'request_id, verification_code when showcode=1; object also carries total_messages, number, credit, reference, fallback.',
    '| code_type | enum alphanumeric, numeric, letters | no | default alphanumeric |',
  ),
  'op:otp-legacy/verify': stated(
    'POST /otp/verify body: phone_number (string, req), verification_code (string, req), locale (es, en; default ' +
      'es). Success: code validation_01, message confirming the user is verified; the number becomes verified.',
  ),
  'op:otp-legacy/resend': reading(
    '4.5 gives no success values for resend; verification_01 is the send code of 7.2',
    'POST /otp/resend body: phone_number, country_code, company (all required), plus template, ' +
      'formal_tone, expiration_date, locale, showcode, sender, reference as in send, and:',
    LEGACY_SEND_CODES,
  ),
  'op:otp-legacy/reset': notShown(
    'parameters and response: not shown',
    'POST /otp/reset: listed as restarting an OTP verification; its parameters and response: not shown.',
  ),
  'op:contacts/add': stated(
    'POST /contacts/add: list_key (string, req)',
    'If the contact already exists in the list it is updated. Success: message=contact_added, status 200, code=contact_13, callback (section 2.4).',
    CONTACT_CALLBACK,
    ...CONTACT_ROWS,
  ),
  'op:contacts/update': stated(
    'POST /contacts/update: list_key (req), number (req), email (optional, new email). Same success body as add.',
    CONTACT_CALLBACK,
    ...CONTACT_ROWS,
  ),
  'op:contacts/delete': stated(
    'POST /contacts/delete: list_key (req), number (req), email (optional filter). Success: message=contact_deleted, code=contact_12.',
  ),
  'op:contacts/duplicate': stated(
    'POST /contacts/duplicate: current_list_key (req, source), new_list_key (req, destination), contact_id (req, string). Success body as add.',
    CONTACT_CALLBACK,
    ...CONTACT_ROWS,
  ),
  'op:contacts/poll': reading(
    'the allowed values of action are not shown: a refusal of the action the suite picks does not contradict the text (the success values are stated)',
    'POST /contacts/polling/{action}: path parameter action (string, req; allowed values: not shown).',
    'Queries contact changes and fires a webhook toward an automation platform. Success: message=Ok, code=sms_11, request_id.',
  ),
  'op:agendas/add': stated(
    'POST /agendas/add: agenda_name (req, unique per account), agenda_description, ' +
      'custom_field_1..4 (labels). Success: code agenda_01, message phoneBookSavedSuccess, list_key.',
    '| custom_field_1..custom_field_4 | string | labels of up to four custom fields |',
  ),
  'op:agendas/list': stated(
    'POST /agendas/get: no body. Returns result array of lists (section 2.3 fields agenda_name, ' +
      'agenda_description, agenda_creation_date, list_key) ordered by name; code agendas_01.',
    '| list_key | string | identifier of the list, used by all contact operations |',
    AGENDA_NAME_ROW,
    '| agenda_description | string | description |',
    '| agenda_creation_date | string | timestamp, format YYYY-MM-DD HH:MM:SS |',
  ),
  'op:agendas/rename': stated('POST /agendas/change_name: list_key (req), agenda_name (req). Success: code change_name_01, message phonebook_name_updated.'),
  'op:agendas/list-contacts': stated(
    'POST /agendas/get_contacts: list_key (req). Success: code get_contacts_01 with all contacts of the list, no pagination, ordered by name.',
    "Listing a list's contacts returns: contact_name, contact_number, contact_email, contact_creation_date (all strings).",
  ),
  'op:agendas/delete': stated(
    'POST /agendas/delete: list_key (req). Deletes the list and all its contacts, ' +
      'irreversibly. Success code is delete_01 (the sample body shows the rename success values).',
  ),
  'op:agendas/find': stated(
    'GET /contactlist/find: query parameter query (string, optional; search by name, max 100 chars).',
    'Response is a paged envelope: success, status, code=contactlist_03, result (array of {id: string, name: string}), ' +
      'total_count, page, total_pages, limit (items per page), has_more (boolean), next_page (integer or null on the last page).',
  ),
  'op:wallet/list': stated(
    'POST /wallet/get: no body. result array (section 2.5), code wallets_get_01.',
    'Wallet: wallet_name, wallet_key, wallet_app_client, wallet_plan_type (strings).',
  ),
  'op:wallet/add-contact': notShown(
    'success message and code: not shown',
    'POST /wallet/contact/add: wallet_key (req), phone (req, exactly 10 digits), customer_name (req), usertool_id (integer, req).',
    WALLET_NOT_SHOWN,
  ),
  'op:wallet/get-contact': notShown(
    'success values and balance fields: not shown',
    "POST /wallet/contact/get: wallet_key (req), phone (optional filter). Returns the contact's wallet balance.",
    WALLET_NOT_SHOWN,
    'Wallet contact record: fields not shown.',
  ),
  'op:wallet/update-balance': notShown(
    'success message and code: not shown',
    'POST /wallet/balance/update: wallet_key (req), phone (req, numeric), transaction_type (integer, req: 0 add, 1 redeem), transaction_amount (number, req).',
    WALLET_NOT_SHOWN,
  ),
  'op:wallet/register-sale': notShown(
    'success message and code: not shown',
    'POST /wallet/sale: wallet_key (req), phone (req), transaction_type (integer, req: 0 add, 1 redeem), ' +
      'usertool_id (integer, req), transaction_amount (number, optional; required when transaction_type is 0).',
    WALLET_NOT_SHOWN,
  ),
  'op:loyalty/list': stated(
    'POST /loyalty/get: no body. result array (section 2.5), code loyalty_get_01.',
    'Loyalty card: loyalty_name, loyalty_key, loyalty_app_client, loyalty_plan_type (strings).',
  ),
  'op:loyalty/add-contact': reading(
    'the success code is only a sample ("Sample success"), and it is the sale code',
    'POST /loyalty/contact/add: loyalty_key (req), phone (req, exactly 10 digits), ' +
      'customer_name (req), usertool_id (integer, req). Sample success: code loyalty_sale_01.',
  ),
  'op:loyalty/get-contacts': stated(
    'POST /loyalty/contact/get: loyalty_key (req), phone (optional filter). result array of loyalty contacts, code loyalty_contact_get_01.',
    'Loyalty contact: contact_name, contact_phone, contact_birthdate (strings), contact_total_loyalty_completes (integer), contact_current_redeem (integer).',
  ),
  'op:loyalty/register-sale': stated(
    'POST /loyalty/sale: loyalty_key (req), phone (req), usertool_id (integer, req). ' +
      'Registers a stamp. Success: message confirming the sale, code loyalty_sale_01.',
  ),
  'op:employees/list': stated(
    'POST /toolusers/get: no body. result array (section 2.5), code tool_users_01.',
    'Tool user: usertool_id (integer), usertool_name, usertool_number, usertool_branch, usertool_type, usertool_status (strings).',
  ),
  'op:employees/add': stated(
    'POST /employee/add: type (req: cajero or gerente)',
    'Success: message=partner_created_successfully, collaboratorId (integer), code toolusers_01.',
  ),
  'op:employees/disable': stated('POST /employee/disable: number (req). Success: message=partner_disabled, code toolusers_01.'),
  'op:subaccounts/add': stated(
    'POST /manager/subaccount/add: email (req, max 70, valid format), password (req, ' +
      '6 to 36 chars). Success: message=user_created, code subaccount_01, apikey, email.',
  ),
  'op:subaccounts/archive': stated('POST /manager/subaccount/archive: email (req, max 70). Success: message=subaccount_archived, code subaccount_01.'),
  'op:subaccounts/get-apikey': stated('POST /manager/subaccount/get_apikey: email (req). Success: success, status 200, apikey, email.'),
  'op:subaccounts/manage-credits': stated(
    'POST /manager/subaccount/credits/manage: email (req), type (enum 1 add credits to the ' +
      'subaccount, 2 withdraw credits from it; req), credits (integer greater than 0, no ' +
      'decimals; req). Success: code subaccount_01 (the sample shows message subaccount_archived).',
  ),
  'op:reports/generate': stated(
    'POST /reports/generate: start_date (req, YYYY-MM-DD, zone America/Mexico_City, not after end_date)',
    'Returns every message of the period without pagination. Success: message=report_generated, code report_04, report (array of rows, section 2.8).',
    'name, created_date, reference, number, message, sent_date, status (string), operator, type (all strings).',
  ),
  'op:reports/get-campaign-details': stated(
    'POST /reports/details: campaign_id (integer, req), sandbox (integer; 1 = sandbox ' +
      'campaign). Success: code details_01, message=report_generated, details object (section 2.8).',
    'Campaign detail object: effectiveness (number), totals, delivered, failed, pending, not_charged (integers).',
  ),
  'op:payments/send-request': stated(
    'POST /paymentrequest/send: number (req, max 10 digits)',
    'Sends a payment link by SMS. Success: message=Ok, code sms_11, request_id.',
  ),
  'op:webhooks/get': stated('POST /webhook/get: no body. result {url, status}, code webhook_01.'),
  'op:webhooks/add': stated(`POST /webhook/add: ${WEBHOOK_URL_FIELD}, status (req, '0' or '1').`, 'Success: message=url_added_success, code add_webhook_01.'),
  'op:webhooks/set-status': stated(
    "POST /webhook/status: status (string, req, '0' or '1'). Success code status_webhook_01 (the sample shows the add success values).",
  ),
  'op:webhooks/delete': reading(
    'the document states the effect only; no success values are given, so the success body the check expects is our reading',
    'POST /webhook/delete: no body. Removes the URL and status.',
  ),
  'op:other/whatsapp-send': notShown('named in passing; shape: not shown', OTHER_PATHS),
  'op:other/agenda': notShown('named in passing; shape: not shown', OTHER_PATHS),
  'op:other/campaigns': notShown('named in passing; shape: not shown', OTHER_PATHS),
  'op:legacy-v1/send': stated(
    'GET /v1/sms/send with parameters: apikey (req), mensaje (req, max 160), numcelular (req, ' +
      '10 digits), numregion (req, number, country code), remitente (optional, max 11 alphanumeric), ' +
      'language (es default, en), sandbox (1). Success: Estatus=ok, mensaje, referencia.',
  ),
  'op:legacy-v1/send-multi': stated(
    'GET /v1/sms/send/multi: same parameters; numcelular holds comma-separated numbers (max 500, no repeats, no double ' +
      'commas). Response: respuestas array, each item with Estatus, mensaje, referencia and numcelular, or an error item.',
  ),

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

  // ---- Limits (8 and the field tables). A bound the document states (a maximum, an exact length, a
  // range) is stated in both directions: at the bound accepted, one past it refused (stated-limits.ts). ----
  'limit:rate-limit': stated('| Request rate, production | 100 messages per second | all endpoints; exceeding gives 429 rate_01 |'),
  'limit:sandbox-daily': stated(
    '| Sandbox | 100 test sends per day (current SMS and general text); 1,000 per day ' +
      'in the legacy v1 text and in the webhook-management error text | sandbox requests |',
    SANDBOX_ROW,
    '22 sandbox daily limit reached;',
  ),
  'limit:v1-sandbox-report-day': stated('| Legacy sandbox reports | available only on the day of sending | v1 sandbox |'),
  'limit:v1-batch-size': stated('| Legacy batch size | 500 numbers per request | /v1/sms/send/multi |', '14 more than 500 messages at once (batch);'),
  'limit:v1-message-length': stated('| Legacy message length | 160 characters | v1 |', '03 message over 160 characters;'),
  'limit:otp-v2-message-length': stated(
    '| Current OTP message | at most 160 characters after substitution, GSM-7 only | /v2/otp sms and voice |',
    OTP_MESSAGE_ROW,
  ),
  'limit:otp-v2-attempts': stated('| Current OTP attempts | 7 per code round | /v2/otp/verify |'),
  'limit:otp-v2-cooldown': stated(
    '| Current OTP resend cooldown | 30 seconds | /v2/otp |',
    '| 429 | otp_throttled | cooldown active; resend_available_in and Retry-After header |',
  ),
  'limit:otp-v2-code-length': stated(
    '| code_length | integer | no | 4 to 10, default 6; applies only when a new code is generated |',
    '| OTP code length | 4 to 10 (legacy default 4, current default 6) | OTP |',
    OTP_PARAM_ROW,
  ),
  'limit:otp-legacy-code-length': stated(
    '| code_length | integer | no | 4 to 10, default 4 |',
    '| OTP code length | 4 to 10 (legacy default 4, current default 6) | OTP |',
    '_09 code length not allowed;',
  ),
  'limit:otp-v2-code-custom-length': stated(CODE_CUSTOM_RULE, OTP_PARAM_ROW),
  'limit:otp-v2-expiry': stated(
    '| expiration_date | string | no | YYYY-MM-DD HH:mm:ss, future; default 24 hours; maximum 3 days (larger values are clamped) |',
  ),
  'limit:otp-legacy-expiry': stated(
    '| expiration_date | string | no | YYYY-MM-DD HH:mm:ss, default 24 h, max 3 days |',
    '| OTP expiry | default 24 hours, maximum 3 days | OTP |',
    '_13 bad expiration date;',
  ),
  'limit:otp-v2-phone-number': stated('| phone_number | string | yes | up to 10 digits, no country code (Mexico: 10) |', OTP_PARAM_ROW),
  'limit:voice-message-length': stated(
    '| voice_message | string | no | max 160 chars; only with template k |',
    '| Voice message | 160 characters | voice template k |',
  ),
  'limit:sender-id-length': stated(
    '| sender | string | no | alphanumeric sender id, max 11 chars; default is the account default; RCS requires an RCS sender linked to the account |',
    '| Sender id | 11 alphanumeric characters | SMS, OTP |',
  ),
  'limit:v1-sender-length': reading(
    '7.4 lists every Codigo of the v1 API and none is for the remitente: past 11 characters a target may refuse the ' +
      'send or ignore the remitente and send with the default sender, and no answer of 4.16 tells which sender was used',
    'remitente (optional, max 11 alphanumeric)',
  ),
  'limit:contact-name-length': stated('name (max 100), email (max 100)', '| Contact name, email | 100 characters each | /contacts/add |'),
  'limit:contact-email-length': stated('name (max 100), email (max 100)', '| Contact name, email | 100 characters each | /contacts/add |'),
  'limit:contactlist-query-length': stated('query parameter query (string, optional; search by name, max 100 chars)'),
  'limit:subaccount-email-length': stated(
    'Identified by email (max 70 characters).',
    'email (req, max 70, valid format)',
    '| Subaccount email 70; password 6 to 36 | /manager/subaccount/add |',
  ),
  'limit:subaccount-password-length': stated(
    'Created with a password of 6 to 36 characters.',
    '| Subaccount email 70; password 6 to 36 | /manager/subaccount/add |',
  ),
  'limit:employee-password-length': stated('password (listed as required, max 50)', '| Employee password | 50 characters | /employee/add |'),
  'limit:employee-number-digits': stated('number (req, exactly 10 digits)'),
  'limit:wallet-phone-digits': stated('POST /wallet/contact/add: wallet_key (req), phone (req, exactly 10 digits)'),
  'limit:loyalty-phone-digits': stated('POST /loyalty/contact/add: loyalty_key (req), phone (req, exactly 10 digits)'),
  'limit:payment-template-length': stated(
    'template (req, name, max 40 chars)',
    '| Payment request | template 40, message 123, name 150 characters; amount 15 to 110000 | /paymentrequest/send |',
  ),
  'limit:payment-message-length': stated(
    'message (req, max 123 chars)',
    '| Payment request | template 40, message 123, name 150 characters; amount 15 to 110000 | /paymentrequest/send |',
  ),
  'limit:payment-name-length': stated(
    'name (optional, max 150)',
    '| Payment request | template 40, message 123, name 150 characters; amount 15 to 110000 | /paymentrequest/send |',
  ),
  'limit:payment-amount': stated(
    'amount (number, optional, 15 to 110000)',
    '| Payment request | template 40, message 123, name 150 characters; amount 15 to 110000 | /paymentrequest/send |',
  ),
  'limit:payment-number-digits': stated('number (req, max 10 digits)'),
  // The stated rules no other table holds (stated-limits.ts).
  'limit:sms-country-code': stated(
    'recipients separated by commas; Mexico only (country code 52).',
    '| country_code | string | no | default 52; not needed with find_country_code=1 |',
  ),
  'limit:sms-flags': stated(
    '| find_country_code | enum 0,1 | no | 0: country code taken from country_code; 1: extracted from each number |',
    `| sandbox | enum 0,1 | no | ${SANDBOX_ROW} |`,
    '| flash | enum 0,1 | no | 1 = flash SMS shown directly on screen without being stored; ' +
      'device and operator dependent; the parameter name is not shown explicitly in the listing |',
    '| shorten_url | enum 0,1 | no | 1 shortens the URL; the message must contain exactly one URL, otherwise the request is rejected |',
  ),
  'limit:sms-channel': stated('| channel | integer | no | 1 SMS (default), 2 RCS; RCS is incompatible with flash |'),
  'limit:voice-country-code': stated('| country_code | string | yes | always 52 |', 'POST /voice/send (the reference states GET is also supported). Body:'),
  'limit:voice-sandbox-flag': stated('| sandbox | enum 0,1 | no | default 0; 1 charges nothing |'),
  'limit:otp-legacy-showcode': stated('| showcode | enum 0,1 | no | default 0; 1 returns verification_code |'),
  'limit:contact-number-digits': stated(
    'number (string, req; 10-digit national number, digits only, no country code; with find_country_code=1 it may include the country code)',
  ),
  'limit:contact-find-country-code': stated('find_country_code (enum 0,1)'),
  'limit:wallet-transaction-type': stated(
    'POST /wallet/balance/update: wallet_key (req), phone (req, numeric), transaction_type (integer, req: 0 add, 1 redeem), transaction_amount (number, req).',
    'POST /wallet/sale: wallet_key (req), phone (req), transaction_type (integer, req: 0 add, 1 redeem)',
  ),
  'limit:employee-phone-unique': stated('Validates unique password, user name and phone.'),
  'limit:employee-password-unique': stated('Validates unique password, user name and phone.'),
  'limit:subaccount-credits-type': stated('type (enum 1 add credits to the subaccount, 2 withdraw credits from it; req)'),
  'limit:reports-sandbox-flag': stated('sandbox (integer 0,1, default 0; 1 reports sandbox sends)'),
  'limit:webhook-status-values': stated(
    `POST /webhook/add: ${WEBHOOK_URL_FIELD}, status (req, '0' or '1').`,
    "POST /webhook/status: status (string, req, '0' or '1').",
    'add_webhook_04, _05 status missing or not 0/1',
  ),
  'limit:event-retries': stated('If the endpoint does not answer HTTP 200 the event is retried, up to 25 retries per event.'),
  'limit:report-requests': notShown(
    'the value of the limit: not shown',
    '| Report requests | per-account request limit (report_05) whose value: not shown | /reports/generate |',
  ),
  'limit:recipients-per-request': notShown('not shown', 'Recipients per request of /sms/send and /voice/send: not shown'),
  'limit:sms-message-length': notShown('not shown', 'Maximum message length of POST /sms/send: not shown'),

  // ---- Current OTP state table (3.1), one row each. ----
  'otp2:none-create': stated('| none | POST /v2/otp | always | pending | new code sent, HTTP 201, action=created, one message charged |'),
  'otp2:expired-create': stated('| expired | POST /v2/otp | always | pending | new code sent, HTTP 201, action=created |'),
  'otp2:pending-create-throttled': stated(
    '| pending | POST /v2/otp | within the 30 s cooldown | pending | HTTP 429 otp_throttled with resend_available_in and Retry-After header |',
  ),
  'otp2:pending-create-custom-same': stated(CODE_CUSTOM_ROUND, 'The same code is a plain resend and never resets attempts;'),
  'otp2:pending-create-custom-different': stated(
    CODE_CUSTOM_ROUND,
    'A different code than the current one starts a new round (replaces the code, 7 fresh attempts).',
  ),
  'otp2:pending-create-rotate': stated(
    '| pending | POST /v2/otp | code_rotate=true, cooldown elapsed | pending | old code discarded, new code, 7 fresh attempts, HTTP 200, action=restarted |',
    '| code_rotate | boolean | no | true discards the current code and generates a new one |',
  ),
  'otp2:pending-create-resend': stated(
    '| pending | POST /v2/otp | no code_rotate, cooldown elapsed | pending | same code resent (optionally on another channel), HTTP 200, action=resent |',
  ),
  'otp2:locked-create-custom-same': stated(
    CODE_CUSTOM_ROUND,
    'The same code is a plain resend and never resets attempts; on a locked verification it answers 429 otp_max_attempts.',
  ),
  'otp2:locked-create-custom-different': stated(
    CODE_CUSTOM_ROUND,
    'A different code than the current one starts a new round (replaces the code, 7 fresh attempts).',
  ),
  'otp2:locked-create-rotate': stated('| locked | POST /v2/otp | code_rotate=true | pending | new code, 7 fresh attempts |'),
  'otp2:locked-create-no-rotate': stated('| locked | POST /v2/otp | no code_rotate | locked | HTTP 429 otp_max_attempts |'),
  'otp2:verified-create': stated('| verified | POST /v2/otp | always | new cycle started | HTTP 201, action=restarted; resulting state value: not shown |'),
  'otp2:pending-verify-correct': stated('| pending | POST /v2/otp/verify | code matches | verified | HTTP 200 |'),
  'otp2:pending-verify-wrong': stated('| pending | POST /v2/otp/verify | code wrong, attempts remain | pending | HTTP 401, attempts_remaining decremented |'),
  'otp2:pending-verify-exhausted': stated('| pending | POST /v2/otp/verify | 7 attempts used up | locked | HTTP 429 |'),
  'otp2:verified-verify': stated('| verified | POST /v2/otp/verify | any code | verified | HTTP 409 |', '| 409 | number already verified |'),
  'otp2:none-verify': stated('| none | POST /v2/otp/verify | any code | none | HTTP 404 |', '| 404 | no active verification |'),
  'otp2:expired-verify': stated(
    '| pending | time | code passed its expiry without verification | expired | verify answers HTTP 410 |',
    '| 410 | code expired |',
  ),
  'otp2:locked-verify': stated('| 429 | attempts exhausted; rotate with code_rotate=true |'),
  'otp2:pending-expires': stated('| pending | time | code passed its expiry without verification | expired | verify answers HTTP 410 |'),
  'otp2:any-delete': reading(
    'the row is stated, but the request shape of DELETE /v2/otp is not shown: a target may not take the request the suite sends',
    '| any | DELETE /v2/otp | always | none | verification invalidated, nothing sent, no charge |',
    'its request shape: not shown.',
  ),

  // ---- Webhook state table (3.2). ----
  'webhook:any-add-enabled': stated(WEBHOOK_ADD_ROW),
  'webhook:any-add-disabled': stated(WEBHOOK_ADD_ROW),
  'webhook:enabled-status-enabled': stated(WEBHOOK_STATUS_ROW),
  'webhook:enabled-status-disabled': stated(WEBHOOK_STATUS_ROW),
  'webhook:disabled-status-enabled': stated(WEBHOOK_STATUS_ROW),
  'webhook:disabled-status-disabled': stated(WEBHOOK_STATUS_ROW),
  'webhook:none-status': stated('status_webhook_04 could not update (no webhook registered)'),
  'webhook:configured-delete': stated('| configured | POST /webhook/delete | no webhook configured |'),

  // ---- Forbidden hosts (4.14): "no local hosts or private networks". The document names no address
  // range; each family is a local host or a private network by its RFC (webhooks.ts), and a URL on
  // one is never registered, whatever its spelling (the code of the refusal is latitude host-forms). ----
  'webhook:forbidden-host.localhost': stated(WEBHOOK_URL_FIELD, FORBIDDEN_HOST_CODES),
  'webhook:forbidden-host.loopback-ipv4': stated(WEBHOOK_URL_FIELD, FORBIDDEN_HOST_CODES),
  'webhook:forbidden-host.loopback-ipv6': stated(WEBHOOK_URL_FIELD, FORBIDDEN_HOST_CODES),
  'webhook:forbidden-host.private-10': stated(WEBHOOK_URL_FIELD, FORBIDDEN_HOST_CODES),
  'webhook:forbidden-host.private-172-16': stated(WEBHOOK_URL_FIELD, FORBIDDEN_HOST_CODES),
  'webhook:forbidden-host.private-192-168': stated(WEBHOOK_URL_FIELD, FORBIDDEN_HOST_CODES),
  'webhook:forbidden-host.link-local-ipv4': stated(WEBHOOK_URL_FIELD, FORBIDDEN_HOST_CODES),
  'webhook:forbidden-host.link-local-ipv6': stated(WEBHOOK_URL_FIELD, FORBIDDEN_HOST_CODES),
  'webhook:forbidden-host.unique-local-ipv6': stated(WEBHOOK_URL_FIELD, FORBIDDEN_HOST_CODES),
  'webhook:forbidden-host.ipv4-mapped-ipv6': stated(WEBHOOK_URL_FIELD, FORBIDDEN_HOST_CODES),
  'webhook:forbidden-host.unspecified': stated(WEBHOOK_URL_FIELD, FORBIDDEN_HOST_CODES),

  // ---- Event fields (6.1, 6.2). ----
  'event:confirmation.type': stated('| type | text | confirmation |'),
  'event:confirmation.reference': stated('| reference | text | message reference returned by the send |'),
  'event:confirmation.status': stated('| status | number | delivery code below |'),
  'event:confirmation.number': stated('| number | number | recipient number |'),
  'event:confirmation.date': stated('| date | text | confirmation time, format YYYYMMDDHHMMSS |'),
  'event:confirmation.extra_params': notShown(
    'how extra_params is supplied at send time: not shown, so what the event carries cannot be provoked',
    '| extra_params | text | JSON string echoing the values supplied as extra_params at send time |',
    'The request shape by which extra_params is supplied when sending: not shown.',
  ),
  'event:response.type': stated('| type | text | response |'),
  'event:response.reference': stated('| reference | text | reference of the original message |'),
  'event:response.number': stated('| number | number | number that replied |'),
  'event:response.message': stated('| message | text | message originally sent |'),
  'event:response.response': stated('| response | text | reply content |'),
  'event:response.send_date': stated('| send_date | text | original send time, YYYYMMDDHHMMSS |'),
  'event:response.response_date': stated('| response_date | text | reply time, YYYYMMDDHHMMSS |'),
  'event:status-codes': stated(
    'Status codes: 0 delivered; 1 not delivered; 2 temporary disconnection; 3 expired; 4 rejected; 5 unknown; 6 unknown ' +
      'number; 7 incorrect format; 8 error; 9 phishing; 10 blacklist; 11 landline number; 12 country not contracted.',
  ),

  // ---- Event delivery (6, 6.3). ----
  'event:delivery.single-url-per-account': stated("The service sends events to the account's single webhook URL."),
  'event:delivery.delivery-get-or-post': stated('Delivery is by GET or POST (chosen in the panel);'),
  'event:delivery.post-form-urlencoded': stated('POST uses application/x-www-form-urlencoded.'),
  'event:delivery.type-selects-kind': stated('The parameter type selects the event kind: confirmation or response.'),
  'event:delivery.no-request-id': stated('Events carry no request_id.'),
  'event:delivery.head-before-delivery': stated('The URL must accept HEAD (checked before delivery)'),
  'event:delivery.retry-until-200': stated('If the endpoint does not answer HTTP 200 the event is retried, up to 25 retries per event.'),
  'event:delivery.emitted-by': stated('Emitted by: sends (confirmation), customer replies to sent SMS (response).'),

  // ---- Rules (rules.ts). ----
  'rule:envelope.fields': reading(
    '2.1 lists the envelope but does not say every answer carries all four fields; get_apikey and contactlist/find list successes without message or code',
    '| success | boolean | true on success, false on error |',
    '| message | string | status text; on success often a machine token such as sent_messages |',
    '| status | integer | status code repeated inside the body |',
    '| code | string | structured result code such as sms_11 |',
  ),
  'rule:envelope.request-id': reading(
    'hedged: "stated to be present"; the success lines name request_id for a few operations only',
    '| request_id | string (UUID) | tracking identifier of the request; stated to be present in every JSON response; always present on server_01 errors |',
  ),
  'rule:envelope.success-flag': stated('| success | boolean | true on success, false on error |'),
  'rule:envelope.status-repeated': reading(
    '"repeated" is stated, but 5 and 7.1 report bodies whose status is not the HTTP status; status 200 is given in some success lines only',
    '| status | integer | status code repeated inside the body |',
    SEND_RESULT,
  ),
  'rule:envelope.error-body': stated('Error bodies carry success=false, message, status, code.'),
  'rule:envelope.validation-body-status': stated(
    '| <validation code> | 200 | body message says parameters invalid; code value for wallet, ' +
      'loyalty, contact-update, payment, subaccount and similar validation failures: not shown |',
  ),
  'rule:envelope.json-bodies': stated(
    'Bodies are JSON unless a section says otherwise (the legacy v1 SMS endpoints take form or query parameters).',
    'Unless a line says otherwise the method is POST and the body is JSON (Content-Type: application/json)',
  ),
  'rule:envelope.form-bodies': reading(
    'a SHOULD: the document reports form-style fields shown by the reference',
    'the reference also shows form-style fields for the same operations.',
  ),
  'rule:envelope.message-token': reading('a SHOULD: "often"', '| message | string | status text; on success often a machine token such as sent_messages |'),
  'rule:auth.header-apikey': stated(
    'Every request carries the header apikey with the account API key (it may also be given as a body field).',
    'All calls carry the header apikey.',
  ),
  'rule:auth.body-field-apikey': stated('Every request carries the header apikey with the account API key (it may also be given as a body field).'),
  'rule:auth.no-bearer': stated('No Authorization: Bearer and no OAuth tokens are used.', '| auth_01 | 401 | key not provided (no header, no body field) |'),
  'rule:auth.manager-key-required': stated('Subaccount operations (/manager/subaccount/*) require the manager (administrator) key, not a subaccount key.'),
  'rule:auth.subaccount-own-balance': stated('A subaccount key acts on its own balance.'),
  'rule:auth.v1-parameter': stated('Legacy v1 endpoints take apikey as a request parameter.'),
  'rule:auth.error-body': stated('The body of every auth error has success=false, message, status, code.'),
  'rule:credits.master-credit-admin-only': stated(
    '| master_credit | string or null | credits available to assign to subaccounts; present only on administrator accounts ' +
      '(including white-label); absent on normal accounts and subaccounts; may be null if the pool was never initialised |',
  ),
  'rule:sms.references-per-recipient': stated(
    '| references | array of {reference: string, number: string} | one entry per recipient; ' +
      'reference is the unique message id; number is the recipient with country code |',
  ),
  'rule:sms.total-messages': stated('| total_messages | integer | number of messages sent |'),
  'rule:sms.national-numbers': stated('recipients separated by commas; Mexico only (country code 52). National numbers have 10 digits;'),
  'rule:sms.find-country-code': stated(
    'recipients separated by commas; Mexico only (country code 52). National numbers have 10 digits;',
    'with find_country_code=1 each number has 12 digits including country code',
    '| find_country_code | enum 0,1 | no | 0: country code taken from country_code; 1: extracted from each number |',
  ),
  'rule:sms.scheduled-future': stated(
    '| date | string | no | scheduled send, YYYY-MM-DD HH:MM:SS, zone America/Mexico_City, must be in the future; unavailable in sandbox |',
  ),
  'rule:sms.rcs-flash-incompatible': stated(
    '| channel | integer | no | 1 SMS (default), 2 RCS; RCS is incompatible with flash |',
    'the parameter name is not shown explicitly in the listing',
  ),
  'rule:sms.shorten-url': stated(
    '| shorten_url | enum 0,1 | no | 1 shortens the URL; the message must contain exactly one URL, otherwise the request is rejected |',
    '| url_to_shorten | string | no | specific URL to shorten; when absent all URLs in the message are shortened |',
  ),
  'rule:sms.campaign-id': reading(
    'where showCampaignId goes in the request is not shown: a target may not read it where the suite puts it',
    'The parameter showCampaignId=true adds campaignId to the response; where it is placed in the request is not shown.',
    '| campaignId | integer | campaign id; only when showCampaignId=true |',
  ),
  'rule:sms.charges-credits': stated(
    'An account holds a credit balance, and sending operations consume it.',
    '| credit | number | credits consumed |',
    CREDIT_ROW,
  ),
  'rule:sms.accented-text': stated(
    '| message | string | yes | the text is sent without accents (a to a, n-tilde to n), always as GSM-7; accents must not be included |',
  ),
  'rule:sandbox.validations-run': stated(
    SANDBOX_ROW,
    'A sandbox mode that validates a request and answers like production but delivers nothing and consumes no credits.',
  ),
  'rule:sandbox.references': stated(SANDBOX_ROW),
  'rule:sandbox.no-charge': stated(
    'A sandbox mode that validates a request and answers like production but delivers nothing and consumes no credits.',
    SANDBOX_ROW,
    '| sandbox | enum 0,1 | no | default 0; 1 charges nothing |',
    OTP_SANDBOX_RULE,
  ),
  'rule:sandbox.no-scheduled': stated(SANDBOX_ROW, 'must be in the future; unavailable in sandbox'),
  'rule:sandbox.events': notShown(
    'the document does not say whether a sandbox send emits events',
    SANDBOX_ROW,
    'Emitted by: sends (confirmation), customer replies to sent SMS (response).',
  ),
  'rule:voice.template-k-message': reading(
    '"only with template k" does not say whether it is refused or ignored with another template (latitude only-with)',
    '| voice_message | string | no | max 160 chars; only with template k |',
  ),
  'rule:voice.templates': stated('| template | enum a..k | yes | fixed spoken script; k uses voice_message |'),
  'rule:otp2.charging': stated('Only sending a message charges one message of balance (create, resend or rotate, any channel).'),
  'rule:otp2.free-operations': stated('Verify, status and delete are free.'),
  'rule:otp2.sandbox-free': stated(OTP_SANDBOX_RULE),
  'rule:otp2.sandbox-needs-code-in-response': stated(OTP_SANDBOX_RULE, 'with sandbox=true code_in_response is not needed'),
  'rule:otp2.code-in-response': stated(
    '| code_in_response | boolean | no | default false; true returns the code in field code (testing/server-side automation only) |',
    'code (only when requested), request_id.',
  ),
  'rule:otp2.retry-after': stated('| 429 | otp_throttled | cooldown active; resend_available_in and Retry-After header |'),
  'rule:otp2.channel-switch': stated('changing channel on a resend sends the same pending code through the new channel'),
  'rule:otp2.whatsapp-warning': stated('warning (present when whatsapp ignored company/message)'),
  'rule:otp2.company-required': stated(
    '| company | string | yes | inserted at {{company}}; ignored for whatsapp; required on every request whatever the channel |',
  ),
  'rule:otp2.previous-api-rejected': stated('Parameters of the previous API (voice, whatsapp, template) are rejected with 400.'),
  'rule:otp2.code-custom-exclusive': stated('cannot be combined with code_length or code_format (400 otp_invalid_param)'),
  'rule:otp2.code-custom-case-sensitive': stated('own code, 4 to 10 letters and/or digits, case-sensitive, stored and compared as sent'),
  'rule:otp2.code-format': stated('| code_format | enum numeric, alphanumeric, letters | no | default numeric |'),
  'rule:otp2.code-length-new-code-only': stated('| code_length | integer | no | 4 to 10, default 6; applies only when a new code is generated |'),
  'rule:otp2.message-checked-at-resend': stated(
    "checked at every send with the real length of the code being sent (a resend reuses the stored code, which may be longer than this request's code_length)",
  ),
  'rule:otp2.message-invalid-untouched': stated(OTP_MESSAGE_ROW),
  'rule:otp2.expires-at': stated(
    'expires_at (YYYY-MM-DD HH:mm:ss)',
    'YYYY-MM-DD HH:mm:ss, future; default 24 hours; maximum 3 days (larger values are clamped)',
  ),
  'rule:otp2.expiration-future': stated('YYYY-MM-DD HH:mm:ss, future; default 24 hours; maximum 3 days (larger values are clamped)', OTP_PARAM_ROW),
  'rule:otp2.status-read-only': stated('GET /v2/otp/status: read-only, no side effects, returns the state, attempts and resend counters for the UI;'),
  'rule:otp2.per-number': stated('Current OTP verification (per phone_number + country_code)', 'Per phone_number + country_code.'),
  // Readings weighed: the listed members are stated; "hint names it" (7.3) by the field's own name is a reading
  // (a warning), and the optional `code` is not said to be the OTP code (never read as one in an error body).
  'rule:otp2.error-body': stated(
    'Error body of this set: success=false, state, error (slug), message, hint, next, and ' +
      'when applicable expires_at, attempts_remaining, resend_available_in, code, request_id.',
  ),
  // Readings weighed: letters ("MX", "52a") are not numeric on any reading (fail); "+52" is E.164's way of writing
  // 52 and "numeric" does not rule on the +: recorded, never failed. Which of the row's two slugs: either.
  'rule:otp2.country-code': stated('| country_code | string | yes | numeric; 52 for Mexico |', OTP_PARAM_ROW),
  // Readings weighed: "stays registered" with 3.1's pending row gives the retry's action=resent and a code that
  // verifies (fail); whether the failed send started the cooldown is not said (a throttled retry is waited out).
  'rule:otp2.failed-send-registered': stated(
    'If sending fails (402 or 502) the code stays registered but nothing was delivered; retry the send, do not verify.',
  ),
  'rule:otp2.attempts-remaining': stated(
    '| pending | POST /v2/otp/verify | code wrong, attempts remain | pending | HTTP 401, attempts_remaining decremented |',
    '| 401 | code incorrect; attempts_remaining says how many are left |',
  ),
  'rule:otp-legacy.showcode': stated('| showcode | enum 0,1 | no | default 0; 1 returns verification_code |', 'verification_code (only with showcode=1)'),
  'rule:otp-legacy.templates': stated('| template | enum a..n | no | default a (one page lists it as required); table below |'),
  'rule:otp-legacy.verify-marks-verified': stated('Success: code validation_01, message confirming the user is verified; the number becomes verified.'),
  'rule:otp-legacy.resend-keeps-code': stated(
    '| reset_code | boolean | default false; true generates a new random code, false keeps the same |',
    '| code_length | integer | 4 to 10; ignored unless reset_code is true |',
    '| code_type | enum alphanumeric, numeric, letters | changes only with reset_code=true |',
  ),
  'rule:otp-legacy.whatsapp-fallback': stated(
    '| whatsapp | boolean | sends via WhatsApp; needs an active WhatsApp instance, otherwise falls back to SMS |',
    'fallback (boolean, true when WhatsApp or voice fell back to SMS)',
  ),
  'rule:otp-legacy.send-fields': stated(
    'object also carries total_messages, number, credit, reference, fallback.',
    '| reference | boolean | no | default true; returns the message reference |',
  ),
  'rule:otp-legacy.language': reading(
    'a SHOULD: the document reports that responses are always in Spanish, while the OTP endpoints accept locale',
    '| locale | enum es, en | no | response language, default es |',
    'Response text language: the reference states that responses are always in Spanish and not configurable, while the OTP endpoints accept locale (es, en).',
  ),
  'rule:contacts.listed': stated('Success: code get_contacts_01 with all contacts of the list, no pagination, ordered by name.'),
  'rule:contacts.upsert': stated('If the contact already exists in the list it is updated.'),
  'rule:contacts.update-email': stated('POST /contacts/update: list_key (req), number (req), email (optional, new email).'),
  'rule:contacts.delete-removes': stated('POST /contacts/delete: list_key (req), number (req), email (optional filter).'),
  'rule:contacts.duplicate-copies': stated(
    'POST /contacts/duplicate: current_list_key (req, source), new_list_key (req, destination), contact_id (req, string).',
  ),
  'rule:contacts.poll-required-fields': stated('Body: list_key (req), contact_id (req).'),
  'rule:contacts.birthday-ignored': stated('birthday_date (YYYY-MM-DD; ignored if the format is invalid)'),
  'rule:agendas.ordered-by-name': stated(
    'Returns result array of lists (section 2.3 fields agenda_name, agenda_description, agenda_creation_date, list_key) ordered by name;',
  ),
  'rule:agendas.contacts-ordered-by-name': stated('Success: code get_contacts_01 with all contacts of the list, no pagination, ordered by name.'),
  'rule:agendas.rename-visible': stated(
    'POST /agendas/change_name: list_key (req), agenda_name (req). Success: code change_name_01, message phonebook_name_updated.',
  ),
  'rule:agendas.delete-irreversible': stated('Deletes the list and all its contacts, irreversibly.'),
  'rule:agendas.find-by-name': stated('query parameter query (string, optional; search by name, max 100 chars)'),
  'rule:agendas.find-paging': reading(
    'the parameters that select the page are not shown; the fields are stated, their ' +
      'consistency across pages (beyond next_page null on the last page) is our reading',
    'total_count, page, total_pages, limit (items per page), has_more (boolean), next_page (integer or null on the last page).',
    'The request parameters that select the page or size: not shown.',
  ),
  'rule:wallet.contact-listed': reading(
    'contact/get "returns the contact\'s wallet balance" but its fields are not shown: finding the added contact in it is our reading',
    "POST /wallet/contact/get: wallet_key (req), phone (optional filter). Returns the contact's wallet balance.",
    WALLET_NOT_SHOWN,
  ),
  'rule:wallet.sale-amount-required': stated('transaction_amount (number, optional; required when transaction_type is 0)'),
  'rule:loyalty.contact-listed': stated(
    'POST /loyalty/contact/get: loyalty_key (req), phone (optional filter). result array of loyalty contacts, code loyalty_contact_get_01.',
  ),
  'rule:loyalty.sale-stamp': reading(
    'a sale "registers a stamp" and a loyalty contact has two counters, but which field shows the stamp is not stated: that one of ' +
      'contact_current_redeem and contact_total_loyalty_completes moves forward within the sales a card can take is our reading',
    'POST /loyalty/sale: loyalty_key (req), phone (req), usertool_id (integer, req). Registers a stamp.',
    'Loyalty contact: contact_name, contact_phone, contact_birthdate (strings), contact_total_loyalty_completes (integer), contact_current_redeem (integer).',
    'Wallet (stored balance) and loyalty-card (stamp) programs for contacts, operated by tool users (employees or collaborators).',
  ),
  'rule:employees.listed': stated('POST /toolusers/get: no body. result array (section 2.5), code tool_users_01.'),
  'rule:employees.unique': reading(
    'no field is called "user name": which field it is (employee_name) is our reading; the unique ' +
      'phone and password are stated (limit:employee-phone-unique, limit:employee-password-unique)',
    'Validates unique password, user name and phone.',
  ),
  'rule:employees.roles': stated('type (req: cajero or gerente)', 'Employee roles: cajero, gerente.'),
  'rule:subaccounts.own-key': stated(
    'Subaccounts administered by a manager account, each with its own API key and balance.',
    'Has an apikey (string) and a credit balance.',
    'Success: message=user_created, code subaccount_01, apikey, email.',
  ),
  'rule:subaccounts.get-apikey': stated('POST /manager/subaccount/get_apikey: email (req). Success: success, status 200, apikey, email.'),
  'rule:subaccounts.isolation': reading(
    'never stated: it follows from a key giving access to "the account" and a subaccount key acting on its own balance',
    'It gives full access to the account and balance and must only be used from a backend.',
    'A subaccount key acts on its own balance.',
  ),
  'rule:subaccounts.archived-refused': stated(
    'POST /manager/subaccount/archive disables (archives) the subaccount.',
    '| auth_06 | 401 | account disabled or suspended |',
  ),
  'rule:subaccounts.credits-add': stated(
    'type (enum 1 add credits to the subaccount, 2 withdraw credits from it; req)',
    '| master_credit | string or null | credits available to assign to subaccounts; present only on administrator accounts ' +
      '(including white-label); absent on normal accounts and subaccounts; may be null if the pool was never initialised |',
  ),
  'rule:subaccounts.credits-withdraw': reading(
    'the withdrawal is stated; where the credits go (back to master_credit) is our reading',
    'type (enum 1 add credits to the subaccount, 2 withdraw credits from it; req)',
  ),
  'rule:subaccounts.credits-integer': stated('credits (integer greater than 0, no decimals; req)'),
  'rule:reports.send-listed': stated('Returns every message of the period without pagination.'),
  'rule:reports.sandbox-flag': stated('sandbox (integer 0,1, default 0; 1 reports sandbox sends)'),
  'rule:reports.campaign-details': stated(
    'POST /reports/details: campaign_id (integer, req), sandbox (integer; 1 = sandbox ' +
      'campaign). Success: code details_01, message=report_generated, details object (section 2.8).',
  ),
  // 1, 5.2: per-account words; no sentence states that another account's key is refused.
  'rule:isolation.otp-v2': reading(
    'never stated: a verification is kept per phone_number + country_code and a key gives access to "the account"; that the pair ' +
      'is kept within the account whose key created it is our reading (a verification kept per number across accounts is the other one)',
    'Per phone_number + country_code.',
    API_KEY_SENTENCE,
    KEY_ACCESS_SENTENCE,
  ),
  'rule:isolation.otp-legacy': reading(
    'never stated: verify names only the phone number; that it finds only a code the same account sent is our reading',
    'POST /otp/verify body: phone_number (string, req), verification_code (string, req), locale (es, en; default es).',
    API_KEY_SENTENCE,
    KEY_ACCESS_SENTENCE,
  ),
  'rule:isolation.contact-lists': reading(
    'never stated: a list name is unique "within the account", which implies lists belong to one account; that another key finds none of them is our reading',
    AGENDA_NAME_ROW,
    'agenda_name (req, unique per account)',
    KEY_ACCESS_SENTENCE,
  ),
  'rule:isolation.contacts': reading(
    'never stated: contact operations name a list by its list_key and lists belong to one account; that a list_key of another account ' +
      'reaches none of its contacts is our reading',
    '| list_key | string | identifier of the list, used by all contact operations |',
    AGENDA_NAME_ROW,
    KEY_ACCESS_SENTENCE,
  ),
  'rule:isolation.campaigns': reading(
    'details_03 states the details of a campaign that is "not the account\'s" are refused; that a report lists only the messages ' +
      'of the account whose key asks is our reading (its request limit is "per-account")',
    DETAILS_ROW,
    REPORTS_ROW,
  ),
  'rule:isolation.webhooks': reading(
    'never stated: one webhook "per account" implies another account has its own; that its key neither reads nor changes this one is our reading',
    'One webhook per account that receives delivery confirmations and customer replies.',
    "The service sends events to the account's single webhook URL.",
  ),
  'rule:isolation.wallets': reading(
    'never stated: the key gives access to "the account"; that a wallet_key of another account reaches none of its contacts is our reading',
    "POST /wallet/contact/get: wallet_key (req), phone (optional filter). Returns the contact's wallet balance.",
    KEY_ACCESS_SENTENCE,
  ),
  'rule:webhooks.single-url': stated('One webhook per account that receives delivery confirmations and customer replies.', WEBHOOK_ADD_ROW),
  'rule:webhooks.get-reflects': stated(
    'POST /webhook/get: no body. result {url, status}, code webhook_01.',
    "url (string) and status (string '0' disabled, '1' enabled).",
  ),
  'rule:webhooks.registration-get': stated(WEBHOOK_VERIFICATION),
  'rule:webhooks.verification-404-fails': stated(WEBHOOK_VERIFICATION, 'add_webhook_06 URL failed verification'),
  'rule:webhooks.verification-non-404-passes': stated(WEBHOOK_VERIFICATION),
  'rule:webhooks.no-redirects': stated(WEBHOOK_VERIFICATION),
  'rule:webhooks.verification-timeout': stated(WEBHOOK_VERIFICATION, 'add_webhook_06 URL failed verification'),
  'rule:webhooks.disabled-no-events': reading(
    'the document names the state "disabled" but does not say what it stops',
    "url (string) and status (string '0' disabled, '1' enabled).",
    WEBHOOK_STATUS_ROW,
  ),
  'rule:webhooks.deleted-no-events': stated(
    'POST /webhook/delete: no body. Removes the URL and status.',
    "The service sends events to the account's single webhook URL.",
  ),
  'rule:webhooks.https-recommended': reading('a SHOULD: "HTTPS recommended"', WEBHOOK_URL_FIELD),
  'rule:v1.multi-items': reading(
    'each item carries its numcelular, but "one item per number" is not said',
    'Response: respuestas array, each item with Estatus, mensaje, referencia and numcelular, or an error item.',
  ),
  'rule:v1.sandbox': stated(
    'remitente (optional, max 11 alphanumeric), language (es default, en), sandbox (1).',
    'A sandbox mode that validates a request and answers like production but delivers nothing and consumes no credits.',
  ),
  'rule:v1.language': reading(
    'a SHOULD: the document reports that responses are always in Spanish and not configurable',
    'language (es default, en)',
    'Response text language: the reference states that responses are always in Spanish and not configurable, while the OTP endpoints accept locale (es, en).',
  ),
  'rule:limits.rate-recovery': reading(
    'recovery is implied by "retry with exponential backoff", not stated; no Retry-After is documented for rate_01',
    '| rate_01 | 429 | rate limit exceeded; retry with exponential backoff |',
    'Recommended: batch many numbers in one request; retry with exponential backoff on 429.',
  ),
};
