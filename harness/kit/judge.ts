/**
 * `judge(id, what, check)`: the one verb a suite judges a target with. The check is made against a
 * requirement of the catalogue (schemas/requirements.ts) and takes that requirement's level, the one
 * its record gives with its reason (quote-level.ts): at fail a failed assertion fails the test, at warn
 * it is a warning of the test, at record what the target did is recorded (checks.ts `checkAt`). A
 * failed assertion is also tagged with the id (requirement-checks.ts), so that req() reports that
 * requirement failed and not every requirement the test names; a warning names it too (checks.ts
 * `warnTest`), so that the summary shows only that requirement warned.
 *
 * The id need not be one the test names: a check made on the way to another rule is still its own
 * requirement's (2.2: every send's total_messages), and req() already attributes a tagged failure to a
 * requirement the test does not name. Refusing it would make every test that sends name 2.2's rules,
 * which would change the level of tests that prove only readings. An id the catalogue does not hold
 * is a kit error, thrown before the check runs, whatever the level.
 */
import { isRequirementId, requirementById } from '../../schemas/requirements.ts';
import type { VerdictLevel } from '../../schemas/verdict-levels.ts';
import { checkAt } from './checks.ts';
import { checkFor } from './requirement-checks.ts';

/** The level of a catalogue requirement; a kit error for an id the catalogue does not hold (a typo). */
export function judgedLevel(id: string): VerdictLevel {
  if (!isRequirementId(id)) throw new Error(`judge: unknown requirement id ${id} (schemas/requirements.ts)`);
  return requirementById(id).level;
}

/**
 * Runs `check` as a check of requirement `id`, at the level the catalogue gives it; a failed assertion
 * in it is about `id` only. Returns whether the check held (at fail a failed check throws instead).
 */
export function judge(id: string, what: string, check: () => void): boolean {
  return checkAt(judgedLevel(id), what, () => checkFor([id], check), [id]);
}
