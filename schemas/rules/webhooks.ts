/**
 * The `rule:` requirements of webhooks (3.2, 4.14) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { WEBHOOK_ADD_ROW, WEBHOOK_STATUS_ROW, WEBHOOK_URL_FIELD } from '../document-excerpts.ts';
import { notShown, reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

const WEBHOOK_VERIFICATION =
  'On registration the service sends a GET to the URL; any answer other than 404 within 5 seconds, without following redirects, passes.';

export const WEBHOOKS_RULE_RECORDS = rulesOf('webhooks', [
  {
    id: 'rule:webhooks.single-url',
    section: '1, 3.2',
    statement: 'One webhook per account: adding again replaces the URL.',
    ...stated('One webhook per account that receives delivery confirmations and customer replies.', WEBHOOK_ADD_ROW),
  },
  {
    id: 'rule:webhooks.get-reflects',
    section: '4.14, 2.9',
    statement: '/webhook/get returns the url and status set.',
    ...stated('POST /webhook/get: no body. result {url, status}, code webhook_01.', "url (string) and status (string '0' disabled, '1' enabled)."),
  },
  {
    id: 'rule:webhooks.registration-get',
    section: '4.14',
    statement: 'On registration the service sends a GET to the URL.',
    capability: 'webhook-reachable',
    ...stated(WEBHOOK_VERIFICATION),
  },
  {
    id: 'rule:webhooks.verification-404-fails',
    section: '4.14',
    statement: 'A 404 answer to the registration GET fails verification (add_webhook_06).',
    capability: 'webhook-reachable',
    ...stated(WEBHOOK_VERIFICATION, 'add_webhook_06 URL failed verification'),
  },
  {
    id: 'rule:webhooks.verification-non-404-passes',
    section: '4.14',
    statement: 'Any answer other than 404 to the registration GET passes.',
    capability: 'webhook-reachable',
    ...stated(WEBHOOK_VERIFICATION),
  },
  {
    id: 'rule:webhooks.no-redirects',
    section: '4.14',
    statement: 'The registration GET does not follow redirects.',
    capability: 'webhook-reachable',
    ...stated(WEBHOOK_VERIFICATION),
  },
  {
    id: 'rule:webhooks.verification-timeout',
    section: '4.14',
    statement: 'No answer within 5 seconds fails verification.',
    capability: 'webhook-reachable',
    ...stated(WEBHOOK_VERIFICATION, 'add_webhook_06 URL failed verification'),
  },
  {
    id: 'rule:webhooks.disabled-no-events',
    section: '3.2, 6',
    statement: 'No events are delivered while the webhook is disabled (our reading of disabled).',
    capability: 'webhook-reachable',
    ...reading(
      'the document names the state "disabled" but does not say what it stops',
      "url (string) and status (string '0' disabled, '1' enabled).",
      WEBHOOK_STATUS_ROW,
    ),
  },
  {
    id: 'rule:webhooks.deleted-no-events',
    section: '3.2, 6',
    statement: 'No events are delivered after the webhook is deleted.',
    capability: 'webhook-reachable',
    ...stated('POST /webhook/delete: no body. Removes the URL and status.', "The service sends events to the account's single webhook URL."),
  },
  {
    id: 'rule:webhooks.https-recommended',
    section: '4.14',
    statement: 'HTTPS is recommended: an https URL on a public host is accepted for registration checks.',
    ...reading('a SHOULD: "HTTPS recommended"', WEBHOOK_URL_FIELD),
  },
  {
    id: 'rule:webhooks.disputed-private-hosts',
    section: '4.14',
    statement:
      'A URL on a host that only a reading of "private networks" covers (IPv6 site-local fec0::/10, deprecated, not the ' +
      'unique local fc00::/7) is refused and not registered.',
    ...reading(
      '"private networks" names no ranges; site-local fec0::/10 was deprecated (RFC 3879) and is not fc00::/7, so a careful team may accept it (latitude host-forms)',
      WEBHOOK_URL_FIELD,
    ),
  },
  {
    id: 'rule:webhooks.retry-schedule',
    section: '6.3',
    statement: 'When the retries of an event not answered HTTP 200 come: 6.3 bounds their number, not their schedule.',
    capability: 'webhook-reachable',
    ...notShown(
      '6.3 gives up to 25 retries per event but does not say when they come: what a bounded wait sees of them is recorded',
      'If the endpoint does not answer HTTP 200 the event is retried, up to 25 retries per event.',
    ),
  },
]);
