/**
 * Phone numbers in a clean state, for the tests whose subject is the state the target keeps per
 * number (3.1 for /v2/otp). The legacy set (/otp/*, 7.2) asks the kit for the state it needs
 * instead (harness/kit/otp-legacy-numbers.ts): its reset may restart rather than clear (4.5).
 *
 * On the embedded target any number may be charged, so every use gets a number never used before
 * (t.phone()). On a real target only the profile's phoneNumbers may be charged (cost safety, 5.2),
 * and they are few, so:
 *  - a test holds the numbers it needs for its whole length, one test at a time per number across
 *    the run's workers (harness/kit/phone-number-locks.ts), so that no other test's sends interleave;
 *  - every use of a held number first resets it through the documented API (`reset`: DELETE
 *    /v2/otp, 3.1 "any → none"), so that what an earlier test or run left (a code pending, a number
 *    verified) is gone;
 *  - a test that needs more numbers at once than the profile has, or that cannot get them within
 *    the wait, is skipped with that reason (never a failure).
 */
import { holdNumbers, SkipTest, type Target } from '../../harness/kit/index.ts';

/** Puts one number back to a clean state through the documented API (throws SkipTest when it cannot). */
export type ResetNumber = (phone: string) => Promise<void>;

export interface CleanNumbers {
  /**
   * A number in a clean state: the `index`-th held number, reset just now (a real target), or a
   * number never used before (the embedded target). Two calls may give the same number, reset
   * again: a test keeps what it got while it needs that number's state.
   */
  fresh(index?: number): Promise<string>;
}

/**
 * How long a test waits for its numbers. Tests hold them for a few calls (a legacy OTP expiry test,
 * the longest, about 6 s), so a longer wait means numbers held by something stuck: skip.
 */
const HOLD_WAIT_MS = 45_000;

export async function withCleanNumbers<T>(t: Target, need: { count: number; reset: ResetNumber }, body: (numbers: CleanNumbers) => Promise<T>): Promise<T> {
  if (t.config.embedded) return body({ fresh: async () => t.phone() });
  const profileNumbers = t.config.profile.phoneNumbers;
  if (profileNumbers.length < need.count)
    throw new SkipTest(
      `too few phone numbers: this test needs ${need.count} numbers in a clean state at once, the profile ` +
        `has ${profileNumbers.length} (phoneNumbers); real sends may only go to the profile's numbers`,
    );
  const held = await holdNumbers({ outDir: t.config.outDir, runId: t.config.runId, candidates: profileNumbers, count: need.count, waitMs: HOLD_WAIT_MS });
  if (!held)
    throw new SkipTest(
      `too few phone numbers: ${need.count} of the profile's ${profileNumbers.length} (phoneNumbers) were held ` +
        `by other tests for ${HOLD_WAIT_MS / 1000} s; a number in a clean state is used by one test at a time`,
    );
  try {
    return await body({
      fresh: async (index = 0) => {
        const phone = held.numbers[index];
        if (phone === undefined) throw new Error(`fresh(${index}): the test holds ${held.numbers.length} number(s); ask withCleanNumbers for more`);
        await need.reset(phone);
        return phone;
      },
    });
  } finally {
    held.release();
  }
}
