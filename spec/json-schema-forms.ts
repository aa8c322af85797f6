/**
 * Rewrites of the generated document into forms that client generators read as the narrow types
 * they are (applied in place after generation; validation is unchanged: each form admits exactly
 * the values of the one it replaces):
 *  - a boolean fixed to one value (`success` of a success or error body, 2.1: "true on success,
 *    false on error") is `const`, not a one-value `enum`: orval types `enum: [true]` as `boolean`,
 *    which does not narrow a union on `success`;
 *  - the 0/1 flags of the document (schemas/formats.ts flag01: the number or its string form), and
 *    the like (1/2 of 4.11, channel 1/2 of 4.2), are one `enum` per type: `{type: integer, enum:
 *    [0, 1]}`, and where the string forms are admitted too an `anyOf` of that and `{type: string,
 *    enum: ["0", "1"]}` whose values have names of their own (x-enum-varnames). Not an `anyOf` of one-value enums typed `number`
 *    (generators type it as any number and show each value as an unnamed case), nor one enum of
 *    both types, nor two enums whose values have no names (orval merges them and names 0 and "0" both
 *    NUMBER_0: duplicate keys, which do not compile; as named components, it spreads them into
 *    each field's object before declaring them), nor a `oneOf` of four constants (openapi-python-client's
 *    parser reads {"sandbox": 1} against the first constant and fails).
 */
type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A one-value enum of a number or string: how zod-to-openapi emits z.literal(1) or z.literal('1'). */
const oneLiteral = (v: unknown): v is Node & { enum: [number | string] } =>
  isNode(v) && (v.type === 'number' || v.type === 'string') && Array.isArray(v.enum) && v.enum.length === 1 && Object.keys(v).length === 2;

/** The JSON Schema type of a literal: a whole number is an `integer` (the flags and codes of the document are). */
const typeOf = (value: number | string): string => (typeof value === 'string' ? 'string' : Number.isInteger(value) ? 'integer' : 'number');

/** The literals as one enum per type, in the order the types first appear. */
function enumsByType(literals: readonly { enum: [number | string] }[]): Node[] {
  const byType = new Map<string, (number | string)[]>();
  for (const literal of literals) {
    const [value] = literal.enum;
    byType.set(typeOf(value), [...(byType.get(typeOf(value)) ?? []), value]);
  }
  return [...byType].map(([type, values]) => ({ type, enum: values }));
}

/**
 * The names of the values of an enum admitted in both forms (`x-enum-varnames`, read by orval and
 * openapi-generator): orval merges the two enums of an `anyOf` into one object, whose keys would
 * otherwise both be NUMBER_0 (duplicate keys, which do not compile).
 */
const varnames = (node: Node): Node =>
  node.type === 'string' && Array.isArray(node.enum) ? { ...node, 'x-enum-varnames': node.enum.map((v) => `TEXT_${String(v)}`) } : node;

/** `{anyOf: [integer enum, string enum]}` of the same values, the string one with names of its own. */
function bothForms(enums: readonly Node[]): Node {
  return { anyOf: enums.map(varnames) };
}

function rewrite(node: Node): void {
  if (node.type === 'boolean' && Array.isArray(node.enum) && node.enum.length === 1) {
    node.const = node.enum[0];
    delete node.enum;
  }
  // The literal unions: flag01, subaccount credit type 1/2, SMS channel 1/2.
  const members: unknown[] = Array.isArray(node.anyOf) ? node.anyOf : [];
  if (members.length > 1 && members.every(oneLiteral)) {
    const { anyOf: _replaced, ...rest } = node;
    const enums = enumsByType(members.filter(oneLiteral));
    for (const key of Object.keys(node)) delete node[key];
    // One type: the enum itself; two: either enum (values of different types exclude each other).
    Object.assign(node, enums.length === 1 ? enums[0] : bothForms(enums), rest);
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
