/**
 * The reference server answers only what its own file allows: requests generated from
 * spec/openapi.json (reference-answers-requests.ts: valid ones and broken ones, every credential of
 * section 5, JSON, form fields and bodies no operation reads) go to every operation of the file on
 * both personalities, in process (fastify's inject: no socket), and every answer's status, content
 * type and JSON body is validated against the operation's responses in the file (its status, else
 * `default`, as OpenAPI 3.1 routes it), with a JSON Schema 2020-12 validator. A method the file does
 * not declare on a path answers 405 with Allow naming the ones it does (docs/reference-server.md).
 *
 * Seeded: ANSWERS_SEED=<n> replays a run; a failure names the seed, the request and what the file
 * says against the answer.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONALITIES } from '../schemas/index.ts';
import { createReferenceServer, type ReferenceServerApp } from '../reference/server.ts';
import {
  asText,
  atPointer,
  bodyForm,
  brokenFields,
  type BodyForm,
  type Credential,
  credential,
  type FileOperation,
  fileOperations,
  objectValue,
  type SchemaNode,
  allowedValue,
} from './reference-answers-requests.ts';
import { errorLines, schemaValidator, specDocument, type Validator } from './spec-validator.ts';

const SEED = Number(process.env.ANSWERS_SEED ?? 20261128);
/** Requests per operation and personality: about 1,300 per personality, a few seconds in process. */
const RUNS_PER_OPERATION = 25;
const OPERATIONS = fileOperations();

const isNode = (v: unknown): v is SchemaNode => typeof v === 'object' && v !== null && !Array.isArray(v);
const pointerKey = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
const document = specDocument as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

// -------------------------------------------------------------------------------------------------
// What the file says of an answer.
// -------------------------------------------------------------------------------------------------

const validators = new Map<string, Validator>();
function validatorAt(pointer: string): Validator {
  let v = validators.get(pointer);
  if (!v) {
    v = schemaValidator(pointer);
    validators.set(pointer, v);
  }
  return v;
}

interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
  /** The Allow header, on a 405. */
  allow?: string;
  /** Every header, by its lower-case name. */
  headers: Record<string, string>;
}

/** The headers the response declares, present where required and of their schema's type (Retry-After of 7.3: an integer). */
function headerProblems(response: SchemaNode, answer: Answer, where: string): string[] {
  const declared = isNode(response.headers) ? response.headers : {};
  return Object.entries(declared).flatMap(([name, header]) => {
    const value = answer.headers[name.toLowerCase()];
    const node = isNode(header) ? header : {};
    if (value === undefined) return node.required === true ? [`${where}: header ${name} is missing`] : [];
    const schema = isNode(node.schema) ? node.schema : {};
    const typed = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
    const ok = schema.type === 'integer' ? Number.isInteger(typed) && (typeof schema.minimum !== 'number' || Number(typed) >= schema.minimum) : true;
    return ok ? [] : [`${where}: header ${name} "${value}" is not ${JSON.stringify(schema)}`];
  });
}

/** What is wrong with `answer` as an answer of `op` by the file: nothing when it is allowed. */
function outsideTheFile(op: FileOperation, answer: Answer): string[] {
  const responses = document.paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {};
  const key = String(answer.status) in responses ? String(answer.status) : 'default' in responses ? 'default' : undefined;
  if (key === undefined) return [`HTTP ${answer.status}: neither it nor default is declared`];
  const declared = responses[key];
  const base =
    isNode(declared) && typeof declared.$ref === 'string'
      ? declared.$ref.replace(/^#/, '')
      : `/paths/${pointerKey(op.path)}/${op.method.toLowerCase()}/responses/${key}`;
  const response = atPointer(`#${base}`);
  const content = isNode(response) && isNode(response.content) ? response.content : undefined;
  const headers = isNode(response) ? headerProblems(response, answer, `HTTP ${answer.status} -> ${key}`) : [];
  if (headers.length > 0) return headers;
  if (!content) return answer.body === '' ? [] : [`HTTP ${answer.status} -> ${key}: the file declares no body, the answer has one`];
  const mediaType = answer.contentType?.split(';')[0]?.trim();
  if (mediaType === undefined || !(mediaType in content)) return [`HTTP ${answer.status} -> ${key}: content type ${mediaType} is not declared`];
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return [`HTTP ${answer.status} -> ${key}: the body is not JSON`];
  }
  const validate = validatorAt(`${base}/content/${pointerKey(mediaType)}/schema`);
  return validate(body) ? [] : errorLines(validate.errors).map((line) => `HTTP ${answer.status} -> ${key}: ${line}`);
}

// -------------------------------------------------------------------------------------------------
// Requests.
// -------------------------------------------------------------------------------------------------

