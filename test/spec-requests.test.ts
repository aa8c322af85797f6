/**
 * The request side of the committed OpenAPI document (spec/openapi.json): the requests the suite
 * sends as valid validate against their operation's request body schema, and a request that breaks
 * a rule the document states (spec/request-rules.ts: one negative request per rule; the real-date
 * patterns of spec/request-date-patterns.ts) does not, and is refused by that rule. Validated with a
 * JSON Schema 2020-12 validator (ajv, test/spec-validator.ts). The response links
 * (spec/response-links.ts) resolve: their target operations, fields and expressions exist.
 */
import { describe, expect, it } from 'vitest';
import { FAR_FUTURE_DATE_TIME } from '../schemas/formats.ts';
import { OPERATIONS } from '../schemas/operations.ts';
import { planInvalidRequests, requestSchemaOf } from '../suites/support/fuzz-bodies.ts';
import { COMPANY, COUNTRY_CODE, MESSAGE } from '../suites/support/otp-v2-subject.ts';
import { openApiOperationId, registryIdOf } from '../spec/operation-ids.ts';
import { REQUEST_RULES, type RequestRule } from '../spec/request-rules.ts';
import { RESPONSE_LINKS } from '../spec/response-links.ts';
import { errorLines, schemaValidator, specDocument, type ValidationError, type Validator } from './spec-validator.ts';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

const document = specDocument as Node & {
  paths: Record<string, Record<string, Node>>;
  components: { schemas: Record<string, Node> };
};

/** Registry id (schemas/operations.ts) -> the operation of the document, whose operationId is spec/operation-ids.ts's. */
const operationById = new Map(
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) =>
      isNode(op) && typeof op.operationId === 'string' ? [[registryIdOf(op.operationId), { path, method, op }] as const] : [],
    ),
  ),
);

/** The component name of an operation's JSON request body. */
function bodyComponent(operationId: string): string {
  const found = operationById.get(operationId);
  const body = found?.op.requestBody;
  const schema = isNode(body) && isNode(body.content) && isNode(body.content['application/json']) ? body.content['application/json'].schema : undefined;
  const ref = isNode(schema) ? schema.$ref : undefined;
  if (typeof ref !== 'string') throw new Error(`${operationId} has no JSON request body component`);
  return ref.replace('#/components/schemas/', '');
}

const validatorOf = (operationId: string): Validator => schemaValidator(`/components/schemas/${bodyComponent(operationId)}`);

const describeErrors = (errors: readonly ValidationError[] | null | undefined): string => errorLines(errors).join('; ');

const NUMBER = '5512345678';
const OTHER_NUMBER = '5598765432';
/** sending-helpers.ts plainText: `Prueba ${t.name(label)}` (a run-prefixed name). */
const PLAIN_TEXT = 'Prueba mc-1a2b3c-label';

// -------------------------------------------------------------------------------------------------
// Valid requests.
// -------------------------------------------------------------------------------------------------

const OPERATIONS_WITH_BODY = OPERATIONS.filter((op) => op.request.body !== undefined);

/**
 * The base request of the suite's negative fuzzing (suites/support/fuzz-run.ts planFor): every
 * required field from the schema's examples, sandbox where the operation has it, code_in_response
 * for the current OTP create, template k for voice. The suite sends its mutations from it, so it
 * must be a request the document allows.
 */
function fuzzBase(op: (typeof OPERATIONS)[number]): { base: Record<string, unknown>; baseValid: boolean } {
  const found = requestSchemaOf(op);
  if (!found) throw new Error(`${op.operationId}: no request schema`);
  return planInvalidRequests(found.schema, found.carrier, {
    maxCases: 0,
    seed: 1,
    include: {
      ...(op.sandbox ? { sandbox: op.errorBody === 'otp-v2' ? true : 1 } : {}),
      ...(op.operationId === 'otp-v2/create' ? { code_in_response: true } : {}),
      ...(op.area === 'voice' ? { template: 'k' } : {}),
    },
    number: () => NUMBER,
  });
}

