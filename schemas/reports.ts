/** Section 4.12 and 2.8: sending reports and campaign details. */
import { z } from 'zod';
import { successBody, unsettable } from './envelope.ts';
import { dateText, flag01, parseMexicoDate } from './formats.ts';
import type { OperationDefinition } from './operation.ts';

/**
 * 4.12: sandbox "integer 0,1, default 0; 1 reports sandbox sends". It selects which sends are
 * reported; it does not run the operation in sandbox mode, so the operations do not set `sandbox`.
 */
const reportSandbox = flag01.optional().meta({ description: 'Default 0; 1 reports sandbox sends' });

export const ReportsGenerateRequest = z
  .object({
    start_date: dateText.meta({ description: 'Required; YYYY-MM-DD, zone America/Mexico_City, not after end_date', example: '2026-11-01' }),
    end_date: dateText.meta({ description: 'Required; YYYY-MM-DD, zone America/Mexico_City', example: '2026-11-21' }),
    sandbox: reportSandbox,
  })
  .superRefine((req, ctx) => {
    // 4.12: start_date "not after end_date" (7.2 report_03: start after end).
    const start = parseMexicoDate(req.start_date);
    const end = parseMexicoDate(req.end_date);
    if (start !== undefined && end !== undefined && start > end)
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: 'start_date must not be after end_date' });
  })
  .meta({ id: 'ReportsGenerateRequest', description: 'POST /reports/generate body (section 4.12)' });
export type ReportsGenerateRequest = z.infer<typeof ReportsGenerateRequest>;

/** 2.8: "name, created_date, reference, number, message, sent_date, status (string), operator, type (all strings)". */
export const ReportRow = z
  .object({
    // 2.8 says what a row's name is nowhere and /sms/send takes none: unset, it may be absent, null or "" (latitude unset-field).
    name: unsettable(z.string()),
    created_date: z.string(),
    reference: z.string().meta({ description: 'Message reference' }),
    number: z.string(),
    message: z.string(),
    // A message not yet sent, or not yet through an operator, has no sent_date or operator to write (latitude unset-field).
    sent_date: unsettable(z.string()),
    status: z.string().meta({ description: 'Delivery status, a string' }),
    operator: unsettable(z.string()),
    type: z.string(),
  })
  .meta({ id: 'ReportRow', description: 'Report row of a sending report; all fields are strings (section 2.8)' });
export type ReportRow = z.infer<typeof ReportRow>;

export const ReportsGenerateResponse = successBody(
  { code: 'report_04', message: 'report_generated' },
  // 4.12: "Returns every message of the period without pagination."
  { report: z.array(ReportRow).meta({ description: 'Every message of the period, without pagination' }) },
).meta({ id: 'ReportsGenerateResponse', description: 'Sending report of a period (sections 4.12, 2.8)' });
export type ReportsGenerateResponse = z.infer<typeof ReportsGenerateResponse>;

export const ReportsCampaignDetailsRequest = z
  .object({
    // 4.12: "campaign_id (integer, req)"; 7.2 details_02: missing or not numeric.
    campaign_id: z.number().int().meta({ description: 'Campaign id, an integer', example: 48213 }),
    sandbox: flag01.optional().meta({ description: '1 = sandbox campaign' }),
  })
  .meta({ id: 'ReportsCampaignDetailsRequest', description: 'POST /reports/details body (section 4.12)' });
export type ReportsCampaignDetailsRequest = z.infer<typeof ReportsCampaignDetailsRequest>;

/** 2.8: "Campaign detail object: effectiveness (number), totals, delivered, failed, pending, not_charged (integers)". */
export const CampaignDetails = z
  .object({
    effectiveness: z.number(),
    totals: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    not_charged: z.number().int(),
  })
  .meta({ id: 'CampaignDetails', description: 'Campaign detail object (section 2.8)' });
export type CampaignDetails = z.infer<typeof CampaignDetails>;

export const ReportsCampaignDetailsResponse = successBody({ code: 'details_01', message: 'report_generated' }, { details: CampaignDetails }).meta({
  id: 'ReportsCampaignDetailsResponse',
  description: 'Details of one campaign (sections 4.12, 2.8)',
});
export type ReportsCampaignDetailsResponse = z.infer<typeof ReportsCampaignDetailsResponse>;

export const reportsOperations: OperationDefinition[] = [
  {
    operationId: 'reports/generate',
    method: 'POST',
    path: '/reports/generate',
    area: 'reports',
    summary: 'Generate a sending report',
    description:
      'Returns every message of the period from start_date to end_date (YYYY-MM-DD, zone America/Mexico_City, start not after end) ' +
      'without pagination; sandbox=1 reports sandbox sends. The per-account report request limit (report_05) has a value that is not shown.',
    section: '4.12',
    auth: 'account',
    request: { body: ReportsGenerateRequest },
    success: {
      httpStatus: [200],
      code: 'report_04',
      message: 'report_generated',
      schema: ReportsGenerateResponse,
      examples: {
        generated: {
          status: 200,
          summary: 'One message in the period',
          value: {
            success: true,
            message: 'report_generated',
            status: 200,
            code: 'report_04',
            report: [
              {
                name: 'Promo noviembre',
                created_date: '2026-11-20 09:15:00',
                reference: 'ref-1a7c9',
                number: '525512345678',
                message: 'Tu pedido ha sido enviado',
                sent_date: '2026-11-20 09:15:02',
                status: '0',
                operator: 'telcel',
                type: 'sms',
              },
            ],
            request_id: '9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d0',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['paired-code-order'],
  },
  {
    operationId: 'reports/get-campaign-details',
    method: 'POST',
    path: '/reports/details',
    area: 'reports',
    summary: 'Get the details of a campaign',
    description:
      'Answers the detail object of the campaign campaign_id (effectiveness, totals, delivered, failed, pending, ' +
      'not_charged); sandbox=1 for a sandbox campaign. A campaign still processing answers details_04, retry later.',
    section: '4.12',
    auth: 'account',
    request: { body: ReportsCampaignDetailsRequest },
    success: {
      httpStatus: [200],
      code: 'details_01',
      message: 'report_generated',
      schema: ReportsCampaignDetailsResponse,
      examples: {
        details: {
          status: 200,
          summary: 'A finished campaign',
          value: {
            success: true,
            message: 'report_generated',
            status: 200,
            code: 'details_01',
            details: { effectiveness: 96.5, totals: 200, delivered: 193, failed: 5, pending: 2, not_charged: 5 },
            request_id: '9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d1',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
];
