/**
 * The fault seams: the named points of the request path where one injected fault of the
 * kill matrix (mutants.ts) may replace what the conformant server computes. A handler hands the
 * value the document asks for to `seams.at('<seam>', value, context)` and goes on with what comes
 * back: the value itself on the conformant server, the mutant's override of that one seam
 * otherwise. So the request path carries no mutant names, only named points, and every point is
 * listed here with the sentence of the document it is about; every fault is listed in mutants.ts.
 *
 * A seam's value is what the document decides at that point (a code, a limit, a flag "this check
 * refuses", a body); its context is what an override needs to know besides. Both are plain data:
 * this module imports nothing of the server, so mutants.ts can state overrides without it.
 */

/** One seam: where in the document, and (types only) its value and context. */
interface SeamPoint<Value, Context> {
  readonly section: string;
  /** What the conformant server does at this point, in the document's words where it has them. */
  readonly rule: string;
  /** Never set: carries the value and context types to `seams.at` and to the overrides. */
  readonly shape?: (value: Value, context: Context) => Value;
}

const point = <Value, Context = void>(section: string, rule: string): SeamPoint<Value, Context> => ({ section, rule });

export const SEAMS = {
  // --- 5 Authentication ---------------------------------------------------------------------------
  'auth.presented-key': point<string | undefined, { header: string | undefined; field: string | undefined; authorization: string | undefined }>(
    '5.1',
    'the key comes in the header apikey or in the body field apikey; Authorization: Bearer is not a key',
  ),
  'auth.token-header-refused': point<boolean>('5.6', 'a request with the legacy token header answers 410 auth_deprecated'),
  'auth.missing-key-code': point<string>('5', 'a request without a key answers auth_01'),
  'auth.outside-allow-list': point<boolean>('5.4', "an address outside the account's allow-list answers 403 auth_04"),
  'auth.manager-key-refused': point<boolean, { kind: string }>('5.3', '/manager/subaccount/* needs the manager key'),
  'auth.acting-account': point<number, { parentId: number | undefined }>('5.3', 'a subaccount key acts on its own balance'),
  'auth.error-body': point<Record<string, unknown>>('5', 'the body of every auth error has success=false, message, status, code'),

  // --- 2.1, 4 Envelope -----------------------------------------------------------------------------
  'envelope.success-status': point<number | string>('2.1', 'status repeats the HTTP status as an integer'),
  'envelope.error-body': point<Record<string, unknown>>('2.1', 'an error has success=false, and request_id'),
  'envelope.form-bodies-accepted': point<boolean>('4', 'form-style fields are taken for the same operations as JSON'),
  'envelope.json-bodies-read': point<boolean, { area: string }>('0, 4', 'bodies are JSON unless a section says otherwise (Content-Type: application/json)'),

  // --- 7.1, 8 Rate limit ---------------------------------------------------------------------------
  'rate-limit.applies': point<boolean, { area: string }>('8', '100 requests per second per key, on all endpoints'),
  'rate-limit.code': point<string>('7.1', 'over the limit: 429 rate_01'),
  'rate-limit.window-resets': point<boolean, { overLimit: boolean }>(
    '7.1, 8',
    'a request older than a second no longer counts, also for a key that was over the limit',
  ),
  'rate-limit.per-second': point<number>('8', 'request rate: 100 messages per second per key; no more than 100 accepted within any second'),

  // --- 4, 8 Stated limits of the field tables --------------------------------------------------------
  'request.checked-fields': point<Record<string, unknown>, { operationId: string }>(
    '4, 8',
    'a body past a bound a field table or section 8 states (a length, digits, a range, an enum, a prohibition) is refused as it came (7.1)',
  ),

  // --- 2.2 Send result (SMS, voice) ---------------------------------------------------------------
  'send-result.references': point<readonly { reference: string; number: string }[], { sandbox: boolean }>(
    '2.2, 4.2',
    'references has one entry per recipient, number is the recipient with country code; sandbox=1 generates references',
  ),
  'send-result.total-messages': point<number>('2.2', 'total_messages is the number of messages sent'),
  'send-result.credit': point<number>('2.2', 'credit is the credits consumed'),
  // --- 4.2 SMS ------------------------------------------------------------------------------------
  'sms.adds-campaign-id': point<boolean>('4.2', 'showCampaignId=true adds campaignId to the response'),
  'sms.refuses-non-gsm7': point<boolean>('4.2', 'the text is sent always as GSM-7'),
  'sms.refuses-past-date': point<boolean>('4.2', 'a scheduled date must be in the future'),
  'sms.numbers-include-country-code': point<boolean>('4.2', 'with find_country_code=1 each number has 12 digits including country code'),
  'sms.checked-fields': point<Record<string, unknown>>(
    '4.2, 8',
    'sender max 11 chars, no scheduled sends in sandbox: a body breaking them is refused as sent (7.1)',
  ),
  // --- 4.3 Voice ----------------------------------------------------------------------------------
  'voice.refuses-k-without-message': point<boolean>('4.3', 'template k uses voice_message'),
  // --- 4.2, 8 Sandbox -----------------------------------------------------------------------------
  'sandbox.charges-nothing': point<boolean>('4.2', 'sandbox=1 delivers nothing and charges nothing'),
  'sandbox.daily-limit': point<number>('8', 'sandbox sends are limited per day (the choice sandbox-daily-limit: 100 or 1,000)'),
  // --- 1, 2.2, 2.7, 7.2 Credits -------------------------------------------------------------------
  'credits.messages-charged': point<number>('1, 2.2', 'sending operations consume credits: one message per recipient'),
  'credits.refuses-short-balance': point<boolean>('7.2', 'sending: sms_07 insufficient credits'),
  'credits.balance': point<string, { hundredths: number }>('2.7', 'credit is a string (decimal, two places)'),
  'credits.shows-master-credit': point<boolean>('2.7', 'master_credit is present only on administrator accounts; absent on normal accounts and subaccounts'),
  // --- 4.13 Payment requests ----------------------------------------------------------------------
  'payments.checked-fields': point<Record<string, unknown>>(
    '4.13, 8',
    'template 40, message 123 characters, amount 15 to 110000: a body outside them is refused as sent (7.1)',
  ),
  // --- 3.2, 4.14 Webhook --------------------------------------------------------------------------
  'webhooks.status-after-add': point<'0' | '1'>('3.2', "POST /webhook/add with status '1' or '0': enabled ('1') or disabled ('0')"),
  'webhooks.status-refused-without-webhook': point<boolean>('7.2', 'status_webhook_04 could not update (no webhook registered)'),
  'webhooks.delete-removes': point<boolean>('3.2', 'configured: POST /webhook/delete: no webhook configured'),
  'webhooks.receives-events': point<boolean>('3.2, 6', "events go to the account's webhook while it is enabled ('1'), none while disabled"),
  'webhooks.forbidden-host-verdict': point<
    { ok: true } | { ok: false; code: 'add_webhook_03' | 'add_webhook_06'; reason: string } | undefined,
    { family: string | undefined }
  >(
    '4.14, 7.2',
    'a public URL, no local hosts or private networks: a forbidden host answers add_webhook_03 without being contacted; undefined: the GET check decides',
  ),
  'webhooks.verify-follows-redirects': point<boolean>('4.14', 'the registration GET is sent without following redirects'),
  'webhooks.verify-fails': point<boolean>('4.14', 'a 404 answer to the registration GET fails (add_webhook_06); any other within 5 seconds passes'),
  // --- 6 Events -----------------------------------------------------------------------------------
  'events.head-check-due': point<boolean>('6', 'the URL must accept HEAD (checked before delivery; webhook-head-check: first or each delivery)'),
  'events.head-holds-back': point<boolean>('6', 'the URL must accept HEAD: a HEAD not answered 200 holds the delivery back'),
  'events.delivered-params': point<Record<string, string>>('6', 'events carry no request_id'),
  'events.post-body': point<{ type: string; body: string }, { params: Record<string, string> }>('6', 'POST uses application/x-www-form-urlencoded'),
  'events.confirmation-status': point<string>('6.1', 'status is a delivery code: 0 delivered'),
  'events.confirmation-date': point<string, { at: number }>('6.1', 'date: confirmation time, format YYYYMMDDHHMMSS'),
  'events.extra-params': point<string | undefined>('6.1', 'extra_params: JSON string echoing the values supplied as extra_params at send time'),
  'events.response-date': point<string, { at: number }>('6.2', 'response_date: reply time, YYYYMMDDHHMMSS'),
  'events.retry-limit': point<number>('6.3', 'up to 25 retries per event'),
  'events.delivered-statuses': point<readonly number[]>('6.3', 'if the endpoint does not answer HTTP 200 the event is retried'),

  // --- 4.5, 7.2, 8 Legacy OTP ---------------------------------------------------------------------
  'otp-legacy.pending-refuses-send': point<boolean>('7.2', 'send: verification_03 already sent, awaiting verification'),
  'otp-legacy.send-default-code-length': point<number>('4.5, 8', 'send: code_length 4 to 10, default 4'),
  'otp-legacy.resend-renews-code': point<boolean>('4.5', 'resend: reset_code default false; true generates a new random code, false keeps the same'),
  'otp-legacy.showcode-returns-code': point<boolean>('4.5', 'showcode default 0; 1 returns verification_code'),
  'otp-legacy.whatsapp-falls-back': point<boolean>(
    '4.5, 2.10',
    'resend: whatsapp needs an active WhatsApp instance, otherwise falls back to SMS (fallback=true)',
  ),
  'otp-legacy.verified-verify-code': point<string>('7.2', 'verify: validation_06 already verified'),
  'otp-legacy.expired-verify-code': point<string>('7.2', 'verify: validation_02 code expired'),
  'otp-legacy.wrong-verify-code': point<string>('7.2', 'verify: validation_05 wrong code'),
  // --- 4.16, 7.4, 8 Legacy v1 ---------------------------------------------------------------------
  'v1.message-max': point<number>('7.4, 8', '03 message over 160 characters'),
  'v1.refuses-short-number': point<boolean>('7.4', '08 number under 6 digits'),
  'v1.batch-max': point<number>('7.4, 8', '14 more than 500 messages at once (batch)'),
  'v1.refuses-repeated-number': point<boolean>('7.4', '15 repeated number (batch)'),
  'v1.refuses-double-comma': point<boolean>('7.4', '21 double comma in numcelular (batch)'),
  'v1.insufficient-credit-detail': point<string | undefined>('7.4', '13 insufficient credit (message includes current credit)'),
  // --- 1, 4.6, 4.7 Contacts and contact lists -----------------------------------------------------
  'lists.own-account-only': point<boolean>('1, 5.2', "an account's lists are not visible to another account's key (a key gives access to its own account)"),
  'agendas.refuses-duplicate-name': point<boolean>('4.7, 7.2', 'agenda_name unique per account: agenda_03 name already exists'),
  'agendas.lists-order': point<'name' | 'creation'>('4.7', 'get: result array of lists ordered by name'),
  'agendas.listed-labels': point<Partial<Record<'custom_field_1' | 'custom_field_2' | 'custom_field_3' | 'custom_field_4', string>>>(
    '2.3',
    'custom_field_1..custom_field_4: labels of up to four custom fields',
  ),
  'agendas.rename-unknown-list-code': point<string>('7.2', 'change_name: err_03 list does not exist'),
  'agendas.contacts-order': point<'name' | 'insertion'>('4.7', 'get_contacts: all contacts of the list, no pagination, ordered by name'),
  'agendas.missing-list-key-code': point<string>('7.2', '/agendas/get_contacts, /agendas/delete: get_contacts_02 missing list_key'),
  'agendas.delete-removes-list': point<boolean>('4.7', 'delete: deletes the list and all its contacts, irreversibly'),
  'agendas.find-next-page-on-last': point<number | null>('4.7', 'find: next_page (integer or null on the last page)'),
  'contacts.add-changes': point<
    {
      name?: string;
      email?: string;
      birthday?: string;
      custom?: Partial<Record<'custom_field_1' | 'custom_field_2' | 'custom_field_3' | 'custom_field_4', string>>;
    },
    { existing: boolean }
  >('4.6', 'add: if the contact already exists in the list it is updated'),
  'contacts.update-email': point<string | undefined>('4.6', 'update: email (optional, new email)'),
  'contacts.poll-requires-contact-id': point<boolean>('4.6', 'POST /contacts/polling/{action}: Body: list_key (req), contact_id (req)'),
  // --- 2.5, 4.8 to 4.10 Wallet, loyalty cards, tool users -----------------------------------------
  'wallet.contact-filter-applies': point<boolean>('4.8', 'contact/get: phone (optional filter)'),
  'wallet.sale-default-amount': point<number | undefined>('4.8', 'sale: transaction_amount (number, optional; required when transaction_type is 0)'),
  'loyalty.contact-filter-applies': point<boolean>('4.9', 'contact/get: phone (optional filter)'),
  'employees.refuses-taken-number': point<boolean>('4.10', 'add: validates unique password, user name and phone'),
  'employees.refuses-taken-password': point<boolean>('4.10', 'add: validates unique password, user name and phone (the password)'),
  'employees.listed-tool-user': point<Record<string, unknown>>(
    '2.5',
    'tool user: usertool_id, usertool_name, usertool_number, usertool_branch, usertool_type, usertool_status',
  ),
  // --- 2.7, 3.3, 4.11 Subaccounts -----------------------------------------------------------------
  'subaccounts.refuses-withdraw-beyond-balance': point<boolean>('4.11', 'credits/manage type 2 withdraws credits from the subaccount: no more than it holds'),
  'subaccounts.pool-debit': point<number>('2.7, 4.11', 'type 1 adds credits to the subaccount out of master_credit, the credits available to assign'),
  'subaccounts.archive-disables': point<boolean>('3.3', 'POST /manager/subaccount/archive disables (archives) the subaccount'),
  'subaccounts.get-apikey': point<string, { managerKey: string }>('4.11', 'get_apikey: apikey and email of the subaccount'),
  // --- 4.12, 7.2 Reports --------------------------------------------------------------------------
  'reports.period-end': point<number, { endDateStart: number }>(
    '4.12',
    "the period ends with end_date's whole day (America/Mexico_City): at the start of the next day",
  ),
  'reports.matches-sandbox-flag': point<boolean>('4.12', 'sandbox 1 reports sandbox sends, 0 (default) the others'),
  'reports.missing-end-code': point<string>('7.2', 'generate: report_02 end date missing'),
  'reports.refuses-start-after-end': point<boolean>('7.2', 'generate: report_03 start after end'),
  'reports.bad-campaign-id-code': point<string, { absent: boolean }>('7.2', 'details: details_02 campaign_id missing or not numeric'),

  // --- 3.1 Current OTP verification: the state table and its code_custom paragraph ----------------
  'otp2.pending-expires': point<boolean>('3.1', 'pending, time: a code past its expiry without verification becomes expired (verify answers HTTP 410)'),
  'otp2.code-custom-comparison': point<'absent' | 'same' | 'different', { state: string }>(
    '3.1',
    'with code_custom, a different code than the current one starts a new round; the same ' +
      'code is a plain resend, and on a locked verification it answers 429 otp_max_attempts',
  ),
  'otp2.row-side-effects': point<readonly string[], { row: string }>(
    '3.1',
    'a new round (code_rotate, a different code_custom) gives 7 fresh attempts; a wrong ' +
      'code decrements attempts_remaining; the same code_custom never resets attempts',
  ),
  'otp2.http-status': point<number, { row: string; action: string | undefined }>(
    '3.1',
    "HTTP 201 for action=created and a verified number's new cycle, 200 for resent and " +
      'restarted; verify: 200 correct, 401 wrong, 429 used up, 409 verified, 404 none, 410 expired',
  ),
  'otp2.action': point<string, { row: string }>('3.1', 'action=created for a new verification, resent for the same code, restarted for a new code'),
  'otp2.throttled-headers': point<Record<string, string> | undefined>(
    '3.1',
    'within the 30 s cooldown: HTTP 429 otp_throttled with resend_available_in and Retry-After header',
  ),
  'otp2.delete-invalidates': point<boolean>('3.1', 'any, DELETE /v2/otp: verification invalidated, back to none'),

  // --- 4.4 OTP, current generation ----------------------------------------------------------------
  'otp2.code-matches': point<boolean, { stored: string | undefined; sent: string }>('4.4', 'the code is case-sensitive, stored and compared as sent'),
  'otp2.requested-expiry': point<number | undefined, { requested: number }>('4.4', 'expiration_date: future; maximum 3 days (larger values are clamped)'),
  'otp2.refuses-past-expiry': point<boolean>('4.4', 'expiration_date must be in the future (else 400 otp_invalid_param)'),
  'otp2.message-checked-code': point<string, { generated: boolean; requestCodeLength: number }>(
    '4.4',
    'the message is checked at every send with the real length of the code being sent (a ' +
      "resend reuses the stored code, which may be longer than this request's code_length)",
  ),
  'otp2.message-max-length': point<number>('8', 'current OTP message: at most 160 characters after substitution (else 400 otp_message_invalid, 7.3)'),
  'otp2.message-checked-company': point<string>('4.4, 7.3', 'the message, {{company}} substituted, has GSM-7 characters only (else 400 otp_message_invalid)'),
  'otp2.messages-charged': point<number, { rowCharge: number; action: string | undefined }>(
    '4.4',
    'only sending a message charges one message (create, resend or rotate, any channel); sandbox charges nothing',
  ),
  'otp2.verify-messages-charged': point<number>('4.4', 'verify, status and delete are free'),
  'otp2.status-attempts-used': point<number>('4.4', 'GET /v2/otp/status is read-only, no side effects'),
  'otp2.whatsapp-warning': point<boolean>('4.4', 'warning is present when whatsapp ignored company/message'),
  'otp2.code-in-response': point<boolean>('4.4', 'code is returned only when requested (code_in_response=true)'),
  'otp2.failed-send-registers': point<boolean>('4.4', 'if sending fails (402 or 502) the code stays registered but nothing was delivered'),

  // --- 8 Limits of the current OTP ----------------------------------------------------------------
  'otp2.attempts-per-round': point<number>('8', 'current OTP attempts: 7 per code round'),
  'otp2.eighth-attempt-verifies': point<boolean, { codeMatches: boolean; state: string }>(
    '3.1, 8',
    "once the round's 7 attempts are used up (7 attempts used up: locked, HTTP 429; 7 per code round) no code verifies, the right one included",
  ),
  'otp2.resend-cooldown-seconds': point<number>('8', 'current OTP resend cooldown: 30 seconds'),

  // --- 1, 5.2 Isolation between accounts: a key reaches its own account's data only ----------------
  'otp2.verify-own-account-only': point<boolean>('2.10, 3.1, 5.2', "verify finds the verifications of the key's own account only (another's: 404)"),
  'otp-legacy.verify-own-account-only': point<boolean>('4.5, 5.2', "verify finds the codes the key's own account sent only (another's: validation_04)"),
  'agendas.get-contacts-own-account-only': point<boolean>('2.3, 4.7, 5.2', "get_contacts reads a list of the key's own account only (another's: err_01)"),
  'webhooks.get-own-account-only': point<boolean>('1, 4.14, 6', "get answers the key's own account's webhook, never another account's"),
  // --- 4.9 Loyalty cards ----------------------------------------------------------------------------
  'loyalty.sale-registers-stamp': point<boolean>('4.9, 2.5', "sale: registers a stamp, which the contact's counters show"),
} as const;

