/**
 * 4.12 POST /reports/details (2.8, 7.2): the details of a campaign count its messages; a campaign
 * id missing, unknown, another account's or still processing is refused with its code of 7.2.
 */
import { describe, expect } from 'vitest';
import { type Answer, answerWhenSettled, expectError, expectSuccess, Inconclusive, judge, req, useTarget } from '../../harness/kit/index.ts';
import { ReportsCampaignDetailsResponse } from '../../schemas/reports.ts';
import type { SendResult } from '../../schemas/sms.ts';
import { expectSent, phones, plainText, withCampaignId, withCountryCode, type Fields } from '../support/sending-helpers.ts';

const t = useTarget();

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
