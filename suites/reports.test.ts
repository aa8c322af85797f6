/**
 * 4.12 Reports (2.8, 7.2): the sending report of a period and the details of a campaign. Effects
 * are observed through other calls: a send is listed in the report of its period, a sandbox send
 * only with sandbox=1, and the details of a campaign count its messages.
 */
import { describe, expect } from 'vitest';
import { type Answer, answerWhenSettled, expectError, expectRefused, expectSuccess, Inconclusive, judge, req, useTarget } from '../harness/kit/index.ts';
import { ReportsCampaignDetailsResponse, ReportsGenerateResponse } from '../schemas/reports.ts';
import type { SendResult } from '../schemas/sms.ts';
import {
  dayOf,
  expectSent,
  mexicoDay,
  phones,
  plainText,
  reportRows,
  rowsOf,
  withCampaignId,
  withCountryCode,
  type Fields,
} from './support/sending-helpers.ts';

const t = useTarget();

const generate = (json: Fields, options: { key?: string; retryOn429?: boolean } = {}): Promise<Answer> => t.api('reports/generate', { json, ...options });
const details = (json: Fields, key?: string): Promise<Answer> => t.api('reports/get-campaign-details', key === undefined ? { json } : { json, key });
/**
 * The details of a campaign just sent: 7.2 details_04 "campaign still processing, retry later" is
 * retried within the budget (answerWhenSettled), and the answer after it is judged.
 */
const settledDetails = (json: Fields, key?: string): Promise<Answer> =>
  answerWhenSettled(t, `/reports/details of campaign ${String(json.campaign_id)}`, () => details(json, key));
/** A test that may retry a details_04: its budget (profile timeBudgets.untimedWaitSeconds) and room for its calls. */
const SETTLING_TEST_MS = t.config.profile.timeBudgets.untimedWaitSeconds * 1000 + 60_000;

/** A send of `numbers` with showCampaignId (profile placement); its campaignId and references. */
async function campaign(numbers: readonly string[], sandbox: boolean, key?: string): Promise<SendResult & { campaignId: number }> {
  const json: Fields = { numbers: numbers.join(','), message: plainText(t, 'camp'), ...(sandbox ? { sandbox: 1 } : {}) };
  const request = withCampaignId(t, json);
  const body = expectSent(await t.api('sms/send', key === undefined ? request : { ...request, key }), 'sms/send', numbers.map(withCountryCode));
  // campaignId with showCampaignId=true is a reading (rule:sms.campaign-id, warn); without it the details
  // of 4.12 cannot be asked for, so the test that needs it ends inconclusive, not failed.
  const shown = judge('rule:sms.campaign-id', 'campaignId in the send answer (4.2)', () =>
    expect(body.campaignId, 'showCampaignId=true adds campaignId (4.2)').toEqual(expect.any(Number)),
  );
  if (!shown) throw new Inconclusive('the send answered no campaignId with showCampaignId=true (4.2): the campaign details (4.12) cannot be asked for');
  return body as SendResult & { campaignId: number };
}

/** 7.2 pairs report_01, report_02 with "start or end date missing" (ambiguity paired-code-order). */
function expectPairedCode(answer: Answer, expected: 'report_01' | 'report_02'): void {
  const code = String(answer.body.code);
  const pair = ['report_01', 'report_02'];
  const choice = t.choices['paired-code-order'];
  judge(
    'paired-code-order',
    `${expected === 'report_01' ? 'start_date' : 'end_date'} missing: code ${code}`,
    choice === 'in-order' ? code === expected : pair.includes(code),
  );
  if (choice === 'in-order') expectError(`err:${expected}`, answer, expected, 'reports/generate');
  else expectError(`err:${expected}`, answer, pair.includes(code) ? code : expected, 'reports/generate');
}

