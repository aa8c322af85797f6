/**
 * The refusal cases of a request's required fields, one field missing at a time: the field tables
 * mark a field "req" (4.8, 4.9), so a body without it is refused whatever else it holds.
 */

/** `full` without each of `fields` in turn, labelled `<field> missing`, in the order given. */
export function eachFieldMissing<T extends Record<string, unknown>>(full: T, fields: readonly (keyof T & string)[]): [string, Record<string, unknown>][] {
  return fields.map((field) => {
    const { [field]: _omitted, ...rest } = full;
    return [`${field} missing`, rest];
  });
}
