/**
 * A stateful run of the OpenAPI file, as a property-based tester's stateful phase drives it: every
 * named request example of every operation is sent to a target, and an operation that is the
 * target of response links is sent with the values those links resolve from a real answer of their
 * source (runtime expressions `$request.body#/...` and `$response.body#/...`, embedded in strings
 * as `{...}`). A link is followed only from an answer at the status it sits on; the run counts the
 * links followed from a success answer and the calls they led to that succeeded.
 *
 * What the file cannot carry is given by the caller as bindings (a value of another example's
 * answer: the code a legacy send showed) and overrides (a webhook URL the target can reach).
 * The operations that end what others use run last.
 *
 * Also a command, for a running server (`serve`), printing the figures as JSON:
 *   npx tsx test/openapi-link-walk.ts --target URL --api-key KEY --manager-key KEY [--file spec/openapi.json]
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { operationById as registryOperation } from '../schemas/operations.ts';
import { registryIdOf } from '../spec/operation-ids.ts';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface WalkTarget {
  baseUrl: string;
  accountKey: string;
  /** 5.3: the key of /manager/ operations. */
  managerKey: string;
}

/** A value of another example's answer, for a field no link of the file carries. */
export interface Binding {
  to: string;
  field: string;
  from: string;
  example: string;
  pointer: string;
}

interface ExampleOutcome {
  operation: string;
  example: string;
  status: number;
  success: boolean;
  body: unknown;
}

interface LinkOutcome {
  link: string;
  /** The source answered a success at the link's status, and its expressions resolved. */
  followed: boolean;
  /** The call the link led to answered a success. */
  targetSuccess: boolean;
  detail: string;
}

export interface WalkResult {
  examples: ExampleOutcome[];
  links: LinkOutcome[];
}

interface DocumentOperation {
  id: string;
  method: string;
  path: string;
  examples: [string, Node][];
  parameterIn: Map<string, string>;
}

interface DocumentLink {
  key: string;
  from: string;
  status: string;
  to: string;
  parameters: Node;
  requestBody: Node;
}

/** Codes whose answer says to retry later (7.2 details_04), how often and how far apart. */
const RETRY_LATER = ['details_04'];
const RETRY_LATER_ATTEMPTS = 20;
const RETRY_LATER_WAIT_MS = 500;

/**
 * Operations whose call ends what the others use: last, a legacy verification after its resend and
 * before a reset (4.5), the contacts before their list.
 */
const ENDING = [
  'otp-legacy/verify',
  'otp-legacy/reset',
  'contacts/delete',
  'otp-v2/delete',
  'employees/disable',
  'subaccounts/archive',
  'webhooks/delete',
  'agendas/delete',
];

function documentOperations(document: Node): Map<string, DocumentOperation> {
  const out = new Map<string, DocumentOperation>();
  for (const [path, item] of Object.entries(isNode(document.paths) ? document.paths : {}))
    for (const [method, op] of Object.entries(isNode(item) ? item : {})) {
      if (!isNode(op) || typeof op.operationId !== 'string') continue;
      const parameters = (Array.isArray(op.parameters) ? op.parameters : []).filter(isNode);
      const body = isNode(op.requestBody) && isNode(op.requestBody.content) ? op.requestBody.content['application/json'] : undefined;
      const bodyExamples = isNode(body) && isNode(body.examples) ? body.examples : {};
      // Parameter examples of one name make one request, as the body examples do.
      const names = new Set([...Object.keys(bodyExamples), ...parameters.flatMap((p) => Object.keys(isNode(p.examples) ? p.examples : {}))]);
      const examples: [string, Node][] = [...names].map((name) => {
        const value: Node = {};
        const fromBody = bodyExamples[name];
        if (isNode(fromBody) && isNode(fromBody.value)) value.body = fromBody.value;
        for (const p of parameters) {
          const e = isNode(p.examples) ? p.examples[name] : undefined;
          if (isNode(e)) value[`${String(p.in)}:${String(p.name)}`] = e.value;
        }
        return [name, value];
      });
      const id = registryIdOf(op.operationId);
      out.set(id, {
        id,
        method: method.toUpperCase(),
        path,
        examples: examples.length > 0 ? examples : [['none', {}]],
        parameterIn: new Map(parameters.map((p) => [String(p.name), String(p.in)])),
      });
    }
  return out;
}

