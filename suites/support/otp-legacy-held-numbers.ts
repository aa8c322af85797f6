/**
 * How a legacy OTP test (4.5) gets its phone numbers: a test body runs on numbers of its own, each
 * asked for in the state the test needs (per-number state, 7.2 verification_03, _04), through
 * harness/kit/otp-legacy-numbers.ts. New ones on the embedded target; on a real target the
 * profile's, held by one test at a time and brought to that state through documented transitions
 * from the state they are in (or a skip saying why none could be).
 */
import { type LegacyNumbers, type Target, withLegacyNumbers } from '../../harness/kit/index.ts';

type NumbersBody = (numbers: LegacyNumbers) => Promise<void>;

/** The state of a test's first ask: the numbers it holds are those closest to it. */
type FirstAsk = 'no-record' | 'pending-code' | 'verified';

interface HeldNumbers {
  /**
   * A test body on `count` numbers at once: `n.fresh()` a number with no record, `n.pending()` a
   * pending code the kit knows, `n.verified()` a verified number; `first`: the state of the first ask.
   */
  onNumbers(count: number, body: NumbersBody, first?: FirstAsk): () => Promise<void>;
  /** A test body on one number whose first ask is a pending code the kit knows (a resend meets one, 4.5; a verify needs one, 7.2). */
  onPendingCode(body: NumbersBody): () => Promise<void>;
}

/** The test bodies on held numbers of the suite's target `t`. */
export function heldNumbers(t: Target): HeldNumbers {
  const onNumbers =
    (count: number, body: NumbersBody, first: FirstAsk = 'no-record') =>
    (): Promise<void> =>
      withLegacyNumbers(t, count, body, first);
  return { onNumbers, onPendingCode: (body) => onNumbers(1, body, 'pending-code') };
}
