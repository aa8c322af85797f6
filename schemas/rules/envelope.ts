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
]);
