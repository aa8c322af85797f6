/**
 * 8: a legacy v1 sandbox send (4.16 sandbox=1) is in the sandbox report (4.12) only on the day of
 * sending, in Mexico City time; the next day is reached with the target's clock.
 */
import { describe, expect } from 'vitest';
import { expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { formatMexicoDate, parseMexicoDate } from '../../schemas/formats.ts';
import { LegacyV1SendResponse } from '../../schemas/legacy-v1.ts';
import { ReportsGenerateResponse } from '../../schemas/reports.ts';
import { v1Sends } from '../support/legacy-v1-calls.ts';

const t = useTarget();
const { single } = v1Sends(t);

// -------------------------------------------------------------------------------------------------
// 8: legacy sandbox reports only on the day of sending
// -------------------------------------------------------------------------------------------------

describe('legacy sandbox reports (8)', () => {
  req(['limit:v1-sandbox-report-day'], 'a v1 sandbox send is in the sandbox report on its day, and no longer the day after', async () => {
    const sent = expectSuccess(await single({}), 'legacy-v1/send', LegacyV1SendResponse);
    const now = await t.clock.now();
    const day = formatMexicoDate(now);
    const report = async (): Promise<string[]> => {
      const answer = await t.api('reports/generate', { json: { start_date: day, end_date: day, sandbox: 1 } });
      return expectSuccess(answer, 'reports/generate', ReportsGenerateResponse).report.map((r) => r.reference);
    };
    const sameDay = await report();
    judge('limit:v1-sandbox-report-day', 'the sandbox report of the day of sending lists it (8)', () =>
      expect(sameDay, 'the sandbox report of the day of sending lists the message').toContain(sent.referencia),
    );
    // The next Mexico City day starts within 26 hours of this one's start (days last 23 to 25 hours).
    const nextDay = parseMexicoDate(formatMexicoDate(parseMexicoDate(day)! + 26 * 3_600_000))!;
    await t.clock.wait((nextDay - now) / 1000 + 60);
    const dayAfter = await report();
    judge('limit:v1-sandbox-report-day', 'the day after, the sandbox report no longer lists it (8)', () =>
      expect(dayAfter, 'the day after, the sandbox report no longer lists it').not.toContain(sent.referencia),
    );
  });
});
