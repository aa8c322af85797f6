/**
 * The ambiguity register: every place where the document contradicts itself or says "not shown"
 * and a test has to take a position. A profile picks one option per entry (default below); a test
 * that depends on an entry reads the profile's option and records what the target did.
 *
 * An option named `record-only` means: assert nothing beyond the rest of the document, and record
 * the observed behaviour in the summary.
 */
export interface AmbiguityOption {
  id: string;
  description: string;
}

export interface Ambiguity {
  id: string;
  title: string;
  kind: 'contradiction' | 'not-shown';
  /** Where the conflicting or missing statements are, with what each says. */
  sources: readonly { section: string; says: string }[];
  options: readonly AmbiguityOption[];
  default: string;
  /** How `discover` tells which option a target matches. */
  probe: string;
}

const RECORD_ONLY: AmbiguityOption = {
  id: 'record-only',
  description: 'Assert nothing beyond the rest of the document; record what the target does.',
};

export const AMBIGUITIES = [
  {
    id: 'auth-error-http-status',
    title: 'HTTP status of authentication errors',
    kind: 'contradiction',
    sources: [
      { section: '5', says: 'the table gives HTTP 401 (auth_01/05/06/07/99), 403 (auth_04) and 410 (auth_deprecated)' },
      { section: '5', says: 'the current OTP reference states that auth errors reach the client with HTTP 200 and the detail in the body' },
    ],
    options: [
      { id: 'http-status', description: 'The HTTP status is the one of the table; the body status repeats it.' },
      { id: 'body-200', description: 'HTTP 200; the body status and code carry the table value.' },
    ],
    default: 'http-status',
    probe: 'Call /credits/consult without a key and read the HTTP status of the auth_01 answer.',
  },
  {
    id: 'sandbox-daily-limit',
    title: 'Sandbox sends per day',
    kind: 'contradiction',
    sources: [
      { section: '8', says: '100 test sends per day (current SMS and general text)' },
      { section: '8', says: '1,000 per day in the legacy v1 text and in the webhook-management error text' },
    ],
    options: [
      { id: '100', description: '100 sandbox sends per account and day.' },
      { id: '1000', description: '1,000 sandbox sends per account and day.' },
    ],
    default: '100',
    // What harness/discovery/discovery-sandbox-limit.ts does (8: the quota is the account's for the day).
    probe:
      "With --manager-key only: in a subaccount of its own, so that the day's quota spent is not the certifying account's, sandbox " +
      'sends one recipient each, paced below the rate of 8, until the first refusal or one past the larger option, within ' +
      '--sandbox-budget; the count accepted decides the option (without a manager key, or when the budget ends first, the default stays).',
  },
  {
    id: 'agendas-delete-success-code',
    title: 'Success values of /agendas/delete',
    kind: 'contradiction',
    sources: [
      { section: '4.7', says: 'Success code is delete_01' },
      { section: '4.7', says: 'the sample body shows the rename success values (change_name_01, phonebook_name_updated)' },
    ],
    options: [
      { id: 'delete_01', description: 'code=delete_01.' },
      { id: 'rename-values', description: 'code=change_name_01 and message=phonebook_name_updated, as the sample.' },
    ],
    default: 'delete_01',
    probe: 'Create a list, delete it, read the code.',
  },
  {
    id: 'credits-consult-method',
    title: 'Method of /credits/consult',
    kind: 'contradiction',
    sources: [
      { section: '4.1', says: 'POST /credits/consult' },
      { section: '4.1', says: 'the authentication examples issue this call with GET' },
    ],
    options: [
      { id: 'post', description: 'POST is answered; GET is not asserted.' },
      { id: 'both', description: 'POST and GET are both answered with the success body.' },
    ],
    default: 'post',
    probe: 'Call GET /credits/consult and see whether it answers credit_01.',
  },
  {
    id: 'server-01-status',
    title: 'HTTP status of server_01',
    kind: 'not-shown',
    sources: [{ section: '7.1', says: 'server_01: 200 in most bodies, 500 in SMS, voice and legacy OTP bodies (the column is "HTTP in body")' }],
    options: [
      { id: 'per-area', description: 'Body status 500 on SMS, voice and legacy OTP, 200 elsewhere; HTTP status equal to the body status.' },
      RECORD_ONLY,
    ],
    default: 'per-area',
    probe: 'Needs the fault-injection capability; not probed.',
  },
  {
    id: 'response-language',
    title: 'Language of response texts',
    kind: 'contradiction',
    sources: [
      { section: '9', says: 'responses are always in Spanish and not configurable' },
      { section: '4.5', says: 'the OTP endpoints accept locale (es, en)' },
      { section: '4.16', says: 'v1 takes language (es default, en)' },
    ],
    options: [
      { id: 'locale-honoured', description: 'locale=en / language=en changes the message text; es is the default.' },
      { id: 'spanish-only', description: 'Message texts do not change with locale.' },
      RECORD_ONLY,
    ],
    default: 'record-only',
    probe: 'Send the same invalid legacy OTP verify with locale=es and locale=en and compare the messages.',
  },
  {
    id: 'webhook-status-success-values',
    title: 'Success values of /webhook/status',
    kind: 'contradiction',
    sources: [
      { section: '4.14', says: 'Success code status_webhook_01' },
      { section: '4.14', says: 'the sample shows the add success values (add_webhook_01, url_added_success)' },
    ],
    options: [
      { id: 'status_webhook_01', description: 'code=status_webhook_01.' },
      { id: 'add-values', description: 'code=add_webhook_01 and message=url_added_success, as the sample.' },
    ],
    default: 'status_webhook_01',
    probe: 'Register a webhook, change its status, read the code.',
  },
  {
    id: 'subaccount-credits-manage-success-message',
    title: 'Success message of /manager/subaccount/credits/manage',
    kind: 'contradiction',
    sources: [
      { section: '4.11', says: 'Success: code subaccount_01' },
      { section: '4.11', says: 'the sample shows message subaccount_archived' },
    ],
    options: [
      { id: 'unstated', description: 'code=subaccount_01; the message is not asserted.' },
      { id: 'subaccount_archived', description: 'code=subaccount_01 and message=subaccount_archived, as the sample.' },
    ],
    default: 'unstated',
    probe: 'Move one credit to a subaccount and read the message.',
  },
  {
    id: 'otp-state-after-verified-restart',
    title: 'State after a verified number starts a new cycle',
    kind: 'not-shown',
    sources: [{ section: '3.1', says: 'verified + POST /v2/otp: HTTP 201, action=restarted; resulting state value: not shown' }],
    options: [{ id: 'pending', description: 'state=pending, as after any new code.' }, RECORD_ONLY],
    default: 'record-only',
    probe: 'Verify a number, create again, read state.',
  },
  {
    id: 'otp-v2-lock-point',
    title: 'Which wrong verify answers 429 and locks',
    kind: 'not-shown',
    sources: [
      { section: '3.1', says: 'code wrong, attempts remain: 401, attempts_remaining decremented; 7 attempts used up: locked, HTTP 429' },
      { section: '8', says: '7 attempts per code round' },
    ],
    options: [
      { id: 'seventh-wrong-locks', description: 'Wrong attempts 1 to 6 answer 401 (attempts_remaining 6 to 1); the 7th answers 429 and locks.' },
      { id: 'after-seventh-wrong', description: 'Wrong attempts 1 to 7 answer 401 (attempts_remaining 6 to 0); the next verify answers 429 and locks.' },
    ],
    default: 'seventh-wrong-locks',
    probe: 'Create, send 7 wrong codes, read the status of the 7th.',
  },
  {
    id: 'otp-status-request-shape',
    title: 'Request and response of GET /v2/otp/status',
    kind: 'not-shown',
    sources: [{ section: '4.4', says: 'its request parameters and response fields: not shown' }],
    options: [{ id: 'query', description: 'phone_number and country_code as query parameters; the answer carries state.' }, RECORD_ONLY],
    default: 'query',
    probe: 'Create a verification, call GET /v2/otp/status?phone_number=..&country_code=.. and read state.',
  },
  {
    id: 'otp-delete-request-shape',
    title: 'Request shape of DELETE /v2/otp',
    kind: 'not-shown',
    sources: [{ section: '4.4', says: 'its request shape: not shown' }],
    options: [
      { id: 'json-body', description: 'phone_number and country_code in a JSON body (section 4: bodies are JSON unless said otherwise).' },
      { id: 'query', description: 'phone_number and country_code as query parameters.' },
    ],
    default: 'json-body',
    probe: 'Create a verification, delete it each way, then verify: 404 means the delete took.',
  },
  {
    id: 'otp-reset-request-shape',
    title: 'Request and response of /otp/reset',
    kind: 'not-shown',
    sources: [{ section: '4.5', says: 'listed as restarting an OTP verification; its parameters and response: not shown' }],
    options: [{ id: 'phone-and-country', description: 'phone_number and country_code in the body; success=true on a known number.' }, RECORD_ONLY],
    default: 'phone-and-country',
    probe: 'Send a legacy OTP, reset it with phone_number and country_code, read success.',
  },
  {
    id: 'otp-verify-error-slugs',
    title: 'Slugs of the 404, 409 and 410 answers of /v2/otp/verify',
    kind: 'not-shown',
    sources: [{ section: '7.3', says: 'The slugs of 404, 409 and 410 answers of verify and all errors of status and delete: not shown' }],
    options: [RECORD_ONLY, { id: 'conventional', description: 'otp_not_found (404), otp_already_verified (409), otp_expired (410).' }],
    default: 'record-only',
    probe: 'Verify an unknown number and read error.',
  },
  {
    id: 'contactlist-find-paging',
    title: 'Paging parameters of GET /contactlist/find',
    kind: 'not-shown',
    sources: [{ section: '4.7', says: 'The request parameters that select the page or size: not shown' }],
    options: [{ id: 'page-limit', description: 'Query parameters page and limit, named like the response fields.' }, RECORD_ONLY],
    default: 'page-limit',
    probe: 'Create three lists, call find with limit=1&page=2 and read page and limit.',
  },
  {
    id: 'show-campaign-id-placement',
    title: 'Where showCampaignId goes in a send request',
    kind: 'not-shown',
    sources: [{ section: '4.2', says: 'The parameter showCampaignId=true adds campaignId to the response; where it is placed in the request is not shown' }],
    options: [
      { id: 'body', description: 'A field of the JSON body.' },
      { id: 'query', description: 'A query parameter of the POST.' },
    ],
    default: 'body',
    probe: 'Send in sandbox with showCampaignId in the body, then in the query, and see which returns campaignId.',
  },
  {
    id: 'sandbox-sends-emit-events',
    title: 'Whether sandbox sends emit confirmation events',
    kind: 'not-shown',
    sources: [
      { section: '4.2', says: 'sandbox delivers nothing and charges nothing' },
      { section: '6.3', says: 'Emitted by: sends (confirmation)' },
    ],
    options: [
      { id: 'no-events', description: 'A sandbox send emits no event.' },
      { id: 'events', description: 'A sandbox send emits a confirmation event.' },
      RECORD_ONLY,
    ],
    default: 'record-only',
    probe: 'Register a webhook, send in sandbox, wait for events.',
  },
  {
    id: 'webhook-delivery-method',
    title: 'HTTP method of event deliveries',
    kind: 'not-shown',
    sources: [{ section: '6', says: 'Delivery is by GET or POST (chosen in the panel); POST uses application/x-www-form-urlencoded' }],
    options: [
      { id: 'post', description: 'POST, form-urlencoded.' },
      { id: 'get', description: 'GET, parameters in the query.' },
    ],
    default: 'post',
    probe: 'Register a webhook, send, read the method of the delivery.',
  },
  {
    id: 'webhook-head-check',
    title: 'When the HEAD check runs before deliveries',
    kind: 'not-shown',
    sources: [{ section: '6', says: 'The URL must accept HEAD (checked before delivery)' }],
    options: [
      { id: 'before-each-delivery', description: 'A HEAD precedes every delivery.' },
      { id: 'before-first-delivery', description: 'A HEAD precedes the first delivery to a URL.' },
    ],
    default: 'before-first-delivery',
    probe: 'Send twice and count HEAD requests.',
  },
  {
    id: 'rate-limit-http-status',
    title: 'HTTP status of rate_01',
    kind: 'not-shown',
    sources: [
      { section: '7.1', says: 'rate_01: 429 (column "HTTP in body")' },
      { section: '8', says: 'exceeding gives 429 rate_01' },
    ],
    options: [
      { id: 'http-429', description: 'HTTP 429 and body status 429.' },
      { id: 'body-429', description: 'Body status 429; the HTTP status is not asserted.' },
    ],
    default: 'http-429',
    probe: 'Exceed the rate and read the HTTP status.',
  },
  {
    id: 'business-error-http-status',
    // Invalid input only (schemas/refusal-kinds.ts): a missing resource, a duplicate or a short
    // balance is not said to be a validation failure, and its status is latitude unstated-error-status.
    title: 'HTTP status of validation errors (invalid input) outside the current OTP set',
    kind: 'not-shown',
    sources: [{ section: '7.1', says: '<validation code>: 200 (column "HTTP in body"); the real HTTP status is not stated' }],
    options: [
      RECORD_ONLY,
      { id: 'http-200', description: 'HTTP 200 with success=false in the body, for refusals of invalid input.' },
      { id: 'http-4xx', description: 'An HTTP status of 400 to 499, for refusals of invalid input.' },
    ],
    default: 'record-only',
    probe: 'Send /agendas/add without a name and read the HTTP status.',
  },
  {
    id: 'unnamed-validation-codes',
    title: 'Codes of validation failures the document does not name',
    kind: 'not-shown',
    sources: [{ section: '7.1', says: 'code value for wallet, loyalty, contact-update, payment, subaccount and similar validation failures: not shown' }],
    options: [RECORD_ONLY],
    default: 'record-only',
    probe: 'None: the observed codes are recorded by every run.',
  },
  {
    id: 'paired-code-order',
    title: 'Which code of a pair names which cause',
    kind: 'contradiction',
    sources: [
      {
        section: '7.2',
        says:
          'report_01, report_02 start or end date missing; add_webhook_02, _03 URL missing, malformed ' +
          'or forbidden host; add_webhook_04, _05 and status_webhook_02, _03 status missing or not 0/1',
      },
    ],
    options: [
      { id: 'in-order', description: 'The first code names the first cause (missing), the second the next ones.' },
      { id: 'either', description: 'Either code of the pair is accepted for either cause.' },
    ],
    default: 'in-order',
    probe: 'Send /reports/generate without start_date and read the code.',
  },
  {
    id: 'otp-legacy-expired-send-code',
    title: 'Code of a legacy OTP resend after the code expired',
    kind: 'contradiction',
    sources: [
      { section: '7.2', says: 'verification_02 code expired; verification_25 code expired without validation, restart needed' },
      { section: '7.2', says: 'verification_01 generated: when a send or resend after expiry answers which code is not stated' },
    ],
    options: [
      { id: 'either', description: 'verification_02 or verification_25.' },
      { id: 'verification_02', description: 'verification_02.' },
      { id: 'verification_25', description: 'verification_25.' },
      { id: 'new-code', description: 'The send or resend is the restart: a new code is generated (verification_01).' },
    ],
    default: 'either',
    probe: 'Send with a near expiration_date, wait, resend, read the code.',
  },
  {
    id: 'otp-legacy-send-success-message',
    title: 'Success message of /otp/send',
    kind: 'contradiction',
    sources: [{ section: '4.5', says: 'message=code_successfully_generated (one page shows the Spanish text form)' }],
    options: [
      { id: 'token', description: 'message=code_successfully_generated.' },
      { id: 'any-text', description: 'Any message text (the Spanish form of one page).' },
    ],
    default: 'token',
    probe: 'Send a legacy OTP and read the message.',
  },
  {
    id: 'otp-legacy-template-required',
    title: 'Whether template is required by /otp/send',
    kind: 'contradiction',
    sources: [{ section: '4.5', says: 'template: not required, default a (one page lists it as required)' }],
    options: [
      { id: 'optional', description: 'Omitted template means a.' },
      { id: 'required', description: 'A send without template is refused.' },
    ],
    default: 'optional',
    probe: 'Send a legacy OTP without template.',
  },
  {
    id: 'contacts-polling-action',
    title: 'Allowed values of {action} in /contacts/polling/{action}',
    kind: 'not-shown',
    sources: [{ section: '4.6', says: 'path parameter action (string, req; allowed values: not shown)' }],
    options: [RECORD_ONLY],
    default: 'record-only',
    probe: 'None.',
  },
  {
    id: 'sms-flash-parameter-name',
    title: 'Name of the flash SMS parameter',
    kind: 'not-shown',
    sources: [{ section: '4.2', says: 'flash: the parameter name is not shown explicitly in the listing' }],
    options: [{ id: 'flash', description: 'The parameter is named flash.' }, RECORD_ONLY],
    default: 'flash',
    probe: 'Send in sandbox with channel=2 and flash=1; a refusal shows the parameter is read.',
  },
  {
    id: 'agendas-get-contacts-field',
    title: 'Field of /agendas/get_contacts that holds the contacts',
    kind: 'not-shown',
    sources: [
      { section: '4.7', says: 'code get_contacts_01 with all contacts of the list' },
      { section: '2.4', says: "Listing a list's contacts returns: contact_name, contact_number, contact_email, contact_creation_date" },
    ],
    options: [
      { id: 'result', description: 'The contacts are in result, like the other listings.' },
      { id: 'any-array', description: 'Any array field of the body holds the contacts.' },
    ],
    default: 'any-array',
    probe: 'Add a contact and list the list; read which field holds it.',
  },
  {
    id: 'loyalty-add-contact-success-code',
    title: 'Success code of /loyalty/contact/add',
    kind: 'contradiction',
    sources: [{ section: '4.9', says: 'Sample success: code loyalty_sale_01 (the code of a sale, on contact/add)' }],
    options: [{ id: 'loyalty_sale_01', description: 'code=loyalty_sale_01, as the sample.' }, RECORD_ONLY],
    default: 'loyalty_sale_01',
    probe: 'Add a loyalty contact and read the code.',
  },
  {
    id: 'sms-accented-text',
    title: 'What /sms/send does with accented text',
    kind: 'contradiction',
    sources: [{ section: '4.2', says: 'the text is sent without accents (a to a, n-tilde to n), always as GSM-7; accents must not be included' }],
    options: [
      { id: 'stripped', description: 'Accepted; the accents are removed before sending.' },
      { id: 'rejected', description: 'Refused with a validation error.' },
      RECORD_ONLY,
    ],
    default: 'record-only',
    probe: 'Send in sandbox a message with an accent and read success.',
  },
  {
    id: 'sms-shorten-url-count',
    title: 'How many URLs shorten_url=1 allows',
    kind: 'contradiction',
    sources: [
      { section: '4.2', says: 'shorten_url: the message must contain exactly one URL, otherwise the request is rejected' },
      { section: '4.2', says: 'url_to_shorten: when absent all URLs in the message are shortened' },
    ],
    options: [
      { id: 'exactly-one', description: 'Without url_to_shorten, a message with zero or two URLs is refused.' },
      { id: 'at-least-one', description: 'Without url_to_shorten, a message with no URL is refused; several are all shortened.' },
    ],
    default: 'exactly-one',
    probe: 'Send in sandbox with shorten_url=1 and two URLs.',
  },
] as const satisfies readonly Ambiguity[];

export type AmbiguityId = (typeof AMBIGUITIES)[number]['id'];
export type AmbiguityOptionOf<A extends AmbiguityId> = Extract<(typeof AMBIGUITIES)[number], { id: A }>['options'][number]['id'];
export type AmbiguityChoices = { [A in AmbiguityId]: AmbiguityOptionOf<A> };

export const AMBIGUITY_IDS = AMBIGUITIES.map((a) => a.id) as readonly AmbiguityId[];
/** Whether `id` names an ambiguity of the register. */
export const isAmbiguityId = (id: string): id is AmbiguityId => (AMBIGUITY_IDS as readonly string[]).includes(id);
export const ambiguityById = (id: AmbiguityId): Ambiguity => AMBIGUITIES.find((a) => a.id === id)!;
export const DEFAULT_AMBIGUITY_CHOICES = Object.fromEntries(AMBIGUITIES.map((a) => [a.id, a.default])) as AmbiguityChoices;
