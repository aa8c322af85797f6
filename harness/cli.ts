/**
 * The messaging-conformance command line. Every usage or configuration error is one line on
 * stderr and exit code 2.
 */
import { exitWithUsageError, UsageError } from './cli-errors.ts';
import { certify, CERTIFY_USAGE } from './certify-command.ts';
import { discover, DISCOVER_USAGE } from './discover-command.ts';
import { serve, SERVE_USAGE } from './serve-command.ts';

const USAGE = `usage: messaging-conformance <command> [flags]
commands:
  certify   certify a target (the embedded reference server by default)
  discover  probe a target and write the profile it matches
  serve     start the reference server
${CERTIFY_USAGE}
${DISCOVER_USAGE}
${SERVE_USAGE}`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
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
      process.stdout.write(`${USAGE}\n`);
      return;
    default:
      throw new UsageError(command ? `unknown command "${command}" (try: certify, discover, serve)` : 'a command is required (try: certify, discover, serve)');
  }
}

main(process.argv.slice(2)).catch(exitWithUsageError);