/** Requests the suites send as valid, in the shapes of their helpers (named beside each). */
const SUITE_REQUESTS: readonly [string, string, Record<string, unknown>][] = [
  // sending-helpers.ts sandboxSmsBody
  ['sms/send', 'sandbox send to two numbers', { numbers: `${NUMBER},${OTHER_NUMBER}`, message: PLAIN_TEXT, sandbox: 1 }],
  [
    'sms/send',
    'find_country_code=1 with 12-digit numbers',
    { numbers: `52${NUMBER},52${OTHER_NUMBER}`, find_country_code: 1, message: PLAIN_TEXT, sandbox: 1 },
  ],
  [
    'sms/send',
    'find_country_code="1" as a form field',
    { numbers: `52${NUMBER}`, find_country_code: '1', country_code: '1', message: PLAIN_TEXT, sandbox: '1' },
  ],
  ['sms/send', 'shorten_url with one URL', { numbers: NUMBER, message: 'Visita https://example.com/promo hoy', shorten_url: 1, sandbox: 1 }],
  [
    'sms/send',
    'shorten_url with url_to_shorten',
    { numbers: NUMBER, message: 'Ve https://a.example y https://b.example', shorten_url: 1, url_to_shorten: 'https://a.example', sandbox: 1 },
  ],
  ['sms/send', 'a scheduled send outside sandbox', { numbers: NUMBER, message: PLAIN_TEXT, date: FAR_FUTURE_DATE_TIME }],
  ['sms/send', 'RCS without flash', { numbers: NUMBER, message: PLAIN_TEXT, channel: 2, flash: 0, sandbox: 1 }],
  // sandbox/sends.test.ts voice
  ['voice/send', 'template k with voice_message', { numbers: NUMBER, country_code: '52', template: 'k', voice_message: 'Hola', sandbox: 1 }],
  [
    'voice/send',
    'template a with code and company',
    { numbers: `${NUMBER},${OTHER_NUMBER}`, country_code: '52', template: 'a', company: 'ACME', code: '4821', sandbox: 1 },
  ],
  // otp-v2-driver.ts create
  [
    'otp-v2/create',
    'the driver create',
    { phone_number: NUMBER, country_code: COUNTRY_CODE, company: COMPANY, message: MESSAGE, code_in_response: true, sandbox: true },
  ],
  [
    'otp-v2/create',
    'sandbox with code_custom, without code_in_response',
    { phone_number: NUMBER, country_code: COUNTRY_CODE, company: COMPANY, message: MESSAGE, sandbox: true, code_custom: 'Sb12Xy' },
  ],
  [
    'otp-v2/create',
    'whatsapp: message ignored',
    {
      phone_number: NUMBER,
      country_code: COUNTRY_CODE,
      company: COMPANY,
      message: 'sin marcadores',
      channel: 'whatsapp',
      code_in_response: true,
      sandbox: true,
    },
  ],
  [
    'otp-v2/create',
    'code_length and code_format without code_custom',
    {
      phone_number: NUMBER,
      country_code: COUNTRY_CODE,
      company: COMPANY,
      message: MESSAGE,
      code_length: 8,
      code_format: 'letters',
      expiration_date: FAR_FUTURE_DATE_TIME,
    },
  ],
  ['otp-v2/verify', 'the driver verify', { phone_number: NUMBER, country_code: COUNTRY_CODE, code: '482913' }],
  ['otp-v2/delete', 'the driver delete (JSON body)', { phone_number: NUMBER, country_code: COUNTRY_CODE }],
  // contacts/*.test.ts
  ['contacts/add', 'a national number', { list_key: 'lk_1', number: NUMBER, name: 'Ana' }],
  ['contacts/add', 'find_country_code=1 with the country code', { list_key: 'lk_1', number: `52${NUMBER}`, find_country_code: 1 }],
  ['contacts/add', 'find_country_code=1 without the country code', { list_key: 'lk_1', number: NUMBER, find_country_code: 1 }],
  // wallet/*.test.ts
  ['wallet/register-sale', 'add with an amount', { wallet_key: 'wk_1', phone: NUMBER, transaction_type: 0, usertool_id: 12, transaction_amount: 150 }],
  ['wallet/register-sale', 'redeem without an amount', { wallet_key: 'wk_1', phone: NUMBER, transaction_type: 1, usertool_id: 12 }],
  // sending-helpers.ts reportRows, dayOf
  ['reports/generate', 'a period of days', { start_date: '2026-11-01', end_date: '2026-11-21' }],
  ['reports/generate', 'a leap day', { start_date: '2028-02-29', end_date: '2028-03-01' }],
];

