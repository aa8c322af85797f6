/**
 * An ambiguity whose option nobody decided (the profile took the register's default: discover could
 * not observe it, or no profile named it; "defaulted (probed)" too) is a guess, not a fact about the
 * target. The rule: a defaulted ambiguity passes every option the document allows, and the report
 * records which one the target took. Only an option observed by discover or declared in the profile
 * narrows a check to that option. In one place, for every check that reads the profile's choices:
 *  - passUnderAllowedOptions: a test that failed or warned after reading a defaulted ambiguity is run again
 *    with each other option of the register in its place (t.choices and the kit's own reads follow
 *    the running test's choices, current-test.ts); the first set of options under which it passes
 *    decides, and which option the target took is recorded. No such set: the first failure stands.
 *    Every `t.choices[...]` comparison of every suite is covered without a change of its own;
 *  - optionsToAccept, for a check that can judge every allowed option in one answer without
 *    running again (what it accepts when defaulted: every option in `allowed`);
 *  - a failure that still depends on one says which ambiguity, and how to decide it
 *    (defaultedAmbiguityLines).
 */
import { ambiguityById, type AmbiguityChoices, type AmbiguityId, type AmbiguityOptionOf } from '../../schemas/ambiguities.ts';
import { provenanceOf, type TargetProfile } from '../config/profile.ts';

/** The consulted ambiguities whose option was defaulted, in the order the test read them. */
export function defaultedAmbiguities(consulted: Iterable<AmbiguityId>, profile: TargetProfile): AmbiguityId[] {
  return [...new Set(consulted)].filter((id) => provenanceOf(profile, id) === 'defaulted');
}

/** One line per defaulted ambiguity, for a failure message; '' when there is none. */
export function defaultedAmbiguityLines(consulted: Iterable<AmbiguityId>, profile: TargetProfile): string {
  return defaultedAmbiguities(consulted, profile)
    .map((id) => `ambiguity ${id} was defaulted (the register's default "${profile.ambiguities[id]}", not observed): run discover or set ${id} in the profile`)
    .join('\n');
}

/** Whether the profile's option of `id` is the register's default, taken because nothing decided it. */
export const isDefaulted = (profile: TargetProfile, id: AmbiguityId): boolean => provenanceOf(profile, id) === 'defaulted';

/**
 * The options of `id` a check accepts: the profile's own when it was observed or declared; every
 * option in `allowed` (those the document's own words allow) when it was only defaulted.
 */
export function optionsToAccept<A extends AmbiguityId>(
  profile: TargetProfile,
  id: A,
  allowed: readonly AmbiguityOptionOf<A>[],
): readonly AmbiguityOptionOf<A>[] {
  const chosen = profile.ambiguities[id] as AmbiguityOptionOf<A>;
  return isDefaulted(profile, id) ? allowed : [chosen];
}

/** Another option of a defaulted ambiguity under which a test is run again. */
export interface OptionTaken {
  ambiguity: AmbiguityId;
  /** The register's default the profile holds. */
  defaulted: string;
  /** The option the test passed under. */
  taken: string;
}

/** How many more runs a failed test may make under other options, at most (a test costs requests, sends and time). */
export const MAX_OPTION_RETRIES = 6;

/**
 * The choices to run a failed test again under: for the defaulted ambiguities it read, every
 * combination of their other options (one substituted first, then two, ...), at most `max`.
 */
export function alternativeChoices(profile: TargetProfile, consulted: Iterable<AmbiguityId>, max = MAX_OPTION_RETRIES): OptionTaken[][] {
  const axes = defaultedAmbiguities(consulted, profile).map((id) => {
    const defaulted = String(profile.ambiguities[id]);
    const others = ambiguityById(id)
      .options.map((o) => o.id)
      .filter((o) => o !== defaulted);
    return { id, defaulted, others };
  });
  let combos: OptionTaken[][] = [[]];
  for (const axis of axes)
    combos = combos.flatMap((combo) => [combo, ...axis.others.map((taken) => [...combo, { ambiguity: axis.id, defaulted: axis.defaulted, taken }])]);
  return combos
    .filter((combo) => combo.length > 0)
    .sort((a, b) => a.length - b.length)
    .slice(0, max);
}

