/**
 * Parent side of a server run in its own process for a benchmark: the load generator (autocannon)
 * stays in the benchmark's process, so that client and server never share an event loop and the
 * server's numbers are its own. The child reports readiness and, on request, its memory over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What a server child sends once it listens. */
export interface ReadyMessage {
  type: 'ready';
  baseUrl: string;
  /** The reference server's normal account and a contact list of it (absent on the bare server). */
  apiKey?: string;
  listKey?: string;
}

/** A memory sample, taken after a full GC when the child runs with --expose-gc. */
export interface MemoryMessage {
  type: 'memory';
  rss: number;
  heapUsed: number;
  gcRan: boolean;
}

type ChildMessage = ReadyMessage | MemoryMessage;
interface MemoryRequest {
  type: 'memory';
}

export interface ServerProcess {
  ready: ReadyMessage;
  memory(): Promise<MemoryMessage>;
  stop(): Promise<void>;
}

const isChildMessage = (m: unknown): m is ChildMessage => typeof m === 'object' && m !== null && 'type' in m && (m.type === 'ready' || m.type === 'memory');

function nextMessage<T extends ChildMessage['type']>(child: ChildProcess, type: T, timeoutMs: number): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => done(new Error(`no "${type}" message from the server process within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (m: unknown) => {
      if (isChildMessage(m) && m.type === type) done(undefined, m as Extract<ChildMessage, { type: T }>);
    };
    const onExit = (code: number | null) => done(new Error(`the server process exited (code ${code}) before sending "${type}"`));
    function done(error: Error | undefined, message?: Extract<ChildMessage, { type: T }>) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolvePromise(message!);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Kills `child` (SIGTERM, then SIGKILL after `graceMs`) and waits for it to be gone. */
export function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}

/** Forks `script` (a .ts file under test/bench) through tsx and waits for its "ready" message. */
export async function startServerProcess(script: string, options: { exposeGc?: boolean } = {}): Promise<ServerProcess> {
  const child = fork(resolve(PROJECT_ROOT, 'test', 'bench', script), [], {
    cwd: PROJECT_ROOT,
    execArgv: ['--import', 'tsx', ...(options.exposeGc ? ['--expose-gc'] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await nextMessage(child, 'ready', 30_000);
    return {
      ready,
      memory() {
        const reply = nextMessage(child, 'memory', 30_000);
        const request: MemoryRequest = { type: 'memory' };
        child.send(request);
        return reply;
      },
      stop: () => stopProcess(child),
    };
  } catch (e) {
    await stopProcess(child);
    throw e;
  }
}

/** Child side: answers memory requests (GC first when exposed) and exits with its parent. */
export function serveMemoryRequests(): void {
  process.on('message', (m: unknown) => {
    if (typeof m !== 'object' || m === null || !('type' in m) || m.type !== 'memory') return;
    // Two passes: the first may only schedule finalisers whose memory the second reclaims.
    globalThis.gc?.();
    globalThis.gc?.();
    const usage = process.memoryUsage();
    const reply: MemoryMessage = { type: 'memory', rss: usage.rss, heapUsed: usage.heapUsed, gcRan: globalThis.gc !== undefined };
    process.send?.(reply);
  });
  // An interrupted benchmark must not leave servers behind.
  process.on('disconnect', () => process.exit(0));
}
