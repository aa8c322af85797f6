/**
 * Puts the document's request rules into the emitted request body schemas (applied in place after
 * generation): the cross-field rules of request-rules.ts under `allOf`, each with its section in
 * its description, and the real-date patterns of request-date-patterns.ts in place of the loose
 * ones, in request bodies and parameters. Response schemas are left as they are.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { openApiOperationId } from './operation-ids.ts';
import { DATE_PATTERN_REPLACEMENTS } from './request-date-patterns.ts';
import { REQUEST_RULES, type JsonSchema, type ObjectRule, type PropertyRule, type RequestRule } from './request-rules.ts';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = ['get', 'post', 'delete', 'put', 'patch'] as const;
const SCHEMA_REF = '#/components/schemas/';

interface LocatedOperation {
  operationId: string;
  operation: Node;
}

function operationsOf(document: OpenAPIObject): LocatedOperation[] {
  return (Object.values(document.paths ?? {}) as Node[]).flatMap((item) =>
    METHODS.flatMap((m) => {
      const operation = item[m];
      return isNode(operation) && typeof operation.operationId === 'string' ? [{ operationId: operation.operationId, operation }] : [];
    }),
  );
}

/** The component name of an operation's JSON body schema (the registry gives every body an id). */
function bodyComponentOf(operation: Node): string | undefined {
  const body = operation.requestBody;
  if (!isNode(body) || !isNode(body.content)) return undefined;
  const json = body.content['application/json'];
  const ref = isNode(json) && isNode(json.schema) ? json.schema.$ref : undefined;
  return typeof ref === 'string' && ref.startsWith(SCHEMA_REF) ? ref.slice(SCHEMA_REF.length) : undefined;
}

const citation = (r: RequestRule): string => `Section ${r.section}: ${r.rule}`;
/**
 * A rule's subschemas (if, then, else, not, dependentSchemas) name only the fields the rule is
 * about; each says so with `unevaluatedProperties: true`, so that a checker which closes every
 * object by default (redocly's example rules with allowAdditionalProperties: false) does not read
 * the body's other fields as extra there. It admits what the subschema admitted before: validation
 * is unchanged.
 */
function openSubschemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openSubschemas);
  if (!isNode(node)) return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, part]) => [key, openSubschemas(part)]));
  return isNode(node.properties) ? { ...copy, unevaluatedProperties: true } : copy;
}

const ruleSchema = (r: ObjectRule): JsonSchema => ({ description: citation(r), ...(openSubschemas(r.schema) as JsonSchema) });

function applyPropertyRule(component: string, target: Node, r: PropertyRule): void {
  const properties = isNode(target.properties) ? target.properties : {};
  const property = properties[r.property];
  if (!isNode(property)) throw new Error(`request rules: ${component} has no property ${r.property}`);
  if ('pattern' in property) throw new Error(`request rules: ${component}.${r.property} already has a pattern`);
  property.pattern = r.pattern;
  const own = typeof property.description === 'string' && property.description.length > 0 ? `${property.description.replace(/\.?$/, '.')} ` : '';
  property.description = `${own}${citation(r)}.`;
}

/** Adds the rules of each operation to its body schema; a component two operations share cannot take rules of one. */
function applyRequestRules(document: OpenAPIObject, rules: Readonly<Record<string, readonly RequestRule[]>> = REQUEST_RULES): void {
  const operations = operationsOf(document);
  const schemas = (document.components?.schemas ?? {}) as Record<string, Node>;
  for (const [operationId, list] of Object.entries(rules)) {
    const found = operations.find((o) => o.operationId === openApiOperationId(operationId));
    if (!found) throw new Error(`request rules: no operation ${operationId}`);
    const name = bodyComponentOf(found.operation);
    const target = name === undefined ? undefined : schemas[name];
    if (name === undefined || target === undefined) throw new Error(`request rules: ${operationId} has no JSON body component`);
    const sharers = operations.filter((o) => o.operationId !== openApiOperationId(operationId) && bodyComponentOf(o.operation) === name);
    if (sharers.length > 0) throw new Error(`request rules: ${name} is also the body of ${sharers.map((o) => o.operationId).join(', ')}`);
    for (const r of list) if ('property' in r) applyPropertyRule(name, target, r);
    const objectRules = list.filter((r): r is ObjectRule => 'schema' in r);
    if (objectRules.length === 0) continue;
    const existing = Array.isArray(target.allOf) ? (target.allOf as unknown[]) : [];
    target.allOf = [...existing, ...objectRules.map(ruleSchema)];
  }
}

/** Every schema reachable from `node` through local component references, once each. */
function reachableSchemas(node: unknown, schemas: Record<string, Node>, seen: Set<string>, out: Node[]): void {
  if (Array.isArray(node)) {
    for (const item of node) reachableSchemas(item, schemas, seen, out);
    return;
  }
  if (!isNode(node)) return;
  if (typeof node.$ref === 'string' && node.$ref.startsWith(SCHEMA_REF)) {
    const name = node.$ref.slice(SCHEMA_REF.length);
    if (!seen.has(name) && schemas[name] !== undefined) {
      seen.add(name);
      reachableSchemas(schemas[name], schemas, seen, out);
    }
  }
  out.push(node);
  for (const [key, value] of Object.entries(node)) if (key !== 'example' && key !== 'examples') reachableSchemas(value, schemas, seen, out);
}

/**
 * Replaces the loose date patterns in the schemas of request bodies and parameters; returns how
 * many it replaced (none means schemas/formats.ts changed its patterns: the caller fails).
 */
function tightenRequestDates(document: OpenAPIObject): number {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Node>;
  const nodes: Node[] = [];
  const seen = new Set<string>();
  for (const { operation } of operationsOf(document)) {
    reachableSchemas(operation.requestBody, schemas, seen, nodes);
    reachableSchemas(operation.parameters, schemas, seen, nodes);
  }
  let replaced = 0;
  for (const node of nodes) {
    const real = typeof node.pattern === 'string' ? DATE_PATTERN_REPLACEMENTS[node.pattern] : undefined;
    if (real !== undefined) {
      node.pattern = real;
      replaced += 1;
    }
  }
  return replaced;
}

/** Both steps; throws when the dates step found nothing to tighten. */
export function carryRequestRules(document: OpenAPIObject): void {
  if (tightenRequestDates(document) === 0) throw new Error('request dates: no loose date pattern found in a request schema (schemas/formats.ts changed?)');
  applyRequestRules(document);
}
