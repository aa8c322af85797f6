/**
 * A process of the kill matrix (mutants-command.ts) that certifies the embedded reference server
 * run after run: each message from the matrix is one `certify` command line, run in this process
 * exactly as `messaging-conformance certify` runs it (runCertification with the same checked flags,
 * the same reports in its --out folder, the same exit code), and answered with that exit code.
 *
 * Why: a certify command started afresh spends most of a focused run (a few tests) loading node,
 * tsx, the harness and the reference server; kept warm, a run costs its vitest start, its tests and
 * its reports. Each run still starts its own embedded server (with its mutant) and its own vitest
 * and workers, so nothing of one run's target or tests reaches the next. A run cut short (deadline)
 * may leave abandoned tests behind: the process answers, then ends, and the matrix starts another.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../config/cli-errors.ts';
import { cliFailureOf } from './cli-failure.ts';
import { runEnding } from './run-ending.ts';
import { closingLines, parseCertifyArgs } from './certify-command.ts';
import { runCertification } from './certification-run.ts';

/** One certify command line (what follows `certify`), and the suite files it is narrowed to (CertificationControl.files). */
export interface MatrixJob {
  argv: string[];
  files?: string[];
}

/** What the command line would have ended with: its exit code, its output and its stderr's lines. */
export interface MatrixJobResult {
  exitCode: number;
  log: string;
  stderr: string;
  /** Whether this process ends after the answer (a run cut short may have left tests running). */
  ending: boolean;
}

export async function certifyOnce(job: MatrixJob): Promise<MatrixJobResult> {
  const lines: string[] = [];
  const say = (line: string): void => {
    lines.push(line);
  };
  // The run owns SIGINT and SIGTERM through this signal (run-suites.ts removes vitest's own handlers, which would end the process).
  const interrupt = new AbortController();
  try {
    const outcome = await runCertification(parseCertifyArgs(job.argv, {}), { say, interrupt: interrupt.signal, ...(job.files ? { files: job.files } : {}) });
    const ending = runEnding(outcome);
    const { exitCode, stderr } = ending;
    lines.push('', closingLines(outcome, ending));
    if (stderr) lines.push(stderr);
    return { exitCode, log: `${lines.join('\n')}\n`, stderr, ending: outcome.incomplete !== undefined };
  } catch (error) {
    // As the command line (cli-failure.ts): a usage error or an unreachable target is one line and exit 2, a fault of
    // the kit "internal error" with its trace and exit 70; the result's stderr is the first line, as a fresh process's.
    const failure = await cliFailureOf(error);
    lines.push(failure.stderr.trimEnd());
    const stderr = failure.stderr.split('\n')[0]!;
    return { exitCode: failure.exitCode, log: `${lines.join('\n')}\n`, stderr, ending: !(error instanceof UsageError) };
  }
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((a) => typeof a === 'string');
const isJob = (value: unknown): value is MatrixJob =>
  typeof value === 'object' &&
  value !== null &&
  isStrings((value as MatrixJob).argv) &&
  ((value as MatrixJob).files === undefined || isStrings((value as MatrixJob).files));

// Started by the matrix with an IPC channel: one job at a time, until the channel closes.
if (process.send !== undefined && process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.on('message', (message: unknown) => {
    if (!isJob(message)) return;
    void certifyOnce(message).then((result) => {
      process.send!(result, () => {
        if (result.ending) process.exit(0);
      });
    });
  });
  process.on('disconnect', () => process.exit(0));
}
