/**
 * 4.15 Other paths: "/whatsapp/send, /agenda and /campaigns are named in passing (campaign ids are
 * checked against /campaigns); their shapes: not shown." Nothing of their requests or answers is
 * asserted beyond what holds for every endpoint (4, 5, 7.1): a call carries the apikey header, a
 * call without it is refused with auth_01, and no answer is a server error. What the target answers
 * is recorded.
 */
import { describe, expect, type TestContext } from 'vitest';
import { expectError } from '../harness/expectations.ts';
import { req } from '../harness/requirement-test.ts';
import { useTarget } from '../harness/target.ts';
import { otherOperations } from '../schemas/other-paths.ts';
import { describeAnswer, record, withCampaignId, withCountryCode, expectSent, plainText } from './support/sending-helpers.ts';

const t = useTarget();

/** Calls `operationId` with the account key and an empty JSON object; records and returns what came back. */
async function probe(context: TestContext, operationId: string, json: Record<string, unknown> = {}) {
  const answer = await t.api(operationId, { json });
  await record(context, `${operationId} with ${JSON.stringify(json)}: ${describeAnswer(answer)}`);
  expect(answer.status, `${operationId}: never a server error (7.1 server_01 needs a fault)`).toBeLessThan(500);
  return answer;
}

describe('paths named in passing (4.15)', () => {
  for (const op of otherOperations) {
    req([`op:${op.operationId}`], `${op.method} ${op.path}: shape not shown, the answer is recorded; without a key, auth_01 (5)`, async (context) => {
      await probe(context, op.operationId);
      // 5.1: "Every request carries the header apikey"; auth_01: key not provided.
      expectError(await t.api(op.operationId, { json: {}, key: null }), 'auth_01', op.operationId);
    });
  }

  req(['op:other/campaigns', 'rule:sms.campaign-id'], 'POST /campaigns after a send with showCampaignId: whether the campaign id shows is recorded', async (context) => {
    const number = t.phone();
    const sent = expectSent(await t.api('sms/send', withCampaignId(t, { numbers: number, message: plainText(t, 'camp'), sandbox: 1 })), 'sms/send', [withCountryCode(number)]);
    expect(sent.campaignId, 'showCampaignId=true adds campaignId (4.2)').toEqual(expect.any(Number));
    const answer = await probe(context, 'other/campaigns');
    const listed = new RegExp(`(?<!\\d)${sent.campaignId}(?!\\d)`).test(answer.text);
    await record(context, `campaign ${sent.campaignId} ${listed ? 'appears' : 'does not appear'} in the /campaigns answer`);
  });
});
