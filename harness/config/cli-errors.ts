/**
 * Usage and configuration errors of the CLI: one clear line, exit code 2 (docs/cli.md); any other
 * error that reaches the command line is a fault of the kit (commands/cli-failure.ts).
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
