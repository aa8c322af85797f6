/**
 * 4.12 Reports: the sending report of a period (rows of 2.8) and the details of one campaign
 * (detail object of 2.8), with the codes of 7.2: report_01 to report_05, details_02, details_03.
 * details_04 (campaign still processing, retry later): the default never reports a campaign as
 * processing; the alternate does for the first moment after it is sent (latitude campaign-processing-time).
 */
import type { z } from 'zod';
import { flag01, formatMexicoDate, formatMexicoDateTime, isFlagSet, parseMexicoDate } from '../../schemas/formats.ts';
import { ReportsCampaignDetailsRequest, ReportsGenerateRequest, type CampaignDetails, type ReportRow } from '../../schemas/reports.ts';
import { areaState } from '../accounts.ts';
import { isAbsent } from '../field-issues.ts';
import { handler, type HandlerSet, type Reply } from '../handler.ts';
import type { SentMessage } from '../messaging.ts';
import { genericInvalid } from '../pipeline.ts';
import { inCheckOrder, takesAlternate } from '../personality.ts';
import { fail, ok } from '../replies.ts';
import type { SendingRequest } from './sms.ts';

/**
 * 8, 7.2 report_05: "per-account request limit whose value: not shown". This server allows this
 * many /reports/generate requests per account and minute.
 */
export const REPORT_REQUESTS_PER_MINUTE = 1000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** How long the alternate reports a fresh campaign as processing (details_04), on the server's clock. */
const CAMPAIGN_PROCESSING_MS = 1500;

/** 2.8 status is a delivery code of 6.1 once confirmed; before that no code exists yet. */
const PENDING_STATUS = 'pending';
/** 2.8 operator: the reference server delivers through no operator. */
const UNKNOWN_OPERATOR = 'unknown';

interface RequestWindow {
  minute: number;
  count: number;
}

/** Counts one report request of the account in the current minute; false past the limit. */
function takeReportRequest(req: SendingRequest): boolean {
  const window = areaState(req.account, 'report-requests', (): RequestWindow => ({ minute: -1, count: 0 }));
  const minute = Math.floor(req.server.clock.now() / MINUTE_MS);
  if (window.minute !== minute) Object.assign(window, { minute, count: 0 });
  if (window.count >= REPORT_REQUESTS_PER_MINUTE) return false;
  window.count += 1;
  return true;
}

/** 4.12: whole Mexico City days, start_date's first second up to the day after end_date. */
function periodOf(startDate: string, endDate: string): { from: number; to: number } {
  const from = parseMexicoDate(startDate)!;
  // 26 hours past a day's start is always within the next day (days last 23 to 25 hours).
  const to = parseMexicoDate(formatMexicoDate(parseMexicoDate(endDate)! + 26 * HOUR_MS))!;
  return { from, to };
}

/** 2.8: every field a string. */
const rowOf = (m: SentMessage): ReportRow => ({
  name: m.name,
  created_date: formatMexicoDateTime(m.createdAt),
  reference: m.reference,
  number: m.number,
  message: m.message,
  sent_date: formatMexicoDateTime(m.sendAt),
  status: m.status === undefined ? PENDING_STATUS : String(m.status),
  operator: UNKNOWN_OPERATOR,
  type: m.kind,
});

/** 8: "Legacy sandbox reports: available only on the day of sending" (v1 sandbox sends). */
const reportable = (m: SentMessage, today: string): boolean => !(m.kind === 'v1' && m.sandbox && formatMexicoDate(m.createdAt) !== today);

function generateReport(req: SendingRequest, input: ReportsGenerateRequest): Reply {
  if (!takeReportRequest(req)) return fail(req, 'report_05', `Report request limit reached (${REPORT_REQUESTS_PER_MINUTE} per minute); retry later`);
  const period = periodOf(input.start_date, input.end_date);
  const from = period.from;
  // 4.12: end_date's whole day is in the period.
  const to = req.server.seams.at('reports.period-end', period.to, { endDateStart: parseMexicoDate(input.end_date)! });
  // 4.12 sandbox: 1 reports sandbox sends, 0 (default) the others.
  const sandbox = isFlagSet(input.sandbox);
  const today = formatMexicoDate(req.server.clock.now());
  const report = req.server.messaging
    .messages(req.account)
    .filter(
      (m) => req.server.seams.at('reports.matches-sandbox-flag', m.sandbox === sandbox) && m.createdAt >= from && m.createdAt < to && reportable(m, today),
    )
    .map(rowOf);
  return ok(req, { report });
}

const dateOf = (v: unknown): number | undefined => (typeof v === 'string' ? parseMexicoDate(v) : undefined);

