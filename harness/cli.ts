/**
 * The messaging-conformance command line. Every usage or configuration error is one line on
 * stderr and exit code 2; a fault of the kit itself is "internal error" with its stack trace and
 * exit code 70 (commands/cli-failure.ts).
 *
 * Fast where nothing runs: --help, a command's --help and every usage error of a command's flags
 * (an unknown flag, a bad value, a bad combination) are answered from the flag tables
 * (config/*-flags.ts) before any command module is imported, so neither vitest, the reference
 * server nor the harness behind them is loaded (test/cli-fast-paths.test.ts records the modules).
 * The command then runs with the arguments already checked. (--version is answered earlier
 * still, by bin/messaging-conformance.js.)
 */
import { UsageError } from './config/cli-errors.ts';
import { CERTIFY_FLAGS } from './config/certify-flags.ts';
import { DISCOVER_FLAGS } from './config/discover-flags.ts';
import { cataloguesNeeded, parseArgv, type CommandFlags, type FlagTable } from './config/flag-table.ts';
import { SERVE_FLAGS } from './config/serve-flags.ts';
import { exitOnFailure } from './commands/cli-failure.ts';
import { CLI_COMMANDS, commandHelpText, packageVersion, programHelpText } from './commands/cli-help.ts';
import { loadCatalogues } from './flag-catalogues.ts';

const COMMAND_NAMES = CLI_COMMANDS.map((c) => c.command).join(', ');

/** A command's flags checked against its table, with the catalogues its given flags need. */
async function checked<T extends FlagTable>(command: CommandFlags<T>, argv: readonly string[]) {
  return parseArgv(command, argv, process.env, await loadCatalogues(cataloguesNeeded(command, argv)));
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(`${programHelpText()}\n`);
      return;
    case '--version':
    case '-v':
      process.stdout.write(`${packageVersion()}\n`);
      return;
  }
  const table = CLI_COMMANDS.find((c) => c.command === command);
  if (table === undefined)
    throw new UsageError(command ? `unknown command "${command}" (try: ${COMMAND_NAMES})` : `a command is required (try: ${COMMAND_NAMES})`);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${commandHelpText(table)}\n`);
    return;
  }
  switch (command) {
    case 'certify': {
      const args = await checked(CERTIFY_FLAGS, rest);
      process.exitCode = await (await import('./commands/certify-command.ts')).certify(args);
      return;
    }
    case 'discover': {
      const args = await checked(DISCOVER_FLAGS, rest);
      process.exitCode = await (await import('./commands/discover-command.ts')).discover(args);
      return;
    }
    case 'serve': {
      const args = await checked(SERVE_FLAGS, rest);
      return (await import('./commands/serve-command.ts')).serve(args);
    }
  }
}

main(process.argv.slice(2)).catch(exitOnFailure);
