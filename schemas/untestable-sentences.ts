/**
 * The units of the document (document-text.ts: its sentences and table rows) that no quote of a
 * requirement covers, each accounted for: either not testable, with the reason, or testable but
 * not yet quoted, with what a requirement should check. test/document-coverage.test.ts fails on a
 * unit that is in neither list, on an entry whose unit is gone or has changed (its `text` is the
 * unit's opening, so a reader and the test can tell it is still the same sentence), and on an
 * entry whose unit a quote now covers.
 *
 * Not testable means: nothing a target does through the API could contradict the unit. A unit
 * that states a rule already quoted elsewhere (a summary sentence restating section 5, a row of
 * 7.2 restating 4.7) is still testable, and goes to UNQUOTED_TESTABLE with the requirement whose
 * quotes it could join; only a summary that names features without a value or condition of its
 * own is informational.
 */
import { z } from 'zod';

/** Why a unit gives nothing to check. */
const UNTESTABLE_KINDS = [
  /** Describes the service or summarises a section whose own sentences carry the checks. */
  'informational',
  /** Advice to clients (a SHOULD for the client, not the server). */
  'recommendation',
  /** About the account panel or the account's configuration, outside the API. */
  'panel',
  /** "not shown": the document gives nothing to check. */
  'not-shown',
  /** Points to another section, which states (and quotes) the rule. */
  'cross-reference',
  /** What happens outside every answer of the API: the words of a call or an SMS, a state with no visible value. */
  'unobservable',
  /** A demand on the client's own server (the webhook receiver), not on the service. */
  'client-side',
  /** The words leave the behaviour open, so any answer conforms. */
  'left-open',
] as const;

