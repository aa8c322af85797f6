/**
 * 4.2 the options of POST /sms/send: channel (1 SMS, 2 RCS with an RCS sender), flash and its
 * incompatibility with RCS (ambiguity sms-flash-parameter-name), the enum 0,1 flags (find_country_code,
 * shorten_url, flash, sandbox), shorten_url's one URL (ambiguity sms-shorten-url-count) and
 * showCampaignId (2.2 campaignId; ambiguity show-campaign-id-placement). Exercised in sandbox (4.2:
 * sandbox=1 charges nothing); sandbox=2 from an account without credits.
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { isUnset } from '../../schemas/envelope.ts';
import { SendResult } from '../../schemas/sms.ts';
import { describeAnswer, expectSent, isSendSuccess, phones, withCampaignId, withCountryCode } from '../support/sending-helpers.ts';
import { smsSends } from '../support/sms-sends.ts';

const t = useTarget();

const { sandboxSms, send, sendRefused, sandboxSent, sentWith } = smsSends(t);

/**
 * showCampaignId=true adds an integer campaignId, and a send without it has none (4.2: where it goes
 * in the request is the ambiguity show-campaign-id-placement). A reading (warn): its first failure is
 * the test's one warning, as it was when it ended the test.
 */
async function expectCampaignIdOnlyWhenAsked(): Promise<void> {
  const numbers = [t.phone()];
  const answer = await t.api('sms/send', withCampaignId(t, sandboxSms(numbers)));
  const body = expectSent(answer, 'sms/send', numbers.map(withCountryCode));
  judge('show-campaign-id-placement', body.campaignId === undefined ? 'no campaignId' : `campaignId ${body.campaignId}`, body.campaignId !== undefined);
  const placement = t.choices['show-campaign-id-placement'];
  const added = judge('rule:sms.campaign-id', 'showCampaignId=true adds an integer campaignId (4.2)', () =>
    expect(body.campaignId, `campaignId with showCampaignId=true (placement ${placement})`).toEqual(expect.any(Number)),
  );
  if (!added) return;
  // The shared send carries no showCampaignId.
  const plain = await sentWith({});
  judge('rule:sms.campaign-id', 'no campaignId without showCampaignId (4.2, 2.2)', () =>
    expect(isUnset(plain.campaignId), 'campaignId only when showCampaignId=true (2.2; unset as absent, null or "")').toBe(true),
  );
}

