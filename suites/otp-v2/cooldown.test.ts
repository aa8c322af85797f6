/**
 * 8 "Current OTP resend cooldown | 30 seconds" (3.1 pending + create within and past it), judged from
 * the kit's own clock. A file of its own, so that no other test of the area shares its worker: the
 * margin it leaves below 30 s is three of the create's round trips, and a loaded worker widens them
 * past what tells a 29 s cooldown from 30 s. Starts first in a run (harness/run/suite-schedule.ts).
 */
import { describe } from 'vitest';
import { Inconclusive, judge, req, useTarget } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { elapsedBetween, type Timed, WINDOW_REPEATS } from '../support/otp-v2-clock.ts';
import { OtpDriver } from '../support/otp-v2-driver.ts';

const t = useTarget();
const d = new OtpDriver(t);
/**
 * Waiting tests overlap where one test's waits age nothing of another's: in real time, and with a
 * clock per test. On a test clock shared by all they run one by one (waits are instant there).
 */
const CONCURRENT = t.clock.waitsMayOverlap;

const cooldown = limitById('otp-v2-cooldown');

describe('waits: cooldown and expiry (concurrent unless the test clock is shared)', { concurrent: CONCURRENT }, () => {
  // 8: "Current OTP resend cooldown | 30 seconds". Judged from the kit's own clock (OtpClock.tick):
  // the target handled each call between its send start and the end of its answer. An early resend,
  // aimed a few round trips before 30 s after the create's send start, must be throttled when its
  // answer ended less than 30 s after that start (judgeThrottled); a late one sent 30 s after the
  // end of the create's answer must be carried out. When the measured round trips leave the early
  // one undecided and the target carried it out, a fresh number is tried (WINDOW_REPEATS), then the
  // test is inconclusive with the latencies: a slow network is never the target's failure.
  req(
    ['limit:otp-v2-cooldown', 'otp2:pending-create-throttled', 'otp2:pending-create-resend', 'rule:otp2.retry-after-wait', 'rule:otp2.cooldown-reach'],
    `the cooldown holds until ${cooldown.min} s: a resend just before ${cooldown.min} s by the kit's clock is throttled, one at ${cooldown.min} s is sent`,
    async () => {
      const seen: Timed[] = [];
      for (let attempt = 0; attempt <= WINDOW_REPEATS; attempt++) {
        const s = await d.calls.subject({ ownAccount: CONCURRENT });
        const create = await d.clock.timed(() => d.calls.create(s));
        d.states.expectCreated(create.answer, 'created', 'otp2:none-create');
        // At least 0.8 s before the end, and three of the create's round trips on a slow target.
        const lead = Math.min(10, Math.max(0.8, (3 * (create.answered - create.sent)) / 1000));
        await d.clock.waitUntil(create.sent + (cooldown.min! - lead) * 1000);
        const early = await d.clock.timed(() => d.calls.create(s));
        seen.push(create, early);
        if (
          d.cooldown.judgeThrottled(
            create,
            early,
            `a resend ${elapsedBetween(create, early).low.toFixed(2)} to ${elapsedBetween(create, early).high.toFixed(2)} s after the send`,
          ) === undefined
        ) {
          judge(
            'rule:otp2.cooldown-reach',
            `cooldown try ${attempt + 1}`,
            `undecided: the early resend may have reached the target ${elapsedBetween(create, early).high.toFixed(2)} ` +
              `s after the send (${d.clock.latenciesText([create, early])}), and it was carried out`,
          );
          continue;
        }
        // The throttled resend sent nothing: the cooldown still counts from the create (in real time
        // 50 ms more, for a timer that fires a millisecond early).
        await d.clock.waitUntil(create.answered + cooldown.min! * 1000 + (t.clock.virtual ? 0 : 50));
        d.states.expectCreated(await d.calls.create(s), 'resent', 'otp2:pending-create-resend');
        return;
      }
      throw new Inconclusive(
        `the ${cooldown.min} s cooldown could not be observed in ${WINDOW_REPEATS + 1} ` +
          `tries: ${d.clock.latenciesText(seen)} leave no resend provably inside it, and the target carried each out`,
      );
    },
    { concurrent: CONCURRENT, timeout: 240_000 },
  );
});
