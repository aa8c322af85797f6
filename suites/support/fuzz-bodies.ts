/**
 * Negative fuzzing per operation: invalid requests derived from the registry's own request schema
 * (schemas/operations.ts), never written by hand. The schema is read through its JSON Schema
 * (zod's toJSONSchema), a base request is built from the field examples of the schema, and each
 * mutation breaks one field: a required field dropped, a field of the wrong type, a string past
 * its maximum length, a value outside its enum, a number outside its range, a string that breaks
 * its pattern. fast-check draws the values and the sample; every case is kept only when the
 * schema itself refuses it (`safeParse(...).success === false`), so that the suite never calls
 * "invalid" what the document allows.
 *
 * A case that breaks a bound the document states (schemas/stated-limits.ts: a field's maximum, its
 * exact digits, a range, an enum) is told apart from one that only breaks the form the schema reads
 * into a field (a type, a format): statedLimitBroken names the row, and the refusal of such a case
 * is a fail-level check (fuzz-run.ts), where the others may be refused or ignored (latitude
 * invalid-input).
 */
import fc from 'fast-check';
import { z } from 'zod';
import type { Operation } from '../../schemas/operations.ts';
import { statedLimitsOf, type StatedLimit, type StatedLimitKind } from '../../schemas/stated-limits.ts';

/** The part of a JSON Schema node this module reads. */
interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: unknown;
  enum?: unknown[];
  const?: unknown;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  example?: unknown;
  examples?: unknown[];
  $defs?: Record<string, SchemaNode>;
}

type MutationRule = 'drop-required' | 'wrong-type' | 'too-long' | 'wrong-enum' | 'out-of-range' | 'not-integer' | 'pattern' | 'empty-string';

export interface InvalidCase {
  rule: MutationRule;
  field: string;
  /** The request fields (JSON body or query parameters). */
  fields: Record<string, unknown>;
}

export interface FuzzPlan {
  /** Where the fields travel: a JSON body, or query parameters (GET operations). */
  carrier: 'json' | 'query';
  /** The request that the mutations start from, and whether the schema accepts it. */
  base: Record<string, unknown>;
  baseValid: boolean;
  cases: InvalidCase[];
}

export interface FuzzOptions {
  /** Values that replace the schema's examples (real list keys, subaccount emails, numbers). */
  overrides?: Record<string, unknown>;
  /** Fields never mutated (sandbox on sending operations: a mutated flag could make a send real). */
  frozen?: readonly string[];
  /** Optional fields to put in the base request (sandbox, code_in_response). */
  include?: Record<string, unknown>;
  /** Replaces every 10-digit run of an example (a number that may be charged, 5.2). */
  number?: () => string;
  /** Fields the target adds itself (v1 apikey, 5.5): present for the schema check, never sent. */
  implicit?: Record<string, unknown>;
  maxCases: number;
  seed: number;
}

const root = (schema: z.ZodType): SchemaNode => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;