describe('channel, flash and URL shortening (4.2)', () => {
  req(
    ['rule:sms.rcs-flash-incompatible', 'rule:envelope.no-server-error'],
    'channel=2 (RCS) with flash=1 is refused (ambiguity sms-flash-parameter-name)',
    async () => {
      // flash on its own channel (SMS) is a documented option.
      await sandboxSent([t.phone()], { channel: 1, flash: 1 });
      // Control: RCS without flash, so that a refusal of RCS itself (no RCS sender, 4.2) is told apart.
      const rcsNumber = t.phone();
      const rcs = await send(sandboxSms([rcsNumber], { channel: 2 }));
      // 4.2: "RCS requires an RCS sender linked to the account": with one, RCS alone is a valid send.
      if (t.has('rcs-sender')) expectSent(rcs, 'sms/send', [withCountryCode(rcsNumber)]);
      else judge('rule:envelope.no-server-error', 'channel=2 without an RCS sender: never a server error', () => expect(rcs.status).toBeLessThan(500));
      judge('sms-flash-parameter-name', 'channel=2 without flash', describeAnswer(rcs));
      const both = await send(sandboxSms([t.phone()], { channel: 2, flash: 1 }));
      const refused = !isSendSuccess(both);
      const choice = t.choices['sms-flash-parameter-name'];
      judge('sms-flash-parameter-name', `channel=2 with flash=1: ${describeAnswer(both)}`, choice === 'flash' ? refused : null);
      if (choice === 'flash') expectRefused('rule:sms.rcs-flash-incompatible', both, 'sms/send');
      else judge('rule:envelope.no-server-error', 'channel=2 with flash=1: never a server error', () => expect(both.status).toBeLessThan(500));
    },
  );

  req(['op:sms/send', 'limit:sms-channel'], 'channel 1 (SMS) accepted, 2 (RCS) with an RCS sender; 0 and 3 are refused', async () => {
    await sentWith({ channel: 1 });
    // 4.2: "RCS requires an RCS sender linked to the account": without one, RCS may be refused for that.
    const rcsNumber = t.phone();
    const rcs = await send(sandboxSms([rcsNumber], { channel: 2 }));
    if (t.has('rcs-sender')) expectSent(rcs, 'sms/send', [withCountryCode(rcsNumber)]);
    else judge('unnamed-codes', 'channel=2 without a declared RCS sender', describeAnswer(rcs));
    for (const channel of [0, 3]) expectRefused('limit:sms-channel', await sendRefused(sandboxSms([t.phone()], { channel })), 'sms/send', `channel ${channel}`);
  });

  // 4.2: find_country_code, sandbox, flash and shorten_url are "enum 0,1". Each takes 0 and 1 (in a
  // body that each reading of the flag makes valid) and refuses 2, which a lenient target could read
  // either way; flash only where its parameter name is flash (ambiguity sms-flash-parameter-name).
  req(['limit:sms-flags'], 'find_country_code, shorten_url and flash take 0 and 1; 2 is refused (sandbox, nothing charged)', async () => {
    const before = await t.credits();
    const full = phones(t, 1).map(withCountryCode);
    const oneUrl = `Visita https://example.com/promo/${t.name('f')}`;
    await sentWith({ find_country_code: 0 });
    expectSent(await send(sandboxSms(full, { find_country_code: 1 })), 'sms/send', full);
    const other = phones(t, 1).map(withCountryCode);
    expectRefused('limit:sms-flags', await sendRefused(sandboxSms(other, { find_country_code: 2 })), 'sms/send', 'find_country_code 2');
    await sentWith({ shorten_url: 0 });
    await sandboxSent([t.phone()], { shorten_url: 1, message: oneUrl });
    expectRefused('limit:sms-flags', await sendRefused(sandboxSms([t.phone()], { shorten_url: 2, message: oneUrl })), 'sms/send', 'shorten_url 2');
    if (t.choices['sms-flash-parameter-name'] === 'flash') {
      await sentWith({ channel: 1, flash: 0 });
      await sandboxSent([t.phone()], { channel: 1, flash: 1 });
      expectRefused('limit:sms-flags', await sendRefused(sandboxSms([t.phone()], { channel: 1, flash: 2 })), 'sms/send', 'flash 2');
    }
    const after = await t.credits();
    judge('limit:sms-flags', 'refused and sandbox sends charge nothing (4.2)', () =>
      expect(after, 'refused and sandbox sends charge nothing').toBeCloseTo(before, 2),
    );
  });

  // sandbox=2 read as "not sandbox" would deliver and charge: it is sent from an account without
  // credits, where no reading of it can charge anything (sms_07 at worst, itself a refusal), and to a
  // number that may really receive it (the profile's own, 5.2), should a target deliver it anyway.
  req(
    ['limit:sms-flags', 'rule:sandbox.no-charge'],
    'sandbox=1 is accepted; sandbox=2 is refused and charges nothing (an account without credits)',
    async () => {
      const poor = await t.newSubaccount(0);
      const number = t.phone();
      expectSent(await t.api('sms/send', { key: poor.key, json: sandboxSms([number]) }), 'sms/send', [withCountryCode(number)]);
      expectRefused(
        'limit:sms-flags',
        await t.api('sms/send', { key: poor.key, json: sandboxSms([t.deliverableNumber()], { sandbox: 2 }) }),
        'sms/send',
        'sandbox 2',
      );
      const after = await t.credits(poor.key);
      judge('rule:sandbox.no-charge', 'nothing charged (1, 4.2)', () => expect(after, 'nothing was charged').toBe(0));
    },
    { needs: ['manager-key'] },
  );

  req(['rule:sms.shorten-url'], 'shorten_url=1: one URL accepted, none refused, two per ambiguity sms-shorten-url-count', async () => {
    await sandboxSent([t.phone()], { shorten_url: 1, message: `Visita https://example.com/promo/${t.name('u')}` });
    expectRefused('rule:sms.shorten-url', await sendRefused(sandboxSms([t.phone()], { shorten_url: 1, message: 'Sin enlace alguno' })), 'sms/send');
    const two = await send(sandboxSms([t.phone()], { shorten_url: 1, message: 'Dos https://example.com/a y https://example.org/b' }));
    const choice = t.choices['sms-shorten-url-count'];
    const accepted = isSendSuccess(two);
    judge('sms-shorten-url-count', `two URLs: ${describeAnswer(two)}`, choice === 'exactly-one' ? !accepted : accepted);
    if (choice === 'exactly-one') expectRefused('rule:sms.shorten-url', two, 'sms/send');
    else expectSuccess(two, 'sms/send', SendResult);
  });

  req(
    ['rule:sms.campaign-id'],
    'showCampaignId=true adds an integer campaignId; without it there is none (ambiguity show-campaign-id-placement)',
    expectCampaignIdOnlyWhenAsked,
  );
});