interface Keys {
  account: string;
  manager: string;
  restricted: string;
}

/** A generated request, before the keys of a server are put in. */
interface Draft {
  fields: Record<string, unknown>;
  path: string;
  credential: Credential;
  form: BodyForm;
  /** Sent to the server with a low rate limit (8). */
  limited: boolean;
}

interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The request as a line for a failure message (keys named, not shown). */
  shown: string;
}

const queryParameters = (op: FileOperation) => op.parameters.filter((p) => p.in === 'query' && !(op.keyInQuery && p.name === 'apikey'));

/** The query parameters of `op` as one object schema, so that they are generated like a body. */
const querySchema = (op: FileOperation): SchemaNode => ({
  type: 'object',
  properties: Object.fromEntries(queryParameters(op).map((p) => [p.name, p.schema])),
  required: queryParameters(op)
    .filter((p) => p.required)
    .map((p) => p.name),
});

const fieldsSchema = (op: FileOperation): SchemaNode | undefined => (op.method === 'GET' ? querySchema(op) : op.bodySchema);

function pathOf(op: FileOperation): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'path');
  if (params.length === 0) return fc.constant(op.path);
  return fc
    .tuple(...params.map((p) => fc.oneof(allowedValue(p.schema), fc.string({ minLength: 1, maxLength: 8 }))))
    .map((values) => params.reduce((path, p, i) => path.replace(`{${p.name}}`, encodeURIComponent(asText(values[i]) || 'x')), op.path));
}

function draftOf(op: FileOperation): fc.Arbitrary<Draft> {
  const schema = fieldsSchema(op);
  const whole = schema ? objectValue(schema) : fc.constant<Record<string, unknown>>({});
  const fields = fc.tuple(whole, fc.boolean()).chain(([f, broken]) => (broken ? brokenFields(f, schema) : fc.constant(f)));
  return fc.record({
    fields,
    path: pathOf(op),
    credential,
    form: op.method === 'GET' ? fc.constant<BodyForm>({ kind: 'none' }) : bodyForm,
    limited: fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, { arbitrary: fc.constant(true), weight: 1 }),
  });
}

const WRONG_KEY = 'not-a-key-of-this-server';

function build(op: FileOperation, draft: Draft, keys: Keys): Built {
  const own = op.managerKey ? keys.manager : keys.account;
  const key: Record<Credential, string | undefined> = {
    key: own,
    'key-in-body': own,
    none: undefined,
    unknown: WRONG_KEY,
    'token-header': undefined,
    bearer: undefined,
    restricted: keys.restricted,
    'other-account': op.managerKey ? keys.account : keys.manager,
  };
  const headers: Record<string, string> = {};
  const fields: Record<string, unknown> = { ...draft.fields };
  const query = new URLSearchParams();
  const presented = key[draft.credential];
  if (draft.credential === 'token-header') headers.token = 'eyJhbGciOiJIUzI1NiJ9.e30.legacy';
  if (draft.credential === 'bearer') headers.authorization = `Bearer ${own}`;
  if (presented !== undefined) {
    if (op.keyInQuery) query.set('apikey', presented);
    else if (draft.credential === 'key-in-body' && op.method !== 'GET') fields.apikey = presented;
    else if (draft.credential === 'key-in-body') query.set('apikey', presented);
    else headers.apikey = presented;
  }
  let payload: string | undefined;
  if (op.method === 'GET') for (const [name, value] of Object.entries(fields)) query.set(name, asText(value));
  else if (draft.form.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(fields);
  } else if (draft.form.kind === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, asText(v)])).toString();
  } else if (draft.form.kind === 'raw') {
    if (draft.form.contentType !== undefined) headers['content-type'] = draft.form.contentType;
    payload = draft.form.text;
  }
  const search = query.toString();
  const url = search === '' ? draft.path : `${draft.path}?${search}`;
  const redact = (text: string) =>
    text.split(keys.account).join('<account key>').split(keys.manager).join('<manager key>').split(keys.restricted).join('<restricted key>');
  const shown = redact(`${op.method} ${url} ${JSON.stringify(headers)}${payload === undefined ? '' : ` ${payload.slice(0, 300)}`}`);
  return { method: op.method, url, headers, ...(payload === undefined ? {} : { payload }), shown };
}

/** True when the request is one the file allows: its JSON body or query parameters validate. */
function allowedByTheFile(op: FileOperation, draft: Draft): boolean {
  if (draft.credential !== 'key' && draft.credential !== 'key-in-body') return false;
  if (op.method === 'GET') {
    const params = queryParameters(op);
    return params.every((p) => {
      const value = draft.fields[p.name];
      if (value === undefined) return !p.required;
      return typeof value === 'string' && schemaValidatorOf(p.schema)(value);
    });
  }
  if (op.bodyPointer === undefined) return draft.form.kind === 'none' || (draft.form.kind === 'json' && Object.keys(draft.fields).length === 0);
  return draft.form.kind === 'json' && validatorAt(op.bodyPointer)(draft.fields);
}

