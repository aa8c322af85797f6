/**
 * What every area's file of seams and faults (reference/faults/<area>.ts) is made of. A seam is a
 * named point of the request path where the value the document decides (a code, a limit, a flag
 * "this check refuses", a body) may be replaced by one injected fault of the kill matrix; it names
 * the requirement ids (schemas/requirements.ts) a fault there can break, and the catalogue gives
 * their section, words and level. A fault overrides one seam of its own file: `faultOn(seams)` gives
 * the file its `fault`, typed by that file's seams only, so a fault cannot live away from its seam.
 *
 * This module imports nothing: the area files, the seams' index (reference/seams.ts) and the
 * registry (reference/mutants.ts) all build on it.
 */

/** One seam: the requirements a fault there breaks, and (types only) its value and context. */
export interface SeamPoint<Value, Context> {
  /** The requirement ids (schemas/requirements.ts) a fault at this point can break. */
  readonly requirements: readonly string[];
  /** Never set: carries the value and context types to `seams.at` and to the overrides. */
  readonly shape?: (value: Value, context: Context) => Value;
}

export const point = <Value, Context = void>(...requirements: [string, ...string[]]): SeamPoint<Value, Context> => ({ requirements });

/** A table of seams by name, as each area's file declares one. */
type SeamTable = Readonly<Record<string, { readonly requirements: readonly string[] }>>;

/** How a fault replaces the value of seam `S` of `T`, given its context. */
export type SeamOverrideIn<T extends SeamTable, S extends keyof T> = T[S] extends SeamPoint<infer V, infer C> ? (value: V, context: C) => V : never;

/** A fault: the one seam it overrides, and how. */
export interface Fault {
  readonly seam: string;
  readonly override: (value: never, context: never) => unknown;
}

/** The `fault` of one area's file: it states a fault of one of `seams`, the override typed by its seam. */
export const faultOn =
  <T extends SeamTable>(_seams: T) =>
  <S extends keyof T & string>(seam: S, override: SeamOverrideIn<T, S>): Fault => ({ seam, override });

/** A mutant as an area's file writes it; its section and area come from its requirement (reference/mutants.ts). */
export interface MutantEntry {
  id: string;
  /** The requirement id (schemas/requirements.ts) that a conformant suite proves and this fault breaks. */
  requirement: string;
  description: string;
  /**
   * An ambiguity option under which the mutant is no deviation: what it changes is what that option
   * allows (either code of a pair under paired-code-order=either) or never happens (no POST
   * delivery under webhook-delivery-method=get). Under a personality taking it, the kill matrix
   * shows the mutant as not applicable there rather than as a survivor.
   */
  conformsUnder?: { ambiguity: string; option: string };
  /** The seam the fault overrides (one of its own file's), and how. */
  fault: Fault;
}
