/**
 * Requests built from spec/openapi.json alone, for the property-based answer test
 * (reference-answers-property.test.ts): for each operation of the file, the fields its request body
 * or query parameters declare (types, enums, patterns, bounds, the file's examples), whole or
 * broken (a required field dropped, a value of the wrong type, an unknown field, a body that is no
 * object or no JSON, form fields, another content type), with the key where 5.1 and 5.5 put it or a
 * wrong one (none, unknown, the legacy token header of 5.6, a key outside its allow-list, 5.4).
 * Whether a request is valid is the file's to say (its request schema, with ajv), not the
 * generator's: the generator only makes both kinds likely.
 */
import fc from 'fast-check';
import { specDocument } from './spec-validator.ts';

export type SchemaNode = Record<string, unknown>;
const isNode = (v: unknown): v is SchemaNode => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: SchemaNode;
}

/** One operation of the file: where it is, what it takes and how it is authenticated. */
export interface FileOperation {
  /** `METHOD path` as the file writes it. */
  name: string;
  method: string;
  path: string;
  parameters: readonly Parameter[];
  /** The JSON request body's schema pointer, when the operation has a body. */
  bodyPointer?: string;
  bodySchema?: SchemaNode;
  /** The media types of the request body the file declares. */
  bodyTypes: readonly string[];
  /** True when the key is a query parameter (5.5, the v1 security scheme), else the header of 5.1. */
  keyInQuery: boolean;
  /** 5.3: the manager operations take the manager key. */
  managerKey: boolean;
}

const document = specDocument as SchemaNode & { paths: Record<string, Record<string, unknown>> };

/** A `#/...` pointer of the file, followed. */
export function atPointer(ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (isNode(node) ? node[key] : undefined), document);
}

const resolved = (node: unknown): unknown => (isNode(node) && typeof node.$ref === 'string' ? resolved(atPointer(node.$ref)) : node);

const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** Every operation of the file, in its order. */
export function fileOperations(): FileOperation[] {
  const out: FileOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isNode(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isNode(op)) continue;
      const parameters = (Array.isArray(op.parameters) ? op.parameters : []).map(resolved).filter(isNode) as unknown as Parameter[];
      const body = resolved(op.requestBody);
      const content = isNode(body) && isNode(body.content) ? body.content : {};
      const json = content['application/json'];
      const schemaRef = isNode(json) && isNode(json.schema) && typeof json.schema.$ref === 'string' ? json.schema.$ref : undefined;
      const security = Array.isArray(op.security) ? op.security : (document.security as unknown[]);
      out.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters,
        bodyPointer: schemaRef?.replace(/^#/, ''),
        bodySchema: isNode(json) ? (resolved(json.schema) as SchemaNode | undefined) : undefined,
        bodyTypes: Object.keys(content),
        keyInQuery: security.some((s) => isNode(s) && 'v1ApiKey' in s),
        managerKey: path.startsWith('/manager/'),
      });
    }
  }
  return out;
}

/** A value the schema `node` allows, most of the time; the file's example often (it is the likeliest to be accepted). */
export function allowedValue(node: unknown, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolved(node);
  if (schema === true || schema === undefined || !isNode(schema)) return fc.jsonValue({ maxDepth: 1 });
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) return withExample(schema, fc.oneof(...alternatives.map((a) => allowedValue(a, depth + 1))));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return withExample(schema, typedValue(schema, type, depth));
}