function documentLinks(document: Node): DocumentLink[] {
  const out: DocumentLink[] = [];
  for (const item of Object.values(isNode(document.paths) ? document.paths : {}))
    for (const op of Object.values(isNode(item) ? item : {})) {
      if (!isNode(op) || typeof op.operationId !== 'string' || !isNode(op.responses)) continue;
      for (const [status, response] of Object.entries(op.responses))
        for (const [name, link] of Object.entries(isNode(response) && isNode(response.links) ? response.links : {})) {
          if (!isNode(link) || typeof link.operationId !== 'string') continue;
          const from = registryIdOf(op.operationId);
          out.push({
            key: `${from} ${status} ${name}`,
            from,
            status,
            to: registryIdOf(link.operationId),
            parameters: isNode(link.parameters) ? link.parameters : {},
            requestBody: isNode(link.requestBody) ? link.requestBody : {},
          });
        }
    }
  return out;
}

/** RFC 6901 pointer into a JSON value. */
function pointerValue(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  return pointer
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((v, key) => (Array.isArray(v) ? v[Number(key)] : isNode(v) ? v[key] : undefined), value);
}

interface Call {
  request: Node;
  status: number;
  json: unknown;
  success: boolean;
}

/** A runtime expression against a call; undefined when it does not resolve. */
function evaluate(expression: string, call: Call): unknown {
  const [source, pointer = ''] = expression.split('#/');
  if (source === '$request.body') return pointerValue(call.request, pointer);
  if (source === '$response.body') return pointerValue(call.json, pointer);
  return undefined;
}

/** A link value: a whole expression (`$...`), or a string with expressions in braces (a string). */
function resolveValue(value: unknown, call: Call): unknown {
  if (typeof value !== 'string') return value;
  if (value.startsWith('$')) return evaluate(value, call);
  let unresolved = false;
  const text = value.replace(/\{(\$[^}]+)\}/g, (_m, expression: string) => {
    const found = evaluate(expression, call);
    if (found === undefined || found === null) unresolved = true;
    return String(found);
  });
  return unresolved ? undefined : text;
}

/**
 * A success: a documented success status (section 4) and a body that says so, `success` true
 * (2.1: "true on success, false on error"); a body without `success` (the legacy v1 set, 4.16) by
 * the registry's success schema. Whether every field of a success is as the file says is the
 * answer test's, not the walk's.
 */
function isSuccess(operation: string, status: number, json: unknown): boolean {
  const op = registryOperation(operation);
  if (!op.success.httpStatus.includes(status)) return false;
  return isNode(json) && 'success' in json ? json.success === true : op.success.schema.safeParse(json).success;
}

/** 7.2 details_04: "campaign still processing, retry later": the call is made again, as a client would. */
async function sendRetryingLater(target: WalkTarget, op: DocumentOperation, fields: Node, body: Node | undefined): Promise<Call> {
  for (let attempt = 1; ; attempt += 1) {
    const call = await send(target, op, fields, body);
    const code = isNode(call.json) ? call.json.code : undefined;
    if (!RETRY_LATER.includes(String(code)) || attempt >= RETRY_LATER_ATTEMPTS) return call;
    await new Promise((done) => setTimeout(done, RETRY_LATER_WAIT_MS));
  }
}

