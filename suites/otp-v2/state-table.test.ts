/**
 * The state table of 3.1 (schemas/otp-v2-transitions.ts): every row reached through the API without
 * waiting is one test (its scenario in support/otp-v2-rows.ts); the rows reached by waiting are in
 * waits.test.ts.
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
 * As in the area's files whose tests wait: concurrent where one test's waits age nothing of another's
 * (real time, a clock per test); the tests here keep their order (describe.sequential).
 */
const CONCURRENT = t.clock.waitsMayOverlap;

describe('3.1 and 4.4: what needs no waiting', { concurrent: CONCURRENT }, () => {
  describe.sequential('3.1 state table (rows reached without waiting)', () => {
    for (const row of OTP_V2_TRANSITIONS) if (!ROW_SCENARIOS[row.id].waits) rowTest(t, d, row);
  });
});
