/**
 * zod-to-openapi 9.1 has no mapping for `z.never()` (it throws UnknownZodTypeError), while the
 * schemas use it for fields that must be absent (4.4: "Parameters of the previous API (voice,
 * whatsapp, template) are rejected with 400"). JSON Schema says "no value is valid" with `not: {}`.
 *
 * The library only skips its own conversion when the metadata gives a `type`, so each never schema
 * reachable from the registry gets a marker type in the library's OpenAPI-only side registry (the
 * zod schemas and their `.meta()` are left alone), and the marker is replaced by `not: {}` in the
 * generated document. Once the schemas carry no `z.never()`, this finds nothing and changes nothing.
 */
import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

const NEVER_MARK = 'x-zod-never';
type OpenApiMetadata = Parameters<typeof zodToOpenAPIRegistry.add>[1];
// The marker is deliberately not a JSON Schema type (it never reaches the output), hence the cast.
const MARKER_METADATA = { type: NEVER_MARK } as unknown as OpenApiMetadata;

function children(schema: z.ZodType): z.ZodType[] {
  if (schema instanceof z.ZodObject) return Object.values(schema.shape as Record<string, z.ZodType>);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodReadonly) return [schema.unwrap() as z.ZodType];
  if (schema instanceof z.ZodDefault) return [schema.unwrap() as z.ZodType];
  if (schema instanceof z.ZodArray) return [schema.element as z.ZodType];
  if (schema instanceof z.ZodUnion) return [...(schema.options as readonly z.ZodType[])];
  if (schema instanceof z.ZodIntersection) return [schema.def.left as z.ZodType, schema.def.right as z.ZodType];
  if (schema instanceof z.ZodPipe) return [schema.in as z.ZodType, schema.out as z.ZodType];
  if (schema instanceof z.ZodRecord) return [schema.valueType as z.ZodType];
  return [];
}

/** The zod schemas held by a route definition (plain objects and arrays are searched). */
function zodSchemasIn(value: unknown, found: z.ZodType[] = []): z.ZodType[] {
  if (value instanceof z.ZodType) found.push(value);
  else if (Array.isArray(value)) for (const item of value) zodSchemasIn(item, found);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) zodSchemasIn(item, found);
  return found;
}

/** Marks every `z.never()` reachable from the routes so that the generator can convert it. */
export function markNeverSchemas(routes: readonly unknown[]): void {
  const seen = new Set<z.ZodType>();
  const stack = zodSchemasIn(routes);
  for (let schema = stack.pop(); schema !== undefined; schema = stack.pop()) {
    if (seen.has(schema)) continue;
    seen.add(schema);
    if (schema instanceof z.ZodNever) {
      if (!zodToOpenAPIRegistry.has(schema)) zodToOpenAPIRegistry.add(schema, MARKER_METADATA);
    } else stack.push(...children(schema));
  }
}

/** Replaces the marker type with `not: {}` everywhere in a generated document (in place). */
export function resolveNeverMarks(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) resolveNeverMarks(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  if (record.type === NEVER_MARK) {
    delete record.type;
    record.not = {};
  }
  for (const value of Object.values(record)) resolveNeverMarks(value);
}
