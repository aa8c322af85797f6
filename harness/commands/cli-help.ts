/**
 * What the flag tables (config/*-flags.ts) say to a person: each command's `--help`, the program's
 * `--help`, and the markdown flag reference of docs/cli.md (test/cli-help.test.ts checks that the
 * doc holds exactly this render). Nothing here declares a flag: a help line changes in its table.
 *
 * Light, like the tables: harness/cli.ts prints these before loading any command.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CERTIFY_FLAGS } from '../config/certify-flags.ts';
import { DISCOVER_FLAGS } from '../config/discover-flags.ts';
import type { CommandFlags, FlagSpec, FlagTable } from '../config/flag-table.ts';
import { MUTANTS_FLAGS } from '../config/mutants-flags.ts';
import { PACKAGE_ROOT } from '../config/project-paths.ts';
import { SERVE_FLAGS } from '../config/serve-flags.ts';

/** The commands of `messaging-conformance`, in the order of its help. */
export const CLI_COMMANDS = [CERTIFY_FLAGS, DISCOVER_FLAGS, SERVE_FLAGS] as const;
/** Every command with flags, for docs/cli.md: the CLI's, then the kill matrix's (`npm run mutants`). */
export const DOCUMENTED_COMMANDS: readonly CommandFlags<FlagTable>[] = [...CLI_COMMANDS, MUTANTS_FLAGS];

/** What each command's API option is an option of, in docs/cli.md (none for the kill matrix). */
const API_FUNCTION: Readonly<Record<string, string>> = { certify: 'certify()', discover: 'discover()', serve: 'startReferenceServer()' };

type Spec = FlagSpec<never, unknown, unknown>;

/** As typed, with its value's placeholder: `--target URL`. */
const flagLabel = (spec: Spec): string =>
  `--${spec.flag}${spec.kind.placeholder === undefined ? '' : ` ${spec.kind.placeholder}`}${spec.multiple ? ' (repeatable)' : ''}`;

const HELP_FLAG = { label: '--help, -h', help: 'print this help', facts: '' };

/** One command's help: the synopsis, then each flag with what it does and, below, its default and variable. */
export function commandHelpText(command: CommandFlags<FlagTable>): string {
  const rows = [
    ...Object.values(command.flags).map((spec) => ({
      label: flagLabel(spec),
      help: spec.help,
      facts: [`default: ${spec.defaultHelp}`, spec.env ? `env: ${spec.env}` : ''].filter(Boolean).join('; '),
    })),
    HELP_FLAG,
  ];
  const width = Math.max(...rows.map((r) => r.label.length)) + 2;
  const lines = [`usage: ${command.invocation ?? `messaging-conformance ${command.command}`} [flags]`, `  ${command.synopsis}`, '', 'flags:'];
  for (const r of rows) {
    lines.push(`  ${r.label.padEnd(width)}${r.help}`);
    if (r.facts) lines.push(`  ${''.padEnd(width)}${r.facts}`);
  }
  return lines.join('\n');
}

/** `messaging-conformance --help`: the commands, then how to reach each one's flags. */
export function programHelpText(): string {
  return [
    'usage: messaging-conformance <command> [flags]',
    '',
    'commands:',
    ...CLI_COMMANDS.map((c) => `  ${c.command.padEnd(10)}${c.synopsis}`),
    '',
    'flags:',
    '  --help, -h     print this help; `messaging-conformance <command> --help` lists the flags of a command',
    '  --version, -v  print the version of the package',
  ].join('\n');
}

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const code = (text: string): string => `\`${cell(text)}\``;

/** The markdown table of a command's flags, as docs/cli.md holds it between its markers. */
export function flagReferenceMarkdown(command: CommandFlags<FlagTable>): string {
  const api = API_FUNCTION[command.command];
  const head = ['Flag', 'What it does', 'Default', 'Variable', ...(api ? [`${api} option`] : [])];
  const rows = Object.entries(command.flags).map(([option, spec]) => [
    code(flagLabel(spec)),
    cell(spec.help),
    cell(spec.defaultHelp),
    spec.env ? code(spec.env) : '',
    ...(api ? [spec.cliOnly ? '(command line only)' : `${code(option)}: ${code(spec.kind.apiType)}${spec.required ? ' (required)' : ''}`] : []),
  ]);
  const table = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
  // The combination rules, in the words of their errors.
  const rules =
    command.rules.length === 0 ? [] : ['', 'Refused together, each with this one line and exit 2:', '', ...command.rules.map((r) => `- ${r.message}`)];
  return [...table, ...rules].join('\n');
}

/** The markers around a command's table in docs/cli.md. */
export const flagMarkers = (command: string): { start: string; end: string } => ({
  start: `<!-- flags:${command}:start -->`,
  end: `<!-- flags:${command}:end -->`,
});

/** The version of package.json: the checkout's, or the installed package's. */
export function packageVersion(): string {
  const data: unknown = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'));
  const version = typeof data === 'object' && data !== null && 'version' in data ? data.version : undefined;
  if (typeof version !== 'string') throw new Error(`no version in ${join(PACKAGE_ROOT, 'package.json')}`);
  return version;
}
