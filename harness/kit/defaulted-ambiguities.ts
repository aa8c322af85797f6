/**
 * An ambiguity whose option nobody decided (the profile took the register's default: discover could
 * not observe it, or no profile named it) is a guess, not a fact about the target. So:
 *  - a failure that depends on one may be the profile's fault rather than the target's: its message
 *    says which ambiguity, and how to decide it (defaultedAmbiguityLines);
 *  - a check of a contradiction between two options the document itself states never fails a
 *    target on a defaulted option: it accepts every option the document allows and notes which one
 *    was seen (optionsToAccept). Only an option observed by discover or declared in the profile
 *    narrows it.
 */
import type { AmbiguityId, AmbiguityOptionOf } from '../../schemas/ambiguities.ts';
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