/** The profile's choices with `combo` substituted. */
const choicesWith = (choices: AmbiguityChoices, combo: readonly OptionTaken[]): AmbiguityChoices =>
  ({ ...choices, ...Object.fromEntries(combo.map((c) => [c.ambiguity, c.taken])) }) as AmbiguityChoices;

/** What passUnderAllowedOptions needs of the test runner (requirement-test.ts gives the real ones). */
export interface OptionRuns {
  profile: TargetProfile;
  /** Runs the test body once under `choices`, noting the ambiguities it reads in `consulted`. */
  attempt: (choices: AmbiguityChoices, consulted: Set<AmbiguityId>) => Promise<void>;
  /** Whether an error is a failure of a check (not a skip, an inconclusive end or transport trouble). */
  isCheckFailure: (error: unknown) => boolean;
  /** How many warnings the test carries now: a run that added one did not pass cleanly (a check below fail, judge.ts). */
  warnings: () => number;
  /** Whether a run as long as the last one (ms) still fits in the test's time. */
  fits: (lastRunMs: number) => boolean;
  /** Keeps what a run left on the test (observations, warnings, exchanges); `restore` puts it back. */
  snapshot: () => () => void;
  /** Hears which options the test passed under. */
  onTaken: (combo: readonly OptionTaken[]) => void;
  /** The ambiguities the first run read (its failure message names the defaulted ones). */
  consulted: Set<AmbiguityId>;
  now?: () => number;
}

/** How one run of a test ended: cleanly, with a failed check, with a warning only, or with no verdict on a check (a skip, transport trouble). */
type RunEnd = { kind: 'passed' } | { kind: 'failed'; error: unknown } | { kind: 'warned' } | { kind: 'no-verdict'; error: unknown };

async function runEnd(runs: OptionRuns, run: () => Promise<void>): Promise<RunEnd> {
  const warningsBefore = runs.warnings();
  try {
    await run();
    return runs.warnings() > warningsBefore ? { kind: 'warned' } : { kind: 'passed' };
  } catch (error) {
    return runs.isCheckFailure(error) ? { kind: 'failed', error } : { kind: 'no-verdict', error };
  }
}

/**
 * Runs a test under the profile's choices; a failure of a check after reading a defaulted
 * ambiguity, or a warning (a check below the fail level, judge.ts, which does not throw), runs it
 * again under the other options of the register (alternativeChoices), while time allows. The first
 * run that passes decides (onTaken hears its options): without a warning, or with warnings only where
 * the first run failed; none: what the first run left on the test is put back, and its error is thrown
 * (its warnings stay when it only warned).
 */
export async function passUnderAllowedOptions(runs: OptionRuns): Promise<void> {
  const now = runs.now ?? Date.now;
  const clean = runs.snapshot();
  let started = now();
  const first = await runEnd(runs, () => runs.attempt(runs.profile.ambiguities, runs.consulted));
  if (first.kind === 'passed') return;
  if (first.kind === 'no-verdict') throw first.error;
  const combos = alternativeChoices(runs.profile, runs.consulted);
  if (combos.length > 0) {
    const firstRun = runs.snapshot();
    for (const combo of combos) {
      if (!runs.fits(now() - started)) break;
      clean();
      started = now();
      const retry = await runEnd(runs, () => runs.attempt(choicesWith(runs.profile.ambiguities, combo), new Set()));
      // Taken when it explains what the first run met: a clean pass, or only warnings where the first failed.
      if (retry.kind === 'passed' || (retry.kind === 'warned' && first.kind === 'failed')) {
        runs.onTaken(combo);
        return;
      }
      // Only a check's failure or warning says the option is not the target's; anything else ends the search.
      if (retry.kind === 'no-verdict') break;
    }
    firstRun();
  }
  if (first.kind === 'failed') throw first.error;
}

/** The line a report keeps for a test that passed under other options than the defaulted ones. */
export const optionsTakenLine = (combo: readonly OptionTaken[]): string =>
  combo.map((c) => `${c.ambiguity}: the target took "${c.taken}" (the profile's "${c.defaulted}" was defaulted, not observed)`).join('; ');
