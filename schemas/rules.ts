/**
 * Testable statements of the document that no other table holds (the operations, result codes,
 * limits, state tables and event fields each have their own). One row per statement, worded as the
 * document words it; `severity: 'should'` for what the document only recommends or hedges.
 */
import type { AmbiguityId } from './ambiguities.ts';
import type { AreaId } from './areas.ts';
import type { CapabilityId } from './capabilities.ts';

export interface Rule {
  id: string;
  area: AreaId;
  section: string;
  statement: string;
  severity: 'must' | 'should';
  capability?: CapabilityId;
  ambiguity?: AmbiguityId;
}

type Row = Omit<Rule, 'area' | 'severity'> & { severity?: 'must' | 'should' };
const rules = (area: AreaId, list: Row[]): Rule[] => list.map((r) => ({ severity: 'must', ...r, area }));

export const RULES: readonly Rule[] = [
  ...rules('envelope', [
    {
      id: 'envelope.fields',
      section: '2.1',
      statement:
        'The common envelope is success (boolean), message (string), status (integer) and code ' +
        '(string); that every JSON answer outside /v2/otp and /v1 carries all four is our reading.',
    },
    { id: 'envelope.request-id', section: '2.1', statement: 'request_id, a UUID, is stated to be present in every JSON response.' },
    { id: 'envelope.success-flag', section: '2.1', statement: 'success is true on success and false on error.' },
    { id: 'envelope.status-repeated', section: '2.1', statement: 'The body status repeats the status code; the success lines that give it say 200.' },
    { id: 'envelope.error-body', section: '2.1, 7.1', statement: 'Error bodies carry success=false, message, status and code.' },
    {
      id: 'envelope.validation-body-status',
      section: '7.1',
      statement:
        'A validation failure whose code 7.1 does not show (wallet, loyalty, contact update, ' +
        'payment, subaccount and the like) answers success=false with status 200 in the body.',
    },
    {
      id: 'envelope.json-bodies',
      section: '0, 4',
      statement: 'Bodies are JSON (Content-Type: application/json) unless a section says otherwise; the legacy v1 SMS endpoints take form or query parameters.',
    },
    { id: 'envelope.form-bodies', section: '4', statement: 'The same operations accept form-style fields as well as JSON.', severity: 'should' },
    { id: 'envelope.message-token', section: '2.1', statement: 'On success the message is often a machine token such as sent_messages.', severity: 'should' },
  ]),
  ...rules('auth', [
    { id: 'auth.header-apikey', section: '5.1', statement: 'The header apikey with the account key authenticates a request.' },
    { id: 'auth.body-field-apikey', section: '5.1', statement: 'The key may also be given as a body field.' },
    { id: 'auth.no-bearer', section: '5.1', statement: 'No Authorization: Bearer is used: a bearer token alone is not a key (auth_01).' },
    {
      id: 'auth.manager-key-required',
      section: '5.3',
      statement: 'Subaccount operations (/manager/subaccount/*) require the manager key, not a subaccount key.',
      capability: 'manager-key',
    },
    { id: 'auth.subaccount-own-balance', section: '5.3', statement: 'A subaccount key acts on its own balance.', capability: 'manager-key' },
    { id: 'auth.v1-parameter', section: '5.5', statement: 'Legacy v1 endpoints take apikey as a request parameter.' },
    { id: 'auth.error-body', section: '5', statement: 'The body of every auth error has success=false, message, status, code.' },
  ]),
  ...rules('credits', [
    {
      id: 'credits.master-credit-admin-only',
      section: '2.7',
      statement: 'master_credit is present on administrator accounts and absent on normal accounts and subaccounts.',
      capability: 'manager-key',
    },
  ]),
  ...rules('sms', [
    { id: 'sms.references-per-recipient', section: '2.2', statement: 'One reference per recipient; number is the recipient with country code.' },
    { id: 'sms.total-messages', section: '2.2', statement: 'total_messages is the number of messages sent.' },
    { id: 'sms.national-numbers', section: '4.2', statement: 'National numbers have 10 digits; that other lengths are refused is our reading.' },
    {
      id: 'sms.find-country-code',
      section: '4.2',
      statement: 'With find_country_code=1 each number has 12 digits including the country code; that other lengths are refused is our reading.',
    },
    { id: 'sms.scheduled-future', section: '4.2', statement: 'A scheduled date must be in the future (YYYY-MM-DD HH:MM:SS, America/Mexico_City).' },
    {
      id: 'sms.rcs-flash-incompatible',
      section: '4.2',
      statement: 'RCS (channel=2) is incompatible with flash (whose parameter name is not shown explicitly); that the request is refused is our reading.',
      ambiguity: 'sms-flash-parameter-name',
    },
    {
      id: 'sms.shorten-url',
      section: '4.2',
      statement: 'shorten_url=1 needs exactly one URL in the message, otherwise the request is rejected.',
      ambiguity: 'sms-shorten-url-count',
    },
    {
      id: 'sms.campaign-id',
      section: '4.2',
      statement: 'showCampaignId=true adds campaignId to the response (where it goes in the request: not shown).',
      ambiguity: 'show-campaign-id-placement',
    },
    {
      id: 'sms.charges-credits',
      section: '1, 2.2, 2.7',
      statement: 'A send consumes credits: the balance drops by the credit the answer reports.',
      capability: 'real-delivery',
    },
    { id: 'sms.accented-text', section: '4.2', statement: 'The text is sent without accents; accents must not be included.', ambiguity: 'sms-accented-text' },
  ]),
  ...rules('sandbox', [
    { id: 'sandbox.validations-run', section: '4.2', statement: 'sandbox=1 runs all validations.' },
    { id: 'sandbox.references', section: '4.2', statement: 'sandbox=1 generates references.' },
    { id: 'sandbox.no-charge', section: '1, 4.2, 4.3, 4.4', statement: 'Sandbox sends consume no credits.' },
    {
      id: 'sandbox.no-scheduled',
      section: '4.2',
      statement: 'No scheduled sends in sandbox (date is unavailable in sandbox); that such a request is refused is our reading.',
    },
    {
      id: 'sandbox.events',
      section: '4.2, 6.3',
      statement: 'Whether a sandbox send emits events.',
      ambiguity: 'sandbox-sends-emit-events',
      capability: 'webhook-reachable',
    },
  ]),
  ...rules('voice', [
    {
      id: 'voice.template-k-message',
      section: '4.3',
      statement: 'voice_message is only with template k; whether another template refuses or ignores it is not stated.',
    },
    { id: 'voice.templates', section: '4.3', statement: 'template is one of a to k; that another value is refused is our reading.' },
  ]),
  ...rules('otp-v2', [
    { id: 'otp2.charging', section: '4.4', statement: 'Create, resend and rotate charge one message of balance on any channel.', capability: 'real-delivery' },
    { id: 'otp2.free-operations', section: '4.4', statement: 'Verify, status and delete are free.' },
    { id: 'otp2.sandbox-free', section: '4.4', statement: 'sandbox=true delivers nothing and charges nothing.' },
    {
      id: 'otp2.sandbox-needs-code-in-response',
      section: '4.4',
      statement: 'sandbox=true requires code_in_response=true (else 400 otp_missing_param) unless code_custom is used.',
    },
    { id: 'otp2.code-in-response', section: '4.4, 2.10', statement: 'code is returned only when requested.' },
    { id: 'otp2.retry-after', section: '3.1, 7.3', statement: 'A throttled answer carries resend_available_in and a Retry-After header.' },
    { id: 'otp2.channel-switch', section: '4.4', statement: 'Changing channel on a resend sends the same pending code through the new channel.' },
    { id: 'otp2.whatsapp-warning', section: '4.4', statement: 'warning is present when whatsapp ignored company/message.' },
    { id: 'otp2.company-required', section: '4.4', statement: 'company is required on every request whatever the channel.' },
    { id: 'otp2.previous-api-rejected', section: '4.4, 9', statement: 'Parameters of the previous API (voice, whatsapp, template) are rejected with 400.' },
    { id: 'otp2.code-custom-exclusive', section: '4.4', statement: 'code_custom cannot be combined with code_length or code_format (400 otp_invalid_param).' },
    { id: 'otp2.code-custom-case-sensitive', section: '4.4', statement: 'code_custom is stored and compared as sent, case-sensitive.' },
    { id: 'otp2.code-format', section: '4.4', statement: 'A generated code follows code_format (default numeric).' },
    { id: 'otp2.code-length-new-code-only', section: '4.4', statement: 'code_length applies only when a new code is generated.' },
    {
      id: 'otp2.message-checked-at-resend',
      section: '4.4',
      statement: 'The 160-character rule is checked at every send with the real length of the code being sent.',
    },
    {
      id: 'otp2.message-invalid-untouched',
      section: '7.3',
      statement: 'On otp_message_invalid the current verification is untouched and no attempt is consumed.',
    },
    { id: 'otp2.expires-at', section: '4.4, 2.10', statement: 'expires_at is YYYY-MM-DD HH:mm:ss, 24 hours ahead by default.' },
    { id: 'otp2.expiration-future', section: '4.4', statement: 'expiration_date must be in the future.' },
    {
      id: 'otp2.status-read-only',
      section: '4.4',
      statement: 'GET /v2/otp/status is read-only: it changes no state or counter.',
      ambiguity: 'otp-status-request-shape',
    },
    { id: 'otp2.per-number', section: '3.1', statement: 'A verification is kept per phone_number + country_code: one number does not affect another.' },
    { id: 'otp2.error-body', section: '4.4', statement: 'Error bodies carry success=false, state, error, message, hint and next.' },
    { id: 'otp2.attempts-remaining', section: '4.4', statement: 'A wrong code answers attempts_remaining, decremented by one.' },
    {
      id: 'otp2.country-code',
      section: '4.4, 7.3',
      statement: 'country_code is required and numeric: a create without it or with a non-numeric one answers 400 (otp_missing_param or otp_invalid_param).',
    },
    {
      id: 'otp2.failed-send-registered',
      section: '4.4',
      statement:
        'A create whose send fails (402) leaves the code registered: the retried send resends it (3.1 pending + POST /v2/otp: action=resent), and it verifies.',
    },
  ]),
  ...rules('otp-legacy', [
    { id: 'otp-legacy.showcode', section: '4.5', statement: 'verification_code is returned only with showcode=1.' },
    {
      id: 'otp-legacy.templates',
      section: '4.5',
      statement: 'template is one of a to n (default a); that another letter is refused is our reading.',
      ambiguity: 'otp-legacy-template-required',
    },
    { id: 'otp-legacy.verify-marks-verified', section: '4.5', statement: 'A correct verify makes the number verified.' },
    {
      id: 'otp-legacy.resend-keeps-code',
      section: '4.5',
      statement: 'A resend with reset_code=false keeps the same code; reset_code=true generates a new one, and only then do code_length and code_type apply.',
    },
    {
      id: 'otp-legacy.whatsapp-fallback',
      section: '4.5, 2.10',
      statement: 'A resend with whatsapp=true without an active WhatsApp instance still sends, by SMS, and answers fallback=true.',
    },
    { id: 'otp-legacy.send-fields', section: '4.5, 2.10', statement: 'The send answer carries total_messages, number, credit, reference and fallback.' },
    { id: 'otp-legacy.language', section: '4.5, 9', statement: 'locale selects the response language.', ambiguity: 'response-language', severity: 'should' },
  ]),
  ...rules('contacts', [
    { id: 'contacts.listed', section: '4.6, 4.7', statement: 'A contact added is listed by /agendas/get_contacts.' },
    { id: 'contacts.upsert', section: '4.6', statement: 'Adding a contact that already exists in the list updates it.' },
    { id: 'contacts.update-email', section: '4.6', statement: '/contacts/update changes the email.' },
    { id: 'contacts.delete-removes', section: '4.6', statement: 'A deleted contact is no longer listed.' },
    { id: 'contacts.duplicate-copies', section: '4.6', statement: '/contacts/duplicate copies a contact into another list.' },
    { id: 'contacts.birthday-ignored', section: '4.6', statement: 'birthday_date in an invalid format is ignored (the contact is still added).' },
    {
      id: 'contacts.poll-required-fields',
      section: '4.6',
      statement:
        'POST /contacts/polling/{action} requires list_key and contact_id: with an action accepted when both are given, a poll without either is refused.',
    },
  ]),
  ...rules('agendas', [
    { id: 'agendas.ordered-by-name', section: '4.7', statement: '/agendas/get returns the lists ordered by name.' },
    {
      id: 'agendas.contacts-ordered-by-name',
      section: '4.7',
      statement: '/agendas/get_contacts returns all contacts of the list, no pagination, ordered by name.',
    },
    { id: 'agendas.rename-visible', section: '4.7', statement: 'A renamed list shows the new name.' },
    { id: 'agendas.delete-irreversible', section: '4.7', statement: '/agendas/delete deletes the list and all its contacts, irreversibly.' },
    { id: 'agendas.find-by-name', section: '4.7', statement: '/contactlist/find searches lists by name.' },
    {
      id: 'agendas.find-paging',
      section: '4.7',
      statement: 'The paged envelope is consistent: total_pages, has_more, next_page null on the last page (the paging parameters: not shown).',
      ambiguity: 'contactlist-find-paging',
    },
  ]),
  ...rules('wallet', [
    { id: 'wallet.contact-listed', section: '4.8', statement: 'A wallet contact added is returned by /wallet/contact/get (whose fields are not shown).' },
    { id: 'wallet.sale-amount-required', section: '4.8', statement: '/wallet/sale needs transaction_amount when transaction_type is 0.' },
  ]),
  ...rules('loyalty', [
    { id: 'loyalty.contact-listed', section: '4.9', statement: 'A loyalty contact added is returned by /loyalty/contact/get.' },
    {
      id: 'loyalty.sale-stamp',
      section: '4.9, 2.5',
      statement:
        "A sale registers a stamp that shows in the contact's fields: contact_current_redeem or " +
        'contact_total_loyalty_completes moves forward (which one is our reading).',
    },
  ]),
  ...rules('employees', [
    { id: 'employees.listed', section: '4.10', statement: 'An employee added is listed by /toolusers/get.' },
    { id: 'employees.unique', section: '4.10', statement: '/employee/add validates unique password, user name and phone (user name read as employee_name).' },
    { id: 'employees.roles', section: '4.10, 2.5', statement: 'type is cajero or gerente; that another type is refused is our reading.' },
  ]),
  ...rules('subaccounts', [
    { id: 'subaccounts.own-key', section: '4.11, 5.3', statement: 'A new subaccount has its own working API key.', capability: 'manager-key' },
    { id: 'subaccounts.get-apikey', section: '4.11', statement: "get_apikey returns the subaccount's key.", capability: 'manager-key' },
    {
      id: 'subaccounts.isolation',
      section: '1, 5.2',
      statement: "An account's data is not visible to another account's key (our reading: the document gives a key access to its own account).",
      capability: 'manager-key',
    },
    { id: 'subaccounts.archived-refused', section: '3.3, 5', statement: "An archived subaccount's key is refused (auth_06).", capability: 'manager-key' },
    {
      id: 'subaccounts.credits-add',
      section: '4.11, 2.7',
      statement: 'type=1 moves credits to the subaccount: its balance rises and the pool falls.',
      capability: 'manager-key',
    },
    {
      id: 'subaccounts.credits-withdraw',
      section: '4.11, 2.7',
      statement: 'type=2 withdraws credits from the subaccount: its balance falls; that the pool rises by as much is our reading.',
      capability: 'manager-key',
    },
    {
      id: 'subaccounts.credits-integer',
      section: '4.11',
      statement: 'credits is an integer greater than 0, no decimals; that other values are refused is our reading.',
      capability: 'manager-key',
    },
  ]),
  // 1, 5.2: a key gives access to its own account. Each row is one kind of data another account's
  // key must not reach; the document implies it (per-account words) without stating it.
  ...rules('isolation', [
    {
      id: 'isolation.otp-v2',
      section: '2.10, 3.1, 5.2',
      statement: "A /v2/otp verification is the account's whose key created it: another account's key neither sees its state, verifies nor deletes it.",
      capability: 'manager-key',
    },
    {
      id: 'isolation.otp-legacy',
      section: '4.5, 5.2',
      statement: "A legacy OTP code is the account's whose key sent it: another account's key does not verify it.",
      capability: 'manager-key',
    },
    {
      id: 'isolation.contact-lists',
      section: '2.3, 4.7, 5.2',
      statement: "A contact list is its account's: another account's key neither lists, finds, reads, renames nor deletes it.",
      capability: 'manager-key',
    },
    {
      id: 'isolation.contacts',
      section: '2.3, 4.6, 5.2',
      statement: "The contacts of a list are its account's: another account's key neither adds, updates, deletes nor duplicates them.",
      capability: 'manager-key',
    },
    {
      id: 'isolation.campaigns',
      section: '4.12, 7.2',
      statement: "Another account's key gets neither the details of a campaign nor its messages in a report.",
      capability: 'manager-key',
    },
    {
      id: 'isolation.webhooks',
      section: '1, 3.2, 6',
      statement: "An account's webhook is its own: another account's key neither reads, changes, replaces nor deletes it.",
      capability: 'manager-key',
    },
    {
      id: 'isolation.wallets',
      section: '4.8, 5.2',
      statement: "Another account's key neither reads the contacts of an account's wallet nor changes their balance.",
      capability: 'manager-key',
    },
  ]),
  ...rules('reports', [
    { id: 'reports.send-listed', section: '4.12', statement: 'A send appears in the report of its period.' },
    { id: 'reports.sandbox-flag', section: '4.12', statement: 'sandbox=1 reports sandbox sends.' },
    { id: 'reports.campaign-details', section: '4.12', statement: 'The details of a campaign of the account are returned.' },
  ]),
  ...rules('webhooks', [
    { id: 'webhooks.single-url', section: '1, 3.2', statement: 'One webhook per account: adding again replaces the URL.' },
    { id: 'webhooks.get-reflects', section: '4.14, 2.9', statement: '/webhook/get returns the url and status set.' },
    { id: 'webhooks.registration-get', section: '4.14', statement: 'On registration the service sends a GET to the URL.', capability: 'webhook-reachable' },
    {
      id: 'webhooks.verification-404-fails',
      section: '4.14',
      statement: 'A 404 answer to the registration GET fails verification (add_webhook_06).',
      capability: 'webhook-reachable',
    },
    {
      id: 'webhooks.verification-non-404-passes',
      section: '4.14',
      statement: 'Any answer other than 404 to the registration GET passes.',
      capability: 'webhook-reachable',
    },
    { id: 'webhooks.no-redirects', section: '4.14', statement: 'The registration GET does not follow redirects.', capability: 'webhook-reachable' },
    { id: 'webhooks.verification-timeout', section: '4.14', statement: 'No answer within 5 seconds fails verification.', capability: 'webhook-reachable' },
    {
      id: 'webhooks.disabled-no-events',
      section: '3.2, 6',
      statement: 'No events are delivered while the webhook is disabled (our reading of disabled).',
      capability: 'webhook-reachable',
    },
    {
      id: 'webhooks.deleted-no-events',
      section: '3.2, 6',
      statement: 'No events are delivered after the webhook is deleted.',
      capability: 'webhook-reachable',
    },
    {
      id: 'webhooks.https-recommended',
      section: '4.14',
      statement: 'HTTPS is recommended: an https URL on a public host is accepted for registration checks.',
      severity: 'should',
    },
  ]),
  ...rules('legacy-v1', [
    {
      id: 'v1.multi-items',
      section: '4.16',
      statement: '/v1/sms/send/multi answers a respuestas array, each item with its numcelular; one item per number is our reading.',
    },
    { id: 'v1.sandbox', section: '4.16', statement: 'sandbox=1 delivers nothing and charges nothing.' },
    { id: 'v1.language', section: '4.16, 9', statement: 'language=en selects English texts (es default).', ambiguity: 'response-language', severity: 'should' },
  ]),
  ...rules('limits', [
    {
      id: 'limits.rate-recovery',
      section: '7.1, 8',
      statement: 'After rate_01, requests succeed again once the rate drops (a reading of retry with exponential backoff).',
    },
  ]),
];
