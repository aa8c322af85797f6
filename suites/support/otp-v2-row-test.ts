/**
 * One test per row of the state table of 3.1 (schemas/otp-v2-transitions.ts), its scenario from
 * otp-v2-rows.ts, for the files of suites/otp-v2/ that declare the rows (state-table.test.ts: the
 * rows reached without waiting; waits.test.ts: those that wait).
 */
import { req, type Target } from '../../harness/kit/index.ts';
import type { OTP_V2_TRANSITIONS } from '../../schemas/otp-v2-transitions.ts';
import type { OtpDriver } from './otp-v2-driver.ts';
import { ROW_SCENARIOS } from './otp-v2-rows.ts';

/**
 * Rows that never wait never move the clock, so they may overlap even on a shared test clock; each
 * in a subaccount of its own, since rows measure charges (needs the manager key; else one by one).
 * Waiting rows overlap where waits may (t.clock.waitsMayOverlap: in real time, or with a clock per
 * test), in subaccounts of their own too.
 */
export function rowTest(t: Target, d: OtpDriver, row: (typeof OTP_V2_TRANSITIONS)[number]): void {
  const scenario = ROW_SCENARIOS[row.id];
  const op = row.trigger === 'verify' ? 'otp-v2/verify' : row.trigger === 'delete' ? 'otp-v2/delete' : 'otp-v2/create';
  const concurrent = scenario.waits ? t.clock.waitsMayOverlap : t.managerKey !== undefined;
  req(
    [`otp2:${row.id}`, ...(scenario.also ?? [])],
    `3.1 ${row.state} + ${row.trigger} (${row.condition}) → ${row.next}`,
    async () => scenario.run(d, await d.calls.subject({ ownAccount: concurrent }), row),
    { operation: op, concurrent, ...(scenario.waits ? { timeout: 120_000 } : {}) },
  );
}
