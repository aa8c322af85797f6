/**
 * The latitude register: every kind of freedom the document leaves an implementation, beside the
 * ambiguity register (ambiguities.ts). An ambiguity is a point where the document is torn or
 * silent and a profile picks one option; a latitude is a freedom no profile needs to pick, because
 * every choice inside it conforms. The suite accepts any choice within a latitude (conventions:
 * Postel, applied to a checker): it never fails a target for it, and records what the target did
 * where that is worth seeing.
 *
 * The reference server has two personalities (`serve --personality alternate`): `default` and
 * `alternate` below say what each does, so that a check that fails on either is a reading of ours,
 * not the document. A test writes what a target did within a latitude with `judge(id, what, observed)`
 * (harness/kit/judge.ts), naming the latitude.
 */
export interface Latitude {
  id: string;
  title: string;
  /** What the document says (or does not) that leaves the freedom. */
  sources: readonly { section: string; says: string }[];
  /** What an implementation may do; every one of these conforms. */
  freedom: string;
  /** How the suite treats it: what it still asserts, what it only records. */
  suite: string;
  /** The reference server's default personality. */
  default: string;
  /** The reference server's alternate personality: the other defensible choice. */
  alternate: string;
}

export const LATITUDES = [
  {
    id: 'unset-field',
    title: 'How an unset optional field is written',
    sources: [
      { section: '2.4', says: 'birthday_date string (YYYY-MM-DD); nothing on contacts added without one' },
      { section: '4.4', says: 'error body: success=false, state, error, ... "and when applicable" expires_at, attempts_remaining, ...' },
    ],
    freedom:
      'A field with no value may be absent, null or the empty string, unless the document ' +
      'fixes its form (2.7: master_credit "absent on normal accounts", "may be null").',
    suite:
      'Response schemas accept absent, null and "" for every field the document does not ' +
      'require to carry a value; a present value is checked against its documented format.',
    default: 'absent',
    alternate: 'the empty string for unset strings, null for unset numbers and for state when no valid number was given',
  },
  {
    id: 'extra-fields',
    title: 'Fields beyond the documented ones',
    sources: [{ section: '2', says: 'each resource lists its fields; nothing forbids others' }],
    freedom: 'A body may carry fields the document does not list (a hint, details, a timestamp).',
    suite:
      'Response schemas are open: unknown fields are accepted and never asserted absent, except where the document ' +
      'says a field is present only under a condition (code only when requested, verification_code only with showcode=1, ' +
      'campaignId only with showCampaignId, master_credit absent on normal accounts, events carry no request_id).',
    default: 'only the documented fields',
    alternate: 'an extra `details` object on error bodies and `hint` on envelope errors',
  },
  {
    id: 'unstated-error-status',
    title: 'HTTP status of an error whose status the document does not state',
    sources: [
      { section: '7.2', says: 'sending: sms_07 insufficient credits (no HTTP status)' },
      { section: '7.2', says: 'the codes of agendas, reports and webhooks carry no HTTP status' },
      {
        section: '7.1',
        says:
          'the 200 of a validation code is for "body message says parameters invalid"; a refusal ' +
          'of a list, contact, card, wallet or subaccount that does not exist is not said to be one',
      },
    ],
    freedom: 'Any status below 500; 200 with success=false, or a 4xx.',
    suite:
      'Only "not a 5xx" is asserted; the status is recorded. The ambiguity business-error-http-status applies to the 200 ' +
      'of 7.1 ("HTTP in body") only: to refusals of invalid parameters, not to refusals of a resource that does not exist, ' +
      'a duplicate or a balance too small; a refusal sent as invalid input and answered 402, 404, 409 or 410 is read as ' +
      'the cause that status names.',
    default: 'HTTP 200 with the code in the body',
    alternate: 'the 4xx of its cause (402 for sms_07 and short balances, 404 for a missing resource, 409 for a duplicate), whatever the validation status',
  },
  {
    id: 'unnamed-codes',
    title: 'Codes the document never names',
    sources: [{ section: '7.1', says: 'code value for wallet, loyalty, contact-update, payment, subaccount and similar validation failures: not shown' }],
    freedom: 'Any code string; any message.',
    suite: 'A refusal is success=false in the error body of the operation; its code is recorded.',
    default: 'invalid_parameters',
    alternate: 'a code per field (e.g. validation_number)',
  },
  {
    id: 'check-order',
    title: 'Which error is reported when several apply',
    sources: [{ section: '7', says: 'codes are listed per cause; no order of checks is stated' }],
    freedom: 'When a request breaks several rules, any one of the applicable codes may be answered.',
    suite: 'A test that wants one code sends a request that breaks one rule; where it cannot, any applicable code is accepted.',
    default: 'authentication, then required fields in the order of the field table, then formats, then state',
    alternate: 'authentication, then formats before presence, fields in reverse order of the table',
  },
  {
    id: 'passing-paths',
    title: 'Paths named in passing',
    sources: [{ section: '4.15', says: 'The paths /whatsapp/send, /agenda and /campaigns are named in passing ...; their shapes: not shown' }],
    freedom: 'Any answer, including 404, with or without authentication.',
    suite: 'Answers are recorded; only "no 5xx" is asserted. "Every operation" rules (authentication, envelope) do not extend to them.',
    default: 'authenticated, answering a success envelope',
    alternate: '404 not_found without authentication',
  },
  {
    id: 'only-with',
    title: '"Only with X" phrases',
    sources: [{ section: '4.3', says: 'voice_message: max 160 chars; only with template k' }],
    freedom: 'A field the document allows "only with" another value may be refused or ignored when given without it.',
    suite: 'Either is accepted without a warning: a refusal must be in the error body, an acceptance a success; what the target did is recorded.',
    default: 'refused',
    alternate: 'ignored',
  },
  {
    id: 'invalid-input',
    title: 'Invalid input the document does not say is refused',
    sources: [
      { section: '4', says: 'the field tables give each field a type and rarely say what happens to a value of another type or form' },
      { section: '7.1', says: '<validation code> | 200 | body message says parameters invalid; code value ... not shown' },
    ],
    freedom:
      'An input outside the documented form may be refused with an error body or ignored (or coerced), unless the ' +
      'document says it is rejected ("otherwise the request is rejected", "rejected with 400", "must be in the future"), ' +
      'names a code for it, or states the bound it breaks: a maximum, an exact length, a range, an enum, a prohibition ' +
      'or a uniqueness rule (schemas/stated-limits.ts; section 8 and the field tables of 4) is refused past it.',
    suite:
      'Refusal is asserted (fail) where the document says so, names a code or states the bound (stated-limits.ts), ' +
      'and for a missing required field; the negative fuzzing fails a target that accepts a generated body ' +
      'breaking a stated bound. Elsewhere (a value of another type, a format the document only names) a refusal is ' +
      'our reading: a target that accepts the input gets a warning, never a failure, and its choice is recorded.',
    default: 'refused',
    alternate: 'ignored or coerced where the document neither says refused nor states the bound',
  },
  {
    id: 'host-forms',
    title: 'Forbidden host forms beyond those the document lists',
    sources: [
      { section: '4.14', says: 'url (req, public URL, HTTPS recommended, no local hosts or private networks)' },
      { section: '7.2', says: 'add_webhook_02, _03 URL missing, malformed or forbidden host; add_webhook_06 URL failed verification' },
    ],
    freedom:
      'A URL on a local or private host in an exotic or deprecated spelling (IPv4-mapped or ' +
      '-compatible IPv6, percent-encoded names) may be refused as a forbidden ' +
      'host or as failing verification, as long as it is never registered and never contacted. ' +
      'Site-local fec0::/10 (deprecated by RFC 3879, not fc00::/7) may be read as a private network or not: ' +
      'refused as a forbidden host, or accepted as a host and left to the registration GET.',
    suite:
      'For exotic forms: refused with add_webhook_02, _03 or _06 and not registered. For the plain forms (localhost, 127.0.0.1, ' +
      '::1, the RFC 1918 ranges) the forbidden-host codes are asserted, unless the target declares loopback receivers allowed. ' +
      'A site-local host registered is a warning; the code of its refusal is recorded.',
    default: 'add_webhook_03 for every form, site-local included',
    alternate: 'add_webhook_06 for exotic forms; a site-local host accepted and left to the GET (add_webhook_06 here: never contacted)',
  },
  {
    id: 'size-limits',
    title: 'Sizes the document does not bound',
    sources: [{ section: '8', says: 'Maximum message length of POST /sms/send: not shown; Recipients per request of /sms/send and /voice/send: not shown' }],
    freedom:
      'An implementation may bound a request body, a field or a per-account quantity where the document gives no maximum, and answer a clear error past it.',
    suite: 'Nothing is asserted at sizes the document does not state; a test stays well within them.',
    default: 'bounds documented in the README (body 1 MiB, fields 10,000 characters, per-account quotas)',
    alternate: 'the same bounds',
  },
  {
    id: 'campaign-processing-time',
    title: 'How long a campaign stays processing',
    sources: [{ section: '7.2', says: '/reports/details: details_04 campaign still processing, retry later' }],
    freedom:
      'A campaign may be reported as processing (details_04) for a while after it is sent; the document gives no time. ' +
      '"Retry later" is no answer to the question asked: the details come later.',
    suite:
      "A details_04 is retried with pauses that double, within the profile's timeBudgets.untimedWaitSeconds (on a test clock, " +
      'by advancing it), and the next answer is judged; past the budget the test is inconclusive (harness/kit/retry-later.ts).',
    default: 'never processing: details_01 at once',
    alternate: "details_04 for the first 1.5 s of a campaign, on the server's clock",
  },
  {
    id: 'legacy-reset-effect',
    title: 'What POST /otp/reset leaves behind',
    sources: [{ section: '4.5', says: 'POST /otp/reset: listed as restarting an OTP verification; its parameters and response: not shown' }],
    freedom:
      'A reset may clear the number (the next send answers verification_01) or restart the verification as the words say ' +
      '(a new code sent, the number pending: the next send answers verification_03).',
    suite:
      'What a reset does is found out once per run and recorded, never asserted; the kit reaches the state a test needs ' +
      'through the transitions the document states (send, resend with showcode=1, verify) and uses a reset only as it behaves.',
    default: 'clears the record; nothing is sent',
    alternate: 'restarts: a new code (default length and type) is sent and charged, and the number is pending again',
  },
] as const satisfies readonly Latitude[];

export type LatitudeId = (typeof LATITUDES)[number]['id'];
export const LATITUDE_IDS = LATITUDES.map((l) => l.id) as readonly LatitudeId[];

export function latitudeById(id: LatitudeId): Latitude {
  return LATITUDES.find((l) => l.id === id)!;
}

/** The reference server's personalities: default, and the other defensible choice at every open point. */
export const PERSONALITIES = ['default', 'alternate'] as const;
export type Personality = (typeof PERSONALITIES)[number];