// -------------------------------------------------------------------------------------------------
// Negative requests: one per rule, and the date patterns.
// -------------------------------------------------------------------------------------------------

const SMS = { numbers: NUMBER, message: PLAIN_TEXT, sandbox: 1 };
const OTP = { phone_number: NUMBER, country_code: COUNTRY_CODE, company: COMPANY, message: MESSAGE, code_in_response: true, sandbox: true };
const OTP_NUMBER = { phone_number: '551234567', country_code: COUNTRY_CODE };

/** operationId -> rule id -> a request that breaks that rule alone. */
const BREAKING: Readonly<Record<string, Readonly<Record<string, Record<string, unknown>>>>> = {
  'sms/send': {
    'recipient-digits': { ...SMS, numbers: `${NUMBER},551234567` },
    'mexico-only': { ...SMS, country_code: '1' },
    'no-scheduled-send-in-sandbox': { ...SMS, date: FAR_FUTURE_DATE_TIME },
    'rcs-without-flash': { ...SMS, channel: 2, flash: 1 },
    'shorten-url-one-url': { ...SMS, shorten_url: 1, message: 'sin enlace' },
    'message-without-accents': { ...SMS, message: 'Tu código está listo' },
  },
  'voice/send': {
    'voice-message-only-with-template-k': { numbers: NUMBER, country_code: '52', template: 'a', voice_message: 'Hola', sandbox: 1 },
    'comma-separated-recipients': { numbers: `${NUMBER},,${OTHER_NUMBER}`, country_code: '52', template: 'a', sandbox: 1 },
  },
  'otp-v2/create': {
    'message-placeholders': { ...OTP, message: 'Tu codigo es {{code}}' },
    'message-gsm7': { ...OTP, message: '{{company}}: tu código es {{code}}' },
    'code-custom-alone': { ...OTP, code_custom: 'Ab12Cd', code_length: 6 },
    'sandbox-code-in-response': { ...OTP, code_in_response: false },
    'mexico-phone-number-10-digits': { ...OTP, ...OTP_NUMBER },
  },
  'otp-v2/verify': { 'mexico-phone-number-10-digits': { ...OTP_NUMBER, code: '482913' } },
  'otp-v2/delete': { 'mexico-phone-number-10-digits': OTP_NUMBER },
  'contacts/add': { 'contact-number-digits': { list_key: 'lk_1', number: `52${NUMBER}` } },
  'wallet/register-sale': { 'amount-required-to-add': { wallet_key: 'wk_1', phone: NUMBER, transaction_type: 0, usertool_id: 12 } },
};

/** Dates that are no real date (4.12, 4.2, 4.4): refused by the pattern of their field. */
const NOT_REAL_DATES: readonly [string, string, Record<string, unknown>][] = [
  ['reports/generate', 'start_date', { start_date: '0000-00-00', end_date: '2026-11-21' }],
  ['reports/generate', 'start_date', { start_date: '2026-02-30', end_date: '2026-11-21' }],
  ['reports/generate', 'end_date', { start_date: '2026-11-01', end_date: '2027-02-29' }],
  ['reports/generate', 'end_date', { start_date: '2026-11-01', end_date: '2100-02-29' }],
  ['sms/send', 'date', { numbers: NUMBER, message: PLAIN_TEXT, date: '2099-13-01 10:00:00' }],
  ['otp-v2/create', 'expiration_date', { ...OTP, expiration_date: '2099-12-31 24:00:00' }],
  ['otp-legacy/send', 'expiration_date', { phone_number: NUMBER, country_code: '52', company: COMPANY, expiration_date: '2099-00-10 10:00:00' }],
];

