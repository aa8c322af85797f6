/**
 * Answers that say "retry later" are no verdict on what the test asked: 7.2's details_04 is
 * "campaign still processing, retry later", and a server may report a campaign it has just accepted
 * as processing for a moment. So a call whose answer carries one of these codes is repeated within a
 * budget, with pauses that double as 7.1 and 8 advise for 429 ("retry with exponential backoff"),
 * and the answer judged is the first that is not "retry later". Past the budget the test is
 * inconclusive, never failed. The budget is the profile's timeBudgets.untimedWaitSeconds (the
 * document times no "later"), measured on the kit's own clock; on a test clock each pause advances
 * the target's clock instead of sleeping.
 *
 * The document's other "retry" answers are decided elsewhere, each once: rate_01 ("retry with
 * exponential backoff", 7.1, 8) is resent by the transport (transport/pacer.ts); otp_throttled and
 * its Retry-After (3.1, 7.3) are the cooldown the OTP tests assert, not a passing condition.
 */
import { performance } from 'node:perf_hooks';
import { RESULT_CODES } from '../../schemas/error-codes.ts';
import { judge } from './judge.ts';
import { Inconclusive } from './inconclusive.ts';
import type { Answer, Target } from './target-contract.ts';

/** The codes whose meaning in the document says "retry later" (7.2: details_04). */
export const RETRY_LATER_CODES: readonly string[] = [
  ...new Set(RESULT_CODES.filter((c) => c.outcome === 'error' && /\bretry later\b/i.test(c.meaning)).map((c) => c.code)),
];

/** The "retry later" code of an answer, if it is one. */
export function retryLaterCode(answer: Answer): string | undefined {
  const code = answer.body.code;
  return answer.body.success !== true && typeof code === 'string' && RETRY_LATER_CODES.includes(code) ? code : undefined;
}

/** Pauses between repeats, in seconds: 1, 2, 4, then 4 (7.1, 8: exponential backoff), never past what is left. */
export function retryPauses(budgetSeconds: number): number[] {
  const pauses: number[] = [];
  let spent = 0;
  for (let pause = 1; spent < budgetSeconds; pause = Math.min(pause * 2, 4)) {
    const next = Math.min(pause, budgetSeconds - spent);
    pauses.push(next);
    spent += next;
  }
  return pauses;
}

/**
 * Calls `call` until its answer is not "retry later" (RETRY_LATER_CODES), within the profile's
 * untimedWaitSeconds; returns that answer. How many repeats it took is recorded. `what` names the
 * call in the reason of an Inconclusive.
 */
export async function answerWhenSettled(t: Target, what: string, call: () => Promise<Answer>): Promise<Answer> {
  const budgetSeconds = t.config.profile.timeBudgets.untimedWaitSeconds;
  const started = performance.now();
  let answer = await call();
  let code = retryLaterCode(answer);
  if (code === undefined) return answer;
  const first = code;
  let repeats = 0;
  for (const pause of retryPauses(budgetSeconds)) {
    // A real wait is bounded by the kit's clock too: slow answers count against the budget.
    if (!t.clock.virtual && (performance.now() - started) / 1000 + pause > budgetSeconds) break;
    await t.clock.wait(pause);
    answer = await call();
    repeats += 1;
    code = retryLaterCode(answer);
    if (code === undefined) {
      judge('campaign-processing-time', `${what}: "retry later" (${first}, 7.2) before the answer`, `${repeats} repeat(s)`);
      return answer;
    }
  }
  const waited = t.clock.virtual ? `${budgetSeconds} s of the test clock` : `${((performance.now() - started) / 1000).toFixed(1)} s`;
  throw new Inconclusive(
    `${what}: the target still answered ${code} ("retry later", 7.2) after ${repeats} repeats over ${waited} ` +
      '(profile timeBudgets.untimedWaitSeconds): the answer it would give later was not seen',
  );
}
