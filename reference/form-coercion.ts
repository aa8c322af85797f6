/**
 * Form-style fields and query parameters arrive as strings (section 4: "the reference also shows
 * form-style fields for the same operations"). A value the field's schema refuses as a string is
 * tried as a number, a boolean and JSON, in that order, and kept in the first form it accepts.
 */
import type { z } from 'zod';

const candidates = (text: string): unknown[] => {
  const out: unknown[] = [];
  if (/^-?\d+(\.\d+)?$/.test(text)) out.push(Number(text));
  if (text === 'true' || text === 'false') out.push(text === 'true');
  if (/^[[{]/.test(text)) {
    try {
      out.push(JSON.parse(text));
    } catch {
      // not JSON: left as the string
    }
  }
  return out;
};

function fieldSchemas(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? shape : undefined;
}

/**
 * `fields` with each string coerced where its field's schema wants another type. Only the schema's
 * own fields are looked up (a parameter named toString or constructor found the inherited
 * member of Object.prototype and answered 500); the copy has no prototype, so that __proto__ is an
 * ordinary field name.
 */
export function coerceStringFields(schema: z.ZodType | undefined, fields: Record<string, unknown>): Record<string, unknown> {
  const shape = fieldSchemas(schema);
  if (!shape) return fields;
  const out: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, fields);
  for (const [key, value] of Object.entries(fields)) {
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (!field || typeof value !== 'string' || field.safeParse(value).success) continue;
    const fit = candidates(value).find((c) => field.safeParse(c).success);
    if (fit !== undefined) out[key] = fit;
  }
  return out;
}
