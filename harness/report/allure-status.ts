/**
 * How a test's status (test-status.ts) shows in Allure, not guessed from the shape of its error.
 * allure-vitest guesses from the error: an assertion is `failed`, anything else `broken`. That
 * guess calls a test failed by a kit error (a subaccount the target would not create) broken, and
 * could call a transport error failed if its message held the word "assert".
 *
 * Allure has five statuses and the kit eight, so where several share one a tag tells them apart
 * (Allure shows tags beside the status and filters by them):
 *  - a failure of the target is `failed`, transport trouble `broken`;
 *  - a test that could not decide is `unknown` (Allure's "no verdict"), tagged `inconclusive`, its
 *    reason as the status message: it is no pass;
 *  - a pass with warnings (a reading or a SHOULD that did not hold) is `passed`, tagged `warning`
 *    (the tag req() gives a test with warnings, kit/requirement-test.ts), its warnings as the status
 *    message (each is also a step of the test, checks.ts);
 *  - a pass that wrote what the target did where the document is silent is `passed`, tagged `recorded`;
 *  - a skip is `skipped`; one the kit cannot trigger is tagged `not testable`.
 * The statuses themselves are decided in test-status.ts alone; here they are only shown.
 */
import { Status } from 'allure-js-commons';
import type { TestResult } from 'allure-js-commons';
import type { ConformanceMeta } from '../kit/test-meta.ts';
import type { TestStatus } from './test-status.ts';

/**
 * An Allure status; undefined is Allure's `unknown` (allure-js-commons has no name for it: a result
 * written without a status is read as unknown by Allure 3's reader).
 */
export type AllureStatus = Status | undefined;

interface AllureView {
  status: AllureStatus;
  /** The tag that tells this status from the others shown with the same Allure status. */
  tag?: string;
}

const ALLURE_VIEW: Readonly<Record<TestStatus, AllureView>> = {
  passed: { status: Status.PASSED },
  warned: { status: Status.PASSED, tag: 'warning' },
  recorded: { status: Status.PASSED, tag: 'recorded' },
  inconclusive: { status: undefined, tag: 'inconclusive' },
  failed: { status: Status.FAILED },
  broken: { status: Status.BROKEN },
  skipped: { status: Status.SKIPPED },
  'not-testable': { status: Status.SKIPPED, tag: 'not testable' },
};

export const allureStatusOf = (status: TestStatus): AllureStatus => ALLURE_VIEW[status].status;

/** The tag Allure shows for `status`, when its Allure status is shared with other statuses. */
export const allureTagOf = (status: TestStatus): string | undefined => ALLURE_VIEW[status].tag;

/** The status message Allure shows on the test: why it could not decide, or its warnings. */
function statusMessage(status: TestStatus, meta: Pick<ConformanceMeta, 'inconclusive' | 'warnings'>): string | undefined {
  if (status === 'inconclusive') return `inconclusive: ${meta.inconclusive ?? 'no reason given'}`;
  const warnings = meta.warnings ?? [];
  if (status === 'warned')
    return `warned (${warnings.length} warning${warnings.length === 1 ? '' : 's'}; the test passed):\n${warnings.map((w) => `- ${w}`).join('\n')}`;
  return undefined;
}

/** Sets the Allure status of a result to the test's, with its tag (once) and its status message. */
export function applyTestStatus(result: TestResult, status: TestStatus, meta: Pick<ConformanceMeta, 'inconclusive' | 'warnings'>): void {
  const allureStatus = allureStatusOf(status);
  if (allureStatus === undefined) delete result.status;
  else result.status = allureStatus;
  const tag = allureTagOf(status);
  if (tag !== undefined) result.labels.push({ name: 'tag', value: tag });
  // Once each: req() tags some of these statuses too, and its tag may reach the result after an
  // earlier call of this function (allure-vitest applies a test's messages in nested updates).
  result.labels = result.labels.filter((l, i, all) => l.name !== 'tag' || all.findIndex((o) => o.name === 'tag' && o.value === l.value) === i);
  const message = statusMessage(status, meta);
  if (message !== undefined) result.statusDetails = { ...result.statusDetails, message };
}
