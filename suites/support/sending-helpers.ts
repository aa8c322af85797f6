/**
 * Helpers of the sending suites (sms, voice, sandbox, payments, reports, other paths): building send
 * requests, checking the send result of 2.2 against the recipients, dates in Mexico City time
 * (4.2 date, 4.12 start_date/end_date) and a short description of an answer, for what the suites
 * record where the document says "not shown" (4.15, 8) through judge (a latitude, an ambiguity or a
 * record-level requirement).
 */
import { expect } from 'vitest';
import { type Answer, type ApiRequest, expectSuccess, judge, type Target } from '../../harness/kit/index.ts';
import { formatMexicoDate, formatMexicoDateTime } from '../../schemas/formats.ts';
import { ReportsGenerateResponse, type ReportRow } from '../../schemas/reports.ts';
import { MEXICO_COUNTRY_CODE, SendResult } from '../../schemas/sms.ts';

export type Fields = Record<string, unknown>;

const DAY_MS = 86_400_000;

/** 2.2: "number is the recipient with country code" (Mexico: 52, 4.2). */
export const withCountryCode = (national: string): string => `${MEXICO_COUNTRY_CODE}${national}`;

/** `count` fresh national numbers (10 digits, 4.2). */
export const phones = (t: Target, count: number): string[] => Array.from({ length: count }, () => t.phone());

/** A plain GSM-7 text without accents (4.2) that names the test, so that report rows can be told apart. */
export const plainText = (t: Target, label: string): string => `Prueba ${t.name(label)}`;

/** A sandbox /sms/send body (4.2 sandbox=1) to `numbers` with a fresh plain text. */
export const sandboxSmsBody = (t: Target, label: string, numbers: readonly string[], extra: Fields = {}): Fields => ({
  numbers: numbers.join(','),
  message: plainText(t, label),
  sandbox: 1,
  ...extra,
});

/**
 * 4.2: "showCampaignId=true adds campaignId to the response; where it is placed in the request is
 * not shown" (ambiguity show-campaign-id-placement): the profile's placement.
 */
export function withCampaignId(t: Target, json: Fields): ApiRequest {
  return t.choices['show-campaign-id-placement'] === 'query' ? { json, query: { showCampaignId: 'true' } } : { json: { ...json, showCampaignId: true } };
}

/**
 * The success contract of a send (2.2) and what it states of the recipients: total_messages is the
 * number of messages sent, one reference per recipient, each number the recipient with country code,
 * references unique. `recipients` are given with country code.
 */
export function expectSent(answer: Answer, operationId: string, recipients: readonly string[]): SendResult {
  const body = expectSuccess(answer, operationId, SendResult);
  judge('rule:sms.total-messages', `${operationId}: total_messages`, () =>
    expect(body.total_messages, `${operationId}: total_messages is the number of messages sent (2.2)`).toBe(recipients.length),
  );
  judge('rule:sms.references-per-recipient', `${operationId}: one reference per recipient`, () => {
    expect(body.references, `${operationId}: one reference per recipient (2.2)`).toHaveLength(recipients.length);
    expect([...body.references.map((r) => r.number)].sort(), `${operationId}: each reference's number is the recipient with country code (2.2)`).toEqual(
      [...recipients].sort(),
    );
    expect(new Set(body.references.map((r) => r.reference)).size, `${operationId}: a reference is the unique message id (2.2)`).toBe(recipients.length);
  });
  return body;
}

/** 2.2 credit, 2.7: the balance read now is the balance `before` a send less the credit its answer reports. */
export async function expectBalanceDroppedBy(t: Target, before: number, credit: number): Promise<void> {
  const after = await t.credits();
  judge('rule:sms.charges-credits', 'the balance drops by the credit of the answer (2.2, 2.7)', () =>
    expect(after, 'the balance drops by the credit of the answer (2.2, 2.7)').toBeCloseTo(before - credit, 2),
  );
}

/** The target's now as `YYYY-MM-DD HH:MM:SS` in America/Mexico_City, shifted by `offsetSeconds` (4.2 date). */
export async function mexicoDateTime(t: Target, offsetSeconds: number): Promise<string> {
  return formatMexicoDateTime((await t.clock.now()) + offsetSeconds * 1000);
}

/** The target's day as `YYYY-MM-DD` in America/Mexico_City, shifted by `offsetDays` (4.12). */
export async function mexicoDay(t: Target, offsetDays = 0): Promise<string> {
  return formatMexicoDate((await t.clock.now()) + offsetDays * DAY_MS);
}

/** The Mexico City day (`YYYY-MM-DD`, 4.12) of the instant `epochMs`, shifted by `offsetDays`. */
export const dayOf = (epochMs: number, offsetDays = 0): string => formatMexicoDate(epochMs + offsetDays * DAY_MS);

export interface ReportQuery {
  sandbox?: 0 | 1;
  key?: string;
  /**
   * The target's time (epoch ms) taken before the sends looked for: the period runs from its
   * Mexico City day to today's, so that it holds the sends even when the target's clock moved
   * (a virtual clock other suites advance, or midnight). Default: yesterday.
   */
  since?: number;
}

/** The rows of the sending report from `since`'s day to today (Mexico City days, 4.12); asserts the success contract. */
export async function reportRows(t: Target, options: ReportQuery = {}): Promise<ReportRow[]> {
  const now = await t.clock.now();
  const json: Fields = { start_date: dayOf(options.since ?? now - DAY_MS), end_date: dayOf(now) };
  if (options.sandbox !== undefined) json.sandbox = options.sandbox;
  const answer = await t.api('reports/generate', { json, ...(options.key !== undefined ? { key: options.key } : {}) });
  return expectSuccess(answer, 'reports/generate', ReportsGenerateResponse).report;
}

/**
 * The report rows of `references`, asking again (after a one-second wait each time) while some are
 * missing, within the profile's delivery budget: the document does not say how soon a send is
 * reported. Against a target that reports at once, no wait happens.
 */
export async function rowsOf(t: Target, references: readonly string[], options: ReportQuery = {}): Promise<Map<string, ReportRow>> {
  const deadline = t.config.profile.timeBudgets.webhookDeliverySeconds;
  let found = new Map<string, ReportRow>();
  for (let waited = 0; ; waited += 1) {
    const rows = await reportRows(t, options);
    found = new Map(rows.filter((r) => references.includes(r.reference)).map((r) => [r.reference, r]));
    if (found.size === references.length || waited >= deadline) return found;
    await t.clock.wait(1);
  }
}

/** A short description of an answer for records: HTTP status, and code or success when JSON. */
export function describeAnswer(answer: Answer): string {
  const { code, success } = answer.body;
  const parts = [`HTTP ${answer.status}`];
  if (success !== undefined) parts.push(`success=${String(success)}`);
  if (code !== undefined) parts.push(`code=${String(code)}`);
  if (answer.json === undefined) parts.push(`non-JSON body (${answer.text.slice(0, 60).replace(/\s+/g, ' ')})`);
  return parts.join(', ');
}

/** True when `answer` is a success of the send result of 2.2. */
export const isSendSuccess = (answer: Answer): boolean => answer.status === 200 && SendResult.safeParse(answer.json).success;
