/**
 * The seams and faults of reports (4.12, 7.2): the period, the sandbox flag and the codes of
 * generate and details.
 */
import { FLAG_01, outsideAs, readLeniently } from './lenient-reading.ts';
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const REPORTS_SEAMS = {
  /** The instant the period ends, exclusive. */
  'reports.period-end': point<number, { endDateStart: number }>('rule:reports.send-listed'),
  'reports.matches-sandbox-flag': point<boolean>('rule:reports.sandbox-flag'),
  'reports.missing-end-code': point<string>('err:report_02'),
  'reports.refuses-start-after-end': point<boolean>('err:report_03'),
  'reports.bad-campaign-id-code': point<string, { absent: boolean }>('err:details_02'),
} as const;

const fault = faultOn(REPORTS_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const REPORTS_MUTANTS = [
  {
    id: 'reports-start-after-end-accepted',
    requirement: 'err:report_03',
    description: 'start_date after end_date is not answered report_03',
    fault: fault('reports.refuses-start-after-end', () => false),
  },
  {
    id: 'reports-missing-end-01',
    requirement: 'err:report_02',
    description: 'a missing end_date answers report_01 instead of report_02',
    conformsUnder: { ambiguity: 'paired-code-order', option: 'either' },
    fault: fault('reports.missing-end-code', () => 'report_01'),
  },
  {
    id: 'reports-end-date-exclusive',
    requirement: 'rule:reports.send-listed',
    description: 'the end_date day is left out of the period',
    fault: fault('reports.period-end', (_, c) => c.endDateStart),
  },
  {
    id: 'reports-sandbox-mixed',
    requirement: 'rule:reports.sandbox-flag',
    description: 'the sandbox flag is ignored: sandbox and real sends are reported together',
    fault: fault('reports.matches-sandbox-flag', () => true),
  },
  {
    id: 'reports-details-non-numeric-03',
    requirement: 'err:details_02',
    description: 'a non-numeric campaign_id answers details_03 instead of details_02',
    fault: fault('reports.bad-campaign-id-code', (code, c) => (c.absent ? code : 'details_03')),
  },
  {
    id: 'reports-sandbox-flag-truthy',
    requirement: 'limit:reports-sandbox-flag',
    description: 'a report sandbox value other than 0 or 1 is read as 1 instead of refused',
    fault: readLeniently(['reports/generate'], outsideAs(['sandbox'], FLAG_01, 1)),
  },
] as const satisfies readonly MutantEntry[];
