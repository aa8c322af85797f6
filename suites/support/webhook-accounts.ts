/**
 * Accounts for the webhook and event suites. An account has one webhook (1, 3.2, 6: "the
 * account's single webhook URL"), so two tests that register webhooks at the same time must not
 * share an account. Tests that mostly wait (real-time quiet windows, retries, the 5 s verification
 * timeout of 4.14) run concurrently, each in an account of its own: a fresh subaccount when the
 * run has the manager key (4.11), otherwise the file's account, taken in turn.
 */
import type { Target } from '../../harness/kit/index.ts';
import { clearWebhook } from './webhook-ops.ts';

/**
 * Credits given per planned send to a test's own subaccount. The price of a message is the
 * target's (not stated by the document); this is a generous allowance, and what is left goes back
 * to the manager when the subaccount is archived (harness/kit/target.ts).
 */
const CREDITS_PER_SEND = 5;

const turns = new WeakMap<Target, Promise<void>>();

/**
 * Runs `body` with an account key no other running test uses. `sends` is the number of real
 * (charged) sends the test makes. The account's webhook is deleted afterwards.
 */
export async function withOwnAccount<T>(t: Target, sends: number, body: (key: string) => Promise<T>): Promise<T> {
  if (t.managerKey !== undefined) {
    const sub = await t.newSubaccount(sends * CREDITS_PER_SEND);
    // Registered after the subaccount's own cleanup, so it runs before the archive (LIFO).
    t.onCleanup(() => clearWebhook(t, sub.key));
    return body(sub.key);
  }
  // No manager key: one account for the whole file; tests take it in turn.
  const previous = turns.get(t) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  turns.set(
    t,
    previous.then(() => mine),
  );
  await previous;
  try {
    return await body(t.key);
  } finally {
    // The next test takes the account without this webhook. A delete that failed must not hide the test's own outcome,
    // nor be lost: it is handed to the file's teardown, which reports it as a failed cleanup naming what was left.
    await clearWebhook(t, t.key).catch((error: unknown) => t.onCleanup(() => Promise.reject(error)));
    release();
  }
}
