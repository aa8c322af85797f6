/**
 * Rewrites of the generated document into forms that client generators read as the narrow types
 * they are (applied in place after generation; validation is unchanged: each form admits exactly
 * the values of the one it replaces):
 *  - a boolean fixed to one value (`success` of a success or error body, 2.1: "true on success,
 *    false on error") is `const`, not a one-value `enum`: orval types `enum: [true]` as `boolean`,
 *    which does not narrow a union on `success`;
 *  - the 0/1 flags of the document (schemas/formats.ts flag01: the number or its string form), and
 *    the like (1/2 of 4.11), are a `oneOf` of integer and string constants, not an `anyOf` of
 *    one-value enums typed `number`: merged into one enum, orval names both 0 and "0" NUMBER_0
 *    (duplicate keys, which do not compile).
 */
type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A one-value enum of a number or string: how zod-to-openapi emits z.literal(1) or z.literal('1'). */
const oneLiteral = (v: unknown): v is Node & { enum: [number | string] } =>
  isNode(v) && (v.type === 'number' || v.type === 'string') && Array.isArray(v.enum) && v.enum.length === 1 && Object.keys(v).length === 2;

/** A literal as a constant; a whole number is an `integer` (the flags and codes of the document are). */
function constOf(literal: { enum: [number | string] }): Node {
  const [value] = literal.enum;
  return { type: typeof value === 'string' ? 'string' : Number.isInteger(value) ? 'integer' : 'number', const: value };
}

function rewrite(node: Node): void {
  if (node.type === 'boolean' && Array.isArray(node.enum) && node.enum.length === 1) {
    node.const = node.enum[0];
    delete node.enum;
  }
  // The literal unions that mix numbers and their string forms (flag01, subaccount credit type 1/2).
  const members: unknown[] = Array.isArray(node.anyOf) ? node.anyOf : [];
  if (members.length > 1 && members.every(oneLiteral) && new Set(members.map((m) => typeof m.enum[0])).size === 2) {
    // Distinct values exclude each other, so oneOf says the same as anyOf.
    const { anyOf: _replaced, ...rest } = node;
    for (const key of Object.keys(node)) delete node[key];
    Object.assign(node, { oneOf: members.filter(oneLiteral).map(constOf) }, rest);
  }
}

/** Applies the rewrites to every schema of a document (examples are values, not schemas: skipped). */
export function rewriteSchemaForms(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) rewriteSchemaForms(item);
    return;
  }
  if (!isNode(node)) return;
  rewrite(node);
  for (const [key, value] of Object.entries(node)) if (key !== 'example' && key !== 'examples') rewriteSchemaForms(value);
}
