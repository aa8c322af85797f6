/**
 * `messaging-conformance discover --target URL --api-key KEY [--manager-key KEY] [--sandbox-budget N] --write-profile FILE`:
 * runs the safe probes behind the ambiguities (discovery-steps.ts) and the capability checks, and
 * writes the profile the target matches, every entry commented with what was seen or why it was
 * not probed, and marked observed or defaulted (ambiguityProvenance). The tester then reviews it
 * (capabilities such as real delivery are decisions, not discoveries) and passes it to certify.
 *
 * Safe: no charge (sandbox sends and free calls only) and no lasting effect (what a probe creates
 * it deletes, the webhook it replaces it puts back; what cannot be deleted is made in a subaccount
 * discover creates with the manager key and archives).
 *
 * Interrupted (SIGINT, SIGTERM), it ends like certify at its deadline: no probe starts any more; the
 * probe in flight ends (the long ones, the rate burst and the sandbox quota count, are cut short;
 * each probe puts back what it changed, the webhook session its webhook); discover's subaccount is
 * emptied and archived; no profile is written; one line on stderr, exit 2. A second signal ends the
 * process at once.
 */
import { writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { AMBIGUITIES, DEFAULT_AMBIGUITY_CHOICES, type AmbiguityId } from '../../schemas/ambiguities.ts';
import { CAPABILITIES, CAPABILITY_IDS, type CapabilityId } from '../../schemas/capabilities.ts';
import { UsageError } from '../config/cli-errors.ts';
import { DISCOVER_FLAGS, type DiscoverArgs } from '../config/discover-flags.ts';
import { parseArgv } from '../config/flag-table.ts';
import { choicesFrom, probeCapabilities, type CapabilityFinding, type ProbeContext, type ProbeFinding } from '../discovery/discovery-probes.ts';
import { DEFAULT_SANDBOX_BUDGET } from '../discovery/discovery-sandbox-limit.ts';
import { DISCOVERY_STEPS, NOT_PROBED } from '../discovery/discovery-steps.ts';
import { closeSubaccount, openSubaccount, type DiscoverySubaccount } from '../discovery/discovery-subaccount.ts';
import { createHttpClient } from '../transport/http-client.ts';
import { createPacer } from '../transport/pacer.ts';
import { preflight } from './preflight.ts';
import { parseProfile, type TargetProfile } from '../config/profile.ts';
import { PROFILE_REQUESTS_PER_SECOND, RATE_LIMIT_MAX_RETRIES } from '../config/pacing-defaults.ts';
import { createRedactor, MIN_LEARNED_SECRET_LENGTH, type Redactor } from '../transport/redaction.ts';
import { resolveRoute, type TargetRoute } from '../config/target-route.ts';
import { routeSecrets } from '../transport/target-route.ts';
import { protectCatalogueWords } from '../kit/kit-words.ts';
import { newRunId } from '../config/run-config.ts';
import { terminalText } from '../report/inert-text.ts';

export type { DiscoverArgs };

/**
 * The command line's flags and MC_* variables as checked arguments (config/discover-flags.ts holds
 * every flag; harness/cli.ts runs the same parse before loading this module).
 */
export function parseDiscoverArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): DiscoverArgs {
  return parseArgv(DISCOVER_FLAGS, argv, env, {});
}

const yamlString = (value: string): string => (/^[A-Za-z][\w.-]*$/.test(value) && !/^(true|false|null|yes|no)$/i.test(value) ? value : JSON.stringify(value));
const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ');

/** What discovery found, as profileYaml writes it. */
export interface DiscoveryFindings {
  ambiguities: ReadonlyMap<AmbiguityId, ProbeFinding>;
  capabilities: Partial<Record<CapabilityId, CapabilityFinding>>;
  /** Lines recorded by the probes that decide nothing (written as comments). */
  records: readonly string[];
}

