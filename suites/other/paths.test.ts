/**
 * 4.15 Other paths: "/whatsapp/send, /agenda and /campaigns are named in passing (campaign ids are
 * checked against /campaigns); their shapes: not shown." Neither their answers nor their
 * authentication are shown (latitude passing-paths): what the target answers, with and without a
 * key, is recorded; a server error is a warning (rule:envelope.no-server-error, 7.1). Nothing else is asserted.
 */
import { describe, expect } from 'vitest';
import { judge, req, useTarget } from '../../harness/kit/index.ts';
import { otherOperations } from '../../schemas/other-paths.ts';
import { describeAnswer, withCampaignId, withCountryCode, expectSent, plainText } from '../support/sending-helpers.ts';

const t = useTarget();

/** Calls `operationId` with the account key and an empty JSON object; records and returns what came back. */
async function probe(operationId: string, json: Record<string, unknown> = {}) {
  const answer = await t.api(operationId, { json });
  judge(`op:${operationId}`, `${operationId} with ${JSON.stringify(json)}`, describeAnswer(answer));
  judge('rule:envelope.no-server-error', `${operationId}: not a server error`, () => expect(answer.status).toBeLessThan(500));
  return answer;
}

describe('paths named in passing (4.15)', () => {
  for (const op of otherOperations) {
    req(
      [`op:${op.operationId}`, 'rule:envelope.no-server-error'],
      `${op.method} ${op.path}: shape not shown; the answers with and without a key are recorded`,
      async () => {
        await probe(op.operationId);
        const keyless = await t.api(op.operationId, { json: {}, key: null });
        judge(
          `op:${op.operationId}`,
          `${op.operationId} without a key`,
          `${describeAnswer(keyless)}${keyless.body.code ? ` (code ${String(keyless.body.code)})` : ''}`,
        );
      },
    );
  }

  req(
    ['op:other/campaigns', 'rule:sms.campaign-id', 'rule:envelope.no-server-error'],
    'POST /campaigns after a send with showCampaignId: whether the campaign id shows is recorded',
    async () => {
      const number = t.phone();
      const sent = expectSent(await t.api('sms/send', withCampaignId(t, { numbers: number, message: plainText(t, 'camp'), sandbox: 1 })), 'sms/send', [
        withCountryCode(number),
      ]);
      // Without a campaign id there is nothing to look for in /campaigns: the reading's warning ends the test (4.2).
      const shown = judge('rule:sms.campaign-id', 'campaignId in the send answer', () =>
        expect(sent.campaignId, 'showCampaignId=true adds campaignId (4.2)').toEqual(expect.any(Number)),
      );
      if (!shown) return;
      const answer = await probe('other/campaigns');
      const listed = new RegExp(`(?<!\\d)${sent.campaignId}(?!\\d)`).test(answer.text);
      judge('op:other/campaigns', `campaign ${sent.campaignId} in the /campaigns answer`, listed ? 'appears' : 'does not appear');
    },
  );
});
