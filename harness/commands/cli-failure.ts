/**
 * How the command line ends on an error that reached it (harness/cli.ts, `npm run mutants`), told
 * apart by what the person at the terminal can do about it:
 *  - a usage or configuration error (UsageError: a bad flag, a bad value, a file named by a flag
 *    that cannot be read) and a target the kit could not talk to (transport trouble, as a test
 *    that meets it is broken): one line on stderr, exit 2, as docs/cli.md lists;
 *  - anything else is a fault of the kit itself (a bug): "internal error" and its stack trace on
 *    stderr, exit 70 (EX_SOFTWARE of sysexits.h), so that it is reported with where it happened
 *    instead of being read as a mistake of the user's.
 *
 * Light, like the flag tables: a usage error is answered without loading the transport layer
 * (test/cli-fast-paths.test.ts); only a crash or a transport error loads it, to tell them apart
 * and to redact the stack.
 */
import { UsageError } from '../config/cli-errors.ts';

/** A usage or configuration error, or a target the kit could not reach. */
export const USAGE_EXIT_CODE = 2;
/** A fault of the kit itself: EX_SOFTWARE, "an internal software error", in sysexits.h. */
export const INTERNAL_ERROR_EXIT_CODE = 70;

/** What the CLI prints on stderr for `error`, and the code it exits with. */
export interface CliFailure {
  exitCode: number;
  stderr: string;
}

const PROGRAM = 'messaging-conformance';

const firstLine = (text: string): string => text.split('\n')[0]!;

/**
 * The ending for `error`. A crash's stack goes through the redaction of every secret this process
 * has seen (the keys of the run's redactor, those learned from the target): a stack holds the
 * error's message, which may quote what a key was part of.
 */
export async function cliFailureOf(error: unknown): Promise<CliFailure> {
  if (error instanceof UsageError) return { exitCode: USAGE_EXIT_CODE, stderr: `${PROGRAM}: ${firstLine(error.message)}\n` };
  const { transportFailureOf } = await import('../transport/transport-error.ts');
  const { redactKnown } = await import('../transport/redaction.ts');
  const transport = transportFailureOf(error);
  if (transport !== undefined) return { exitCode: USAGE_EXIT_CODE, stderr: `${PROGRAM}: ${redactKnown(transport)}\n` };
  const trace = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : `thrown: ${String(error)}`;
  return {
    exitCode: INTERNAL_ERROR_EXIT_CODE,
    stderr: `${PROGRAM}: internal error (a fault of the kit, not of the flags or the target; please report it with this trace)\n${redactKnown(trace)}\n`,
  };
}

/** Prints the ending for `error` and exits with its code. */
export async function exitOnFailure(error: unknown): Promise<never> {
  let ending: CliFailure;
  try {
    ending = await cliFailureOf(error);
  } catch {
    // Without the redaction the trace could show a key: said, not shown.
    ending = { exitCode: INTERNAL_ERROR_EXIT_CODE, stderr: `${PROGRAM}: internal error (its trace is not shown: it could not be redacted)\n` };
  }
  process.stderr.write(ending.stderr);
  process.exit(ending.exitCode);
}
