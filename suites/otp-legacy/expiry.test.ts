/**
 * 7.2 verification_02, _25 and validation_02, and the default lifetime of 8: what a resend, a send
 * and a verify meet once a code's expiration_date has passed, each wait derived from the
 * near-future expiration_date the test asked for (support/otp-legacy-expiry.ts); the waits overlap
 * where one test's wait ages nothing of another's.
 *
 * Legacy OTP sends are never sandbox (4.5 has no sandbox field): against a target other than the
 * embedded one they are charged, hence `needs: ['real-delivery']` on every test that sends
 * (support/otp-legacy-sends.ts).
 */
import { describe } from 'vitest';
import { req, useTarget } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { expectDefaultExpiry, expectResendAfterExpiry, expectSendAfterExpiry, expectVerifyAroundExpiry } from '../support/otp-legacy-expiry.ts';
import { heldNumbers } from '../support/otp-legacy-held-numbers.ts';
import { SENDS } from '../support/otp-legacy-sends.ts';

const t = useTarget();
const { onNumbers } = heldNumbers(t);

const EXPIRY = limitById('otp-legacy-expiry');

/**
 * Real waits overlap (concurrent tests), and so do virtual ones where each test has a clock of its
 * own. A virtual clock shared by every test must not: a test advancing it would age a sibling's
 * near-future expiration between its computation and its send, so there the expiry tests run one
 * after the other (each wait is instant anyway).
 */
const OVERLAP_WAITS = t.clock.waitsMayOverlap;

// ---- Expiry (7.2, 8): near-future expiration dates, overlapping waits; support/otp-legacy-expiry.ts

describe('expiry (7.2 verification_02, _25, validation_02; 8)', () => {
  req(
    ['err:verification_02', 'op:otp-legacy/resend'],
    'a resend after the code expired answers verification_02 (or _25, per the profile)',
    onNumbers(1, async (n) => expectResendAfterExpiry(t, await n.fresh())),
    { ...SENDS, concurrent: OVERLAP_WAITS },
  );

  req(
    ['err:verification_25'],
    'a send after the code expired without validation answers verification_25 (or _02, per the profile)',
    onNumbers(1, async (n) => expectSendAfterExpiry(t, await n.fresh())),
    { ...SENDS, concurrent: OVERLAP_WAITS },
  );

  req(
    ['err:validation_02', 'limit:otp-legacy-expiry'],
    'the right code before its expiration_date is accepted, after it answers validation_02',
    onNumbers(2, async (n) => expectVerifyAroundExpiry(t, await n.fresh(0), await n.fresh(1))),
    { ...SENDS, concurrent: OVERLAP_WAITS },
  );

  req(
    ['limit:otp-legacy-expiry'],
    `without expiration_date the code lives ${EXPIRY.default} hours (8)`,
    onNumbers(1, async (n) => expectDefaultExpiry(t, await n.fresh())),
    { needs: ['real-delivery', 'test-clock'] },
  );
});
