/**
 * `npm run docs:cli`: docs/cli.md's flag tables written from the flag tables themselves (the same
 * render as `--help`, cli-help.ts), each between its markers; the prose around them is kept.
 * `--check` writes nothing and exits 1 when the file differs, naming the tables that do
 * (test/cli-help.test.ts checks the same in `npm test`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../config/project-paths.ts';
import { DOCUMENTED_COMMANDS, flagMarkers, flagReferenceMarkdown } from './cli-help.ts';

export const CLI_DOC_PATH = join(PACKAGE_ROOT, 'docs', 'cli.md');

/** `doc` with each command's table between its markers; throws when a command's markers are missing. */
export function withFlagTables(doc: string): string {
  let text = doc;
  for (const command of DOCUMENTED_COMMANDS) {
    const { start, end } = flagMarkers(command.command);
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/cli.md has no ${start} ... ${end} for the flags of ${command.command}`);
    text = `${text.slice(0, from + start.length)}\n${flagReferenceMarkdown(command)}\n${text.slice(to)}`;
  }
  return text;
}

function main(argv: readonly string[]): number {
  const current = readFileSync(CLI_DOC_PATH, 'utf8');
  const wanted = withFlagTables(current);
  if (argv.includes('--check')) {
    if (wanted === current) return 0;
    process.stderr.write('docs/cli.md: its flag tables differ from the flag tables of harness/config; run `npm run docs:cli`\n');
    return 1;
  }
  if (wanted !== current) writeFileSync(CLI_DOC_PATH, wanted);
  process.stdout.write(wanted === current ? 'docs/cli.md: up to date\n' : 'docs/cli.md: flag tables written\n');
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
