/**
 * The registries some flags are checked against (config/flag-table.ts catalogues), loaded only
 * when a flag that needs one is given: the requirement catalogue takes a third of a second to
 * build, and `--help` or a mistyped flag must not wait for it (harness/cli.ts).
 *
 * Here, at the harness's root, because the mutant registry is reference/'s and config/ reads no
 * folder but schemas/ (test/architecture-rules.ts).
 */
import type { CatalogueName, Catalogues } from './config/flag-table.ts';

const LOADERS: Readonly<Record<CatalogueName, () => Promise<(id: string) => boolean>>> = {
  mutant: async () => (await import('../reference/mutants.ts')).isMutantId,
  requirement: async () => (await import('../schemas/requirements.ts')).isRequirementId,
};

/** The named catalogues, each loaded once per call. */
export async function loadCatalogues(names: Iterable<CatalogueName>): Promise<Catalogues> {
  const loaded: Catalogues = {};
  for (const name of new Set(names)) loaded[name] = await LOADERS[name]();
  return loaded;
}
