/**
 * Watchers of the answers a test gets, for kit code that keeps state across calls it does not make
 * itself (otp-legacy-numbers.ts: the state of a number lent to a test follows every answer the test
 * gets on it, 7.2). Scoped with AsyncLocalStorage like the running test (current-test.ts): tests of
 * a file may run concurrently, and a watcher sees only the calls made inside its own scope.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Answer, ApiRequest } from './target-contract.ts';

export type AnswerWatcher = (operationId: string, request: ApiRequest, answer: Answer) => Promise<void>;

const storage = new AsyncLocalStorage<readonly AnswerWatcher[]>();

/** Runs `body` with `watcher` told of every registry call's answer made inside it (nested scopes add up). */
export const watchAnswers = <T>(watcher: AnswerWatcher, body: () => Promise<T>): Promise<T> => storage.run([...(storage.getStore() ?? []), watcher], body);

/** Tells the watchers of the current scope (target.ts calls it after every registry call). */
export async function noteAnswer(operationId: string, request: ApiRequest, answer: Answer): Promise<void> {
  for (const watcher of storage.getStore() ?? []) await watcher(operationId, request, answer);
}
