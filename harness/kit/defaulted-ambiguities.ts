/**
 * Issue 14: a failure that depends on an ambiguity whose option nobody decided (the profile took the
 * register's default: discover could not observe it, or no profile named it) may be the profile's
 * fault rather than the target's. Its message then says which ambiguity, and how to decide it.
 */
import type { AmbiguityId } from '../../schemas/ambiguities.ts';
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
