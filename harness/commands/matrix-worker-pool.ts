/**
 * The kill matrix's certify processes (matrix-worker.ts), kept warm: a run is handed to an idle
 * one, or to a new one when none is idle. A process that passes the run's time limit is killed
 * (the run is reported as timed out), one that ends by itself is replaced at the next run, and each
 * is retired after RUNS_PER_PROCESS runs so that what a process keeps between runs stays small.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../config/project-paths.ts';
import type { MatrixJobResult } from './matrix-worker.ts';

const WORKER = join(PROJECT_ROOT, 'harness', 'commands', 'matrix-worker.ts');
/** Runs a process certifies before it is retired (vitest and the reference server start afresh each run; the module caches stay). */
const RUNS_PER_PROCESS = 40;

/** How a run handed to a warm process ended: certify's exit code (null when it was killed), its output, its first stderr line. */
export interface PooledRun {
  exitCode: number | null;
  timedOut: boolean;
  log: string;
  stderr: string;
}

interface Worker {
  child: ChildProcess;
  runs: number;
  /** Output of the process outside the run's own lines (vitest's warnings, a crash), added to the current run's log. */
  stray: string;
  exited: boolean;
}

export class MatrixWorkerPool {
  private readonly idle: Worker[] = [];
  private readonly live = new Set<Worker>();

  private start(): Worker {
    const child = fork(WORKER, [], {
      cwd: PROJECT_ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const worker: Worker = { child, runs: 0, stray: '', exited: false };
    child.stdout!.on('data', (chunk: Buffer) => (worker.stray += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (worker.stray += chunk.toString()));
    child.on('exit', () => {
      worker.exited = true;
      this.live.delete(worker);
    });
    this.live.add(worker);
    return worker;
  }

  private release(worker: Worker): void {
    if (worker.exited || !worker.child.connected) return;
    if (worker.runs >= RUNS_PER_PROCESS) worker.child.disconnect();
    else this.idle.push(worker);
  }

  /** One `certify ARGV` in a warm process, narrowed to `files` when given (MatrixJob); killed past `timeoutSeconds`. */
  async run(argv: readonly string[], timeoutSeconds: number, files?: readonly string[]): Promise<PooledRun> {
    let worker = this.idle.pop();
    while (worker !== undefined && (worker.exited || !worker.child.connected)) worker = this.idle.pop();
    worker ??= this.start();
    worker.runs += 1;
    worker.stray = '';
    const current = worker;
    const result = await new Promise<PooledRun>((done) => {
      const timer = setTimeout(() => {
        current.child.kill('SIGKILL');
        finish({ exitCode: null, timedOut: true, log: current.stray, stderr: '' });
      }, timeoutSeconds * 1000);
      const onMessage = (message: unknown) => {
        const answer = message as MatrixJobResult;
        // A run cut short ends its process once answered (matrix-worker.ts): it takes no other run.
        if (answer.ending) current.runs = RUNS_PER_PROCESS;
        finish({ exitCode: answer.exitCode, timedOut: false, log: `${answer.log}${current.stray}`, stderr: answer.stderr });
      };
      const onExit = (code: number | null) => {
        const firstError = current.stray.split('\n').find((l) => l.trim() !== '') ?? '';
        finish({ exitCode: code ?? null, timedOut: false, log: current.stray, stderr: `(the certify process ended during the run) ${firstError}` });
      };
      const finish = (outcome: PooledRun) => {
        clearTimeout(timer);
        current.child.off('message', onMessage);
        current.child.off('exit', onExit);
        done(outcome);
      };
      current.child.on('message', onMessage);
      current.child.on('exit', onExit);
      current.child.send(files ? { argv: [...argv], files: [...files] } : { argv: [...argv] });
    });
    this.release(current);
    return result;
  }

  /** Ends every process (each ends when its channel closes). */
  close(): void {
    for (const worker of this.live) if (worker.child.connected) worker.child.disconnect();
    this.idle.length = 0;
  }
}