function resolver(top: SchemaNode): (node: SchemaNode) => SchemaNode {
  const resolve = (node: SchemaNode): SchemaNode => {
    if (node.$ref === undefined) return node;
    const name = node.$ref.replace('#/$defs/', '');
    const target = top.$defs?.[name];
    if (!target) throw new Error(`fuzz: unresolved $ref ${node.$ref}`);
    return resolve({ ...target, ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$ref')) });
  };
  return resolve;
}

/** The const values a node accepts (enum, const, anyOf of consts), or undefined when open. */
function constValues(node: SchemaNode): unknown[] | undefined {
  if (node.enum) return node.enum;
  if ('const' in node) return [node.const];
  const branches = node.anyOf ?? node.oneOf;
  if (branches?.every((b) => b.enum !== undefined || 'const' in b)) return branches.flatMap((b) => constValues(b) ?? []);
  return undefined;
}

const typesOf = (node: SchemaNode): string[] => {
  if (node.type) return Array.isArray(node.type) ? node.type : [node.type];
  const branches = node.anyOf ?? node.oneOf;
  return branches ? [...new Set(branches.flatMap(typesOf))] : [];
};

/** `^\d{10}$`, `^\d{1,10}$`, `^[A-Za-z0-9]{1,11}$`: the character class and the largest length. */
function boundedPattern(pattern: string | undefined): { unit: string; max: number } | undefined {
  if (!pattern) return undefined;
  const m = /^\^(\\d|\[A-Za-z0-9\])\{(\d+)(?:,(\d+))?\}\$$/.exec(pattern);
  if (!m) return undefined;
  return { unit: m[1] === '\\d' ? '0123456789' : 'abcdefghijKLMNOP0123456789', max: Number(m[3] ?? m[2]) };
}

function exampleOf(node: SchemaNode): unknown {
  if (node.example !== undefined) return node.example;
  if (node.examples && node.examples.length > 0) return node.examples[0];
  return undefined;
}

/** A value the node accepts, from its example or its constraints. */
function valueFor(node: SchemaNode, seed: number): unknown {
  const example = exampleOf(node);
  if (example !== undefined) return example;
  const consts = constValues(node);
  if (consts && consts.length > 0) return consts[0];
  const branches = node.anyOf ?? node.oneOf;
  if (branches && branches.length > 0) return valueFor(branches[0]!, seed);
  const type = typesOf(node)[0];
  if (type === 'integer' || type === 'number') return Math.max(1, node.minimum ?? 1, (node.exclusiveMinimum ?? 0) + 1);
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  if (node.format === 'email') return 'fuzz@example.com';
  if (node.format === 'uri') return 'https://hooks.example.com/fuzz';
  if (node.pattern) {
    try {
      return fc.sample(fc.stringMatching(new RegExp(node.pattern)), { seed, numRuns: 1 })[0];
    } catch {
      return 'x';
    }
  }
  return 'x'.repeat(Math.max(1, node.minLength ?? 1));
}

const draw = <T>(arb: fc.Arbitrary<T>, seed: number): T => fc.sample(arb, { seed, numRuns: 1 })[0]!;

const letters = (min: number, max: number, unit = 'abcdefghijklmnopqrstuvwxyz') =>
  fc.string({ unit: fc.constantFrom(...unit), minLength: min, maxLength: max });

/** Invalid values of one field, each with the rule it breaks. */
function invalidValues(node: SchemaNode, carrier: 'json' | 'query', seed: number): { rule: MutationRule; value: unknown }[] {
  const out: { rule: MutationRule; value: unknown }[] = [];
  const types = typesOf(node);
  const consts = constValues(node);
  if (carrier === 'json' && types.length > 0) {
    // A value of no documented type: an object for a scalar, a string for an array.
    const wrong: fc.Arbitrary<unknown> = types.includes('array')
      ? fc.constant('not-an-array')
      : fc.oneof(fc.constant({ nested: true }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 }));
    out.push({ rule: 'wrong-type', value: draw(wrong, seed) });
  }
  if (consts) {
    const candidates = ['zz', 'ZZ', 'none', '9', 9, -1].filter((v) => !consts.some((c) => c === v || String(c) === String(v)));
    out.push({ rule: 'wrong-enum', value: draw(fc.constantFrom(...candidates), seed) });
  }
  if (node.maxLength !== undefined) out.push({ rule: 'too-long', value: draw(letters(node.maxLength + 1, node.maxLength + 25), seed) });
  const bounded = boundedPattern(node.pattern);
  if (bounded) out.push({ rule: 'too-long', value: draw(letters(bounded.max + 1, bounded.max + 6, bounded.unit), seed) });
  else if (node.pattern && !consts) out.push({ rule: 'pattern', value: draw(fc.constantFrom('not-valid!', '??', 'abc def'), seed) });
  if (node.format === 'email' || node.format === 'uri') out.push({ rule: 'pattern', value: draw(fc.constantFrom('not an address', 'no-at-sign', '::'), seed) });
  if (types.includes('string') && (node.minLength ?? 0) >= 1 && !consts) out.push({ rule: 'empty-string', value: '' });
  if (types.includes('integer') || types.includes('number')) {
    const low = node.exclusiveMinimum ?? (node.minimum !== undefined ? node.minimum - 1 : undefined);
    if (low !== undefined && low > -1e15)
      out.push({ rule: 'out-of-range', value: draw(fc.integer({ min: Math.max(-1000, Math.ceil(low) - 50), max: Math.floor(low) }), seed) });
    const high = node.exclusiveMaximum ?? (node.maximum !== undefined ? node.maximum + 1 : undefined);
    if (high !== undefined && high < 1e15) out.push({ rule: 'out-of-range', value: Math.ceil(high) + draw(fc.integer({ min: 0, max: 1000 }), seed) });
    if (types.includes('integer') && !types.includes('number')) out.push({ rule: 'not-integer', value: draw(fc.constantFrom(1.5, 2.25, 10.01), seed) });
  }
  return carrier === 'query'
    ? out.filter((c) => c.rule !== 'wrong-type').map((c) => ({ ...c, value: typeof c.value === 'object' ? c.value : String(c.value) }))
    : out;
}

/**
 * Query values are strings; a target reads numbers and flags out of them (4.16: "numregion (req,
 * number)"). The schema check coerces the numeric strings of number fields the same way, so that
 * "5" is not taken for an invalid number.
 */
function coerceQuery(properties: Record<string, SchemaNode>, fields: Record<string, unknown>, resolve: (n: SchemaNode) => SchemaNode): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const [name, value] of Object.entries(fields)) {
    const node = properties[name] ? resolve(properties[name]) : undefined;
    if (!node || typeof value !== 'string') continue;
    const types = typesOf(node);
    if (!types.includes('string') && (types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) out[name] = Number(value);
    if (!types.includes('string') && types.includes('boolean') && (value === 'true' || value === 'false')) out[name] = value === 'true';
  }
  return out;
}

