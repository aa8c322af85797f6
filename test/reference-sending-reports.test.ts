/**
 * The reference server's reports through HTTP (4.12, 2.8, 7.2): the day of Mexico City, sandbox
 * apart, campaign details, and the report request limit (report_05, 8). details_04 has no trigger:
 * capability-gated.
 */
import { describe, expect, it } from 'vitest';
import { formatMexicoDate, formatMexicoDateTime } from '../schemas/formats.ts';
import { REPORT_REQUESTS_PER_MINUTE } from '../reference/handlers/reports.ts';
import { type Answer, type Body, expectError, expectSuccess, references, todayInMexico, useServer } from './reference-sending-api.ts';

describe('reports (4.12, 2.8, 7.2)', () => {
  const api = useServer({ confirmationDelayMs: 0 });
  const generate = (body: Body) => api.post('/reports/generate', body);
  const details = (body: Body, key?: string) => api.post('/reports/details', body, key);
  const today = todayInMexico();

  it('answers report_01, report_02 (in order) and report_03', async () => {
    expectError(await generate({ end_date: today }), 'report_01');
    expectError(await generate({}), 'report_01');
    expectError(await generate({ start_date: '2026-13-01', end_date: today }), 'report_01');
    expectError(await generate({ start_date: today }), 'report_02');
    expectError(await generate({ start_date: '2026-01-02', end_date: '2026-01-01' }), 'report_03');
    expectError(await generate({ start_date: today, end_date: today, sandbox: 2 }), 'invalid_parameters');
  });

  it('lists a send in the report of its day (Mexico City), sandbox and non-sandbox apart', async () => {
    const sent = references(await api.post('/sms/send', { numbers: '5512345678', message: 'Reporte' }))[0]!.reference;
    const tried = references(await api.post('/sms/send', { numbers: '5512345678', message: 'Reporte', sandbox: 1 }))[0]!.reference;
    const live = await generate({ start_date: today, end_date: today });
    expectSuccess(live, 'report_04', 'report_generated');
    const rows = live.body.report as Body[];
    const row = rows.find((r) => r.reference === sent);
    expect(row).toMatchObject({ number: '525512345678', message: 'Reporte', type: 'sms' });
    for (const field of ['name', 'created_date', 'reference', 'number', 'message', 'sent_date', 'status', 'operator', 'type'])
      expect(typeof row?.[field]).toBe('string');
    expect(String(row?.created_date).slice(0, 10)).toBe(today);
    expect(rows.some((r) => r.reference === tried)).toBe(false);
    const sandboxRows = (await generate({ start_date: today, end_date: today, sandbox: 1 })).body.report as Body[];
    expect(sandboxRows.map((r) => r.reference)).toContain(tried);
    expect(sandboxRows.some((r) => r.reference === sent)).toBe(false);
    const before = (await generate({ start_date: '2020-01-01', end_date: '2020-01-31' })).body.report as Body[];
    expect(before).toEqual([]);
  });

  it('shows a scheduled send with its scheduled date', async () => {
    const date = formatMexicoDateTime(Date.now() + 2 * 3_600_000);
    const ref = references(await api.post('/sms/send', { numbers: '5512345678', message: 'Luego', date }))[0]!.reference;
    const rows = (await generate({ start_date: today, end_date: formatMexicoDate(Date.now() + 86_400_000) })).body.report as Body[];
    expect(rows.find((r) => r.reference === ref)).toMatchObject({ sent_date: date, status: 'pending' });
  });

  it('answers the details of a campaign sent with showCampaignId (details_01)', async () => {
    const a = await api.post('/sms/send', { numbers: '5512345678,5598765432', message: 'Campana', showCampaignId: true });
    const campaignId = a.body.campaignId as number;
    let d: Answer | undefined;
    for (let i = 0; i < 50; i++) {
      d = await details({ campaign_id: campaignId });
      if ((d.body.details as Body | undefined)?.delivered === 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expectSuccess(d!, 'details_01', 'report_generated');
    expect(d!.body.details).toEqual({ effectiveness: 100, totals: 2, delivered: 2, failed: 0, pending: 0, not_charged: 0 });
    expectSuccess(await details({ campaign_id: String(campaignId) }), 'details_01', 'report_generated');
  });

  it('answers a sandbox campaign with sandbox=1 only; nothing of it is charged', async () => {
    const id = (await api.post('/sms/send', { numbers: '5512345678', message: 'Prueba', sandbox: 1, showCampaignId: true })).body.campaignId;
    const d = await details({ campaign_id: id, sandbox: 1 });
    expectSuccess(d, 'details_01', 'report_generated');
    expect(d.body.details).toMatchObject({ totals: 1, not_charged: 1 });
    expectError(await details({ campaign_id: id }), 'details_03');
  });

  it('answers details_02 and details_03', async () => {
    for (const body of [{}, { campaign_id: 'abc' }, { campaign_id: 1.5 }, { campaign_id: null }]) expectError(await details(body), 'details_02');
    expectError(await details({ campaign_id: 999_999_999 }), 'details_03');
    const managers = (await api.post('/sms/send', { numbers: '5512345678', message: 'Otra cuenta', showCampaignId: true }, api.keys().manager)).body.campaignId;
    expectSuccess(await details({ campaign_id: managers }, api.keys().manager), 'details_01', 'report_generated');
    expectError(await details({ campaign_id: managers }), 'details_03');
  });
});

describe('the report request limit (7.2 report_05, 8)', () => {
  const api = useServer();

  it(`answers report_05 past ${REPORT_REQUESTS_PER_MINUTE} requests of an account in a minute, for that account only`, async () => {
    // The limit counts per clock minute: start early in one so that the burst stays within it.
    const msLeft = 60_000 - (Date.now() % 60_000);
    if (msLeft < 10_000) await new Promise((r) => setTimeout(r, msLeft + 50));
    const body = { start_date: '2026-01-01', end_date: '2026-01-01' };
    for (let sent = 0; sent < REPORT_REQUESTS_PER_MINUTE; sent += 100) {
      const answers = await Promise.all(Array.from({ length: Math.min(100, REPORT_REQUESTS_PER_MINUTE - sent) }, () => api.post('/reports/generate', body)));
      for (const a of answers) expect(a.body.code).toBe('report_04');
    }
    expectError(await api.post('/reports/generate', body), 'report_05');
    expectSuccess(await api.post('/reports/generate', body, api.keys().manager), 'report_04', 'report_generated');
  });
});
