/**
 * The `--help` texts of the commands: every flag with what it does, its default and the
 * environment variable that stands for it. Kept apart from the parsers (the *-command.ts files)
 * so that a help line can change without touching how a flag is read; test/cli-help.test.ts checks
 * that each parser's flags and this module's list are the same set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS } from '../../schemas/areas.ts';
import { PERSONALITIES } from '../../schemas/latitudes.ts';
import { PACKAGE_ROOT } from '../config/project-paths.ts';
import { DEFAULT_SEED } from '../config/run-seed.ts';

export interface FlagHelp {
  /** As typed, with its value's placeholder: `--target URL`. */
  flag: string;
  does: string;
  default: string;
  env?: string;
}

export interface CommandHelp {
  name: string;
  synopsis: string;
  flags: readonly FlagHelp[];
}

export const CERTIFY_HELP: CommandHelp = {
  name: 'certify',
  synopsis: 'certify a target against the document and write the reports (exit 0 passed, 1 failed, 2 usage or configuration error)',
  flags: [
    { flag: '--target URL', does: 'base URL (http or https) of the target to certify', default: 'the embedded reference server, started in this process', env: 'MC_TARGET' },
    { flag: '--api-key KEY', does: "key of the target's account under test (required with --target)", default: 'none', env: 'MC_API_KEY' },
    { flag: '--manager-key KEY', does: 'key of a manager account: each suite file works in a fresh subaccount, files run in parallel', default: 'none: files run one after the other in the account', env: 'MC_MANAGER_KEY' },
    { flag: '--profile FILE', does: "the target's profile (YAML or JSON): ambiguity options, capabilities, phone numbers, pacing; `discover` writes one", default: "the default profile (the embedded server's own without --target)", env: 'MC_PROFILE' },
    { flag: '--out DIR', does: 'folder of the reports: summary.md, summary.json, junit.xml, allure-report/, spec-document.html (the document coloured by the run)', default: 'reports' },
    { flag: '--only AREA[,AREA...]', does: `only the suite files of these areas (${AREAS.map((a) => a.id).join(', ')})`, default: 'every area' },
    { flag: '--webhook-public-url URL', does: "public URL in front of this machine's webhook receiver, for a target that cannot reach it", default: 'none: the receiver listens on loopback' },
    { flag: '--allow-charges', does: "let sends that may be charged go to the profile's phone numbers", default: 'off (always on for the embedded server)' },
    { flag: '--max-credits N', does: 'stop the run once the credits consumed reach N', default: 'no limit' },
    { flag: '--expected-failures FILE', does: 'known deviations (requirement ids or test names, with reasons); one that passes fails the run', default: 'none' },
    { flag: '--real-time', does: 'certify the embedded server without its test clock: every wait is real', default: 'off (test clock)' },
    { flag: '--no-html', does: 'skip the Allure HTML report (allure-results/ is still written)', default: 'the report is written' },
    { flag: '--requirements ID[,ID...]', does: 'only the tests that name one of these requirement ids', default: 'every test' },
    { flag: '--mutant ID', does: 'inject one fault of the mutant registry into the embedded server (the kill matrix)', default: 'none' },
    { flag: `--personality ${PERSONALITIES.join('|')}`, does: "the embedded server's choice at every open point of the document", default: 'default' },
    { flag: '--strict', does: 'warnings (failed SHOULD statements) fail the run too', default: 'off' },
    { flag: '--max-duration SECONDS', does: 'deadline of the whole run: past it the run is cancelled, what did not finish is reported, exit 2', default: '1200 (20 minutes)' },
    { flag: '--seed N', does: 'seed of the random choices that decide what is asserted (fuzzing, the OTP model): the same target and seed give the same verdicts', default: String(DEFAULT_SEED) },
    { flag: '--baseline FILE', does: 'summary.json of an earlier run of the same target: summary.md opens with what newly failed, passed, warned or broke, summary.json has it under baseline', default: 'none' },
    {
      flag: '--fail-on failure|regression',
      does: 'what fails the run (exit 1): any failed or broken test, or with regression only one the --baseline run did not have (a leaked key, a run error, an incomplete run still fail)',
      default: 'failure',
    },
  ],
};