/** One call of `op` to the target, with the key its authentication takes. */
async function send(target: WalkTarget, op: DocumentOperation, fields: Node, body: Node | undefined): Promise<Call> {
  const auth = registryOperation(op.id).auth;
  let path = op.path;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (op.parameterIn.get(name) === 'path') path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    else query.set(name, String(value));
  }
  // 5.5: the legacy v1 key is a request parameter; 5.3: /manager/ takes the manager key.
  if (auth === 'v1-parameter') query.set('apikey', target.accountKey);
  const headers: Record<string, string> = auth === 'v1-parameter' ? {} : { apikey: auth === 'manager' ? target.managerKey : target.accountKey };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const url = `${target.baseUrl}${path}${query.size > 0 ? `?${query}` : ''}`;
  const answer = await fetch(url, { method: op.method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { request: body ?? {}, status: answer.status, json, success: isSuccess(op.id, answer.status, json) };
}

/**
 * The fields the links into `id` carry, each from its source's first example's answer (`callExample`
 * makes it once); a link that cannot be followed gets its outcome in `outcomes` saying why.
 */
async function linkedFields(
  id: string,
  links: readonly DocumentLink[],
  operations: ReadonlyMap<string, DocumentOperation>,
  callExample: (id: string, name: string) => Promise<Call>,
  outcomes: Map<string, LinkOutcome>,
): Promise<{ body: Node; parameters: Node; followed: [DocumentLink, string][] }> {
  const body: Node = {};
  const parameters: Node = {};
  const followed: [DocumentLink, string][] = [];
  for (const link of links.filter((l) => l.to === id)) {
    const from = operations.get(link.from);
    if (!from) throw new Error(`walk: no operation ${link.from}`);
    const [first] = from.examples;
    const source = await callExample(link.from, first![0]);
    if (String(source.status) !== link.status) continue;
    if (!source.success) {
      outcomes.set(link.key, { link: link.key, followed: false, targetSuccess: false, detail: `source answered ${source.status} without success` });
      continue;
    }
    const values = [...Object.entries(link.requestBody).map(([k, v]) => [k, resolveValue(v, source), body] as const)];
    values.push(...Object.entries(link.parameters).map(([k, v]) => [k, resolveValue(v, source), parameters] as const));
    const missing = values.filter(([, v]) => v === undefined).map(([k]) => k);
    if (missing.length > 0) {
      outcomes.set(link.key, { link: link.key, followed: false, targetSuccess: false, detail: `unresolved: ${missing.join(', ')}` });
      continue;
    }
    for (const [k, v, into] of values) into[k] = v;
    followed.push([link, `${values.map(([k]) => k).join(', ') || 'no field'}`]);
  }
  return { body, parameters, followed };
}

export interface WalkOptions {
  bindings?: readonly Binding[];
  /** Field values that replace an example's for the target at hand (a reachable webhook URL). */
  overrides?: Readonly<Record<string, Node>>;
}

export async function walkLinks(document: Node, target: WalkTarget, options: WalkOptions = {}): Promise<WalkResult> {
  const operations = documentOperations(document);
  const links = documentLinks(document);
  const calls = new Map<string, Promise<Call>>();
  const examples: ExampleOutcome[] = [];
  const linkOutcomes = new Map<string, LinkOutcome>();

  const operation = (id: string): DocumentOperation => {
    const found = operations.get(id);
    if (!found) throw new Error(`walk: no operation ${id}`);
    return found;
  };

  function callExample(id: string, name: string): Promise<Call> {
    const key = `${id} ${name}`;
    const known = calls.get(key);
    if (known) return known;
    const made = (async () => {
      const op = operation(id);
      const example = op.examples.find(([n]) => n === name)?.[1] ?? {};
      const linked = await linkedFields(id, links, operations, callExample, linkOutcomes);
      const bound: Node = {};
      for (const b of (options.bindings ?? []).filter((x) => x.to === id)) {
        const from = await callExample(b.from, b.example);
        bound[b.field] = pointerValue(from.json, b.pointer.replace(/^\//, ''));
      }
      const fields: Node = {};
      for (const [k, v] of Object.entries(example)) if (k !== 'body') fields[k.slice(k.indexOf(':') + 1)] = v;
      Object.assign(fields, linked.parameters);
      const body = isNode(example.body) ? { ...example.body, ...linked.body, ...bound, ...(options.overrides?.[id] ?? {}) } : undefined;
      const call = await sendRetryingLater(target, op, fields, body);
      examples.push({ operation: id, example: name, status: call.status, success: call.success, body: call.json });
      for (const [link, carried] of linked.followed) {
        if (linkOutcomes.get(link.key)?.followed) continue;
        linkOutcomes.set(link.key, { link: link.key, followed: true, targetSuccess: call.success, detail: `${carried} -> ${call.status}` });
      }
      return call;
    })();
    calls.set(key, made);
    return made;
  }

  const order = [...operations.keys()].sort((a, b) => ENDING.indexOf(a) - ENDING.indexOf(b));
  for (const id of order) for (const [name] of operation(id).examples) await callExample(id, name);
  for (const link of links)
    if (!linkOutcomes.has(link.key))
      linkOutcomes.set(link.key, { link: link.key, followed: false, targetSuccess: false, detail: 'source answered another status' });
  return { examples, links: [...linkOutcomes.values()] };
}

/**
 * What the file does not carry: the code the last legacy send or resend showed (4.5: showcode=1), the campaign a
 * send named (2.2: showCampaignId), a second list to copy a contact into (4.6), and a tool user
 * for the wallet and loyalty calls (4.8, 4.9: usertool_id; 4.10 answers collaboratorId, which we
 * read as that id).
 */
export const WALK_BINDINGS: readonly Binding[] = [
  { to: 'otp-legacy/verify', field: 'verification_code', from: 'otp-legacy/resend', example: 'sms', pointer: '/verification_code' },
  { to: 'reports/get-campaign-details', field: 'campaign_id', from: 'sms/send', example: 'with_campaign_id', pointer: '/campaignId' },
  { to: 'contacts/duplicate', field: 'new_list_key', from: 'agendas/add', example: 'suppliers', pointer: '/list_key' },
  ...['wallet/add-contact', 'wallet/register-sale', 'loyalty/add-contact', 'loyalty/register-sale'].map((to) => ({
    to,
    field: 'usertool_id',
    from: 'employees/add',
    example: 'cashier',
    pointer: '/collaboratorId',
  })),
];

/** A loopback receiver for the webhook a walk registers (4.14: any answer but 404 passes the check). */
export async function startWebhookReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => res.writeHead(200).end('ok'));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/events`, close: () => new Promise((done) => server.close(() => done())) };
}

/** The figures of a walk: examples accepted, links followed from a success, and those whose call succeeded. */
export function walkFigures(result: WalkResult) {
  return {
    examples: result.examples.length,
    examplesAccepted: result.examples.filter((e) => e.success).length,
    links: result.links.length,
    linksFollowedFromSuccess: result.links.filter((l) => l.followed).length,
    linkedCallsSucceeded: result.links.filter((l) => l.followed && l.targetSuccess).length,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { target: { type: 'string' }, 'api-key': { type: 'string' }, 'manager-key': { type: 'string' }, file: { type: 'string' } },
  });
  if (!values.target || !values['api-key'] || !values['manager-key']) {
    console.error('usage: npx tsx test/openapi-link-walk.ts --target URL --api-key KEY --manager-key KEY [--file spec/openapi.json]');
    process.exitCode = 2;
    return;
  }
  const file = values.file ?? join(fileURLToPath(new URL('..', import.meta.url)), 'spec', 'openapi.json');
  const document = JSON.parse(readFileSync(file, 'utf8')) as Node;
  const receiver = await startWebhookReceiver();
  try {
    const result = await walkLinks(
      document,
      { baseUrl: values.target.replace(/\/$/, ''), accountKey: values['api-key'], managerKey: values['manager-key'] },
      { bindings: WALK_BINDINGS, overrides: { 'webhooks/add': { url: receiver.url } } },
    );
    const refused = result.examples.filter((e) => !e.success).map((e) => `${e.operation} ${e.example}: ${e.status} ${JSON.stringify(e.body)}`);
    const notFollowed = result.links.filter((l) => !l.followed || !l.targetSuccess).map((l) => `${l.link}: ${l.detail}`);
    console.log(JSON.stringify({ ...walkFigures(result), refused, notFollowed }, null, 2));
  } finally {
    await receiver.close();
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await main();
