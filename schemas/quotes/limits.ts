/**
 * The words behind each limit (limit:<id>; section 8 and the field tables), keyed by the id
 * requirements.ts builds from limits.ts and stated-limits.ts.
 */
import { CODE_CUSTOM_RULE, OTP_MESSAGE_ROW, OTP_PARAM_ROW, SANDBOX_ROW, WEBHOOK_URL_FIELD } from '../document-excerpts.ts';
import { notShown, reading, stated } from '../quote-level.ts';
import type { RequirementQuote } from '../quote-level.ts';

export const LIMITS_QUOTES: Readonly<Record<string, RequirementQuote>> = {
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
};