/** Where the rule sits in the body schema: its place under allOf, or its property's pattern. */
function rulePath(operationId: string, rule: RequestRule): string {
  if ('property' in rule) return `#/properties/${rule.property}/pattern`;
  const allOf = document.components.schemas[bodyComponent(operationId)]?.allOf;
  const index = Array.isArray(allOf) ? allOf.findIndex((s) => isNode(s) && typeof s.description === 'string' && s.description.endsWith(rule.rule)) : -1;
  if (index < 0) throw new Error(`${operationId}: rule ${rule.id} is not in the body schema`);
  return `#/allOf/${index}/`;
}

describe('request bodies of spec/openapi.json', () => {
  // The suite's fuzz base is valid for the zod schema and for the file: a rule across fields
  // (wallet/register-sale: transaction_type 0 needs an amount) brings the optional field in, so that
  // each mutation breaks the one rule it names.
  it.each(OPERATIONS_WITH_BODY.map((op) => [op.operationId, op] as const))(
    '%s: the suite fuzz base request is valid, by the zod schema and by the file',
    (operationId, op) => {
      const validate = validatorOf(operationId);
      const { base, baseValid } = fuzzBase(op);
      expect(baseValid, `${JSON.stringify(base)}: the zod schema refuses the base`).toBe(true);
      expect(validate(base), `${JSON.stringify(base)}: ${describeErrors(validate.errors)}`).toBe(true);
    },
  );

  it('has at least one valid request for every operation with a body', () => {
    const covered = new Set([...OPERATIONS_WITH_BODY.filter((op) => fuzzBase(op).baseValid).map((op) => op.operationId), ...SUITE_REQUESTS.map(([op]) => op)]);
    expect(OPERATIONS_WITH_BODY.map((op) => op.operationId).filter((id) => !covered.has(id))).toEqual([]);
  });

  it.each(SUITE_REQUESTS)('%s: %s validates (and the zod schema accepts it)', (operationId, _what, body) => {
    const validate = validatorOf(operationId);
    expect(validate(body), describeErrors(validate.errors)).toBe(true);
    const schema = OPERATIONS.find((op) => op.operationId === operationId)?.request.body;
    expect(schema?.safeParse(body).success, `${operationId}: zod accepts ${JSON.stringify(body)}`).toBe(true);
  });

  it('has a breaking request for every rule, and none for a rule that does not exist', () => {
    const ruleIds = Object.entries(REQUEST_RULES)
      .flatMap(([op, rules]) => rules.map((r) => `${op} ${r.id}`))
      .sort();
    const cases = Object.entries(BREAKING)
      .flatMap(([op, byRule]) => Object.keys(byRule).map((id) => `${op} ${id}`))
      .sort();
    expect(cases).toEqual(ruleIds);
  });

  const ruleCases = Object.entries(REQUEST_RULES).flatMap(([operationId, rules]) => rules.map((rule) => [operationId, rule.id, rule.section, rule] as const));
  it.each(ruleCases)('%s: a request that breaks %s (section %s) does not validate, by that rule', (operationId, id, _section, rule) => {
    const body = BREAKING[operationId]?.[id];
    expect(body, `${operationId} ${id}: a breaking request`).toBeDefined();
    const validate = validatorOf(operationId);
    expect(validate(body), `${operationId} ${id} accepted ${JSON.stringify(body)}`).toBe(false);
    const at = rulePath(operationId, rule);
    const paths = (validate.errors ?? []).map((e) => e.schemaPath);
    expect(
      paths.some((p) => p.startsWith(at)),
      `refused by ${at}; errors: ${describeErrors(validate.errors)}`,
    ).toBe(true);
  });

  it.each(NOT_REAL_DATES)('%s: %s that is no real date does not validate', (operationId, field, body) => {
    const validate = validatorOf(operationId);
    expect(validate(body)).toBe(false);
    expect(
      (validate.errors ?? []).some((e) => e.instancePath === `/${field}` && e.schemaPath.endsWith('/pattern')),
      describeErrors(validate.errors),
    ).toBe(true);
  });

  it('carries no loose date pattern in a request body (the one that admitted 0000-00-00)', () => {
    const text = JSON.stringify(document.components.schemas.ReportsGenerateRequest);
    expect(text).not.toContain('^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})$');
    expect(validatorOf('reports/generate')({ start_date: '2026-11-01', end_date: '2026-11-21' })).toBe(true);
  });
});

