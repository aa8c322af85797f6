/** What the bare benchmark servers share: the hello they answer and the child-process protocol. */
import { serveMemoryRequests, type ReadyMessage } from './server-process.ts';

export const HELLO = { success: true, message: 'hello' } as const;

/** Tells the parent the server listens at `baseUrl`; SIGTERM closes it and exits. */
export function announceReady(baseUrl: string, close: () => void): void {
  serveMemoryRequests();
  process.once('SIGTERM', () => {
    close();
    process.exit(0);
  });
  const ready: ReadyMessage = { type: 'ready', baseUrl };
  process.send?.(ready);
}
