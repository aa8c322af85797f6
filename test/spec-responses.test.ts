/**
 * The responses of the committed OpenAPI document tell the truth:
 *  - every operation's 200 is its success body or an error body (7.1: status in the body; 5: auth
 *    errors with HTTP 200), told apart by `success` (true / false), the error side naming the
 *    operation's documented codes, authentication and rate_01 and admitting other codes (7.1);
 *    the legacy v1 200 is Estatus=ok or Estatus=error (4.16, 7.4);
 *  - the statuses the document states keep their own responses: 401/403/410 (5), 429 (7.1, 8),
 *    and the current OTP statuses of 4.4 and 7.3 with the 4.4 body;
 *  - no response schema closes its objects (latitude extra-fields);
 *  - a schema of unknown shape carries an example (renderers otherwise sample [null]);
 *  - the lint that validates every example is an error, not a warning.
 * The run-time side (a generated client against the server) is test/typed-client.test.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenAPIObject, OperationObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { RESULT_CODES } from '../schemas/error-codes.ts';
import { OPERATIONS, type Operation } from '../schemas/operations.ts';

const read = (path: string): string => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const document = JSON.parse(read('../spec/openapi.json')) as OpenAPIObject;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows a local $ref (one level at a time, until a node without one). */
function deref(node: unknown): unknown {
  let current = node;
  for (let hops = 0; isNode(current) && typeof current.$ref === 'string'; hops += 1) {
    if (hops > 10) throw new Error(`$ref loop at ${current.$ref}`);
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((n, key) => (isNode(n) ? n[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), document);
  }
  return current;
}

const METHOD_OF: Record<Operation['method'], 'get' | 'post' | 'delete'> = { GET: 'get', POST: 'post', DELETE: 'delete' };

function operationObject(op: Operation): OperationObject {
  const found = document.paths?.[op.path]?.[METHOD_OF[op.method]];
  if (!found) throw new Error(`${op.operationId} is not in the document`);
  return found;
}

/** The JSON schema of a response status of an operation, its $refs resolved at the top. */
function responseSchema(op: Operation, status: string): Node {
  const response = deref(operationObject(op).responses?.[status]);
  const content = isNode(response) && isNode(response.content) ? response.content['application/json'] : undefined;
  const schema = isNode(content) ? deref(content.schema) : undefined;
  if (!isNode(schema)) throw new Error(`${op.operationId} ${status}: no JSON schema`);
  return schema;
}

/** The alternatives of a schema: the members of its anyOf, or itself. */
const alternativesOf = (schema: Node): Node[] => (Array.isArray(schema.anyOf) ? schema.anyOf.map(deref).filter(isNode) : [schema]);

const propertyOf = (schema: Node, name: string): Node | undefined => {
  const property = isNode(schema.properties) ? deref(schema.properties[name]) : undefined;
  return isNode(property) ? property : undefined;
};

/** The single constant a property is fixed to (an enum of one value, or const), if any. */
function constantOf(schema: Node, name: string): unknown {
  const property = propertyOf(schema, name);
  if (!property) return undefined;
  if ('const' in property) return property.const;
  return Array.isArray(property.enum) && property.enum.length === 1 ? property.enum[0] : undefined;
}

/** The enum values a `code`-like property lists, and whether it also admits any string. */
function codesOf(property: Node | undefined): { listed: Set<unknown>; open: boolean } {
  const members = property && Array.isArray(property.anyOf) ? property.anyOf.filter(isNode) : property ? [property] : [];
  return {
    listed: new Set(members.flatMap((m) => (Array.isArray(m.enum) ? m.enum : []))),
    open: members.some((m) => m.type === 'string' && m.enum === undefined),
  };
}

const AUTH_CODES = RESULT_CODES.filter((c) => c.family === 'auth').map((c) => c.code);

/** The response object of a status, its $ref resolved. */
function responseObject(op: Operation, status: string): Node {
  const response = deref(operationObject(op).responses?.[status]);
  if (!isNode(response)) throw new Error(`${op.operationId} ${status}: no response`);
  return response;
}

/** The `code` values of a response's named examples. */
function exampleCodes(response: Node): Set<unknown> {
  const content = isNode(response.content) ? response.content['application/json'] : undefined;
  const examples = isNode(content) && isNode(content.examples) ? Object.values(content.examples) : [];
  return new Set(examples.map((e) => (isNode(e) && isNode(e.value) ? e.value.code : undefined)).filter((c) => c !== undefined));
}

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

describe('the 200 of every operation: success body or error body, told apart', () => {
  it.each(OPERATIONS.map((op) => [op.operationId, op] as const))('%s', (_id, op) => {
    const schema = responseSchema(op, '200');
    const alternatives = alternativesOf(schema);
    expect(alternatives.length, 'a union').toBeGreaterThan(1);
    const successId = op.success.schema.meta()?.id;
    if (successId !== undefined) expect(alternatives[0], 'the success body first').toEqual(deref({ $ref: `#/components/schemas/${successId}` }));
    // One error envelope for every operation: the ErrorBody component, not a copy of it.
    const members = Array.isArray(schema.anyOf) ? schema.anyOf : [];
    expect(members.filter((m) => isNode(m) && m.$ref === ERROR_BODY_REF).length, 'the ErrorBody component').toBe(1);
    const envelopeErrors = alternatives.filter((a) => constantOf(a, 'success') === false);
    expect(envelopeErrors.length, 'an error body with success: false').toBe(1);
    const codes = codesOf(propertyOf(envelopeErrors[0]!, 'code'));
    expect(codes.open, 'codes the document does not name are admitted (7.1)').toBe(true);
    const response = responseObject(op, '200');
    const described = String(response.description);
    const listed = (code: string): boolean => described.includes(`\`${code}\``);
    if (op.errorBody === 'legacy-v1') {
      // 4.16: the v1 answers are Estatus ok or error; the common body only for auth_04 and rate_01.
      const estatus = alternatives.map((a) => constantOf(a, 'Estatus'));
      expect(estatus).toContain('error');
      // The batch answers respuestas (items with their own Estatus); the single send Estatus=ok.
      if (op.operationId === 'legacy-v1/send') expect(estatus).toContain('ok');
      for (const code of ['auth_04', 'rate_01']) expect(listed(code) && exampleCodes(response).has(code), code).toBe(true);
      return;
    }
    // Where the success body fixes success=true, `success` alone tells the two apart.
    const fixed = constantOf(alternatives[0]!, 'success');
    if (fixed !== undefined) expect(fixed).toBe(true);
    const own = op.errorBody === 'otp-v2' ? [] : op.errorCodes.filter((c) => c.outcome === 'error').map((c) => c.code);
    // The codes of the operation are named in the response's description, each with an example.
    for (const code of [...own, ...AUTH_CODES, 'rate_01', 'server_01']) expect(listed(code), `${code} in the description`).toBe(true);
    for (const code of [...own, 'rate_01', 'server_01']) expect(exampleCodes(response).has(code), `${code} example`).toBe(true);
  });
});

describe('statuses the document states keep their own responses', () => {
  it('401, 403, 410 (5) and 429 (7.1, 8) on every operation but the v1 401/410 (5.5: Codigo 01, 10)', () => {
    for (const op of OPERATIONS) {
      const statuses = Object.keys(operationObject(op).responses ?? {});
      const expected = op.errorBody === 'legacy-v1' ? ['403', '429'] : ['401', '403', '410', '429'];
      expect(statuses, op.operationId).toEqual(expect.arrayContaining([...expected, 'default']));
    }
  });

  it('the current OTP statuses of 4.4 and 7.3 carry the 4.4 body (with `error`)', () => {
    const expected: Record<string, string[]> = {
      'otp-v2/create': ['400', '402', '429', '502'],
      'otp-v2/verify': ['400', '401', '404', '409', '410', '429'],
    };
    for (const [operationId, statuses] of Object.entries(expected)) {
      const op = OPERATIONS.find((o) => o.operationId === operationId)!;
      for (const status of statuses) {
        const withError = alternativesOf(responseSchema(op, status)).filter(
          (a) => propertyOf(a, 'error') !== undefined && propertyOf(a, 'attempts_remaining') !== undefined,
        );
        expect(withError.length, `${operationId} ${status}`).toBeGreaterThan(0);
      }
    }
  });
});

/** Every schema node under `node` (following nothing: components are walked on their own). */
function* schemaNodes(node: unknown, path: string): Generator<[string, Node]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* schemaNodes(item, `${path}/${i}`);
    return;
  }
  if (!isNode(node)) return;
  yield [path, node];
  for (const [key, value] of Object.entries(node))
    if (key !== 'example' && key !== 'examples' && !key.startsWith('x-')) yield* schemaNodes(value, `${path}/${key}`);
}