describe('POST /reports/generate (4.12)', () => {
  req(['op:reports/generate'], 'a period of today: report_04, report_generated, rows of 2.8', async () => {
    const today = await mexicoDay(t);
    expectSuccess(await generate({ start_date: today, end_date: today }), 'reports/generate', ReportsGenerateResponse);
    expectSuccess(await generate({ start_date: today, end_date: today, sandbox: 1 }), 'reports/generate', ReportsGenerateResponse);
  });

  req(
    ['rule:reports.send-listed', 'op:reports/generate'],
    'a send (not sandbox) is listed in the report of its period with its reference, number and message; not in a period before it',
    async () => {
      const number = t.deliverableNumber();
      const message = plainText(t, 'listed');
      const since = await t.clock.now();
      const sent = expectSent(await t.api('sms/send', { json: { numbers: number, message } }), 'sms/send', [withCountryCode(number)]);
      const after = await t.clock.now();
      const reference = sent.references[0]!.reference;
      const row = (await rowsOf(t, [reference], { since })).get(reference);
      // 4.12 "Returns every message of the period": the send's row, as the send made it.
      judge('rule:reports.send-listed', 'the send is in the report of its period (4.12)', () =>
        expect(row, `reference ${reference} is in the report of its period (4.12: every message of the period)`).toBeDefined(),
      );
      judge('rule:reports.send-listed', 'the row names the recipient (4.12)', () =>
        expect(row!.number, 'the row names the recipient as the send did').toBe(sent.references[0]!.number),
      );
      judge('rule:reports.send-listed', 'the row carries the message (4.12)', () => expect(row!.message, 'the row carries the message').toBe(message));
      // The period of the send's day alone (start and end inclusive), when the clock stayed in that day.
      if (dayOf(since) === dayOf(after)) {
        const day = expectSuccess(await generate({ start_date: dayOf(since), end_date: dayOf(since) }), 'reports/generate', ReportsGenerateResponse);
        judge('rule:reports.send-listed', 'the report of the day of the send lists it (4.12)', () =>
          expect(
            day.report.map((r) => r.reference),
            'the report of the day of the send lists it',
          ).toContain(reference),
        );
      }
      // A period that ended before the send does not list it.
      const before = expectSuccess(await generate({ start_date: dayOf(since, -3), end_date: dayOf(since, -1) }), 'reports/generate', ReportsGenerateResponse);
      judge('rule:reports.send-listed', 'a period before the send does not list it (4.12)', () =>
        expect(
          before.report.map((r) => r.reference),
          'a period before the send does not list it',
        ).not.toContain(reference),
      );
      // Nor does the sandbox report: 4.12 "1 reports sandbox sends", and this send is not one.
      const sandboxReferences = (await reportRows(t, { sandbox: 1, since })).map((r) => r.reference);
      judge('rule:reports.sandbox-flag', 'the sandbox report does not list a send that is not sandbox (4.12)', () =>
        expect(sandboxReferences, 'the sandbox report does not list a send that is not sandbox').not.toContain(reference),
      );
    },
    { needs: ['real-delivery'] },
  );

  req(['rule:reports.sandbox-flag'], 'a sandbox send is listed with sandbox=1 and not in the default report (sandbox=0)', async () => {
    const numbers = phones(t, 2);
    const since = await t.clock.now();
    const sent = expectSent(
      await t.api('sms/send', { json: { numbers: numbers.join(','), message: plainText(t, 'sbx'), sandbox: 1 } }),
      'sms/send',
      numbers.map(withCountryCode),
    );
    const references = sent.references.map((r) => r.reference);
    const rows = await rowsOf(t, references, { sandbox: 1, since });
    judge('rule:reports.sandbox-flag', 'sandbox=1 reports both sandbox messages (4.12)', () =>
      expect([...rows.keys()].sort(), 'sandbox=1 reports both sandbox messages').toEqual([...references].sort()),
    );
    const production = (await reportRows(t, { since })).map((r) => r.reference);
    for (const reference of references)
      judge('rule:reports.sandbox-flag', 'the default report (sandbox=0) does not list sandbox sends (4.12)', () =>
        expect(production, 'the default report (sandbox=0) does not list sandbox sends').not.toContain(reference),
      );
    const explicit = (await reportRows(t, { sandbox: 0, since })).map((r) => r.reference);
    for (const reference of references)
      judge('rule:reports.sandbox-flag', 'sandbox=0 does not list sandbox sends (4.12)', () =>
        expect(explicit, 'sandbox=0 does not list sandbox sends').not.toContain(reference),
      );
  });
});