// -------------------------------------------------------------------------------------------------
// Links.
// -------------------------------------------------------------------------------------------------

/** Follows a JSON pointer (`a/b`) into a value. */
/** The value at a JSON pointer (RFC 6901: an array element by its index). */
const at = (value: unknown, pointer: string): unknown =>
  pointer.split('/').reduce<unknown>((v, key) => (Array.isArray(v) ? v[Number(key)] : isNode(v) ? v[key] : undefined), value);

/** The example values of a response (its named examples). */
function exampleValues(response: unknown): unknown[] {
  const content = isNode(response) && isNode(response.content) ? response.content['application/json'] : undefined;
  const examples = isNode(content) && isNode(content.examples) ? Object.values(content.examples) : [];
  return examples.map((e) => (isNode(e) ? e.value : undefined)).filter((v) => isNode(v) && v.success === true);
}

/** The properties of a body schema (its own and those its allOf members name). */
function bodyProperties(operationId: string): Set<string> {
  const schema = document.components.schemas[bodyComponent(operationId)];
  return new Set(isNode(schema?.properties) ? Object.keys(schema.properties) : []);
}

/** The expressions a link value holds: `$...` itself, or `{$...}` embedded in a string. */
const expressionOf = (value: string): string => value.replace(/^\{(.*)\}$/, '$1');

describe('response links of spec/openapi.json', () => {
  it.each(RESPONSE_LINKS.flatMap((l) => l.statuses.map((s) => [l.from, s, l.name, l] as const)))('%s %s link %s resolves', (from, status, name, link) => {
    const source = operationById.get(from);
    const response = source?.op.responses;
    const written = isNode(response) && isNode(response[status]) ? response[status].links : undefined;
    const entry = isNode(written) ? written[name] : undefined;
    expect(isNode(entry) && entry.operationId, `${from} ${status} carries ${name}`).toBe(openApiOperationId(link.to));
    const target = operationById.get(link.to);
    expect(target, `${link.to} exists`).toBeDefined();

    const targetParameters = new Set((Array.isArray(target?.op.parameters) ? target.op.parameters : []).map((p) => (isNode(p) ? p.name : undefined)));
    for (const parameter of Object.keys(link.parameters ?? {})) expect(targetParameters.has(parameter), `${link.to} has parameter ${parameter}`).toBe(true);
    if (link.requestBody) {
      const fields = bodyProperties(link.to);
      for (const field of Object.keys(link.requestBody)) expect(fields.has(field), `${link.to} body has ${field}`).toBe(true);
    }

    const successExamples = exampleValues(isNode(response) ? response[status] : undefined);
    // A source without a body (wallet/list) can give values of its answer only.
    const sourceFields = isNode(source?.op.requestBody) ? bodyProperties(from) : new Set<string>();
    for (const value of [...Object.values(link.parameters ?? {}), ...Object.values(link.requestBody ?? {})]) {
      const expression = expressionOf(value);
      const [kind, pointer = ''] = expression.split('#/');
      if (kind === '$response.body') {
        expect(successExamples.length, `${from} ${status} has a success example`).toBeGreaterThan(0);
        for (const example of successExamples) expect(at(example, pointer), `${expression} in the ${from} ${status} example`).toBeDefined();
      } else {
        expect(kind, expression).toBe('$request.body');
        expect(sourceFields.has(pointer), `${from} body has ${pointer}`).toBe(true);
      }
    }
  });
});
