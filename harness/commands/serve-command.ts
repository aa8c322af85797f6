/**
 * `messaging-conformance serve [flags]`: starts the reference server and prints its base URL and
 * keys. Ambiguity choices come from --ambiguity id=option (repeatable) or --ambiguities FILE
 * (JSON or YAML: `{ ambiguities: { id: option } }`), validated against the register.
 */
import { z } from 'zod';
import { MUTANTS } from '../../reference/mutants.ts';
import { ReferenceServerOptions, type ReferenceServerOptionsInput } from '../../reference/options.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { UsageError } from '../config/cli-errors.ts';
import { parseFlags } from '../config/cli-flags.ts';
import { parseConfig, readConfigFile, strictMapping } from '../config/config-file.ts';
import { watchAncestors } from './parent-watch.ts';

export const SERVE_USAGE = `usage: messaging-conformance serve [--host H] [--port N] [--manager-key K] [--account-key K]
    [--allow-loopback-webhooks] [--test-clock] [--rate-limit N] [--restricted-allow-list IP[,IP...]]
    [--ambiguity ID=OPTION]... [--ambiguities FILE] [--mutant ID] [--personality default|alternate]
    [--event-retry-schedule S[,S...]] [--list-mutants]`;

/** `--ambiguities FILE`: `{ ambiguities: { <id>: <option> } }`; options are checked by ReferenceServerOptions. */
const AmbiguitiesFile = strictMapping({ ambiguities: z.record(z.string(), z.string()) });
const readAmbiguitiesFile = (path: string): Record<string, string> => parseConfig(AmbiguitiesFile, readConfigFile(path, 'ambiguities file'), path).ambiguities;

const integer = (flag: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${flag} takes a whole number, got "${text}"`);
  return Number(text);
};

/** `--event-retry-schedule 10,30,60`: seconds before each successive retry of an event (6.3 gives none). */
function retrySchedule(text: string): number[] {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) throw new UsageError(`--event-retry-schedule takes seconds separated by commas (10,30,60), got "${text}"`);
  return parts.map(Number);
}

export function parseServeArgs(args: string[]): ReferenceServerOptionsInput {
  const values = parseFlags(
    args,
    {
      host: { type: 'string' },
      port: { type: 'string' },
      'manager-key': { type: 'string' },
      'account-key': { type: 'string' },
      'allow-loopback-webhooks': { type: 'boolean' },
      'test-clock': { type: 'boolean' },
      'rate-limit': { type: 'string' },
      'restricted-allow-list': { type: 'string' },
      ambiguity: { type: 'string', multiple: true },
      ambiguities: { type: 'string' },
      mutant: { type: 'string' },
      personality: { type: 'string' },
      'event-retry-schedule': { type: 'string' },
      // Read by serve() before the options: it prints the registry instead of starting a server.
      'list-mutants': { type: 'boolean' },
    },
    `${SERVE_USAGE.split('\n')[0]} ...`,
  );
  const ambiguities: Record<string, string> = values.ambiguities ? readAmbiguitiesFile(values.ambiguities) : {};
  for (const pair of values.ambiguity ?? []) {
    const [id, option, ...rest] = pair.split('=');
    if (!id || !option || rest.length > 0) throw new UsageError(`--ambiguity takes ID=OPTION, got "${pair}"`);
    ambiguities[id] = option;
  }
  const input: ReferenceServerOptionsInput = {
    ...(values.host ? { host: values.host } : {}),
    ...(values.port !== undefined ? { port: integer('port', values.port) } : {}),
    ...(values['manager-key'] ? { managerKey: values['manager-key'] } : {}),
    ...(values['account-key'] ? { accountKey: values['account-key'] } : {}),
    ...(values['rate-limit'] !== undefined ? { rateLimit: integer('rate-limit', values['rate-limit']) } : {}),
    ...(values['restricted-allow-list'] !== undefined ? { restrictedAllowList: values['restricted-allow-list'].split(',').map((ip) => ip.trim()).filter(Boolean) } : {}),
    allowLoopbackWebhooks: values['allow-loopback-webhooks'] ?? false,
    testClock: values['test-clock'] ?? false,
    ambiguities,
    ...(values.personality !== undefined ? { personality: values.personality as ReferenceServerOptionsInput['personality'] } : {}),
    ...(values['event-retry-schedule'] !== undefined ? { eventRetryScheduleSeconds: retrySchedule(values['event-retry-schedule']) } : {}),
    // Fault injection (reference/mutants.ts); checked against the registry below.
    ...(values.mutant !== undefined ? { mutant: values.mutant } : {}),
  };
  const checked = ReferenceServerOptions.safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new UsageError(`${issue.path.join('.') || 'options'}: ${issue.message}`);
  }
  return input;
}

/** `serve --list-mutants`: the faults --mutant injects, one line each (the installed package ships no sources to read them in). */
export function mutantListText(): string {
  const width = Math.max(...MUTANTS.map((m) => m.id.length)) + 2;
  return MUTANTS.map((m) => `${m.id.padEnd(width)}§${m.section} ${m.requirement}: ${m.description}`).join('\n');
}

export async function serve(args: string[]): Promise<void> {
  if (args.includes('--list-mutants')) {
    if (args.length > 1) throw new UsageError('--list-mutants takes no other flag');
    process.stdout.write(`${mutantListText()}\n`);
    return;
  }
  const server = await startReferenceServer(parseServeArgs(args));
  process.stdout.write(
    [
      `reference server listening on ${server.baseUrl} (${server.options.personality} personality)`,
      `manager key:    ${server.keys.manager}`,
      `account key:    ${server.keys.account}`,
      `restricted key: ${server.keys.restricted} (IP allow-list excludes this machine: auth_04)`,
      server.options.testClock ? 'test hooks: POST /__test/clock/advance {"seconds": N}, POST /__test/reply' : 'test hooks: off',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);
  // A `kill` of npm or npx in a CI script reaches neither the shell nor this process: stop with them.
  watchAncestors((why) => {
    process.stderr.write(`reference server stopping: ${why}\n`);
    stop();
  });
}