/** The profile as commented YAML: the same data parseProfile reads, with the reasons beside it. */
export function profileYaml(target: string, found: DiscoveryFindings): string {
  const choices = choicesFrom(found.ambiguities, DEFAULT_AMBIGUITY_CHOICES);
  const observed = (id: AmbiguityId): boolean => found.ambiguities.get(id)?.option !== undefined;
  const lines = [
    `# Written by messaging-conformance discover for ${target} on ${new Date().toISOString()}.`,
    '# Review it: capabilities are decisions of the tester, not all can be discovered.',
    'ambiguities:',
  ];
  for (const a of AMBIGUITIES) {
    const id = a.id as AmbiguityId;
    const finding = found.ambiguities.get(id);
    const why = finding
      ? finding.option
        ? `observed: ${finding.note}`
        : `defaulted (probed): ${finding.note}`
      : `defaulted, not probed: ${NOT_PROBED[id] ?? a.probe}`;
    lines.push(`  ${id}: ${yamlString(choices[id])}  # ${oneLine(why)}`);
  }
  lines.push(
    "# observed: a probe of discover saw the target take the option; defaulted: the register's default, which nothing here decided",
    '# (a failing test that read a defaulted ambiguity says so). Set such an option yourself and mark it declared.',
    'ambiguityProvenance:',
    ...AMBIGUITIES.map((a) => `  ${a.id}: ${observed(a.id as AmbiguityId) ? 'observed' : 'defaulted'}`),
  );
  lines.push('capabilities:');
  for (const id of CAPABILITY_IDS) {
    const finding = found.capabilities[id];
    lines.push(`  ${id}: ${finding?.value === true}  # ${oneLine(finding ? finding.note : `not discoverable: ${CAPABILITIES[id]}`)}`);
  }
  lines.push('phoneNumbers: []  # numbers that may really be charged, with --allow-charges', 'pacing:', `  requestsPerSecond: ${PROFILE_REQUESTS_PER_SECOND}`);
  if (found.records.length > 0) {
    lines.push(
      '# Recorded by discover, deciding nothing. HTTP statuses of codes 7.2 names but gives no status for',
      '# (latitude unstated-error-status: the suite records them, never asserts them), and what discover put back:',
      ...found.records.map((r) => `#   ${oneLine(r)}`),
    );
  }
  lines.push('');
  return lines.join('\n');
}

