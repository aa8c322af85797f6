/**
 * The messaging-conformance command line. Every usage or configuration error is one line on
 * stderr and exit code 2.
 */
import { exitWithUsageError, UsageError } from './config/cli-errors.ts';
import { CERTIFY_HELP, commandHelpText, DISCOVER_HELP, packageVersion, programHelpText, SERVE_HELP, type CommandHelp } from './commands/cli-help.ts';
import { certify } from './commands/certify-command.ts';
import { discover } from './commands/discover-command.ts';
import { serve } from './commands/serve-command.ts';

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
      process.exitCode = await certify(rest);
      return;
    case 'discover':
      process.exitCode = await discover(rest);
      return;
    case 'serve':
      return serve(rest);
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