export const DISCOVER_HELP: CommandHelp = {
  name: 'discover',
  synopsis: 'run the safe probes behind the ambiguities and write the profile the target matches, commented, to review',
  flags: [
    { flag: '--target URL', does: 'base URL (http or https) of the target to probe (required)', default: 'none', env: 'MC_TARGET' },
    { flag: '--api-key KEY', does: "key of the target's account (required)", default: 'none', env: 'MC_API_KEY' },
    {
      flag: '--manager-key KEY',
      does: 'key of a manager account, recorded as the manager-key capability; the probes that spend sandbox quota or leave traces then run in subaccounts discover makes and archives',
      default: 'none: those probes run in the account, and the sandbox daily limit and loyalty probes are skipped',
      env: 'MC_MANAGER_KEY',
    },
    { flag: '--sandbox-budget N', does: 'most sandbox sends the sandbox daily limit probe may spend (free, in a subaccount of its own); past it the profile says "at least N"', default: '1001 (the larger option of 8, and one more); 0 skips the probe' },
    { flag: '--write-profile FILE', does: 'where to write the profile (required)', default: 'none' },
  ],
};

export const SERVE_HELP: CommandHelp = {
  name: 'serve',
  synopsis:
    'start the reference server and print its base URL and keys (Ctrl-C stops it). In CI: `npx messaging-conformance serve --port 8080 &` then `kill $!` when done: the server also stops when npx, npm or the shell that started it is gone',
  flags: [
    { flag: '--host H', does: 'address to listen on', default: '127.0.0.1' },
    { flag: '--port N', does: 'port to listen on (0: any free port)', default: '0' },
    { flag: '--manager-key K', does: 'key of the seeded manager account (at least 8 characters)', default: 'random' },
    { flag: '--account-key K', does: 'key of the seeded normal account (at least 8 characters)', default: 'random' },
    { flag: '--allow-loopback-webhooks', does: 'let a webhook receiver on this machine register (the document forbids local hosts)', default: 'off' },
    { flag: '--test-clock', does: 'test hooks under /__test: a virtual clock per domain and simulated replies', default: 'off: nothing beyond the documented API' },
    { flag: '--rate-limit N', does: 'requests per second per key; 0 lifts the limit', default: '100' },
    { flag: '--restricted-allow-list IP[,IP...]', does: "the IP allow-list of the third seeded account (one that excludes this machine)", default: '192.0.2.1' },
    { flag: '--ambiguity ID=OPTION', does: 'the option taken on one ambiguity of the register (repeatable)', default: "the register's default, or the personality's" },
    { flag: '--ambiguities FILE', does: 'ambiguity options from a file, JSON or YAML: {ambiguities: {ID: OPTION}}', default: 'none' },
    { flag: '--mutant ID', does: 'inject one fault of the mutant registry', default: 'none' },
    { flag: '--list-mutants', does: 'print the id, section, requirement and description of every fault --mutant takes, and exit', default: 'off' },
    { flag: `--personality ${PERSONALITIES.join('|')}`, does: 'the choice made at every open point of the document', default: 'default' },
    {
      flag: '--event-retry-schedule S[,S...]',
      does: 'seconds before each successive retry of an event not answered 200, the last repeating (6.3 gives no schedule; 10,30,60 retries as slowly as a real server)',
      default: '1 s between retries',
    },
  ],
};

const COMMON_FLAGS: readonly FlagHelp[] = [{ flag: '--help, -h', does: 'print this help', default: '' }];

/** One command's help: the synopsis, then each flag with what it does and, below, its default and variable. */
export function commandHelpText(command: CommandHelp): string {
  const all = [...command.flags, ...COMMON_FLAGS];
  const width = Math.max(...all.map((f) => f.flag.length)) + 2;
  const lines = [`usage: messaging-conformance ${command.name} [flags]`, `  ${command.synopsis}`, '', 'flags:'];
  for (const f of all) {
    lines.push(`  ${f.flag.padEnd(width)}${f.does}`);
    const facts = [f.default ? `default: ${f.default}` : '', f.env ? `env: ${f.env}` : ''].filter(Boolean).join('; ');
    if (facts) lines.push(`  ${''.padEnd(width)}${facts}`);
  }
  return lines.join('\n');
}

/** `messaging-conformance --help`: the commands, then how to reach each one's flags. */
export function programHelpText(): string {
  return [
    'usage: messaging-conformance <command> [flags]',
    '',
    'commands:',
    ...[CERTIFY_HELP, DISCOVER_HELP, SERVE_HELP].map((c) => `  ${c.name.padEnd(10)}${c.synopsis}`),
    '',
    'flags:',
    '  --help, -h     print this help; `messaging-conformance <command> --help` lists the flags of a command',
    '  --version, -v  print the version of the package',
  ].join('\n');
}

/** The version of package.json: the checkout's, or the installed package's. */
export function packageVersion(): string {
  const data: unknown = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'));
  const version = typeof data === 'object' && data !== null && 'version' in data ? data.version : undefined;
  if (typeof version !== 'string') throw new Error(`no version in ${join(PACKAGE_ROOT, 'package.json')}`);
  return version;
}
