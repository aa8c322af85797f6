/**
 * harness/kit/near-expiry.ts: a refusal of a near-future expiration_date (7.2 verification_13) is
 * the target's only when it came back well before the date by the kit's clock; one answered around
 * or after it may be a late arrival, and the request goes out again further ahead.
 */
import { describe, expect, it } from 'vitest';
import { Inconclusive } from '../harness/kit/inconclusive.ts';
import { type NearExpiry, sendBeforeExpiry } from '../harness/kit/near-expiry.ts';
import type { TargetClock } from '../harness/kit/target-clock.ts';
import type { Answer } from '../harness/kit/target-contract.ts';

/** A real-time clock the test moves by hand, starting on a whole second. */
function handClock(): TargetClock & { advance(ms: number): void } {
  let now = Date.UTC(2026, 10, 28, 20, 0, 0);
  return {
    virtual: false,
    waitsMayOverlap: true,
    wait: async (seconds) => {
      now += seconds * 1000;
    },
    now: async () => now,
    observeDateHeader() {},
    advance(ms) {
      now += ms;
    },
  };
}

const answer = (code: string): Answer => {
  const body = { success: code === 'verification_01', code };
  return { status: 200, headers: {}, text: JSON.stringify(body), json: body, body };
};
const refusesDate = (a: Answer) => a.body.code === 'verification_13';

describe('sendBeforeExpiry', () => {
  it('returns a refusal answered well before the date: the target refused a future date', async () => {
    const clock = handClock();
    const sent: string[] = [];
    const result = await sendBeforeExpiry(
      clock,
      3,
      async (e) => {
        sent.push(e.text);
        return answer('verification_13');
      },
      refusesDate,
    );
    expect(sent).toHaveLength(1);
    expect(result.answer.body.code).toBe('verification_13');
  });

  it('sends again further ahead when the refusal came back after the date, and returns the next answer', async () => {
    const clock = handClock();
    const leads: number[] = [];
    const result = await sendBeforeExpiry(
      clock,
      3,
      async (e: NearExpiry) => {
        const now = await clock.now();
        leads.push(Math.round((e.at - now) / 1000));
        if (leads.length === 1) {
          clock.advance(5_000); // the machine held the request past its date
          return answer('verification_13');
        }
        return answer('verification_01');
      },
      refusesDate,
    );
    expect(leads).toEqual([3, 6]);
    expect(result.answer.body.code).toBe('verification_01');
  });

  it('cannot decide after three late arrivals in a row: Inconclusive, never a failure', async () => {
    const clock = handClock();
    const attempt = sendBeforeExpiry(
      clock,
      3,
      async () => {
        clock.advance(30_000);
        return answer('verification_13');
      },
      refusesDate,
    );
    await expect(attempt).rejects.toBeInstanceOf(Inconclusive);
  });
});
