/**
 * The sandbox daily limit (8): sandbox sends are "limited per day" (100 or 1,000, ambiguity
 * sandbox-daily-limit): the profile's limit is accepted, one more is refused, on a fresh account.
 *
 * Starts first in a run with the other files of suites/sandbox/ (declared in harness/run/suite-schedule.ts).
 */
import { describe, expect } from 'vitest';
import { type Answer, expectRefused, judge, req, useTarget } from '../../harness/kit/index.ts';
import { overlaps, sandboxSends } from '../support/sandbox-sends.ts';
import { dayOf, describeAnswer, isSendSuccess } from '../support/sending-helpers.ts';

const t = useTarget();

const { sandboxSms, sendSms } = sandboxSends(t);
const OVERLAP = overlaps(t);

describe('sandbox daily limit (8)', { concurrent: OVERLAP }, () => {
  req(
    ['limit:sandbox-daily'],
    'sandbox sends per day: the limit of the profile is accepted, one more is refused (ambiguity sandbox-daily-limit)',
    async () => {
      const limit = Number(t.choices['sandbox-daily-limit']);
      for (let attempt = 1; ; attempt++) {
        // A fresh account: exhausting its quota blocks its sandbox sends for the rest of the day.
        const fresh = await t.newSubaccount(0);
        const day = dayOf(await t.clock.now());
        let refusedAt: number | undefined;
        let refusal: Answer | undefined;
        // One recipient per request, so that counting per request and per recipient agree.
        for (let i = 1; i <= limit + 1 && refusedAt === undefined; i++) {
          const answer = await sendSms(sandboxSms([t.phone()]), fresh.key);
          if (!isSendSuccess(answer)) [refusedAt, refusal] = [i, answer];
        }
        // The quota is per day: a count that crossed midnight (or a virtual clock moved by another
        // suite) proves nothing, and is taken again.
        if (dayOf(await t.clock.now()) !== day && attempt < 3) continue;
        const observed = refusedAt === undefined ? `send ${limit + 1} accepted` : `first refusal at send ${refusedAt} (${describeAnswer(refusal!)})`;
        judge('sandbox-daily-limit', observed, refusedAt === limit + 1);
        judge('limit:sandbox-daily', `sandbox sends 1 to ${limit} are accepted and send ${limit + 1} is refused (8)`, () =>
          expect(refusedAt, `sandbox sends 1 to ${limit} are accepted and send ${limit + 1} is refused: ${observed}`).toBe(limit + 1),
        );
        expectRefused('limit:sandbox-daily', refusal!, 'sms/send');
        return;
      }
    },
    { needs: ['manager-key'], timeout: 180_000 },
  );
});
