/**
 * `messaging-conformance discover --target URL --api-key KEY [--manager-key KEY] --write-profile FILE`:
 * runs the safe probes behind the ambiguities (discovery-probes.ts) and the capability checks, and
 * writes the profile the target matches, every entry commented with what was seen or why it was
 * not probed. The tester then reviews it (capabilities such as real delivery are decisions, not
 * discoveries) and passes it to certify.
 */
import { writeFileSync } from 'node:fs';
import { AMBIGUITIES, DEFAULT_AMBIGUITY_CHOICES, type AmbiguityId } from '../schemas/ambiguities.ts';
import { CAPABILITIES, CAPABILITY_IDS } from '../schemas/capabilities.ts';
import { UsageError } from './cli-errors.ts';
import { httpUrlFlag, parseFlags } from './cli-flags.ts';
import { AMBIGUITY_PROBES, choicesFrom, probeCapabilities, type ProbeFinding } from './discovery-probes.ts';
import { createHttpClient } from './http-client.ts';
import { createPacer } from './pacer.ts';
import { preflight } from './preflight.ts';
import { parseProfile, type TargetProfile } from './profile.ts';
import { createRedactor } from './redaction.ts';
import { newRunId } from './run-config.ts';

export const DISCOVER_USAGE = 'usage: messaging-conformance discover --target URL --api-key KEY [--manager-key KEY] --write-profile FILE';

export interface DiscoverArgs {
  target: string;
  apiKey: string;
  managerKey: string | undefined;
  profilePath: string;
}

export function parseDiscoverArgs(args: string[], env: NodeJS.ProcessEnv = process.env): DiscoverArgs {
  const values = parseFlags(
    args,
    { target: { type: 'string' }, 'api-key': { type: 'string' }, 'manager-key': { type: 'string' }, 'write-profile': { type: 'string' } },
    DISCOVER_USAGE,
  );
  const target = values.target ?? (env.MC_TARGET || undefined);
  const apiKey = values['api-key'] ?? (env.MC_API_KEY || undefined);
  if (!target) throw new UsageError(`discover needs --target (${DISCOVER_USAGE})`);
  if (!apiKey) throw new UsageError(`discover needs --api-key (${DISCOVER_USAGE})`);
  if (!values['write-profile']) throw new UsageError(`discover needs --write-profile FILE (${DISCOVER_USAGE})`);
  return { target: httpUrlFlag('--target', target), apiKey, managerKey: values['manager-key'] ?? (env.MC_MANAGER_KEY || undefined), profilePath: values['write-profile'] };
}

const yamlString = (value: string): string => (/^[A-Za-z][\w.-]*$/.test(value) && !/^(true|false|null|yes|no)$/i.test(value) ? value : JSON.stringify(value));

/** The profile as commented YAML: the same data parseProfile reads, with the reasons beside it. */
export function profileYaml(target: string, findings: ReadonlyMap<AmbiguityId, ProbeFinding>, capabilities: Partial<Record<string, boolean>>): string {
  const choices = choicesFrom(findings, DEFAULT_AMBIGUITY_CHOICES);
  const lines = [`# Written by messaging-conformance discover for ${target} on ${new Date().toISOString()}.`, '# Review it: capabilities are decisions of the tester, not all can be discovered.', 'ambiguities:'];
  for (const a of AMBIGUITIES) {
    const finding = findings.get(a.id as AmbiguityId);
    const why = finding ? (finding.option ? `probed: ${finding.note}` : `probed, kept the default: ${finding.note}`) : `default, not probed (${a.probe})`;
    lines.push(`  ${a.id}: ${yamlString(choices[a.id as AmbiguityId])}  # ${why.replace(/\n/g, ' ')}`);
  }
  lines.push('capabilities:');
  for (const id of CAPABILITY_IDS) lines.push(`  ${id}: ${capabilities[id] === true}  # ${capabilities[id] === undefined ? 'not discoverable: ' : ''}${CAPABILITIES[id]}`);
  lines.push('phoneNumbers: []  # numbers that may really be charged, with --allow-charges', 'pacing:', '  requestsPerSecond: 20', '');
  return lines.join('\n');
}

/** `messaging-conformance discover ...`: probes, writes the profile file, exit 0. */
export async function discover(argv: string[]): Promise<number> {
  const args = parseDiscoverArgs(argv);
  const { yaml } = await runDiscovery(args);
  try {
    writeFileSync(args.profilePath, yaml);
  } catch (e) {
    throw new UsageError(`cannot write ${args.profilePath} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  process.stdout.write(`profile written to ${args.profilePath}\n`);
  return 0;
}

/** What discovery found: the profile, and its commented YAML (what `--write-profile` writes). */
export interface DiscoveryOutcome {
  profile: TargetProfile;
  yaml: string;
}

/** Probes the target (progress on stdout) and returns the profile it matches; writes nothing. */
export async function runDiscovery(args: Omit<DiscoverArgs, 'profilePath'>): Promise<DiscoveryOutcome> {
  await preflight(args.target, args.apiKey);
  const redactor = createRedactor([args.apiKey, ...(args.managerKey ? [args.managerKey] : [])]);
  const client = createHttpClient({ baseUrl: args.target, redactor, pacer: createPacer({ requestsPerSecond: 10 }) });
  const burstClient = createHttpClient({ baseUrl: args.target, redactor });
  const ctx = { client, burstClient, apiKey: args.apiKey, managerKey: args.managerKey, prefix: `mc${newRunId()}` };
  const findings = new Map<AmbiguityId, ProbeFinding>();
  try {
    for (const probe of AMBIGUITY_PROBES) {
      try {
        findings.set(probe.ambiguity, await probe.run(ctx));
      } catch (error) {
        findings.set(probe.ambiguity, { note: `probe failed: ${redactor.redact((error as Error).message.split('\n')[0]!)}` });
      }
      process.stdout.write(`  ${probe.ambiguity}: ${findings.get(probe.ambiguity)!.option ?? '(default)'}  ${findings.get(probe.ambiguity)!.note}\n`);
    }
    const capabilities = { ...(await probeCapabilities(ctx)), 'manager-key': args.managerKey !== undefined };
    const yaml = profileYaml(args.target, findings, capabilities);
    // The written profile must load: a probe that produced an unknown option is a bug here, not the user's.
    const profile = parseProfile((await import('yaml')).parse(yaml), 'the discovered profile');
    return { profile, yaml };
  } finally {
    await client.close();
    await burstClient.close();
  }
}
