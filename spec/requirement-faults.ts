/**
 * The fault seams and the mutants that break each requirement id, for the matrix of
 * spec/requirements.yaml, read from the reference server's registries only: a mutant names the
 * requirement it violates and the seam its fault overrides (reference/mutants.ts), and a seam names
 * the requirements a fault there can break (reference/seams.ts).
 */
import { MUTANTS } from '../reference/mutants.ts';
import { SEAMS } from '../reference/seams.ts';

/** What breaks one requirement: seam names and mutant ids, each sorted. */
export interface RequirementFaults {
  seams: string[];
  faults: string[];
}

/** Requirement id → the seams and faults that break it; an id nothing breaks is absent. */
export function faultsByRequirement(): ReadonlyMap<string, RequirementFaults> {
  const seams = new Map<string, Set<string>>();
  const faults = new Map<string, Set<string>>();
  const add = (into: Map<string, Set<string>>, id: string, value: string) => into.set(id, (into.get(id) ?? new Set()).add(value));
  for (const [name, seam] of Object.entries(SEAMS)) for (const id of seam.requirements) add(seams, id, name);
  for (const mutant of MUTANTS) {
    add(faults, mutant.requirement, mutant.id);
    add(seams, mutant.requirement, mutant.fault.seam);
  }
  const sorted = (values: Set<string> | undefined): string[] => [...(values ?? [])].sort();
  return new Map([...new Set([...seams.keys(), ...faults.keys()])].map((id) => [id, { seams: sorted(seams.get(id)), faults: sorted(faults.get(id)) }]));
}