function replaceNumbers(value: unknown, number: (() => string) | undefined): unknown {
  if (!number || typeof value !== 'string') return value;
  return value.replace(/(?<!\d)\d{10}(?!\d)/g, () => number());
}

/** The request schema of an operation and where its fields travel; undefined when it has none. */
export function requestSchemaOf(op: Operation): { schema: z.ZodType; carrier: 'json' | 'query' } | undefined {
  if (op.request.body) return { schema: op.request.body, carrier: 'json' };
  if (op.request.query) return { schema: op.request.query, carrier: 'query' };
  return undefined;
}

/**
 * The stated-limit kinds (stated-limits.ts) a mutation breaks when its field has such a row: a
 * string past its maximum breaks a length or a digit count, a value outside the enum the enum, a
 * number outside its range (or with decimals, where the range is of whole numbers) the range, a
 * non-digit or empty value a digit count. A value of another type breaks no stated bound.
 */
const KINDS_BROKEN: Readonly<Record<MutationRule, readonly StatedLimitKind[]>> = {
  'drop-required': [],
  'wrong-type': [],
  'too-long': ['max-length', 'length-range', 'exact-digits', 'max-digits'],
  'wrong-enum': ['enum'],
  'out-of-range': ['range'],
  'not-integer': ['range'],
  pattern: ['exact-digits', 'max-digits'],
  'empty-string': ['exact-digits', 'length-range'],
};

/** The row of stated-limits.ts the case breaks (its field's bound, of a kind its rule breaks), if any. */
export function statedLimitBroken(operationId: string, c: InvalidCase): StatedLimit | undefined {
  if (c.field === '') return undefined;
  const kinds = KINDS_BROKEN[c.rule];
  return statedLimitsOf(operationId, c.field).find(
    (l) => kinds.includes(l.kind) && (c.rule !== 'not-integer' || l.bound.integer === true) && l.ambiguity === undefined,
  );
}

/** An operation's request schema as the planner reads it: its fields, the required ones, and those never mutated. */
interface RequestShape {
  schema: z.ZodType;
  carrier: 'json' | 'query';
  properties: Record<string, SchemaNode>;
  required: Set<string>;
  /** Fields the target adds itself (FuzzOptions.implicit): checked with the request, never sent nor mutated. */
  implicit: Record<string, unknown>;
  frozen: Set<string>;
  resolve: (node: SchemaNode) => SchemaNode;
}

function requestShape(schema: z.ZodType, carrier: 'json' | 'query', options: FuzzOptions): RequestShape {
  const top = root(schema);
  const resolve = resolver(top);
  const object = resolve(top);
  const implicit = options.implicit ?? {};
  return {
    schema,
    carrier,
    properties: object.properties ?? {},
    required: new Set(object.required ?? []),
    implicit,
    frozen: new Set([...(options.frozen ?? []), ...Object.keys(implicit)]),
    resolve,
  };
}

