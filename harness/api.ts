/**
 * The programmatic API, the package's main export (`import { certify } from 'messaging-conformance'`):
 * the commands of the CLI as functions that resolve to what they produce instead of an exit code.
 *
 * certify() goes through the CLI's own flag checks (parseCertifyArgs, given flags built from the
 * options) and its run (runCertification), so a certification from code and one from the command
 * line cannot drift apart. Like the CLI, both functions print their progress on stdout; unlike it,
 * they read no MC_* variables: a program passes what it means.
 */
import type { AreaId } from '../schemas/areas.ts';
import type { Personality } from '../schemas/latitudes.ts';
import { parseCertifyArgs, runCertification } from './commands/certify-command.ts';
import { UsageError } from './config/cli-errors.ts';
import { httpUrlFlag } from './config/cli-flags.ts';
import { runDiscovery } from './commands/discover-command.ts';
import type { TargetProfile } from './config/profile.ts';
import type { FailOn, Summary } from './report/summary.ts';

export { startReferenceServer, type ReferenceKeys, type RunningReferenceServer } from '../reference/server.ts';
export type { ReferenceServerOptionsInput } from '../reference/options.ts';
export type { AreaTotals, FailOn, RequirementStatus, RequirementSummary, Summary } from './report/summary.ts';
export { gatePasses } from './report/summary.ts';
export type { BaselineComparison } from './report/baseline.ts';
export type { TargetProfile } from './config/profile.ts';
export { UsageError } from './config/cli-errors.ts';

/** The flags of `messaging-conformance certify`, by name; every one is optional, as there. */
export interface CertifyOptions {
  /** Base URL of the target; without it the embedded reference server is certified. */
  target?: string;
  apiKey?: string;
  managerKey?: string;
  /** Path of a profile file (YAML or JSON). */
  profile?: string;
  /** Folder of the reports; default `reports` under the current directory. */
  out?: string;
  only?: readonly AreaId[];
  webhookPublicUrl?: string;
  allowCharges?: boolean;
  maxCredits?: number;
  /** Path of an expected-failures file. */
  expectedFailures?: string;
  realTime?: boolean;
  /** The Allure HTML report; default true. */
  html?: boolean;
  requirements?: readonly string[];
  personality?: Personality;
  strict?: boolean;
  /** Deadline of the whole run, in seconds (the CLI's default when absent). */
  maxDuration?: number;
  /** Seed of the random choices that decide what is asserted (the CLI's default when absent). */
  seed?: number;
  /** Path of an earlier run's summary.json to compare with (summary.baseline). */
  baseline?: string;
  /** What fails the gate: `failure` (default) or `regression` (needs baseline); gatePasses(summary) says whether it passed. */
  failOn?: FailOn;
}

/** The options as the command line's flags (`--name=value`, so that a value may start with a dash). */
export function certifyFlags(options: CertifyOptions): string[] {
  const flags: string[] = [];
  const value = (name: string, text: string | undefined) => {
    if (text !== undefined) flags.push(`--${name}=${text}`);
  };
  const toggle = (name: string, on: boolean | undefined) => {
    if (on) flags.push(`--${name}`);
  };
  value('target', options.target);
  value('api-key', options.apiKey);
  value('manager-key', options.managerKey);
  value('profile', options.profile);
  value('out', options.out);
  value('only', options.only?.join(','));
  value('webhook-public-url', options.webhookPublicUrl);
  toggle('allow-charges', options.allowCharges);
  value('max-credits', options.maxCredits === undefined ? undefined : String(options.maxCredits));
  value('expected-failures', options.expectedFailures);
  toggle('real-time', options.realTime);
  toggle('no-html', options.html === false);
  value('requirements', options.requirements?.join(','));
  value('personality', options.personality);
  toggle('strict', options.strict);
  value('max-duration', options.maxDuration === undefined ? undefined : String(options.maxDuration));
  value('seed', options.seed === undefined ? undefined : String(options.seed));
  value('baseline', options.baseline);
  value('fail-on', options.failOn);
  return flags;
}

/**
 * Certifies a target and resolves to the summary (also written to `<out>/summary.json`), passed
 * or not: `summary.ok` is the verdict, and gatePasses(summary) the gate's (they differ only under
 * failOn 'regression'). Rejects with a UsageError where the CLI exits 2 before a
 * run, and with an Error where it exits for what the run found: a key in the reports (exit 1), or
 * a run cut short by its deadline (exit 2), which certifies nothing.
 */
export async function certify(options: CertifyOptions = {}): Promise<Summary> {
  const { summary, leaks, incomplete } = await runCertification(parseCertifyArgs(certifyFlags(options), {}));
  if (leaks.length > 0) throw new Error(`messaging-conformance: an API key was found in the reports: ${leaks.join(', ')}`);
  if (incomplete !== undefined) throw new Error(`messaging-conformance: certification incomplete: ${incomplete}`);
  return summary;
}

export interface DiscoverOptions {
  target: string;
  apiKey: string;
  managerKey?: string;
  /** Most sandbox sends the daily-limit probe may spend (`--sandbox-budget`; default 1,001, 0 skips it). */
  sandboxBudget?: number;
}

/** Probes a target (safe probes only, as `discover`) and resolves to the profile it matches; writes no file. */
export async function discover(options: DiscoverOptions): Promise<TargetProfile> {
  if (!options.apiKey) throw new UsageError('discover needs an apiKey');
  if (options.sandboxBudget !== undefined && !(Number.isInteger(options.sandboxBudget) && options.sandboxBudget >= 0)) throw new UsageError('discover: sandboxBudget must be a whole number of sandbox sends');
  const { profile } = await runDiscovery({
    target: httpUrlFlag('target', options.target),
    apiKey: options.apiKey,
    managerKey: options.managerKey,
    ...(options.sandboxBudget !== undefined ? { sandboxBudget: options.sandboxBudget } : {}),
  });
  return profile;
}
