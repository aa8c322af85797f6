/**
 * The status a requirement ends a run with, one name per status, shared by the summary (summary.ts) and
 * what a run decided (run-coverage.ts).
 * `not-testable`: every test of the requirement was skipped because it needs a capability the
 * profile declares but the kit cannot trigger (test-skip.ts), a status of its own
 * rather than a failing placeholder or a plain skip.
 * `broken`: a test of the requirement could not talk to the target (test-status.ts), and none
 * failed: the requirement was not verified, and the run does not pass.
 * `inconclusive`: a test of the requirement could not decide, and none failed, broke or warned.
 */
export type RequirementStatus =
  | 'passed'
  | 'failed'
  | 'known-deviation'
  | 'broken'
  | 'warning'
  | 'inconclusive'
  | 'recorded'
  | 'skipped'
  | 'not-testable'
  | 'not-covered';

/** The statuses in the order the tables of summary.md show them. */
export const REQUIREMENT_STATUSES: readonly RequirementStatus[] = [
  'passed',
  'failed',
  'known-deviation',
  'broken',
  'warning',
  'inconclusive',
  'recorded',
  'skipped',
  'not-testable',
  'not-covered',
];
