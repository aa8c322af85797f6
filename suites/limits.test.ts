/**
 * Section 8 (with 7.1): the request rate limit, "100 per second on all endpoints; exceeding gives
 * 429 rate_01; retry with exponential backoff". Both sides of the boundary, on fresh subaccount
 * keys so that no other test of the run is throttled: 100 requests at once all pass; a burst
 * larger than any counting of "100 per second" lets through in the time it took cannot all pass
 * (see BURST); and after the refusal the key works
 * again once the time the target asked for (Retry-After) has passed. The HTTP status of rate_01 is
 * the profile's option (ambiguity rate-limit-http-status), checked by expectError.
 */
import * as allure from 'allure-js-commons';
import { describe, expect } from 'vitest';
import { limitById } from '../schemas/limits.ts';
import { CreditsConsultResponse } from '../schemas/credits.ts';
import { expectError, expectSuccess } from '../harness/kit/expectations.ts';
import { req } from '../harness/kit/requirement-test.ts';
import { useTarget, type Answer } from '../harness/kit/target.ts';
import { parseRetryAfterMs } from '../harness/transport/pacer.ts';
import { operationById } from '../schemas/operations.ts';
import { burstIsConclusive, conclusiveBurstSize, isRateLimited, mostThatMayPass } from '../harness/transport/rate-burst.ts';
import { createBurster, type BurstResult } from './support/limits-burst.ts';

const t = useTarget();

const RATE = limitById('rate-limit');
const PER_SECOND = RATE.max!;
/** The operation hammered: read-only and free (4.1). */
const OP = 'credits/consult';

/** A burst larger than any counting of the second lets pass must meet rate_01 (harness/transport/rate-burst.ts). */
const BURST = conclusiveBurstSize(PER_SECOND);
const conclusive = (result: BurstResult): boolean => burstIsConclusive(result.answers.length, result.elapsedMs, PER_SECOND);
/** Calls that may still meet rate_01 after the burst before the key counts as not recovering. */
const RECOVERY_TRIES = 4;
/** The number of windows at which `count` requests stop being conclusive. */
const windowsAllowing = (count: number): number => Math.ceil(count / PER_SECOND) - 1;

function tally(result: BurstResult): { passed: Answer[]; limited: Answer[] } {
  return { passed: result.answers.filter((a) => !isRateLimited(a)), limited: result.answers.filter(isRateLimited) };
}

async function summary(label: string, result: BurstResult): Promise<void> {
  const { passed, limited } = tally(result);
  await allure.attachment(label, JSON.stringify({ sent: result.answers.length, passed: passed.length, rateLimited: limited.length, elapsedMs: Math.round(result.elapsedMs), retryAfter: limited[0]?.headers['retry-after'] ?? null }, null, 2), 'application/json');
}

describe(`request rate: ${PER_SECOND} per second per key (8, 7.1)`, () => {
  req(['limit:rate-limit'], `${PER_SECOND} requests sent at once on a fresh key all pass (the limit itself is allowed)`, async () => {
    const [sub, warm] = [await t.newSubaccount(), await t.newSubaccount()];
    const burster = createBurster(t.config.baseUrl, operationById(OP).path);
    try {
      await burster.fire(warm.key, PER_SECOND);
      const result = await burster.fire(sub.key, PER_SECOND);
      await summary('burst at the limit', result);
      const { limited } = tally(result);
      expect(limited.length, `no rate_01 within ${PER_SECOND} requests (${Math.round(result.elapsedMs)} ms); first: ${limited[0]?.text.slice(0, 200) ?? ''}`).toBe(0);
      for (const answer of result.answers) expectSuccess(answer, OP, CreditsConsultResponse);
    } finally {
      await burster.close();
    }
  });

  req(['err:rate_01', 'limit:rate-limit', 'rule:limits.rate-recovery', 'rule:envelope.error-body'], `${BURST} requests at once on one key: some answer rate_01 (status 429), at least ${PER_SECOND} pass; the key works again after Retry-After`, async () => {
    const [sub, warm] = [await t.newSubaccount(), await t.newSubaccount()];
    const burster = createBurster(t.config.baseUrl, operationById(OP).path);
    let result: BurstResult | undefined;
    try {
      await summary('warm-up burst (another key)', await burster.fire(warm.key, BURST));
      // A burst too slow to be conclusive proves nothing either way: try again on the warm connections.
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const burst = await burster.fire(sub.key, BURST);
        await summary(`burst ${attempt}`, burst);
        if (conclusive(burst) || tally(burst).limited.length > 0) {
          result = burst;
          break;
        }
        await t.clock.wait(2);
      }
    } finally {
      await burster.close();
    }
    if (!result) expect.fail(`could not send ${BURST} requests within ${(windowsAllowing(BURST) - 1)} s in 3 tries: the premise of the test is not met on this machine`);

    const { passed, limited } = tally(result);
    expect(limited.length, `${BURST} requests in ${Math.round(result.elapsedMs)} ms on one key (at most ${mostThatMayPass(result.elapsedMs, PER_SECOND)} may pass in that time): at least one answers rate_01`).toBeGreaterThan(0);
    expect(passed.length, `a fresh key may make ${PER_SECOND} requests in a second before the limit applies`).toBeGreaterThanOrEqual(PER_SECOND);
    for (const answer of limited) expectError(answer, 'rate_01', OP);
    for (const answer of passed) expectSuccess(answer, OP, CreditsConsultResponse);

    // Recovery (7.1 "retry with exponential backoff"): wait what the target asked for (Retry-After),
    // else back off from 1 s, doubling; and again after each further rate_01, up to RECOVERY_TRIES
    // calls. Unpaced and not retried by the client (retryOn429: false): each answer is observed.
    // More than one try, because a key shared with other clients (or a proxy in front, issue 14)
    // may meet one more rate_01 that is not this burst's; a key that stays limited still fails.
    const waited: number[] = [];
    let answer: Answer = limited[0]!;
    for (let tryNumber = 1; tryNumber <= RECOVERY_TRIES && isRateLimited(answer); tryNumber += 1) {
      const told = parseRetryAfterMs(answer.headers['retry-after'], Date.now());
      const seconds = told !== undefined ? Math.max(1, Math.ceil(told / 1000)) : 2 ** (tryNumber - 1);
      waited.push(seconds);
      await t.clock.wait(seconds);
      answer = await t.api(OP, { key: sub.key, retryOn429: false });
    }
    expect(isRateLimited(answer), `after waiting ${waited.join(', ')} s (Retry-After, else backing off) the key is no longer limited: ${answer.text.slice(0, 200)}`).toBe(false);
    expectSuccess(answer, OP, CreditsConsultResponse);
  }, { timeout: 90_000 });
});
