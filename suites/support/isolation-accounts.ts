/**
 * Helpers of the isolation suite (suites/isolation/, 1, 5.2): the second account whose key acts on
 * a resource of the file's account, and the check that whatever that key is answered is not a
 * server error.
 */
import { expect } from 'vitest';
import { type Answer, judge, type Target } from '../../harness/kit/index.ts';

/**
 * The second account of the suite file whose target is `t`: a fresh subaccount with no credits (it
 * only reads and tries to change), created by the manager key (4.11) each time it is asked for.
 */
export const strangerKeyOf = (t: Target) => async (): Promise<string> => (await t.newSubaccount(0)).key;

/**
 * Whatever another account's key is answered, it is not a server error: the answer to the other key
 * is what these tests judge, and a 5xx (7.1 server_01, among every endpoint's answers) is judged at
 * the level of rule:envelope.no-server-error (a reading, warn); the test goes on to the isolation it proves.
 */
export function expectAnswered(answer: Answer, what: string): void {
  judge('rule:envelope.no-server-error', `${what}: never a server error`, () =>
    expect(answer.status, `HTTP ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500),
  );
}
