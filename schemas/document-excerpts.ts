/**
 * Excerpts of the document that several requirements quote, written once so that each entry reads
 * as the row it rests on (the rule records of rules/ and the entries of quotes/). An excerpt one file
 * alone quotes stays in that file.
 */

export const SEND_RESULT = 'Success values: message=sent_messages, status=200, code=sms_11.';
export const OTP_PARAM_ROW = '| 400 | otp_missing_param, otp_invalid_param | missing or invalid parameter, or a parameter of the previous API; hint names it |';
export const OTP_MESSAGE_ROW =
  '| 400 | otp_message_invalid | message lacks {{code}} or {{company}}, has non-GSM-7 characters, or exceeds 160 ' +
  'characters when expanded; hint gives the excess; the current verification is untouched and no attempt is consumed |';
export const REPORTS_ROW =
  '| /reports/generate | report_01, report_02 start or end date missing; report_03 start after end; report_05 per-account report request limit exceeded |';
export const DETAILS_ROW =
  '| /reports/details | details_02 campaign_id missing or not numeric; details_03 campaign ' +
  "missing or not the account's; details_04 campaign still processing, retry later |";
export const ADD_WEBHOOK_ROW =
  '| /webhook/add | add_webhook_02, _03 URL missing, malformed or forbidden host; add_webhook_04, _05 ' +
  'status missing or not 0/1; add_webhook_06 URL failed verification; add_webhook_07, _08 save failure |';
export const WEBHOOK_URL_FIELD = 'url (req, public URL, HTTPS recommended, no local hosts or private networks)';
export const WALLET_NOT_SHOWN =
  'For the last four wallet operations the response is the common envelope; the ' +
  'success message and code values and the balance fields of contact/get: not shown.';
export const SANDBOX_ROW =
  'default 0; 1 runs all validations and generates references but delivers nothing and charges nothing; no scheduled sends; limited per day (section 8)';
export const OTP_SANDBOX_RULE =
  'true generates and registers the code but delivers nothing and charges nothing; ' +
  'requires code_in_response=true (else 400 otp_missing_param) unless code_custom is used';
export const CODE_CUSTOM_RULE =
  'own code, 4 to 10 letters and/or digits, case-sensitive, stored and compared as ' +
  'sent; cannot be combined with code_length or code_format (400 otp_invalid_param)';
export const WEBHOOK_STATUS_ROW = "| enabled / disabled | POST /webhook/status with '1' / '0' | enabled / disabled |";
export const WEBHOOK_ADD_ROW = "| any or none | POST /webhook/add with status '1' or '0' | enabled ('1') or disabled ('0') |";
/** 2.7: credit of /credits/consult, a two-place decimal string that is the balance left, which a send lowers. */
export const CREDIT_ROW = '| credit | string (decimal, two places) | available balance of the account, not consumed credits; convert before arithmetic |';
/** 2.3: the name of a contact list (AgendaListResponse checks its type, agenda_03 its uniqueness). */
export const AGENDA_NAME_ROW = '| agenda_name | string | list name, unique within the account |';
/** Result codes named in a `_NN` list of 7.2: the list's opening (which names the prefix) and the item. */
export const LEGACY_SEND_CODES = 'Legacy OTP send codes: verification_01 generated;';