describe('report errors (7.2)', () => {
  req(['err:report_01'], 'start_date missing (ambiguity paired-code-order)', async () => {
    expectPairedCode(await generate({ end_date: await mexicoDay(t) }), 'report_01');
  });

  req(['err:report_02'], 'end_date missing (ambiguity paired-code-order)', async () => {
    expectPairedCode(await generate({ start_date: await mexicoDay(t) }), 'report_02');
  });

  req(['err:report_03'], 'start_date after end_date: report_03; the same day is accepted', async () => {
    expectError('err:report_03', await generate({ start_date: await mexicoDay(t, 0), end_date: await mexicoDay(t, -1) }), 'report_03', 'reports/generate');
    const day = await mexicoDay(t, -1);
    expectSuccess(await generate({ start_date: day, end_date: day }), 'reports/generate', ReportsGenerateResponse);
  });

  req(
    ['err:report_05', 'limit:report-requests'],
    'the per-account report request limit is reached: report_05',
    async () => {
      // A fresh account, so that the file's own reports are not blocked. The value is not shown (8):
      // ask until report_05 answers, within a bound far above any plausible per-account limit.
      const fresh = await t.newSubaccount(0);
      const day = await mexicoDay(t);
      const bound = 5000;
      for (let i = 1; i <= bound; i++) {
        const answer = await generate({ start_date: day, end_date: day }, { key: fresh.key, retryOn429: false });
        if (answer.body.code === 'report_05') {
          expectError('err:report_05', answer, 'report_05', 'reports/generate');
          return;
        }
        if (answer.body.code !== 'rate_01') expectSuccess(answer, 'reports/generate', ReportsGenerateResponse);
      }
      // 8 states the limit but not its value: a target whose limit lies past our bound is not shown wrong.
      throw new Inconclusive(`report_05 did not answer within ${bound} report requests: the limit's value is not shown (8), so it may lie further`);
    },
    { needs: ['manager-key'], timeout: 300_000 },
  );
});

describe('POST /reports/details (4.12)', () => {
  req(
    ['op:reports/get-campaign-details', 'rule:reports.campaign-details'],
    'a sandbox campaign of three messages: details_01 with totals 3 (sandbox=1)',
    async () => {
      const sent = await campaign(phones(t, 3), true);
      const body = expectSuccess(
        await settledDetails({ campaign_id: sent.campaignId, sandbox: 1 }),
        'reports/get-campaign-details',
        ReportsCampaignDetailsResponse,
      );
      judge('rule:reports.campaign-details', 'totals counts the campaign (4.12, 2.8)', () =>
        expect(body.details.totals, 'totals counts the messages of the campaign').toBe(3),
      );
    },
    { timeout: SETTLING_TEST_MS },
  );

  req(
    ['op:reports/get-campaign-details', 'rule:reports.campaign-details'],
    'a campaign that is not sandbox: details_01 with totals 1',
    async () => {
      const sent = await campaign([t.deliverableNumber()], false);
      const body = expectSuccess(await settledDetails({ campaign_id: sent.campaignId }), 'reports/get-campaign-details', ReportsCampaignDetailsResponse);
      judge('rule:reports.campaign-details', 'totals counts the campaign (4.12, 2.8)', () =>
        expect(body.details.totals, 'totals counts the messages of the campaign').toBe(1),
      );
    },
    { needs: ['real-delivery'], timeout: SETTLING_TEST_MS },
  );

  req(['err:details_02'], 'campaign_id missing, or not numeric: details_02', async () => {
    expectError('err:details_02', await details({}), 'details_02', 'reports/get-campaign-details');
    expectError('err:details_02', await details({ campaign_id: 'abc' }), 'details_02', 'reports/get-campaign-details');
    expectError('err:details_02', await details({ campaign_id: '12x' }), 'details_02', 'reports/get-campaign-details');
  });

  req(
    ['err:details_03'],
    "a campaign that does not exist, or is another account's: details_03",
    async () => {
      expectError('err:details_03', await details({ campaign_id: 2_000_000_000 }), 'details_03', 'reports/get-campaign-details');
      if (!t.has('manager-key')) return;
      // Another account's campaign (7.2: "campaign missing or not the account's").
      const other = await t.newSubaccount(0);
      const sent = await campaign([t.phone()], true, other.key);
      expectSuccess(
        await settledDetails({ campaign_id: sent.campaignId, sandbox: 1 }, other.key),
        'reports/get-campaign-details',
        ReportsCampaignDetailsResponse,
      );
      expectError('err:details_03', await settledDetails({ campaign_id: sent.campaignId, sandbox: 1 }), 'details_03', 'reports/get-campaign-details');
    },
    { timeout: SETTLING_TEST_MS },
  );

  req(['err:details_04'], 'a campaign still processing: details_04, retry later', async () => {
    const id = t.config.profile.capabilities.campaignProcessingId!;
    expectError('err:details_04', await details({ campaign_id: id }), 'details_04', 'reports/get-campaign-details');
  });
});

describe('request shape (4.12)', () => {
  req(['op:reports/generate'], 'a date that is not YYYY-MM-DD is refused', async () => {
    const today = await mexicoDay(t);
    const answer = await generate({ start_date: today.replace(/-/g, '/'), end_date: today });
    judge('op:reports/generate', 'a malformed date is not a success (4.12)', () => expect(answer.body.success, 'not a success').not.toBe(true));
    expectRefused('op:reports/generate', answer, 'reports/generate');
  });
});
