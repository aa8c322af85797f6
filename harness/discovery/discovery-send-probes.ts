/**
 * The probes of discover that send SMS (4.2), all in sandbox ("runs all validations and generates
 * references but delivers nothing and charges nothing") from the work account, so that the sandbox
 * quota of the account certify uses is not spent (8).
 */
import { asObject, callOperation, codeOf, firstReference, probePhone, sandboxSms, summarize, today, type AmbiguityProbe } from './discovery-probes.ts';

const ACCENTED = 'Canción del año';

export const SEND_PROBES: readonly AmbiguityProbe[] = [
  {
    // 4.2 "showCampaignId=true adds campaignId to the response; where it is placed in the request is not shown".
    ambiguity: 'show-campaign-id-placement',
    async run(ctx) {
      const inBody = await sandboxSms(ctx, probePhone(ctx, 30), { showCampaignId: true });
      if (inBody.body.success !== true) return { note: `sandbox send refused (${summarize(inBody)})` };
      if (inBody.body.campaignId !== undefined) return { option: 'body', note: 'showCampaignId in the JSON body: campaignId answered' };
      const inQuery = await sandboxSms(ctx, probePhone(ctx, 31), {}, { showCampaignId: 'true' });
      if (inQuery.body.campaignId !== undefined) return { option: 'query', note: 'in the body: no campaignId; in the query: campaignId answered' };
      return { note: 'no campaignId with showCampaignId in the body or in the query' };
    },
  },
  {
    // 4.2 message: "sent without accents ... accents must not be included": stripped or refused.
    ambiguity: 'sms-accented-text',
    async run(ctx) {
      const sent = await sandboxSms(ctx, probePhone(ctx, 32), { message: `${ACCENTED} ${ctx.prefix}` });
      if (sent.body.success !== true) return { option: 'rejected', note: `"${ACCENTED}" refused (${summarize(sent)})` };
      // 4.12 sandbox=1 reports sandbox sends: the text as it was sent.
      const reference = firstReference(sent);
      const report = await callOperation(ctx, 'reports/generate', { key: ctx.work.key, json: { start_date: today(), end_date: today(), sandbox: 1 } });
      const rows = Array.isArray(report.body.report) ? report.body.report.map(asObject) : [];
      const row = rows.find((r) => r.reference === reference);
      if (!row || typeof row.message !== 'string')
        return { note: `"${ACCENTED}" accepted; its report row was not found (${codeOf(report)}), so whether the accents were removed is unknown` };
      return /[óñ]/.test(row.message)
        ? { option: 'record-only', note: `"${ACCENTED}" accepted and reported with its accents` }
        : { option: 'stripped', note: `"${ACCENTED}" accepted and reported as "${row.message.slice(0, 40)}"` };
    },
  },
  {
    // 4.2 flash: "the parameter name is not shown explicitly"; RCS "is incompatible with flash".
    // A refusal of channel=2 with flash=1, where channel=2 alone is accepted, shows flash is read.
    ambiguity: 'sms-flash-parameter-name',
    async run(ctx) {
      const rcs = await sandboxSms(ctx, probePhone(ctx, 33), { channel: 2 });
      if (rcs.body.success !== true) return { note: `channel=2 alone is refused (${summarize(rcs)}): the flash refusal cannot be told apart` };
      const both = await sandboxSms(ctx, probePhone(ctx, 34), { channel: 2, flash: 1 });
      return both.body.success === true
        ? { option: 'record-only', note: 'channel=2 with flash=1 accepted: flash is not read under that name, or the incompatibility is not checked' }
        : { option: 'flash', note: `channel=2 accepted, with flash=1 refused (${summarize(both)})` };
    },
  },
];