/**
 * 7.2: "report_01, report_02 start or end date missing; report_03 start after end". Ambiguity
 * paired-code-order, in-order: report_01 for start_date, report_02 for end_date (a date that is
 * not a YYYY-MM-DD day is as unusable as a missing one).
 */
function onGenerateInvalid(req: SendingRequest, issues: readonly z.core.$ZodIssue[]): Reply {
  const { start_date: start, end_date: end } = req.fields;
  const from = dateOf(start);
  const to = dateOf(end);
  const startProblem = (): Reply | undefined =>
    from === undefined ? fail(req, 'report_01', isAbsent(start) ? 'start_date is missing' : 'start_date must be a date YYYY-MM-DD') : undefined;
  // 7.2 report_02 end missing.
  const endProblem = (): Reply | undefined =>
    to === undefined
      ? fail(req, req.server.seams.at('reports.missing-end-code', 'report_02'), isAbsent(end) ? 'end_date is missing' : 'end_date must be a date YYYY-MM-DD')
      : undefined;
  // Latitude check-order: start_date then end_date, or (alternate) end_date first.
  for (const check of inCheckOrder(req.server.options, [startProblem, endProblem])) {
    const problem = check();
    if (problem) return problem;
  }
  if (from === undefined || to === undefined) return genericInvalid(req, issues);
  if (from > to) {
    // 7.2 report_03 start after end; a period not refused for it is reported as given.
    if (req.server.seams.at('reports.refuses-start-after-end', true)) return fail(req, 'report_03', 'start_date is after end_date');
    return generateReport(req, { start_date: String(start), end_date: String(end) });
  }
  return genericInvalid(req, issues);
}

/** 2.8 detail object from the campaign's messages; delivered = confirmed with status 0 (6.1). */
function detailsOf(totals: number, messages: readonly SentMessage[], charged: boolean): CampaignDetails {
  const delivered = messages.filter((m) => m.status === 0).length;
  const failed = messages.filter((m) => m.status !== undefined && m.status !== 0).length;
  return {
    effectiveness: totals === 0 ? 0 : Math.round((delivered / totals) * 10_000) / 100,
    totals,
    delivered,
    failed,
    pending: totals - delivered - failed,
    // Sandbox campaigns charge nothing (4.2); charged campaigns are never refunded here.
    not_charged: charged ? 0 : totals,
  };
}

/** 4.12: the campaign must be the account's, and a sandbox one exactly when sandbox=1. */
function campaignDetails(req: SendingRequest, campaignId: number, sandbox: boolean): Reply {
  const campaign = req.server.messaging.campaign(req.account, campaignId);
  if (!campaign || campaign.sandbox !== sandbox)
    return fail(req, 'details_03', `Campaign ${campaignId} does not exist${sandbox ? ' as a sandbox campaign' : ''} in this account`);
  // Latitude campaign-processing-time (7.2 details_04 "campaign still processing, retry later"; the
  // document gives no processing time): the alternate reports a campaign as processing for its first
  // CAMPAIGN_PROCESSING_MS on the server's clock, the default never.
  if (takesAlternate(req.server.options) && req.server.clock.now() - campaign.createdAt < CAMPAIGN_PROCESSING_MS)
    return fail(req, 'details_04', `Campaign ${campaignId} is still processing; retry later`);
  const messages = req.server.messaging.messages(req.account).filter((m) => m.campaignId === campaignId);
  return ok(req, { details: detailsOf(campaign.references.length, messages, campaign.charged) });
}

/**
 * 7.2 details_02: "campaign_id missing or not numeric". A JSON string of digits is numeric and is
 * read as the integer it spells.
 */
function onDetailsInvalid(req: SendingRequest, issues: readonly z.core.$ZodIssue[]): Reply {
  const id = req.fields.campaign_id;
  const campaignId = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : undefined;
  if (campaignId === undefined || !Number.isSafeInteger(campaignId))
    // 7.2 details_02 missing or not numeric.
    return fail(
      req,
      req.server.seams.at('reports.bad-campaign-id-code', 'details_02', { absent: isAbsent(id) }),
      isAbsent(id) ? 'campaign_id is missing' : 'campaign_id must be an integer',
    );
  const sandbox = flag01.optional().safeParse(req.fields.sandbox);
  if (!sandbox.success) return genericInvalid(req, issues);
  return campaignDetails(req, campaignId, isFlagSet(sandbox.data));
}

export const reportsHandlers: HandlerSet = {
  'reports/generate': handler(ReportsGenerateRequest, (ctx) => generateReport(ctx, ctx.input), onGenerateInvalid),
  'reports/get-campaign-details': handler(
    ReportsCampaignDetailsRequest,
    (ctx) => campaignDetails(ctx, ctx.input.campaign_id, isFlagSet(ctx.input.sandbox)),
    onDetailsInvalid,
  ),
};
