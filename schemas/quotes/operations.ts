/**
 * The words behind each operation's success contract (op:<operationId>, section 4): the operation's
 * header and its success sentence, keyed by the id requirements.ts builds from operations.ts.
 */
import { AGENDA_NAME_ROW, CREDIT_ROW, LEGACY_SEND_CODES, SEND_RESULT, WALLET_NOT_SHOWN, WEBHOOK_URL_FIELD } from '../document-excerpts.ts';
import { notShown, reading, stated } from '../quote-level.ts';
import type { RequirementQuote } from '../quote-level.ts';

const OTHER_PATHS =
  'The paths /whatsapp/send, /agenda and /campaigns are named in passing (campaign ids are checked against /campaigns); their shapes: not shown.';
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

export const OPERATIONS_QUOTES: Readonly<Record<string, RequirementQuote>> = {
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
};
