/**
 * The reference server's two personalities (schemas/latitudes.ts): `default`, and
 * `alternate`, which makes the other defensible choice at every entry of the latitude register and
 * of the ambiguity register, while keeping every statement the document makes.
 *
 * Ambiguities: ALTERNATE_CHOICES below, one option per entry, read by the handlers through
 * `options.choices` as before. Where an option binds the server ('delete_01', 'query', ...) the
 * server does exactly that; where it leaves the server free ('record-only', 'any-array', 'either')
 * the server still has to do something, and `takesAlternate` says which of its two behaviours.
 *
 * Latitudes: handlers ask `takesAlternate(options)` at the one point where the latitude's
 * behaviour is decided, with the latitude id and section in a comment there.
 */
import type { AmbiguityChoices, Personality } from '../schemas/index.ts';
import { DEFAULT_AMBIGUITY_CHOICES } from '../schemas/index.ts';

/**
 * The alternate personality's option at every ambiguity. Each is the other option a real,
 * independent implementation could have picked; where the register's only other option is
 * record-only, the alternate keeps the default's concrete option unless a real server would
 * plausibly differ (then record-only, and the server's behaviour differs as the comment says).
 */
const ALTERNATE_CHOICES: AmbiguityChoices = {
  // 5: the table's statuses against "auth errors reach the client with HTTP 200"; the body keeps the table's status and code.
  'auth-error-http-status': 'body-200',
  // 8: the 1,000 of the legacy v1 and webhook-management texts.
  'sandbox-daily-limit': '1000',
  // 4.7: the sample body's rename values.
  'agendas-delete-success-code': 'rename-values',
  // 4.1: GET answered too, as the authentication examples issue it.
  'credits-consult-method': 'both',
  // 7.1: the only other option is record-only; the per-area statuses are what a server reads in the table.
  'server-01-status': 'per-area',
  // 9 "always in Spanish and not configurable" (the default honours locale / language).
  'response-language': 'spanish-only',
  // 4.14: the sample's add values.
  'webhook-status-success-values': 'add-values',
  // 4.11: the sample's message.
  'subaccount-credits-manage-success-message': 'subaccount_archived',
  // 3.1 "resulting state value: not shown": a new code is pending whichever server sends it; asserted here, recorded by default.
  'otp-state-after-verified-restart': 'pending',
  // 3.1, 8: 7 wrong codes answer 401, the next one 429.
  'otp-v2-lock-point': 'after-seventh-wrong',
  // 4.4: a GET names its verification in the query; no other shape is plausible.
  'otp-status-request-shape': 'query',
  // 4.4: DELETE with query parameters (and the body is not read).
  'otp-delete-request-shape': 'query',
  // 4.5: the only other option is record-only; phone_number and country_code are what send takes.
  'otp-reset-request-shape': 'phone-and-country',
  // 7.3: the conventional slugs, asserted (the default records them).
  'otp-verify-error-slugs': 'conventional',
  // 4.7 paging "not shown": a server whose paging parameters are named otherwise; page and limit are not read.
  'contactlist-find-paging': 'record-only',
  // 4.2: showCampaignId read from the query only.
  'show-campaign-id-placement': 'query',
  // 6.3 "Emitted by: sends": a sandbox send emits its confirmation (the default emits none).
  'sandbox-sends-emit-events': 'events',
  // 6: deliveries by GET.
  'webhook-delivery-method': 'get',
  // 6: a HEAD before every delivery.
  'webhook-head-check': 'before-each-delivery',
  // 7.1, 8: body status 429 in an HTTP 200.
  'rate-limit-http-status': 'body-429',
  // 7.1 "HTTP in body": a 4xx HTTP status (replies.ts: 400, 402 sms_07, 404 missing resource, ...); the default answers 200.
  'business-error-http-status': 'http-4xx',
  // 7.1: record-only is the only option; the codes are the latitude unnamed-codes' (validation_<field>).
  'unnamed-validation-codes': 'record-only',
  // 7.2: add_webhook_02 for a missing or malformed URL, _03 for a forbidden host only.
  'paired-code-order': 'either',
  // 7.2: verification_02 (the default answers verification_25).
  'otp-legacy-expired-send-code': 'verification_02',
  // 4.5: the Spanish text of one page.
  'otp-legacy-send-success-message': 'any-text',
  // 4.5: "one page lists it as required".
  'otp-legacy-template-required': 'required',
  // 4.6 "allowed values: not shown": record-only is the only option; the alternate allows a fixed set (contacts.ts).
  'contacts-polling-action': 'record-only',
  // 4.2: the only other option is record-only; flash is the field's name in the listing.
  'sms-flash-parameter-name': 'flash',
  // 4.7: the contacts in a field of another name (contacts), which 'any-array' allows and 'result' would not.
  'agendas-get-contacts-field': 'any-array',
  // 4.9 "Sample success: code loyalty_sale_01" on contact/add: a code of the add's own (loyalty_contact_add_01).
  'loyalty-add-contact-success-code': 'record-only',
  // 4.2 "accents must not be included": refused (the default strips them).
  'sms-accented-text': 'rejected',
  // 4.2 "the message must contain exactly one URL, otherwise the request is rejected" is a statement:
  // both personalities keep it (at-least-one would accept what the sentence says is rejected).
  'sms-shorten-url-count': 'exactly-one',
};

export function personalityChoices(personality: Personality): AmbiguityChoices {
  return personality === 'alternate' ? ALTERNATE_CHOICES : DEFAULT_AMBIGUITY_CHOICES;
}

/** The one predicate of the latitudes: true when the server makes the alternate choice. */
export const takesAlternate = (options: { personality: Personality }): boolean => options.personality === 'alternate';

/**
 * Latitude check-order (7: no order of checks is stated): the default checks fields in the order of
 * the field table, the alternate in reverse order. `items` are checks or issues in table order.
 */
export function inCheckOrder<T>(options: { personality: Personality }, items: readonly T[]): readonly T[] {
  return takesAlternate(options) ? [...items].reverse() : items;
}
