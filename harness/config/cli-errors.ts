/** Usage and configuration errors of the CLI: one clear line, exit code 2 (DEVELOPERS.md). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function exitWithUsageError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`messaging-conformance: ${message.split('\n')[0]}\n`);
  process.exit(2);
}