/** Parameter schemas are inline or a $ref: the $ref's validator, else one compiled for the node. */
function schemaValidatorOf(schema: SchemaNode): Validator {
  if (typeof schema.$ref === 'string') return validatorAt(schema.$ref.replace(/^#/, ''));
  return (value: unknown) => {
    for (const op of OPERATIONS)
      for (const [i, p] of op.parameters.entries())
        if (p.schema === schema) return validatorAt(`/paths/${pointerKey(op.path)}/${op.method.toLowerCase()}/parameters/${i}/schema`)(value);
    return true;
  };
}

/**
 * Section 5 before anything else of the request: a request without a usable key gets the answer of
 * its credential whatever its body (unreadable, not an object, of another type), the key of 5.1
 * being read from a body only when the body is an object. Empty when it does.
 */
function notAuthenticatedFirst(op: FileOperation, draft: Draft, answer: Answer): string[] {
  const v1 = op.keyInQuery;
  const bodyKeyUnread = draft.credential === 'key-in-body' && !v1 && op.method !== 'GET' && (draft.form.kind === 'raw' || draft.form.kind === 'none');
  const expected: Partial<Record<Credential, readonly string[]>> = {
    // 5.1: no header and no body field; "No Authorization: Bearer" (7.4 01 on v1).
    none: v1 ? ['01'] : ['auth_01'],
    bearer: v1 ? ['01'] : ['auth_01'],
    unknown: v1 ? ['10'] : ['auth_05'],
    // 5.6; the v1 API takes its key as a parameter only (5.5).
    'token-header': v1 ? ['01'] : ['auth_deprecated'],
    // 5.4 "on any endpoint"; the rate limit counts the account the key names (8) before.
    restricted: draft.limited ? ['auth_04', 'rate_01'] : ['auth_04'],
    ...(bodyKeyUnread ? { 'key-in-body': ['auth_01'] } : {}),
  };
  const codes = expected[draft.credential];
  if (codes === undefined) return [];
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return [`not JSON, expected ${codes.join(' or ')}`];
  }
  // 4.15: the alternate does not serve the paths named in passing (404 before anything, like any unknown path).
  if (answer.status === 404 && body.code === 'not_found') return [];
  const code = String(body.code ?? body.Codigo);
  return codes.includes(code) ? [] : [`credential ${draft.credential}: answered ${code}, section 5 first: ${codes.join(' or ')}`];
}

// -------------------------------------------------------------------------------------------------
// The property, both personalities.
// -------------------------------------------------------------------------------------------------

async function answerOf(server: ReferenceServerApp, request: Built): Promise<Answer> {
  const res = await server.app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload });
  const header = (name: string): string | undefined => {
    const value = res.headers[name];
    return value === undefined ? undefined : String(Array.isArray(value) ? value[0] : value);
  };
  const headers = Object.fromEntries(Object.keys(res.headers).flatMap((name) => [[name.toLowerCase(), header(name) ?? '']]));
  return { status: res.statusCode, contentType: header('content-type'), body: res.body, allow: header('allow'), headers };
}

describe('the file judges its own answers: outsideTheFile', () => {
  const otp = OPERATIONS.find((o) => o.name === 'POST /v2/otp')!;
  const v1 = OPERATIONS.find((o) => o.name === 'GET /v1/sms/send')!;
  const json = 'application/json; charset=utf-8';

  it('refuses what the file does not allow and admits what it does (the check is not vacuous)', () => {
    const envelope = { success: false, message: 'Malformed JSON body', status: 400, code: 'invalid_request', request_id: crypto.randomUUID() };
    expect(
      outsideTheFile(otp, { status: 400, contentType: json, body: JSON.stringify(envelope), headers: {} }),
      '7.3: a 400 of /v2/otp is the 4.4 body',
    ).not.toEqual([]);
    const otpBody = { success: false, state: 'none', error: 'otp_invalid_param', message: 'Invalid', hint: 'body', next: [], request_id: crypto.randomUUID() };
    expect(outsideTheFile(otp, { status: 400, contentType: json, body: JSON.stringify(otpBody), headers: {} })).toEqual([]);
    expect(
      outsideTheFile(otp, { status: 400, contentType: 'text/plain', body: JSON.stringify(otpBody), headers: {} }),
      'the content type is declared',
    ).not.toEqual([]);
    expect(
      outsideTheFile(v1, { status: 200, contentType: json, body: '{"Estatus":"ok"}', headers: {} }),
      '4.16: a success has mensaje and referencia',
    ).not.toEqual([]);
    expect(outsideTheFile(v1, { status: 200, contentType: json, body: 'not json', headers: {} })).not.toEqual([]);
    const throttled = { ...otpBody, error: 'otp_throttled', resend_available_in: 30 };
    expect(outsideTheFile(otp, { status: 429, contentType: json, body: JSON.stringify(throttled), headers: { 'retry-after': '30' } })).toEqual([]);
    expect(
      outsideTheFile(otp, { status: 429, contentType: json, body: JSON.stringify(throttled), headers: { 'retry-after': 'soon' } }),
      '7.3: Retry-After is seconds',
    ).not.toEqual([]);
  });
});

