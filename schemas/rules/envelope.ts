/**
 * The `rule:` requirements of the envelope (2.1, 7.1) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { SEND_RESULT } from '../document-excerpts.ts';
import { reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const ENVELOPE_RULE_RECORDS = rulesOf('envelope', [
  {
    id: 'rule:envelope.fields',
    section: '2.1',
    statement:
      'The common envelope is success (boolean), message (string), status (integer) and code ' +
      '(string); that every JSON answer outside /v2/otp and /v1 carries all four is our reading.',
    ...reading(
      '2.1 lists the envelope but does not say every answer carries all four fields; get_apikey and contactlist/find list successes without message or code',
      '| success | boolean | true on success, false on error |',
      '| message | string | status text; on success often a machine token such as sent_messages |',
      '| status | integer | status code repeated inside the body |',
      '| code | string | structured result code such as sms_11 |',
    ),
  },
  {
    id: 'rule:envelope.request-id',
    section: '2.1',
    statement: 'request_id, a UUID, is stated to be present in every JSON response.',
    ...reading(
      'hedged: "stated to be present"; the success lines name request_id for a few operations only',
      '| request_id | string (UUID) | tracking identifier of the request; stated to be present in every JSON response; always present on server_01 errors |',
    ),
  },
  {
    id: 'rule:envelope.success-flag',
    section: '2.1',
    statement: 'success is true on success and false on error.',
    ...stated('| success | boolean | true on success, false on error |'),
  },
  {
    id: 'rule:envelope.status-repeated',
    section: '2.1',
    statement: 'The body status repeats the status code; the success lines that give it say 200.',
    ...reading(
      '"repeated" is stated, but 5 and 7.1 report bodies whose status is not the HTTP status; status 200 is given in some success lines only',
      '| status | integer | status code repeated inside the body |',
      SEND_RESULT,
    ),
  },
  {
    id: 'rule:envelope.error-body',
    section: '2.1, 7.1',
    statement: 'Error bodies carry success=false, message, status and code.',
    ...stated('Error bodies carry success=false, message, status, code.'),
  },
  {
    id: 'rule:envelope.validation-body-status',
    section: '7.1',
    statement:
      'A validation failure whose code 7.1 does not show (wallet, loyalty, contact update, ' +
      'payment, subaccount and the like) answers success=false with status 200 in the body.',
    ...stated(
      '| <validation code> | 200 | body message says parameters invalid; code value for wallet, ' +
        'loyalty, contact-update, payment, subaccount and similar validation failures: not shown |',
    ),
  },
  {
    id: 'rule:envelope.json-bodies',
    section: '0, 4',
    statement: 'Bodies are JSON (Content-Type: application/json) unless a section says otherwise; the legacy v1 SMS endpoints take form or query parameters.',
    ...stated(
      'Bodies are JSON unless a section says otherwise (the legacy v1 SMS endpoints take form or query parameters).',
      'Unless a line says otherwise the method is POST and the body is JSON (Content-Type: application/json)',
    ),
  },
  {
    id: 'rule:envelope.form-bodies',
    section: '4',
    statement: 'The same operations accept form-style fields as well as JSON.',
    ...reading(
      'a SHOULD: the document reports form-style fields shown by the reference',
      'the reference also shows form-style fields for the same operations.',
    ),
  },
  {
    id: 'rule:envelope.message-token',
    section: '2.1',
    statement: 'On success the message is often a machine token such as sent_messages.',
    ...reading('a SHOULD: "often"', '| message | string | status text; on success often a machine token such as sent_messages |'),
  },
  {
    id: 'rule:envelope.no-server-error',
    section: '7.1, 2.1',
    statement:
      'An answer to what the client sent, well-formed or not, is not a server error: an HTTP 5xx is the internal ' +
      'error server_01 of 7.1, which reports a fault of the service, not a refusal of the request.',
    // Readings weighed: 7.1 gives server_01 to "all endpoints" and 4 says every endpoint "can return" it, so a
    // careful team may answer a request its code did not foresee with server_01 and still follow the document.
    ...reading(
      'a reading: 7.1 names server_01 an internal error, and nothing says a request never meets one; ' +
        '"Every endpoint can return the common errors of section 7.1" (4) lets a careful team answer 5xx to a request it did not foresee',
      '| server_01 | 200 in most bodies, 500 in SMS, voice and legacy OTP bodies | internal error; body includes request_id |',
    ),
  },
  {
    id: 'rule:envelope.invalid-input-refused',
    section: '4, 7.1',
    statement:
      'An input outside the documented form that the document neither says is refused nor bounds (a value of another ' +
      "type, a format it only names) is refused with the operation's error body.",
    // Readings weighed: where the document says an input is rejected, names its code or states the bound it breaks,
    // the refusal is stated (the stated limits and the operations' contracts, at fail); elsewhere (latitude invalid-input).
    ...reading(
      'a reading (latitude invalid-input): the field tables give a type or a form and rarely say what happens to another ' +
        'value; a careful team may ignore or coerce it, and 7.1 leaves the code of a validation failure not shown',
      '| <validation code> | 200 | body message says parameters invalid; code value for wallet, ' +
        'loyalty, contact-update, payment, subaccount and similar validation failures: not shown |',
    ),
  },
  {
    id: 'rule:envelope.required-field-refused',
    section: '4, 7.1',
    statement: "A request without a field its operation's table marks required (Req yes, req, required) is refused with the operation's error body.",
    // Readings weighed: a field the document marks required cannot be left out of a valid request on any reading; a
    // team that defaulted it would make it optional, which the table does not say. The code of the refusal is not shown
    // for most operations (7.1), so the refusal and its error body are judged, not the code. A field the document marks
    // two ways (4.5 template: "one page lists it as required") is an ambiguity of its own, which the request schemas follow.
    ...stated(
      '| Field | Type | Req | Rules |',
      '| <validation code> | 200 | body message says parameters invalid; code value for wallet, ' +
        'loyalty, contact-update, payment, subaccount and similar validation failures: not shown |',
    ),
  },
  {
    id: 'rule:envelope.unknown-request-refused',
    section: '2.1',
    statement:
      'A request no section describes (an unknown path, a method an operation does not take, a body that is not JSON) ' +
      'is refused as a client error (HTTP 4xx), and a JSON answer to it is the error body of 2.1.',
    // Readings weighed: the document describes only its own operations; a careful team may leave such a request to
    // its web server (an HTML page, a 405 or 404 without a body) or refuse it with 200 and success=false as 7.1 does
    // for a validation failure.
    ...reading(
      'a reading: the document is silent on requests outside its operations; that they are refused as client errors ' +
        'with the error body of 2.1 is ours, and a web server answering them with its own page is defensible',
      'Error bodies carry success=false, message, status, code.',
    ),
  },
]);
