/**
 * `messaging-conformance serve [flags]`: starts the reference server and prints its base URL and
 * keys. Ambiguity choices come from --ambiguity id=option (repeatable) or --ambiguities FILE
 * (JSON or YAML: `{ ambiguities: { id: option } }`), validated against the register.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { isMutantId, MUTANTS } from '../../reference/mutants.ts';
import { ReferenceServerOptions, type ReferenceServerOptionsInput } from '../../reference/options.ts';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/server.ts';
import { UsageError } from '../config/cli-errors.ts';
import { parseArgv } from '../config/flag-table.ts';
import { SERVE_FLAGS, type ServeArgs } from '../config/serve-flags.ts';
import { parseConfig, readConfigFile, strictMapping } from '../config/config-file.ts';
import { watchAncestors } from './parent-watch.ts';
import { certifyCommandLine, offerLines, serveProfileYaml } from './serve-profile.ts';

/** `--ambiguities FILE`: `{ ambiguities: { <id>: <option> } }`; options are checked by ReferenceServerOptions. */
const AmbiguitiesFile = strictMapping({ ambiguities: z.record(z.string(), z.string()) });
const readAmbiguitiesFile = (path: string): Record<string, string> => parseConfig(AmbiguitiesFile, readConfigFile(path, 'ambiguities file'), path).ambiguities;

/**
 * The checked flags (config/serve-flags.ts) as the server's options: the ambiguities file read,
 * the --ambiguity pairs over it, and the whole checked once more by the server's own schema (a
 * file's choices are not flags). A bad file is a configuration error: one line, exit 2.
 */
export function serveOptions(args: ServeArgs): ReferenceServerOptionsInput {
  const ambiguities: Record<string, string> = args.ambiguitiesFile !== undefined ? readAmbiguitiesFile(args.ambiguitiesFile) : {};
  for (const [id, option] of args.ambiguity) ambiguities[id] = option;
  const input: ReferenceServerOptionsInput = {
    ...(args.host !== undefined ? { host: args.host } : {}),
    ...(args.port !== undefined ? { port: args.port } : {}),
    ...(args.managerKey !== undefined ? { managerKey: args.managerKey } : {}),
    ...(args.accountKey !== undefined ? { accountKey: args.accountKey } : {}),
    ...(args.rateLimit !== undefined ? { rateLimit: args.rateLimit } : {}),
    ...(args.restrictedAllowList !== undefined ? { restrictedAllowList: args.restrictedAllowList } : {}),
    allowLoopbackWebhooks: args.allowLoopbackWebhooks,
    testClock: args.testClock,
    ambiguities,
    ...(args.personality !== undefined ? { personality: args.personality } : {}),
    ...(args.eventRetryScheduleSeconds !== undefined ? { eventRetryScheduleSeconds: args.eventRetryScheduleSeconds } : {}),
    ...(args.mutant !== undefined ? { mutant: args.mutant } : {}),
  };
  const checked = ReferenceServerOptions.safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new UsageError(`${issue.path.join('.') || 'options'}: ${issue.message}`);
  }
  return input;
}

/** The command line's flags as the server's options (harness/cli.ts runs the same parse before loading this module). */
export function parseServeArgs(argv: readonly string[]): ReferenceServerOptionsInput {
  return serveOptions(parseArgv(SERVE_FLAGS, argv, {}, { mutant: isMutantId }));
}

/** `serve --list-mutants`: the faults --mutant injects, one line each (the installed package ships no sources to read them in). */
export function mutantListText(): string {
  const width = Math.max(...MUTANTS.map((m) => m.id.length)) + 2;
  return MUTANTS.map((m) => `${m.id.padEnd(width)}§${m.section} ${m.requirement}: ${m.description}`).join('\n');
}

/**
 * `--write-profile FILE`: the profile of what the started server offers (serve-profile.ts). A file
 * that cannot be written stops the server: the user asked for the profile, and would certify without it.
 */
function writeServeProfile(server: RunningReferenceServer, file: string): string {
  try {
    writeFileSync(file, serveProfileYaml(server, file));
  } catch (e) {
    void server.close();
    throw new UsageError(`cannot write ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return file;
}

/**
 * The server started, or a usage error (one line, exit 2) when the system refuses its address: a
 * port in use or not allowed is the user's to change (--port, --host), not a fault of the kit.
 */
async function listening(options: ReferenceServerOptionsInput): Promise<RunningReferenceServer> {
  try {
    return await startReferenceServer(options);
  } catch (e) {
    const facts = e as NodeJS.ErrnoException;
    if (facts.syscall === 'listen' || facts.code === 'EADDRINUSE' || facts.code === 'EACCES' || facts.code === 'EADDRNOTAVAIL')
      throw new UsageError(facts.message);
    throw e;
  }
}

/** `messaging-conformance serve ...`, its flags checked (cli.ts): the server runs until a signal or its starter's end. */
export async function serve(args: ServeArgs): Promise<void> {
  if (args.listMutants) {
    process.stdout.write(`${mutantListText()}\n`);
    return;
  }
  const server = await listening(serveOptions(args));
  const written = args.writeProfile !== undefined ? writeServeProfile(server, args.writeProfile) : undefined;
  process.stdout.write(
    [
      `reference server listening on ${server.baseUrl} (${server.options.personality} personality)`,
      `manager key:    ${server.keys.manager}`,
      `account key:    ${server.keys.account}`,
      `restricted key: ${server.keys.restricted} (IP allow-list excludes this machine: auth_04)`,
      server.options.testClock ? 'test hooks: POST /__test/clock/advance {"seconds": N}, POST /__test/reply' : 'test hooks: off',
      ...offerLines(server),
      written !== undefined
        ? `profile written to ${written}; certify everything it declares with:\n  ${certifyCommandLine(server, written)}`
        : 'write them as a profile for certify --profile with --write-profile FILE',
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