export type SeamName = keyof typeof SEAMS;
export type SeamValue<S extends SeamName> = (typeof SEAMS)[S] extends SeamPoint<infer V, infer _C> ? V : never;
export type SeamContext<S extends SeamName> = (typeof SEAMS)[S] extends SeamPoint<infer _V, infer C> ? C : never;
export type SeamOverride<S extends SeamName> = (value: SeamValue<S>, context: SeamContext<S>) => SeamValue<S>;

/** A fault: the one seam it overrides, and how. */
export interface Fault {
  readonly seam: SeamName;
  readonly override: (value: never, context: never) => unknown;
}

/** States a fault (mutants.ts), with the override typed by its seam. */
export const fault = <S extends SeamName>(seam: S, override: SeamOverride<S>): Fault => ({ seam, override });

/** The seams of one running server: pass-through, or one seam overridden by the server's fault. */
export class Seams {
  constructor(readonly fault: Fault | undefined = undefined) {}

  at<S extends SeamName>(seam: S, value: SeamValue<S>, ...context: SeamContext<S> extends void ? [] : [SeamContext<S>]): SeamValue<S> {
    const f = this.fault;
    if (f === undefined || f.seam !== seam) return value;
    return (f.override as SeamOverride<S>)(value, context[0] as SeamContext<S>);
  }
}

/** The conformant server's seams. */
export const NO_FAULT = new Seams();
