/**
 * `serve` stops with whoever started it. `npx messaging-conformance serve &` runs the server under
 * npm and a shell; a CI script's `kill $!` ends npm, which neither forwards the signal nor waits,
 * and the server would go on listening on its port for the rest of the job. So the server watches
 * the processes above it (on Linux every ancestor up to init, read from /proc; elsewhere its
 * parent) and stops when any of them is gone.
 */
import { readFileSync } from 'node:fs';

/** The parent PID of `pid` from /proc (Linux); undefined where /proc cannot tell. */
function parentOf(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** This process's ancestors, nearest first, init (PID 1) excluded. */
function ancestors(): number[] {
  const chain: number[] = [];
  for (let pid: number | undefined = process.ppid; pid !== undefined && pid > 1 && chain.length < 64; pid = parentOf(pid)) chain.push(pid);
  return chain;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Calls `onGone` once when the parent changes or an ancestor is gone; returns a stop function. */
export function watchAncestors(onGone: (why: string) => void, intervalMs = 500): () => void {
  const parent = process.ppid;
  const watched = ancestors();
  const timer = setInterval(() => {
    const gone = process.ppid !== parent ? parent : watched.find((pid) => !alive(pid));
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(`process ${gone}, which started it, is gone`);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
