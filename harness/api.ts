/**
 * The programmatic API, the package's main export (`import { certify } from 'messaging-conformance'`):
 * the commands of the CLI as functions that resolve to what they produce instead of an exit code.
 *
 * certify() checks its options with the command line's own flag table (config/certify-flags.ts:
 * the same checks and messages, on the options object itself) and runs the CLI's run
 * (runCertification), so a certification from code and one from the command line cannot drift
 * apart. Unlike the CLI, certify() and discover() print nothing unless given `onProgress` (each
 * line to a callback) or `log: true` (the CLI's lines on stdout), and the API reads no MC_*
 * variables: a program passes what it means.
 */
import { isMutantId } from '../reference/mutants.ts';
import { isRequirementId } from '../schemas/requirements.ts';
import { closingLines, sayOnStdout } from './commands/certify-command.ts';
import { runCertification } from './commands/certification-run.ts';
import { runDiscovery } from './commands/discover-command.ts';
import { CERTIFY_FLAGS, type CertifyFlagOptions } from './config/certify-flags.ts';
import { DISCOVER_FLAGS, type DiscoverFlagOptions } from './config/discover-flags.ts';
import { parseOptions, type Catalogues } from './config/flag-table.ts';
import type { TargetProfile } from './config/profile.ts';
import type { Summary } from './report/summary.ts';
import { runEnding } from './commands/run-ending.ts';

export { startReferenceServer, type ReferenceKeys, type RunningReferenceServer } from '../reference/server.ts';
export type { ReferenceServerOptionsInput } from '../reference/options.ts';
export type { AreaTotals, FailOn, RequirementStatus, RequirementSummary, Summary } from './report/summary.ts';
export { gatePasses } from './report/run-verdict.ts';
export type { BaselineComparison } from './report/baseline.ts';
export type { TargetProfile } from './config/profile.ts';
export { UsageError } from './config/cli-errors.ts';

/** The registries that --requirements and --mutant are checked against (loaded with the run anyway). */
const CATALOGUES: Catalogues = { mutant: isMutantId, requirement: isRequirementId };

/**
 * certify()'s options: every flag of `messaging-conformance certify` by its API name (the table in
 * docs/cli.md; `html: false` is `--no-html`), every one optional as there, and where the run's
 * lines go.
 */
export type CertifyOptions = CertifyFlagOptions & {
  /** Each line a person would read (what is certified, each suite file as it ends, the verdict); none without it. */
  onProgress?: (line: string) => void;
  /** The command line's lines on stdout (when no onProgress is given). */
  log?: boolean;
};

/**
 * Certifies a target and resolves to the summary (also written to `<out>/summary.json`), passed
 * or not: `summary.ok` is the verdict, and gatePasses(summary) the gate's (they differ only under
 * failOn 'regression'); `summary.coverage` is how much the run decided and what would run its
 * skipped tests, and with `minCoverage` a run that decided less is not ok. Silent unless given onProgress or log. Rejects with a UsageError where the
 * CLI exits 2 before a run, and with an Error where it exits for what the run found: a key in the
 * reports (exit 1), or a run cut short by its deadline (exit 2), which certifies nothing.
 */
export async function certify(options: CertifyOptions = {}): Promise<Summary> {
  const { onProgress, log, ...flags } = options;
  const args = parseOptions(CERTIFY_FLAGS, flags, CATALOGUES);
  const say = onProgress ?? (log ? sayOnStdout : undefined);
  const outcome = await runCertification(args, say ? { say } : {});
  const ending = runEnding(outcome);
  if (ending.rejects) throw new Error(ending.stderr);
  // The command line's closing lines, the verdict among them (certify-command.ts certify()).
  if (say) for (const line of ['', ...closingLines(outcome, ending).split('\n')]) say(line);
  return outcome.summary;
}

/** discover()'s options: the flags of `messaging-conformance discover` by their API names (but the file to write), and where its lines go, as certify()'s. */
export type DiscoverOptions = DiscoverFlagOptions & Pick<CertifyOptions, 'onProgress' | 'log'>;

/** Probes a target (safe probes only, as `discover`) and resolves to the profile it matches; writes no file, prints nothing unless given onProgress or log. */
export async function discover(options: DiscoverOptions): Promise<TargetProfile> {
  const { onProgress, log, ...flags } = options;
  const say = onProgress ?? (log ? sayOnStdout : undefined);
  const { profile } = await runDiscovery({ ...parseOptions(DISCOVER_FLAGS, flags, {}), ...(say ? { say } : {}) });
  return profile;
}
