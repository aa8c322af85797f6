/**
 * The text a legacy OTP message was sent with, read from the report of its period (4.12), for the
 * template tests of 4.5. Where the target's report does not list the legacy OTP messages, that text
 * cannot be read, and those tests are skipped (after one test has waited the whole budget for it,
 * and before they spend a send) instead of failing against the templates of 4.5, which the target
 * may well keep. Whether the report must list them is the suite's test of that name, a warning.
 */
import { expect } from 'vitest';
import { judge, SkipTest, type Target } from '../../harness/kit/index.ts';
import type { ReportRow } from '../../schemas/reports.ts';
import { reportRows } from './sending-helpers.ts';

const notReported = (what: string) =>
  new SkipTest(
    `the report does not list the OTP message ${what} (4.12 "every message of the period"; see the ` +
      `test "a legacy OTP message is listed in the report"), so the text it was sent with cannot be read`,
  );

/** What the report of the suite's target `t` shows of the legacy OTP messages; one per suite file, so that what it learnt is the file's. */
export class ReportedOtpTexts {
  /**
   * Whether the target's report lists the legacy OTP messages (4.12: "Returns every message of the
   * period"): undefined until a test has waited for one.
   */
  private listed: boolean | undefined;

  constructor(private readonly t: Target) {}

  /**
   * The report row of a legacy OTP message (4.12), waited for within the profile's budget for what
   * the document does not time (it does not say how soon a send is reported), asking again after 1,
   * 2, 4, 8 ... seconds: report requests have a per-account limit whose value is not shown (8), and
   * asking every second could spend it on the wait. Undefined when it is not there, at once when an
   * earlier test waited the whole budget for one in vain.
   */
  private async reportedOtpMessage(reference: string, since: number): Promise<ReportRow | undefined> {
    if (this.listed === false) return undefined;
    const budget = this.t.config.profile.timeBudgets.untimedWaitSeconds;
    for (let waited = 0, pause = 1; ; pause *= 2) {
      const row = (await reportRows(this.t, { since })).find((r) => r.reference === reference);
      if (row !== undefined) {
        this.listed = true;
        return row;
      }
      if (waited >= budget) {
        this.listed ??= false;
        return undefined;
      }
      const step = Math.min(pause, budget - waited);
      await this.t.clock.wait(step);
      waited += step;
    }
  }

  /** The message of `reference`, sent to `phone` since `since`, is listed in the report of its period (4.12), with its recipient. */
  async expectListed(reference: string, phone: string, since: number): Promise<void> {
    const row = await this.reportedOtpMessage(reference, since);
    // 4.12 "Returns every message of the period" reads as every message the account sent, OTP codes
    // included; but the report is the "sending report" (2.8: rows with a campaign name), and a careful
    // team can read it as the report of the account's sends, verification codes accounted apart:
    // a warning for an OTP message left out. A row that is there must name its recipient.
    judge(
      'rule:reports.lists-legacy-otp',
      'the report of the period lists the legacy OTP message (4.12 "every message of the period"; 2.8 "sending report")',
      () => expect(row, `the report of the period lists the OTP message ${reference}`).toBeDefined(),
    );
    if (row !== undefined)
      judge('rule:reports.send-listed', 'the row of the send names its recipient (4.12)', () =>
        expect(row.number, 'the row names the recipient').toMatch(new RegExp(`${phone}$`)),
      );
  }

  /** Skips a test that reads a sent text from the report once a test waited the whole budget for an OTP message in vain: before it spends a send. */
  textReadable(): void {
    if (this.listed === false) throw notReported('an earlier test sent');
  }

  /** The text a legacy OTP message was sent with, read from the report; skips the test where the report does not list it. */
  private async textSent(reference: string | null | undefined, since: number): Promise<string> {
    if (typeof reference !== 'string' || reference === '')
      throw new Error('the send returned no reference to find its message in the report (4.5: reference "default true; returns the message reference")');
    const row = await this.reportedOtpMessage(reference, since);
    if (row === undefined) throw notReported(reference);
    return row.message;
  }

  /** The message of `reference`, sent since `since`, was sent with the text `expected` of its template (4.5; read from the report, 4.12). */
  async expectSentText(reference: string | null | undefined, since: number, expected: string, what: string): Promise<void> {
    const sent = await this.textSent(reference, since);
    judge('rule:otp-legacy.templates', what, () => expect(sent, what).toBe(expected));
  }
}