const EMPTY = (n: unknown): boolean => isNode(n) && Object.keys(n).filter((k) => k !== 'description' && k !== 'title').length === 0;

describe('latitudes and examples', () => {
  it('no schema closes its objects (additionalProperties: false): extra fields are admitted (latitude extra-fields)', () => {
    const closed = [...schemaNodes(document.components?.schemas, '#/components/schemas'), ...schemaNodes(document.paths, '#/paths')]
      .filter(([, n]) => n.additionalProperties === false || n.unevaluatedProperties === false)
      .map(([p]) => p);
    expect(closed).toEqual([]);
  });

  it('every schema of unknown shape carries an example (renderers sample [null] or property1: null otherwise)', () => {
    const unknownShapes = [...schemaNodes(document.components?.schemas, '#/components/schemas'), ...schemaNodes(document.paths, '#/paths')].filter(
      ([, n]) =>
        (n.type === 'array' && EMPTY(n.items)) || (n.type === 'object' && (n.properties === undefined || EMPTY(n.properties)) && EMPTY(n.additionalProperties)),
    );
    expect(unknownShapes.length, 'the document has such schemas (4.2 read_confirmation, 4.15)').toBeGreaterThan(0);
    const withoutExample = unknownShapes.filter(([, n]) => n.example === undefined && !Array.isArray(n.examples)).map(([p]) => p);
    expect(withoutExample).toEqual([]);
    for (const [p, n] of unknownShapes) expect(JSON.stringify(n.example ?? n.examples), p).not.toMatch(/null/);
  });

  it('npm run lint:spec fails on an example that does not validate (no-invalid-media-type-examples and its kin are errors)', () => {
    const config = z.object({ rules: z.record(z.string(), z.object({ severity: z.string() })) }).parse(parse(read('../redocly.yaml')));
    for (const rule of ['no-invalid-media-type-examples', 'no-invalid-schema-examples', 'no-invalid-parameter-examples'])
      expect(config.rules[rule]?.severity, rule).toBe('error');
  });
});
