/**
 * harness/kit/retry-later.ts: 7.2's details_04 ("campaign still processing, retry later") is
 * repeated within the profile's untimedWaitSeconds, the next answer is the one judged, and past the
 * budget the test is inconclusive, never failed.
 */
import { describe, expect, it } from 'vitest';
import { Inconclusive } from '../harness/kit/inconclusive.ts';
import { answerWhenSettled, RETRY_LATER_CODES, retryLaterCode, retryPauses } from '../harness/kit/retry-later.ts';
import type { Answer, Target } from '../harness/kit/target-contract.ts';

const answer = (body: Record<string, unknown>): Answer => ({ status: 200, text: JSON.stringify(body), json: body, body }) as unknown as Answer;
const PROCESSING = answer({ success: false, status: 200, code: 'details_04', message: 'still processing' });
const DETAILS = answer({ success: true, status: 200, code: 'details_01', details: { totals: 1 } });

/** A target whose clock is virtual: waits are counted, never slept. */
function fakeTarget(budgetSeconds: number): { t: Target; waited: number[] } {
  const waited: number[] = [];
  const t = {
    config: { profile: { timeBudgets: { untimedWaitSeconds: budgetSeconds } } },
    clock: { virtual: true, wait: async (s: number) => void waited.push(s) },
  } as unknown as Target;
  return { t, waited };
}

describe('retry later (7.2 details_04)', () => {
  it('knows details_04 from the document, and rate_01 is not one (the transport resends it)', () => {
    expect(RETRY_LATER_CODES).toEqual(['details_04']);
    expect(retryLaterCode(PROCESSING)).toBe('details_04');
    expect(retryLaterCode(DETAILS)).toBeUndefined();
    expect(retryLaterCode(answer({ success: false, code: 'rate_01' }))).toBeUndefined();
  });

  it('pauses 1, 2, 4, then 4 s, never past the budget', () => {
    expect(retryPauses(30)).toEqual([1, 2, 4, 4, 4, 4, 4, 4, 3]);
    expect(retryPauses(2.5)).toEqual([1, 1.5]);
    expect(retryPauses(30).reduce((a, b) => a + b, 0)).toBe(30);
  });

  it('answers at once when the first answer is no "retry later"', async () => {
    const { t, waited } = fakeTarget(30);
    expect(await answerWhenSettled(t, 'details', async () => DETAILS)).toBe(DETAILS);
    expect(waited).toEqual([]);
  });

  it('repeats while the target says "retry later" and returns the first other answer', async () => {
    const { t, waited } = fakeTarget(30);
    const answers = [PROCESSING, PROCESSING, DETAILS];
    expect(await answerWhenSettled(t, 'details', async () => answers.shift()!)).toBe(DETAILS);
    expect(waited).toEqual([1, 2]);
  });

  it('is inconclusive past the budget, never a failure', async () => {
    const { t, waited } = fakeTarget(5);
    const settled = answerWhenSettled(t, 'details of campaign 7', async () => PROCESSING);
    await expect(settled).rejects.toBeInstanceOf(Inconclusive);
    await expect(settled).rejects.toThrow(/details of campaign 7: the target still answered details_04/);
    expect(waited.reduce((a, b) => a + b, 0)).toBe(5);
  });
});
