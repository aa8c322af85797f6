/**
 * `judge(id, what, …)`: the one verb a suite judges a target with. Everything a suite says about what
 * a target did names an id of the document's registers, and the register decides what follows:
 *
 *  - `judge(id, what, check)`: a check of requirement `id` (schemas/requirements.ts), at the level
 *    the catalogue gives it with its reason (quote-level.ts): at fail a failed assertion fails the
 *    test, at warn it is a warning of the test, at record what the target did is recorded (checks.ts
 *    `checkAt`). A failed assertion is also tagged with the id (requirement-checks.ts), so that req()
 *    reports that requirement failed and not every requirement the test names; a warning names it too
 *    (checks.ts `warnTest`), so that the summary shows only that requirement warned.
 *  - `judge(id, what, observed)`: what the target did where `id` leaves it open, written in every
 *    report and never a verdict: `id` is a latitude (schemas/latitudes.ts), an ambiguity
 *    (schemas/ambiguities.ts) or a requirement the catalogue puts at the record level (a silence).
 *    A requirement above it is a kit error: its checks go through the first form, at their level.
 *  - `judge(ambiguity, observed, matches)`: what the target did on a point of the ambiguity register,
 *    and whether it matches the profile's option (null: the option cannot be told from it); the
 *    summary's ambiguity table counts these (summary.ts).
 *
 * The id need not be one the test names: a check made on the way to another rule is still its own
 * requirement's (2.2: every send's total_messages), and req() already attributes a tagged failure to a
 * requirement the test does not name. Refusing it would make every test that sends name 2.2's rules,
 * which would change the level of tests that prove only readings. An id no register holds is a kit
 * error, thrown before the check runs, whatever the level.
 */
import { type AmbiguityId, isAmbiguityId } from '../../schemas/ambiguities.ts';
import { LATITUDE_IDS } from '../../schemas/latitudes.ts';
import { isRequirementId, requirementById } from '../../schemas/requirements.ts';
import type { VerdictLevel } from '../../schemas/verdict-levels.ts';
import { checkAt, recordBehaviour } from './checks.ts';
import { observe } from './current-test.ts';
import { checkFor } from './requirement-checks.ts';

/** The level of a catalogue requirement; a kit error for an id the catalogue does not hold (a typo). */
export function judgedLevel(id: string): VerdictLevel {
  if (!isRequirementId(id)) throw new Error(`judge: unknown requirement id ${id} (schemas/requirements.ts)`);
  return requirementById(id).level;
}

const isLatitudeId = (id: string): boolean => (LATITUDE_IDS as readonly string[]).includes(id);

/**
 * Refuses a record about an id no register leaves open: a requirement above the record level is
 * judged by its checks, at its level, never only written down.
 */
function recordableId(id: string): string {
  if (isAmbiguityId(id) || isLatitudeId(id)) return id;
  const level = judgedLevel(id);
  if (level !== 'record')
    throw new Error(`judge: ${id} is at level ${level}: what a target did about it is checked, not recorded (name its latitude or ambiguity)`);
  return id;
}

/**
 * Runs `check` as a check of requirement `id`, at the level the catalogue gives it; a failed assertion
 * in it is about `id` only. Returns whether the check held (at fail a failed check throws instead).
 */
export function judge(id: string, what: string, check: () => void): boolean;
/** Writes what the target did (`observed`) where latitude, ambiguity or silence `id` leaves it open. */
export function judge(id: string, what: string, observed: string): void;
/** Writes what the target did on ambiguity `id`, and whether it matches the profile's option. */
export function judge(id: AmbiguityId, observed: string, matches: boolean | null): void;
export function judge(id: string, what: string, outcome: (() => void) | string | boolean | null): boolean | undefined {
  if (typeof outcome === 'function') return checkAt(judgedLevel(id), what, () => checkFor([id], outcome), [id]);
  if (typeof outcome === 'string') {
    recordBehaviour(what, outcome, recordableId(id));
    return undefined;
  }
  if (!isAmbiguityId(id))
    throw new Error(`judge: ${id} is not an ambiguity of the register (schemas/ambiguities.ts): only an ambiguity is matched against an option`);
  observe(id, what, outcome);
  return undefined;
}
