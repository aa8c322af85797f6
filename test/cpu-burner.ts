/**
 * Saturates the machine's cores with busy child processes, as a shared CI runner is saturated by
 * other jobs: one `node` spinning per core (or `count`), each bounded by its own lifetime and
 * stopped by its PID. A verdict that changes under it depended on wall-clock luck.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface CpuBurner {
  readonly pids: readonly number[];
  stop(): Promise<void>;
}

/** Starts `count` spinning processes (default: one per core), each ending itself after `maxSeconds`. */
export function startCpuBurner(maxSeconds: number, count = availableParallelism()): CpuBurner {
  const deadline = Math.max(1, Math.round(maxSeconds)) * 1000;
  // The loop checks its own clock: a burner left behind by a killed test still ends.
  const script = `const end = Date.now() + ${deadline}; let x = 0; while (Date.now() < end) { x = (x * 31 + 7) % 1000003; }`;
  const children: ChildProcess[] = Array.from({ length: count }, () => spawn(process.execPath, ['-e', script], { stdio: 'ignore' }));
  return {
    pids: children.map((c) => c.pid ?? -1),
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