function withExample(schema: SchemaNode, generated: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return 'example' in schema ? fc.oneof({ arbitrary: fc.constant(schema.example), weight: 2 }, { arbitrary: generated, weight: 1 }) : generated;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function typedValue(schema: SchemaNode, type: unknown, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
      return fc.integer({ min: num(schema.minimum) ?? -1000, max: num(schema.maximum) ?? 100_000 });
    case 'number': {
      const min = num(schema.minimum) ?? num(schema.exclusiveMinimum) ?? -1000;
      return fc.double({ min, max: num(schema.maximum) ?? 100_000, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(allowedValue(schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectValue(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function stringValue(schema: SchemaNode): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = Math.min(num(schema.maxLength) ?? 40, 200);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    // A pattern the generator cannot follow (a lookahead) falls back to plain text.
    try {
      return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= Math.max(maxLength, minLength) + 200);
    } catch {
      return fc.string({ minLength, maxLength });
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
}

/** The object's declared properties: the required ones always, the others now and then. */
export function objectValue(schema: SchemaNode, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = isNode(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]).filter((r) => r in properties) : [];
  const shape = Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, allowedValue(p, depth + 1)]));
  return fc.record(shape, { requiredKeys: required });
}

/** Values of the wrong kind for any field. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constant('x'.repeat(10_001)),
  fc.constant('😀'.repeat(200)),
);

/** A field set broken one way: a required field dropped, a value replaced by junk, an unknown field added. */
export function brokenFields(fields: Record<string, unknown>, schema: SchemaNode | undefined): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(isNode(schema?.properties) ? schema.properties : {});
  const present = Object.keys(fields);
  const ways: fc.Arbitrary<Record<string, unknown>>[] = [
    fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), junkValue).map(([name, value]) => ({ ...fields, [name]: value })),
  ];
  if (present.length > 0)
    ways.push(
      fc.constantFrom(...present).map((name) => Object.fromEntries(Object.entries(fields).filter(([k]) => k !== name))),
      fc.tuple(fc.constantFrom(...present), junkValue).map(([name, value]) => ({ ...fields, [name]: value })),
    );
  if (names.length > 0) ways.push(fc.tuple(fc.constantFrom(...names), junkValue).map(([name, value]) => ({ ...fields, [name]: value })));
  return fc.oneof(...ways);
}

/** Who a request says it is (5.1, 5.4, 5.5, 5.6). */
export type Credential = 'key' | 'key-in-body' | 'none' | 'unknown' | 'token-header' | 'bearer' | 'restricted' | 'other-account';

export const credential: fc.Arbitrary<Credential> = fc.oneof(
  { arbitrary: fc.constant<Credential>('key'), weight: 12 },
  { arbitrary: fc.constantFrom<Credential>('key-in-body', 'none', 'unknown', 'token-header', 'bearer', 'restricted', 'other-account'), weight: 5 },
);

/** How the body travels. */
export type BodyForm = { kind: 'json' } | { kind: 'form' } | { kind: 'raw'; text: string; contentType?: string } | { kind: 'none' };

/** Bodies no operation reads as fields: not JSON, not an object, of another type, or past the body limit. */
const rawBody: fc.Arbitrary<BodyForm> = fc.oneof(
  fc
    .constantFrom('{"a":', '[1,2,3]', '42', '"text"', 'null', 'true', '{', '')
    .map((text): BodyForm => ({ kind: 'raw', text, contentType: 'application/json' })),
  fc
    .tuple(fc.string({ maxLength: 30 }), fc.constantFrom('text/plain', 'application/xml', 'application/octet-stream', 'multipart/form-data', undefined))
    .map(([text, contentType]): BodyForm => (contentType === undefined ? { kind: 'raw', text } : { kind: 'raw', text, contentType })),
);

/** The body form of a request: JSON most of the time, form fields, a raw body, or none. */
export const bodyForm: fc.Arbitrary<BodyForm> = fc.oneof(
  { arbitrary: fc.constant<BodyForm>({ kind: 'json' }), weight: 10 },
  { arbitrary: fc.constant<BodyForm>({ kind: 'form' }), weight: 3 },
  { arbitrary: rawBody, weight: 3 },
  { arbitrary: fc.constant<BodyForm>({ kind: 'none' }), weight: 1 },
);

/** A value as a form field or query parameter carries it: text. */
export const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