/** `messaging-conformance discover ...`, its arguments checked (cli.ts): probes, writes the profile file, exit 0 (2 when interrupted). */
export async function discover(args: DiscoverArgs): Promise<number> {
  const interruption = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (interruption.signal.aborted) {
      process.stderr.write(`messaging-conformance: ${signal} again: ending at once; the webhook and discover's subaccounts may not be restored\n`);
      process.exit(128 + (constants.signals[signal] ?? 1));
    }
    process.stdout.write(
      `\n${signal}: no probe starts any more; the probe in flight ends, then the webhook ` +
        `is put back and discover's subaccount archived (${signal} again ends at once)\n`,
    );
    interruption.abort(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let outcome: DiscoveryOutcome;
  try {
    outcome = await runDiscovery({ ...args, interrupt: interruption.signal, say: (line) => process.stdout.write(`${line}\n`) });
  } finally {
    if (!interruption.signal.aborted) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
  if (outcome.interrupted !== undefined) {
    process.stderr.write(`messaging-conformance: discover interrupted by ${outcome.interrupted}: no profile written; ${outcome.restored}\n`);
    return 2;
  }
  const { yaml } = outcome;
  try {
    writeFileSync(args.writeProfile, yaml);
  } catch (e) {
    throw new UsageError(`cannot write ${args.writeProfile} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  process.stdout.write(`profile written to ${args.writeProfile}\n`);
  return 0;
}

/** What discovery found: the profile, and its commented YAML (what `--write-profile` writes). */
export interface DiscoveryOutcome {
  profile: TargetProfile;
  yaml: string;
  /** Set when the discovery was interrupted ("SIGINT"): the profile is then partial and not to be written. */
  interrupted?: string;
  /** What was put back on the target, in a few words (for the line of an interrupted discover). */
  restored: string;
}

/** What an interrupted discover put back, in one clause. */
function restoredText(restored: readonly string[]): string {
  return restored.length === 0 ? 'nothing of it was left on the target' : restored.map((r) => r.replace(/\s*\n\s*/g, ' ')).join('; ');
}

/** discover's probing pace: well below the 100 per second of 8, which the rate probe alone exceeds. */
const PROBE_REQUESTS_PER_SECOND = 10;
/** The daily-limit probe's pace: below the 100 per second of 8, so 1,001 sends take about 20 s. */
const QUOTA_REQUESTS_PER_SECOND = 50;
/** How long discover waits for an event at its receiver (the reference confirms in well under 1 s). */
const EVENT_WAIT_MS = 10_000;

type DiscoveryArgs = Omit<DiscoverArgs, 'writeProfile' | 'sandboxBudget'> & {
  sandboxBudget?: number | undefined;
  interrupt?: AbortSignal;
  say?: (line: string) => void;
};

/**
 * Probes the target (each finding to `say`: stdout for the command line, nowhere unless asked for
 * the API) and returns the profile it matches; writes nothing.
 */
export async function runDiscovery(args: DiscoveryArgs): Promise<DiscoveryOutcome> {
  // The probes take the road certify takes (a gateway's headers, a private authority, a client certificate, a proxy).
  const route = resolveRoute(args, args.target);
  await preflight(args.target, args.apiKey, undefined, route);
  // The profile's ids and options are the kit's words, never what a cut left of a key (5.2).
  protectCatalogueWords();
  const roadSecrets = routeSecrets(route).filter((secret) => secret.length >= MIN_LEARNED_SECRET_LENGTH);
  const redactor = createRedactor([args.apiKey, ...(args.managerKey ? [args.managerKey] : []), ...roadSecrets]);
  const clients = probeClients(args, redactor, route);
  const findings = new Map<AmbiguityId, ProbeFinding>();
  const ctx = probeContext(args, clients, redactor, findings);
  const interrupt = args.interrupt;
  let work: DiscoverySubaccount | undefined;
  const restored: string[] = [];
  let found: { profile: TargetProfile; yaml: string };
  try {
    if (args.managerKey) work = await openWorkSubaccount(ctx, args.managerKey);
    const { capabilities, records } = await runProbes(ctx, findings, redactor, interrupt);
    capabilities['manager-key'] = {
      value: args.managerKey !== undefined,
      note: args.managerKey !== undefined ? 'a manager key was given' : 'no manager key was given',
    };
    restored.push(...records.filter((r) => r.startsWith('webhook:')));
    const yaml = redactor.redact(profileYaml(args.target, { ambiguities: findings, capabilities, records }));
    // The written profile must load: a probe that produced an unknown option is a bug here, not the user's.
    const profile = parseProfile((await import('yaml')).parse(yaml), 'the discovered profile');
    found = { profile, yaml };
  } finally {
    if (work && args.managerKey) {
      const trouble = await closeSubaccount(ctx, args.managerKey, work).catch((e: Error) => `could not archive discover's subaccount: ${e.message}`);
      if (trouble) ctx.progress(`  ${trouble}`);
      restored.push(trouble ? redactor.redact(trouble) : `subaccount ${work.email} emptied and archived`);
    }
    await clients.client.close();
    await clients.burstClient.close();
    await clients.quotaClient.close();
  }
  return { ...found, ...(interrupt?.aborted ? { interrupted: String(interrupt.reason) } : {}), restored: restoredText(restored) };
}

/**
 * The probes' three clients: the paced one, the unpaced one of the rate probe's burst and the one
 * of the daily-limit count. The probe client is never interrupted: the probes put back what they
 * changed with it (a webhook, a subaccount's credits). The burst and the quota count, the long
 * loops, are cut short.
 */
function probeClients(args: DiscoveryArgs, redactor: Redactor, route: TargetRoute | undefined): Pick<ProbeContext, 'client' | 'burstClient' | 'quotaClient'> {
  const road = route !== undefined ? { route } : {};
  const interrupt = args.interrupt;
  const client = createHttpClient({
    baseUrl: args.target,
    redactor,
    pacer: createPacer({ requestsPerSecond: PROBE_REQUESTS_PER_SECOND, maxRetries: RATE_LIMIT_MAX_RETRIES }),
    ...road,
  });
  const burstClient = createHttpClient({ baseUrl: args.target, redactor, ...(interrupt ? { signal: interrupt } : {}), ...road });
  const quotaClient = createHttpClient({
    baseUrl: args.target,
    redactor,
    pacer: createPacer({ requestsPerSecond: QUOTA_REQUESTS_PER_SECOND, maxRetries: RATE_LIMIT_MAX_RETRIES }),
    ...(interrupt ? { signal: interrupt } : {}),
    ...road,
  });
  return { client, burstClient, quotaClient };
}

/** What every probe is given: the clients, the keys, where to work, the findings so far, and where its progress lines go. */
function probeContext(
  args: DiscoveryArgs,
  clients: Pick<ProbeContext, 'client' | 'burstClient' | 'quotaClient'>,
  redactor: Redactor,
  findings: Map<AmbiguityId, ProbeFinding>,
): ProbeContext {
  // What the target says reaches the terminal redacted, and without control characters (an escape sequence could rewrite the screen).
  const say = args.say;
  const progress = (line: string): void => say?.(terminalText(redactor.redact(line)));
  return {
    ...clients,
    apiKey: args.apiKey,
    managerKey: args.managerKey,
    work: { key: args.apiKey, subaccountEmail: undefined },
    prefix: `mc${newRunId()}`,
    findings,
    sandboxBudget: args.sandboxBudget ?? DEFAULT_SANDBOX_BUDGET,
    eventWaitMs: EVENT_WAIT_MS,
    progress,
    learnSecret: (secret) => redactor.learn(secret),
  };
}

/** Opens the subaccount the probes that spend sandbox quota or leave traces run in (4.11); undefined when none could be opened. */
async function openWorkSubaccount(ctx: ProbeContext, managerKey: string): Promise<DiscoverySubaccount | undefined> {
  const opened = await openSubaccount(ctx, managerKey, 'work');
  if (typeof opened === 'string') {
    ctx.progress(`  ${opened}: the probes run in the account itself`);
    return undefined;
  }
  ctx.work = { key: opened.key, subaccountEmail: opened.email };
  ctx.progress(`  probes that spend sandbox quota or leave traces run in the subaccount ${opened.email} (archived at the end)`);
  return opened;
}

/** Probes the capabilities, then runs every discovery step in turn (a failed one notes why), until the end or an interruption. */
async function runProbes(
  ctx: ProbeContext,
  findings: Map<AmbiguityId, ProbeFinding>,
  redactor: Redactor,
  interrupt: AbortSignal | undefined,
): Promise<{ capabilities: Partial<Record<CapabilityId, CapabilityFinding>>; records: string[] }> {
  const { progress } = ctx;
  const capabilities: Partial<Record<CapabilityId, CapabilityFinding>> = { ...(await probeCapabilities(ctx)) };
  const records: string[] = [];
  for (const step of DISCOVERY_STEPS) {
    // Interrupted: no probe starts any more (the one in flight has ended and put back what it changed).
    if (interrupt?.aborted) break;
    try {
      const outcome = await step.run(ctx);
      for (const [id, finding] of Object.entries(outcome.findings) as [AmbiguityId, ProbeFinding][]) findings.set(id, finding);
      Object.assign(capabilities, outcome.capabilities ?? {});
      records.push(...(outcome.records ?? []));
    } catch (error) {
      const note = `probe failed: ${redactor.redact((error as Error).message.split('\n')[0]!)}`;
      for (const id of step.covers) findings.set(id, { note });
    }
    for (const id of step.covers) progress(`  ${id}: ${findings.get(id)?.option ?? '(default)'}  ${findings.get(id)?.note ?? ''}`);
  }
  return { capabilities, records };
}
