/**
 * Isolation between accounts (1, 5.2) of campaigns and reports (4.12, 7.2 details_03 "not the
 * account's", 8: a "per-account" report limit): another account's key gets neither the details of a
 * campaign of this account nor its message in a report.
 *
 * The resource is made in the file's account (its own subaccount when the manager key isolates the
 * file) and checked to exist there first; then the key of a second account (a fresh subaccount:
 * the manager key creates it, 4.11) acts on it, and the test checks that the resource is neither
 * shown, verified nor changed, and that its owner still has it as it was. Every rule here is a
 * reading (warn level): the document speaks of data per account without stating that another
 * account's key is refused. Without the manager key there is no second account: the tests skip
 * (capability manager-key, through the requirements).
 */
import { describe, expect } from 'vitest';
import { answerWhenSettled, expectSuccess, Inconclusive, judge, req, useTarget } from '../../harness/kit/index.ts';
import { ReportsCampaignDetailsResponse } from '../../schemas/reports.ts';
import { SendResult } from '../../schemas/sms.ts';
import { strangerKeyOf } from '../support/isolation-accounts.ts';
import { expectSent, plainText, reportRows, rowsOf, withCampaignId, withCountryCode } from '../support/sending-helpers.ts';

const t = useTarget();
const strangerKey = strangerKeyOf(t);

describe('Campaigns and reports belong to their account (4.12, 7.2)', () => {
  req(['rule:isolation.campaigns'], "another account's key gets neither the details of a campaign of this account nor its message in a report", async () => {
    const since = await t.clock.now();
    const phone = t.phone();
    const request = withCampaignId(t, { numbers: phone, message: plainText(t, 'iso'), sandbox: 1 });
    const sent = expectSent(await t.api('sms/send', request), 'sms/send', [withCountryCode(phone)]);
    const campaignId = SendResult.parse(sent).campaignId;
    // campaignId is a reading of 4.2 (rule:sms.campaign-id); without it the test ends on that warning, as before.
    const shown = judge('rule:sms.campaign-id', 'campaignId in the send answer (4.2)', () =>
      expect(campaignId, 'showCampaignId=true adds campaignId (4.2)').toEqual(expect.any(Number)),
    );
    if (!shown) return;
    const reference = sent.references[0]!.reference;
    const json = { campaign_id: campaignId, sandbox: 1 };

    // 7.2 details_04 "campaign still processing, retry later": asked again within the budget.
    const own = await answerWhenSettled(t, "the campaign's details, asked by its own account", () => t.api('reports/get-campaign-details', { json }));
    expectSuccess(own, 'reports/get-campaign-details', ReportsCampaignDetailsResponse);
    const ownRows = await rowsOf(t, [reference], { sandbox: 1, since });
    if (!ownRows.has(reference)) throw new Inconclusive("the send is not in its own account's sandbox report, so its absence from another's proves nothing");

    const key = await strangerKey();
    const theirs = await answerWhenSettled(t, "the campaign's details, asked by another account", () => t.api('reports/get-campaign-details', { key, json }));
    // A warning ends the test, so that one intrusion is one warning.
    const refused = judge('rule:isolation.campaigns', "another key's campaign details refused (4.12)", () =>
      expect(theirs.body.success, `the other account does not get the details — ${theirs.text.slice(0, 200)}`).not.toBe(true),
    );
    if (!refused) return;
    // 7.2 details_03 "campaign missing or not the account's".
    const coded = judge('rule:isolation.campaigns', "another key's campaign details: details_03 (7.2)", () =>
      expect(theirs.body.code, "another account's campaign answers details_03 (7.2)").toBe('details_03'),
    );
    if (!coded) return;
    // One ask: its owner's report already lists the send (8: report requests are limited per account).
    const theirRows = await reportRows(t, { sandbox: 1, since, key });
    judge('rule:isolation.campaigns', "another key's report (4.12)", () =>
      expect(
        theirRows.some((r) => r.reference === reference),
        "the send is not in the other account's report",
      ).toBe(false),
    );
  });
});
