/**
 * The `rule:` requirements of reports (4.12) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const REPORTS_RULE_RECORDS = rulesOf('reports', [
  {
    id: 'rule:reports.send-listed',
    section: '4.12',
    statement: 'A send appears in the report of its period.',
    ...stated('Returns every message of the period without pagination.'),
  },
  {
    id: 'rule:reports.lists-legacy-otp',
    section: '4.12, 2.8',
    statement: 'The report of a period lists the legacy OTP messages sent in it.',
    ...reading(
      '"every message of the period" reads as every message the account sent, verification codes included; ' +
        'but the report is the sending report (2.8), and a careful team may account verification codes apart',
      'Returns every message of the period without pagination.',
      'Report row (sending report)',
    ),
  },
  {
    id: 'rule:reports.sandbox-flag',
    section: '4.12',
    statement: 'sandbox=1 reports sandbox sends.',
    ...stated('sandbox (integer 0,1, default 0; 1 reports sandbox sends)'),
  },
  {
    id: 'rule:reports.campaign-details',
    section: '4.12',
    statement: 'The details of a campaign of the account are returned.',
    ...stated(
      'POST /reports/details: campaign_id (integer, req), sandbox (integer; 1 = sandbox ' +
        'campaign). Success: code details_01, message=report_generated, details object (section 2.8).',
    ),
  },
]);
