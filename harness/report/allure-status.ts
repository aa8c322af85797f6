/**
 * A test's Allure status from its status (test-status.ts), not from the shape of its error.
 * allure-vitest guesses from the error: an assertion is `failed`, anything else `broken`. That
 * guess calls a test failed by a kit error (a subaccount the target would not create) broken, and
 * could call a transport error failed if its message held the word "assert". Here a failure of the
 * target is `failed`, transport trouble `broken`, an inconclusive test `passed` with its reason
 * (Allure has no status for "could not decide"; req() tags it `inconclusive`, as a warning is
 * tagged `warning`), a skip `skipped`.
 */
import { Status } from 'allure-js-commons';
import type { TestResult } from 'allure-js-commons';
import type { TestStatus } from './test-status.ts';

const ALLURE_STATUS: Readonly<Record<TestStatus, Status>> = {
  passed: Status.PASSED,
  warned: Status.PASSED,
  recorded: Status.PASSED,
  inconclusive: Status.PASSED,
  failed: Status.FAILED,
  broken: Status.BROKEN,
  skipped: Status.SKIPPED,
  'not-testable': Status.SKIPPED,
};

export const allureStatusOf = (status: TestStatus): Status => ALLURE_STATUS[status];

/** Sets the status of an Allure result to the test's; an inconclusive test's reason becomes its status message. */
export function applyTestStatus(result: TestResult, status: TestStatus, inconclusiveReason: string | undefined): void {
  result.status = allureStatusOf(status);
  if (status === 'inconclusive') result.statusDetails = { ...result.statusDetails, message: `inconclusive: ${inconclusiveReason ?? 'no reason given'}` };
}