/** Whether the schema accepts the fields, with those the target adds itself (query values read as a target reads them). */
function schemaAccepts(shape: RequestShape, fields: Record<string, unknown>): boolean {
  const candidate = { ...fields, ...shape.implicit };
  return shape.schema.safeParse(shape.carrier === 'query' ? coerceQuery(shape.properties, candidate, shape.resolve) : candidate).success;
}

/** The request the mutations start from: the required fields (overridden or included where the options say), then what the schema still asks for. */
function baseRequest(shape: RequestShape, options: FuzzOptions): Record<string, unknown> {
  const { properties, required, implicit, frozen, resolve, carrier } = shape;
  const base: Record<string, unknown> = {};
  for (const [name, node] of Object.entries(properties)) {
    if (name in implicit) continue;
    if (name in (options.overrides ?? {})) base[name] = options.overrides![name];
    else if (name in (options.include ?? {})) base[name] = options.include![name];
    else if (required.has(name)) base[name] = replaceNumbers(valueFor(resolve(node), options.seed), options.number);
  }
  if (carrier === 'query') for (const [k, v] of Object.entries(base)) if (typeof v !== 'string') base[k] = String(v);

  // A rule across fields (4.8: transaction_amount required when transaction_type is 0) is no part of
  // the JSON Schema the base is built from: optional fields join the base, each with its example,
  // until the schema accepts it, so that every case breaks the one rule it names.
  for (const [name, node] of Object.entries(properties)) {
    if (schemaAccepts(shape, base)) break;
    if (name in base || name in implicit || frozen.has(name)) continue;
    const example = exampleOf(resolve(node));
    if (example !== undefined) base[name] = carrier === 'query' && typeof example !== 'string' ? String(example) : replaceNumbers(example, options.number);
  }
  return base;
}

/** Every variant of the base that breaks one field and that the schema refuses, each request once. */
function invalidCases(shape: RequestShape, base: Record<string, unknown>, seed: number): InvalidCase[] {
  const all: InvalidCase[] = [];
  let n = 0;
  for (const [name, node] of Object.entries(shape.properties)) {
    if (shape.frozen.has(name)) continue;
    if (shape.required.has(name)) {
      const { [name]: _dropped, ...rest } = base;
      all.push({ rule: 'drop-required', field: name, fields: rest });
    }
    for (const { rule, value } of invalidValues(shape.resolve(node), shape.carrier, seed + (n += 1)))
      all.push({ rule, field: name, fields: { ...base, [name]: value } });
  }
  const seen = new Set<string>();
  return all.filter((c) => {
    const key = JSON.stringify(c.fields);
    if (seen.has(key) || schemaAccepts(shape, c.fields)) return false;
    seen.add(key);
    return true;
  });
}

/** A seeded sample, one rule at a time first, so that a small budget still covers every rule. */
function sampleByRule(invalid: InvalidCase[], maxCases: number, seed: number): InvalidCase[] {
  const shuffled = invalid.length === 0 ? [] : draw(fc.shuffledSubarray(invalid, { minLength: invalid.length, maxLength: invalid.length }), seed);
  const byRule = new Map<MutationRule, InvalidCase[]>();
  for (const c of shuffled) byRule.set(c.rule, [...(byRule.get(c.rule) ?? []), c]);
  const cases: InvalidCase[] = [];
  while (cases.length < maxCases && [...byRule.values()].some((l) => l.length > 0))
    for (const list of byRule.values()) if (list.length > 0 && cases.length < maxCases) cases.push(list.shift()!);
  return cases;
}

/** Builds the base request and up to `maxCases` schema-invalid variants of it. */
export function planInvalidRequests(schema: z.ZodType, carrier: 'json' | 'query', options: FuzzOptions): FuzzPlan {
  const shape = requestShape(schema, carrier, options);
  const base = baseRequest(shape, options);
  const cases = sampleByRule(invalidCases(shape, base, options.seed), options.maxCases, options.seed);
  return { carrier, base, baseValid: schemaAccepts(shape, base), cases };
}
