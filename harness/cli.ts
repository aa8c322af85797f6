/**
 * The messaging-conformance command line. Every usage or configuration error is one line on
 * stderr and exit code 2.
 *
 * Each command is imported when it runs: --help, --version and a mistyped command load only the
 * help text, not the harness, vitest and the reference server behind the commands.
 */
import { exitWithUsageError, UsageError } from './config/cli-errors.ts';
import { CERTIFY_HELP, commandHelpText, DISCOVER_HELP, packageVersion, programHelpText, SERVE_HELP, type CommandHelp } from './commands/cli-help.ts';

const HELP = new Map<string, CommandHelp>([CERTIFY_HELP, DISCOVER_HELP, SERVE_HELP].map((h) => [h.name, h]));

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const help = command === undefined ? undefined : HELP.get(command);
  if (help && (rest.includes('--help') || rest.includes('-h'))) {
    process.stdout.write(`${commandHelpText(help)}\n`);
    return;
  }
  switch (command) {
    case 'certify':
      process.exitCode = await (await import('./commands/certify-command.ts')).certify(rest);
      return;
    case 'discover':
      process.exitCode = await (await import('./commands/discover-command.ts')).discover(rest);
      return;
    case 'serve':
      return (await import('./commands/serve-command.ts')).serve(rest);
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(`${programHelpText()}\n`);
      return;
    case '--version':
    case '-v':
      process.stdout.write(`${packageVersion()}\n`);
      return;
    default:
      throw new UsageError(command ? `unknown command "${command}" (try: certify, discover, serve)` : 'a command is required (try: certify, discover, serve)');
  }
}

main(process.argv.slice(2)).catch(exitWithUsageError);
