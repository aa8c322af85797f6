/**
 * The rows of the state table of 3.1 reached by waiting (the 30 s cooldown of 8, expiries): one test
 * each (support/otp-v2-rows.ts), concurrent where one test's waits age nothing of another's. Starts
 * first in a run (harness/run/suite-schedule.ts).
 */
import { describe } from 'vitest';
import { useTarget } from '../../harness/kit/index.ts';
import { OTP_V2_TRANSITIONS } from '../../schemas/otp-v2-transitions.ts';
import { OtpDriver } from '../support/otp-v2-driver.ts';
import { rowTest } from '../support/otp-v2-row-test.ts';
import { ROW_SCENARIOS } from '../support/otp-v2-rows.ts';

const t = useTarget();
const d = new OtpDriver(t);
/**
 * Waiting tests overlap where one test's waits age nothing of another's: in real time, and with a
 * clock per test. On a test clock shared by all they run one by one (waits are instant there).
 */
const CONCURRENT = t.clock.waitsMayOverlap;

describe('waits: cooldown and expiry (concurrent unless the test clock is shared)', { concurrent: CONCURRENT }, () => {
  // Longest first: vitest starts a file's concurrent tests in the order they are declared, a bounded
  // number at once (maxConcurrency, harness/run/run-suites.ts), so the longest waits begin first.
  for (const row of OTP_V2_TRANSITIONS) if (ROW_SCENARIOS[row.id].waits && row.trigger === 'create' && row.state === 'pending') rowTest(t, d, row);
  for (const row of OTP_V2_TRANSITIONS) if (ROW_SCENARIOS[row.id].waits && !(row.trigger === 'create' && row.state === 'pending')) rowTest(t, d, row);
});
