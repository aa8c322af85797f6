/**
 * The words behind each row of the state tables (otp2:<row> of 3.1, webhook:<row> of 3.2), each
 * forbidden host family (webhook:forbidden-host.<family>, 4.14) and each event field and delivery rule
 * (event:..., 6), keyed by the id requirements.ts builds from their tables.
 */
import { ADD_WEBHOOK_ROW, WEBHOOK_ADD_ROW, WEBHOOK_STATUS_ROW, WEBHOOK_URL_FIELD } from '../document-excerpts.ts';
import { reading, stated } from '../quote-level.ts';
import type { RequirementQuote } from '../quote-level.ts';

const CODE_CUSTOM_ROUND = 'With code_custom: whether a round restarts depends on the code, not on code_rotate.';
const FORBIDDEN_HOST_CODES = ADD_WEBHOOK_ROW;

export const STATES_AND_EVENTS_QUOTES: Readonly<Record<string, RequirementQuote>> = {
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
  // What extra_params echoes cannot be provoked (the request shape that supplies it is not shown); that a
  // confirmation carries the parameter at all when none was supplied is what the check reads, and a reading.
  'event:confirmation.extra_params': reading(
    'a reading: the table lists extra_params among the parameters of every confirmation, so we read it as always carried; ' +
      'how it is supplied at send time is not shown, and a careful team may leave out a parameter no send supplied',
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
};