/** A unit id of document-text.ts: `<section>#<slug>`. */
const unitId = z.string().regex(/^\d+(?:\.\d+)*#[a-z0-9-]+(?:~\d+)?$/);

export const UntestableSentence = z.object({
  id: unitId,
  /** The opening of the unit's normalised text (up to 60 characters). */
  text: z.string().min(1).max(60),
  kind: z.enum(UNTESTABLE_KINDS),
  /** Why this unit, in particular, gives nothing to check. */
  reason: z.string().min(20),
});
export type UntestableSentence = z.infer<typeof UntestableSentence>;

export const UnquotedTestable = z.object({
  id: unitId,
  /** The opening of the unit's normalised text (up to 60 characters). */
  text: z.string().min(1).max(60),
  /** What a requirement should check, and the requirement that could quote the unit where there is one. */
  why: z.string().min(20),
});
export type UnquotedTestable = z.infer<typeof UnquotedTestable>;

export const UNTESTABLE_SENTENCES: readonly UntestableSentence[] = [
  // Preamble
  {
    id: '0#this-single-document-covers-the-whole',
    text: 'This single document covers the whole service: SMS, RCS,',
    kind: 'informational',
    reason: "the document's table of contents in one sentence: each area it names is specified, and quoted, in a section of its own",
  },
  {
    id: '0#base-address-of-every-path-base',
    text: 'Base address of every path: {base_url}.',
    kind: 'informational',
    reason: '{base_url} stands for the address of the target, which a run is given; it states no behaviour of the service',
  },
  // 1 What the service does
  {
    id: '1#the-service-is-an-http-json',
    text: 'The service is an HTTP/JSON messaging platform for Mexico.',
    kind: 'informational',
    reason: 'describes the service as a whole; HTTP/JSON bodies and Mexico-only numbers are checked where sections 4 and 4.2 state them',
  },
  {
    id: '1#sms-to-one-or-many-recipients',
    text: 'SMS to one or many recipients, immediate or scheduled, with',
    kind: 'informational',
    reason: 'a summary of section 4.2, whose field rows (date, channel, flash, shorten_url) carry the checks and are quoted there',
  },
  {
    id: '1#one-time-password-otp-verification-by',
    text: 'One-time-password (OTP) verification by SMS, WhatsApp or',
    kind: 'informational',
    reason: 'a summary of sections 4.4 and 4.5 (the two OTP generations and their paths), quoted there operation by operation',
  },
  {
    id: '1#voice-calls-that-read-a-text',
    text: 'Voice calls that read a text-to-speech template.',
    kind: 'informational',
    reason: 'a summary of section 4.3; what a call says is not observable through the API anyway',
  },
  {
    id: '1#contact-lists-also-called-agendas-and',
    text: 'Contact lists (also called agendas) and the contacts inside',
    kind: 'informational',
    reason: 'gives the two names of one resource (contact list, agenda); the operations of 4.6 and 4.7 are quoted there',
  },
  {
    id: '1#credit-balance-query-and-sending-reports',
    text: 'Credit balance query and sending reports.',
    kind: 'informational',
    reason: 'a summary of sections 4.1 and 4.12, whose operations are quoted there',
  },
  {
    id: '1#payment-request-links-sent-by-sms',
    text: 'Payment-request links sent by SMS.',
    kind: 'informational',
    reason: 'a summary of section 4.13, whose operation is quoted there',
  },
  {
    id: '1#a-legacy-v1-sms-api-with',
    text: 'A legacy v1 SMS API with Spanish parameter names.',
    kind: 'informational',
    reason: 'a summary of section 4.16 (the v1 parameters in Spanish), quoted there',
  },
  // 2.1 Common response envelope
  {
    id: '2.1#the-current-otp-set-uses-a',
    text: 'The current OTP set uses a richer error body (section 4.4).',
    kind: 'cross-reference',
    reason: "points to the error body of 4.4 ('Error body of this set: ...'), which rule:otp2.error-body quotes; it adds nothing of its own",
  },
  // 2.8 Report row (sending report)
  {
    id: '2.8#campaign-record-fields-not-shown-beyond',
    text: 'Campaign record: fields not shown beyond campaignId and the',
    kind: 'not-shown',
    reason: "'not shown': the fields of a campaign record beyond campaignId and the details object are not given, so there is nothing to check them against",
  },
  // 3.3 Subaccount
  {
    id: '3.3#other-transitions-of-subaccounts-not-shown',
    text: 'Other transitions of subaccounts: not shown.',
    kind: 'not-shown',
    reason: "'not shown': no subaccount transition but archive (quoted in 3.3) is given",
  },
  // 3.4 Other named states
  {
    id: '3.4#message-delivery-status-codes-0-to',
    text: 'Message delivery status codes 0 to 12 (section 6).',
    kind: 'cross-reference',
    reason: "names a state set whose values 6.1 lists ('Status codes: 0 delivered; ...', quoted by event:status-codes)",
  },
  {
    id: '3.4#transitions-not-shown',
    text: 'Transitions: not shown.',
    kind: 'not-shown',
    reason: "'not shown': how a message's delivery status moves from one code to another is not given",
  },
  {
    id: '3.4#campaign-processing-details-04-says-a',
    text: 'Campaign processing (details_04 says a campaign is still',
    kind: 'cross-reference',
    reason: 'names the campaign-processing state only through details_04, whose row of 7.2 is quoted by err:details_04',
  },
  {
    id: '3.4#transitions-not-shown~2',
    text: 'Transitions: not shown.',
    kind: 'not-shown',
    reason: "'not shown': when a campaign leaves the processing state is not given",
  },
  {
    id: '3.4#employee-status-usertool-status-values-not',
    text: 'Employee status (usertool_status) values: not shown.',
    kind: 'not-shown',
    reason: "'not shown': the values of usertool_status are not given",
  },
  {
    id: '3.4#post-employee-disable-disables-an-employee',
    text: 'POST /employee/disable disables an employee.',
    kind: 'unobservable',
    reason:
      "'disabled' has no observable form: the usertool_status values are not shown (3.4) and nothing is " +
      "said to refuse a disabled employee; the call's success answer is quoted by op:employees/disable",
  },
  // 4 Endpoints
  {
    id: '4#every-endpoint-can-return-the-common',
    text: 'Every endpoint can return the common errors of section 7.1.',
    kind: 'cross-reference',
    reason: "points to the rows of 7.1, quoted by err:rate_01 and err:server_01; 'can return' grants a possibility and obliges nothing",
  },
  // 4.1 Credits
  {
    id: '4.1#the-authentication-examples-issue-this-call',
    text: '(The authentication examples issue this call with GET.)',
    kind: 'informational',
    reason: 'about the examples of the reference, not a rule: it does not say GET is answered; the ambiguity credits-consult-method records what a target does',
  },
  // 4.2 SMS
  {
    id: '4.2#read-confirmation-array-no-read-confirmation',
    text: '| read_confirmation | array | no | read-confirmation',
    kind: 'not-shown',
    reason: "'not shown': the structure of the array's elements is not given, so no value can be sent and checked",
  },
  {
    id: '4.2#recommended-use-marketing-and-notifications-only',
    text: 'Recommended use: marketing and notifications only;',
    kind: 'recommendation',
    reason: 'advice to clients on what to send by /sms/send; the service is not said to refuse a verification code sent that way',
  },
  // 4.3 Voice
  {
    id: '4.3#company-string-no-name-spoken-in',
    text: '| company | string | no | name spoken in the message |',
    kind: 'unobservable',
    reason: 'the name is spoken in the call, and no answer of the API carries what a call says',
  },
  {
    id: '4.3#code-string-no-code-to-be',
    text: '| code | string | no | code to be read out |',
    kind: 'unobservable',
    reason: 'the code is read out in the call, and no answer of the API carries what a call says',
  },
  {
    id: '4.3#formal-tone-boolean-no-default-false',
    text: '| formal_tone | boolean | no | default false (informal);',
    kind: 'unobservable',
    reason: 'formal or informal address is a property of the spoken words, which no answer carries',
  },
  {
    id: '4.3#voice-templates-a-verification-b-account',
    text: 'Voice templates: a verification, b account validation, c',
    kind: 'unobservable',
    reason: 'the purpose of the spoken script of each letter; the script is not observable (the letters a to k themselves are rule:voice.templates)',
  },
  {
    id: '4.3#variables-company-and-code-are-substituted',
    text: 'Variables {{company}} and {{code}} are substituted.',
    kind: 'unobservable',
    reason: 'substitution happens in the spoken text of the call, which no answer returns',
  },
  // 4.4 OTP, current generation (/v2/otp)
  {
    id: '4.4#one-flow-for-sms-whatsapp-and',
    text: 'One flow for SMS, WhatsApp and voice.',
    kind: 'informational',
    reason: 'describes the design of the current set; the channel field and its values are quoted in the table below',
  },
  // 4.5 OTP, legacy generation
  {
    id: '4.5#formal-tone-boolean-no-default-false',
    text: '| formal_tone | boolean | no | default false |',
    kind: 'unobservable',
    reason: 'formal or informal address is in the text of the SMS, which no answer returns (a sandbox send delivers nothing)',
  },
  {
    id: '4.5#sender-string-no-max-11-alphanumeric',
    text: '| sender | string | no | max 11 alphanumeric chars; ignored',
    kind: 'left-open',
    reason:
      "'ignored if not contracted': a sender may be ignored whatever its length, so an over-long one need not be refused (stated-limits.ts NOT_STATED_LIMITS)",
  },
  {
    id: '4.5#the-legacy-set-can-also-answer',
    text: 'The legacy set can also answer in XML (root element hash',
    kind: 'not-shown',
    reason: "how a client asks for XML (a header, a parameter) is not shown, and 'can also answer' obliges nothing",
  },
  {
    id: '4.5#templates-a-to-n-with-company',
    text: 'Templates (a to n), with {{company}} and {{code}}',
    kind: 'unobservable',
    reason: 'substitution and the form of address are in the text of the SMS, which no answer returns',
  },
  {
    id: '4.5#a-company-el-codigo-de-verificacion',
    text: '| a | {{company}} El codigo de verificacion es: {{code}} |',
    kind: 'unobservable',
    reason: 'the wording of template a (verification code): the SMS text is in no answer, and a sandbox send delivers nothing',
  },
  {
    id: '4.5#b-ingresa-el-siguiente-codigo-en',
    text: '| b | Ingresa el siguiente codigo en tu app de {{company}}',
    kind: 'unobservable',
    reason: 'the wording of template b (validate an account in an app): the SMS text is in no answer',
  },
  {
    id: '4.5#c-ingresa-el-codigo-code-para',
    text: '| c | Ingresa el codigo {{code}} para activar tu cuenta de',
    kind: 'unobservable',
    reason: 'the wording of template c (activate an account): the SMS text is in no answer',
  },
  {
    id: '4.5#d-el-codigo-de-autenticacion-para',
    text: '| d | El codigo de autenticacion para {{company}} es:',
    kind: 'unobservable',
    reason: 'the wording of template d (authentication code): the SMS text is in no answer',
  },
  {
    id: '4.5#e-captura-el-codigo-code-para',
    text: '| e | Captura el codigo {{code}} para activar tu cuenta',
    kind: 'unobservable',
    reason: 'the wording of template e (alternative activation): the SMS text is in no answer',
  },
  {
    id: '4.5#f-company-tu-codigo-es-code',
    text: '| f | {{company}} Tu codigo es: {{code}} |',
    kind: 'unobservable',
    reason: 'the wording of template f (plain code): the SMS text is in no answer',
  },
  {
    id: '4.5#g-tu-codigo-de-confirmacion-company',
    text: '| g | Tu codigo de confirmacion {{company}} es: {{code}} |',
    kind: 'unobservable',
    reason: 'the wording of template g (confirmation code): the SMS text is in no answer',
  },
  {
    id: '4.5#h-code-es-tu-codigo-de',
    text: '| h | {{code}} es tu codigo de verificacion de {{company}} |',
    kind: 'unobservable',
    reason: 'the wording of template h (code first, verification): the SMS text is in no answer',
  },
  {
    id: '4.5#i-code-es-tu-codigo-para',
    text: '| i | {{code}} es tu codigo para iniciar sesion en',
    kind: 'unobservable',
    reason: 'the wording of template i (log-in code): the SMS text is in no answer',
  },
  {
    id: '4.5#j-tu-codigo-de-activacion-para',
    text: '| j | Tu codigo de activacion para {{company}} es el',
    kind: 'unobservable',
    reason: 'the wording of template j (activation code): the SMS text is in no answer',
  },
  {
    id: '4.5#k-company-code-es-tu-codigo',
    text: '| k | {{company}}: {{code}} es tu codigo de seguridad |',
    kind: 'unobservable',
    reason: 'the wording of template k (security code): the SMS text is in no answer',
  },
  {
    id: '4.5#l-tu-codigo-de-verificacion-company',
    text: '| l | Tu codigo de verificacion {{company}} es: {{code}} No',
    kind: 'unobservable',
    reason: 'the wording of template l (verification code with a do-not-share warning): the SMS text is in no answer',
  },
  {
    id: '4.5#m-tu-codigo-company-es-code',
    text: '| m | Tu codigo {{company}} es: {{code}} |',
    kind: 'unobservable',
    reason: 'the wording of template m (short code message): the SMS text is in no answer',
  },
  {
    id: '4.5#n-usa-la-clave-code-para',
    text: '| n | Usa la clave {{code}} para ingresar a {{company}} |',
    kind: 'unobservable',
    reason: 'the wording of template n (key to log in): the SMS text is in no answer',
  },
  {
    id: '4.5#voice-boolean-default-false-true-places',
    text: '| voice | boolean | default false; true places a',
    kind: 'unobservable',
    reason: 'that a call is placed instead of an SMS is not observable through the API; only a fall back to SMS is, by fallback (2.10, quoted)',
  },
  // 4.14 Webhook management
  {
    id: '4.14#the-url-must-accept-head-and',
    text: 'The URL must accept HEAD and answer HTTP 200 quickly to',
    kind: 'client-side',
    reason:
      "a demand on the client's receiver, not on the service; the service's side, a HEAD before delivery, is quoted in 6 (event:delivery.head-before-delivery)",
  },
  // 5 Authentication
  {
    id: '5#the-key-is-generated-and-rotated',
    text: 'The key is generated and rotated in the account panel under',
    kind: 'panel',
    reason: 'about the account panel, outside the API: no operation generates or rotates a key',
  },
  {
    id: '5#an-account-may-define-an-ip',
    text: 'An account may define an IP allow-list.',
    kind: 'panel',
    reason: 'an allow-list is set up in the account, not through the API; its consequence (403 auth_04) is quoted by err:auth_04',
  },
  // 6.3 Delivery rules
  {
    id: '6.3#signing-or-authentication-of-deliveries-not',
    text: 'Signing or authentication of deliveries: not shown.',
    kind: 'not-shown',
    reason: "'not shown': no signature or credential of an event delivery is given, so a receiver has nothing to verify",
  },
  // 7.1 Common errors (all endpoints)
  {
    id: '7.1#auth-see-section-5-authentication',
    text: '| auth_* | see section 5 | authentication |',
    kind: 'cross-reference',
    reason: 'a row that points to section 5, whose table rows are quoted one by one (err:auth_01 and the others)',
  },
  // 7.3 Current OTP errors (HTTP status is real)
  {
    id: '7.3#the-slugs-of-404-409-and',
    text: 'The slugs of 404, 409 and 410 answers of verify and all',
    kind: 'not-shown',
    reason: "'not shown': the error slugs of those answers are not given; their HTTP statuses are quoted in 3.1",
  },
  // 9 Versioning
  {
    id: '9#legacy-sms-endpoints-live-under-v1',
    text: 'Legacy SMS endpoints live under /v1 (GET /v1/sms/send,',
    kind: 'informational',
    reason: 'a summary of section 4.16 (paths, Spanish names, own response shape), quoted there',
  },
  {
    id: '9#the-current-otp-set-lives-under',
    text: 'The current OTP set lives under /v2/otp; the earlier /otp/*',
    kind: 'informational',
    reason: "where each OTP generation lives, as sections 4.4 and 4.5 list it; 'remains documented' is about the documentation",
  },
  {
    id: '9#a-migration-guide-from-the-previous',
    text: 'A migration guide from the previous OTP API exists but its',
    kind: 'not-shown',
    reason: "'not shown': the guide's content is not given; the rejection it mentions is quoted in 4.4 (rule:otp2.previous-api-rejected)",
  },
  {
    id: '9#other-endpoints-carry-no-version-segment',
    text: 'Other endpoints carry no version segment.',
    kind: 'informational',
    reason: 'describes the paths of section 4 as they are listed; the operation requirements call each path as written',
  },
  {
    id: '9#deprecation-policy-and-compatibility-guarantees-not',
    text: 'Deprecation policy and compatibility guarantees: not shown.',
    kind: 'not-shown',
    reason: "'not shown': no deprecation policy or guarantee is given",
  },
];

/**
 * Units that state something a check could fail on, but that no requirement quotes yet: each says
 * what a requirement should check. The coverage test allows them and reports their count, so that
 * a later change can add the requirement (or the quote to an existing one) and drop the entry.
 */
export const UNQUOTED_TESTABLE: readonly UnquotedTestable[] = [];