describe.each(PERSONALITIES)('the reference server answers only what spec/openapi.json allows (%s personality)', (personality) => {
  let server: ReferenceServerApp;
  // 8: a server of its own with a limit of one request a second, so that refusals of the rate limit are judged too.
  let limited: ReferenceServerApp;
  beforeAll(async () => {
    server = createReferenceServer({ personality, rateLimit: 0 });
    limited = createReferenceServer({ personality, rateLimit: 1 });
    await Promise.all([server.app.ready(), limited.app.ready()]);
  });
  afterAll(async () => {
    await server?.close();
    await limited?.close();
  });

  it(`${RUNS_PER_OPERATION} generated requests on each of the file's ${OPERATIONS.length} operations: every answer is one the file allows (seed ${SEED})`, async () => {
    let allowed = 0;
    let refused = 0;
    const failures: string[] = [];
    for (const [index, op] of OPERATIONS.entries()) {
      const seed = SEED + index;
      // Each operation its own property, so that one failure does not hide the others'.
      await fc
        .assert(
          fc.asyncProperty(draftOf(op), async (draft) => {
            const target = draft.limited ? limited : server;
            const request = build(op, draft, target.keys);
            if (allowedByTheFile(op, draft)) allowed++;
            else refused++;
            const answer = await answerOf(target, request);
            const problems = [...outsideTheFile(op, answer), ...notAuthenticatedFirst(op, draft, answer)];
            expect(problems, `${request.shown}\n  answered HTTP ${answer.status} ${answer.body.slice(0, 400)}`).toEqual([]);
          }),
          { numRuns: RUNS_PER_OPERATION, seed },
        )
        .catch((error: unknown) => failures.push(`${op.name} (${personality}; seed ${seed} of ANSWERS_SEED=${SEED}): ${String(error).slice(0, 2500)}`));
    }
    expect(failures).toEqual([]);
    // Both kinds of request reached the server: the property is not about refusals alone.
    expect(allowed, 'requests the file allows').toBeGreaterThan(OPERATIONS.length);
    expect(refused, 'requests the file refuses').toBeGreaterThan(OPERATIONS.length);
  }, 120_000);

  it('a method the file does not declare on a path answers 405 with Allow naming the declared ones, whatever its body', async () => {
    const paths = [...new Set(OPERATIONS.map((o) => o.path))];
    const problems: string[] = [];
    for (const path of paths) {
      const declared = OPERATIONS.filter((o) => o.path === path).map((o) => o.method);
      const url = path.replace(/\{\w+\}/g, 'x');
      // The alternate does not serve the paths 4.15 names in passing: every method is 404 there.
      const probe = await answerOf(server, { method: declared[0]!, url, headers: { apikey: server.keys.account }, shown: '' });
      const unserved = probe.status === 404;
      // 4.1 (ambiguity credits-consult-method): under 'both' GET /credits/consult is answered too.
      const served = new Set([...declared, ...(server.options.choices['credits-consult-method'] === 'both' && path === '/credits/consult' ? ['GET'] : [])]);
      // QUERY carries a body the framework would read (and refuse without Content-Type) before it finds no route.
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'HEAD', 'QUERY']) {
        if (served.has(method) || (method === 'HEAD' && served.has('GET'))) continue;
        const answer = await answerOf(server, { method, url, headers: { apikey: server.keys.account }, shown: '' });
        const expected = unserved ? 404 : 405;
        if (answer.status !== expected) problems.push(`${method} ${url}: HTTP ${answer.status}, expected ${expected}`);
        else if (method !== 'HEAD' && !answer.body.includes(unserved ? '"not_found"' : '"method_not_allowed"'))
          problems.push(`${method} ${url}: ${answer.body.slice(0, 200)}, not the envelope of 2.1 naming the refusal`);
        else if (!unserved && String(answer.allow).split(/,\s*/).sort().join(',') !== [...served].sort().join(','))
          problems.push(`${method} ${url}: Allow ${String(answer.allow)}, the file declares ${[...served].join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
