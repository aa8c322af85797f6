/**
 * Errors that are no verdict on what a check looks at: the kit could not talk to the target
 * (transport/transport-error.ts), the test could not decide (inconclusive.ts), a premise of the
 * test cannot be met (test-skip.ts), the test skipped itself (vitest's context.skip()), or the kit
 * ended it after a check below the fail level already gave its warning or record (test-ended.ts). A check
 * below the fail level (checks.ts) must let them through rather than turn them into a warning or a
 * record: req() ends the test for each its own way (broken, inconclusive, skipped), and a warning
 * would pass a test that learned nothing.
 */
import { isTransportError } from '../transport/transport-error.ts';
import { inconclusiveReasonOf } from './inconclusive.ts';
import { isTestEnded } from './test-ended.ts';
import { skipReasonOf } from './test-skip.ts';

/** A context.skip() of the test body (vitest's PendingError): already a skip. */
export const isVitestSkip = (error: unknown): boolean => error instanceof Error && 'code' in error && error.code === 'VITEST_PENDING';

export const isNonVerdict = (error: unknown): boolean =>
  isVitestSkip(error) || isTransportError(error) || inconclusiveReasonOf(error) !== undefined || skipReasonOf(error) !== undefined || isTestEnded(error);
