/**
 * A model of the state table of 3.1 (support/otp-v2-model.ts) drives random command sequences
 * against two numbers (fast-check, seeded by the run's seed): with long waits past the cooldown and
 * the expiry on a test clock, and with short waits everywhere. Each run in a subaccount of its own.
 * Starts first in a run (harness/run/suite-schedule.ts).
 */
import fc from 'fast-check';
import { describe } from 'vitest';
import { req, seedFor, SkipTest, useTarget } from '../../harness/kit/index.ts';
import { OtpDriver } from '../support/otp-v2-driver.ts';
import { commandsArbitrary, OtpModelRun } from '../support/otp-v2-model.ts';

const t = useTarget();
const d = new OtpDriver(t);
/**
 * Waiting tests overlap where one test's waits age nothing of another's: in real time, and with a
 * clock per test. On a test clock shared by all they run one by one (waits are instant there).
 */
const CONCURRENT = t.clock.waitsMayOverlap;

/** Rows the model can reach with create/resend/rotate/verify/status/delete/wait. */
const MODEL_IDS = [
  'otp2:none-create',
  'otp2:pending-create-throttled',
  'otp2:pending-create-rotate',
  'otp2:pending-create-resend',
  'otp2:locked-create-rotate',
  'otp2:locked-create-no-rotate',
  'otp2:verified-create',
  'otp2:pending-verify-correct',
  'otp2:pending-verify-wrong',
  'otp2:pending-verify-exhausted',
  'otp2:verified-verify',
  'otp2:none-verify',
  'otp2:locked-verify',
  'otp2:any-delete',
  'rule:otp2.per-number',
  'rule:otp2.status-read-only',
  'rule:otp2.free-operations',
  'rule:otp2.attempts-remaining',
  // A create the target throttles where no row of 3.1 states the cooldown is recorded (otp-v2-model.ts).
  'rule:otp2.cooldown-reach',
] as const;

/**
 * What a model-based test may take before it counts as hung: its runs take seconds on an idle
 * machine and passed 120 s on a saturated one (a bound, not a speed check).
 */
const MODEL_RUN_TIMEOUT_MS = 300_000;

async function modelRuns(waits: readonly number[], numRuns: number, maxCommands: number, expirySeconds?: number): Promise<void> {
  const base = await d.calls.subject({ ownAccount: true, credits: 200 });
  // A skip inside the property (the run's sandbox budget spent, 8) ends the runs and skips the test:
  // fast-check with includeErrorInReport keeps no cause, so it would otherwise report a failure.
  let skip: SkipTest | undefined;
  await fc.assert(
    fc.asyncProperty(commandsArbitrary(waits, maxCommands), async (commands) => {
      if (skip !== undefined) return;
      const run = new OtpModelRun(t, d, [d.calls.sibling(base), d.calls.sibling(base)], t.clock.virtual ? 1_500 : 2_500, expirySeconds);
      try {
        await run.run(commands);
      } catch (error) {
        if (!(error instanceof SkipTest)) throw error;
        skip = error;
      }
    }),
    // includeErrorInReport: the failure names the check that did not hold, not only the counterexample.
    // The seed comes from the run's (certify --seed): the same seed runs the same sequences.
    { numRuns, endOnFailure: true, includeErrorInReport: true, seed: seedFor(t.config.seed, `otp-v2 model: waits ${waits.join(',')}`) },
  );
  if (skip !== undefined) throw skip;
}

// A concurrent sibling too: its waits advance a clock of its own, in a subaccount of its own.
describe('3.1 model-based (test clock: long waits)', { concurrent: CONCURRENT }, () => {
  // Codes live 2 minutes (expiration_date) and waits stay under an hour in total: the document
  // states no retention of settled verifications, so the runs stay well inside any plausible one.
  req(
    [...MODEL_IDS, 'otp2:expired-create', 'otp2:expired-verify', 'otp2:pending-expires'],
    'random sequences with waits past the cooldown and the expiry follow the table',
    async () => {
      await modelRuns([1, 7, 31, 120, 300], 20, 10, 120);
    },
    { needs: ['test-clock'], timeout: MODEL_RUN_TIMEOUT_MS },
  );
});

describe('waits: cooldown and expiry (concurrent unless the test clock is shared)', { concurrent: CONCURRENT }, () => {
  req(
    [...MODEL_IDS],
    'random sequences of create, resend, rotate, verify, status, delete and short waits follow the table (model of 3.1)',
    async () => {
      await modelRuns([0, 0.5], 15, 8);
    },
    { concurrent: CONCURRENT, timeout: MODEL_RUN_TIMEOUT_MS },
  );
});
