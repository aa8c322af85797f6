/**
 * Checks below the fail level (conventions: an OIDF test is a sequence of conditions, each
 * with its own level). A plain `expect` fails the test: it is for what the document states. What we
 * derived from the words (a reading) goes through `warnUnless`: a failed assertion inside it is a
 * warning of the test, shown in every report, and the test goes on. Where the document is silent,
 * `recordBehaviour` writes what the target did and asserts nothing (suites reach both through judge.ts).
 *
 * The level of a whole test comes from its requirements (requirement-test.ts); these are for the
 * single disputed detail inside a test whose other checks are statements.
 *
 * Only a failed check is lowered to a warning or a record. What is no verdict on the check at all
 * (non-verdict.ts: the target could not be reached or stopped answering, the test could not decide,
 * a premise cannot be met) goes through unchanged, so that req() reports the test broken,
 * inconclusive or skipped instead of passing it with a warning about nothing the target did.
 */
import * as allure from 'allure-js-commons';
import { Status } from 'allure-js-commons';
import type { TestContext } from 'vitest';
import { FAILED_CHECK_AT, type VerdictLevel } from '../../schemas/verdict-levels.ts';
import { redactKnown } from '../transport/redaction.ts';
import { currentTest } from './current-test.ts';
import { isNonVerdict } from './non-verdict.ts';
import { isTestEnded } from './test-ended.ts';
import type { RecordedBehaviour } from './test-meta.ts';
import { appendToReport, reportOf } from './test-report.ts';

/**
 * The most characters of a warning or a recorded behaviour kept: whole up to here, its head and
 * tail past it. A check's message is a head line ("... does not match the documented schema:") and
 * the cause below it (the field, what it got, the answer): keeping only the head loses the cause.
 */
export const REASON_MAX_CHARS = 2000;
const REASON_HEAD_CHARS = 1400;

/** `text` whole when it fits in `max` characters; else its head and tail, saying how much was cut. */
export function boundedText(text: string, max: number = REASON_MAX_CHARS, head: number = REASON_HEAD_CHARS): string {
  if (text.length <= max) return text;
  const tail = Math.max(0, max - head);
  return `${text.slice(0, head)}\n… (${text.length - head - tail} characters cut) …\n${tail > 0 ? text.slice(-tail) : ''}`;
}

/**
 * The whole message of a failed check, redacted (5.2: an assertion quotes the target's answer, and
 * a target may echo a key there) and bounded; every line of it, not the first alone.
 */
export const reasonOf = (error: unknown): string => boundedText(redactKnown((error instanceof Error ? error.message : String(error)).trim()));

/**
 * Whether `error` is a failed check this check reports. The end of a check inside it (test-ended.ts)
 * is not: that check already gave its warning or record, and this one ends with it, giving none of
 * its own. Any other error that is no verdict (non-verdict.ts) is thrown again.
 */
function failedHere(error: unknown): boolean {
  if (isTestEnded(error)) return false;
  if (isNonVerdict(error)) throw error;
  return true;
}

/**
 * Adds a warning to the running test (a failed reading or SHOULD) about `about` (every id of the test
 * when absent); outside a test it goes to stderr.
 */
function addWarning(message: string, about?: readonly string[]): void {
  const running = currentTest();
  if (!running) {
    process.stderr.write(`warning outside a test: ${message}\n`);
    return;
  }
  warnTest(running.context, message, about);
}

/**
 * Adds a warning to the test of `context`: in its meta (summary, junit) and as a broken Allure step.
 * `about` names the requirements it is about, for the summary's status of each; absent, it is about
 * every requirement the test names.
 */
export function warnTest(context: TestContext, message: string, about?: readonly string[]): void {
  const kept = boundedText(redactKnown(message));
  appendToReport(context.task, 'warnings', kept);
  appendToReport(context.task, 'warnedRequirements', ...(about ?? reportOf(context.task).requirements ?? []));
  void allure.logStep(`WARNING: ${kept}`, Status.BROKEN);
}

/**
 * Runs `check`; a failed assertion in it becomes a warning naming `what` (a reading of ours, not a
 * sentence of the document), about the requirements `about` (all of the test's when absent), and the
 * test continues. Returns whether the check held.
 */
export function warnUnless(what: string, check: () => void, about?: readonly string[]): boolean {
  try {
    check();
    return true;
  } catch (error) {
    if (failedHere(error)) addWarning(`${what}: ${reasonOf(error)}`, about);
    return false;
  }
}

/** `warnUnless` for a check that has to wait (a follow-up call, a poll). */
export async function warnUnlessAsync(what: string, check: () => Promise<void>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    if (failedHere(error)) addWarning(`${what}: ${reasonOf(error)}`);
    return false;
  }
}

/**
 * Writes what the target did where the document leaves it open, about register id `about` (a latitude,
 * an ambiguity, a requirement at the record level; judge.ts); asserts nothing.
 */
export function recordBehaviour(what: string, observed: string, about?: string): void {
  const running = currentTest();
  if (!running) return;
  // What the target did is often its own words: redacted (5.2) and bounded before it is kept.
  const entry: RecordedBehaviour = { what: redactKnown(what), observed: boundedText(redactKnown(observed)), ...(about === undefined ? {} : { about }) };
  appendToReport(running.context.task, 'recorded', entry);
  void allure.logStep(`RECORDED${about === undefined ? '' : ` (${about})`}: ${entry.what}: ${entry.observed}`, Status.PASSED);
}

/**
 * A check at a level known only at run time (a requirement's level, a latitude), doing what a failed
 * check at that level does (schemas/verdict-levels.ts): an assertion that fails the test, a warning
 * (about `about`, all of the test's requirements when absent), or a record of whether it held that never fails.
 */
export function checkAt(level: VerdictLevel, what: string, check: () => void, about?: readonly string[]): boolean {
  const onFailure = FAILED_CHECK_AT[level];
  if (onFailure === 'test-fails') {
    check();
    return true;
  }
  if (onFailure === 'warning') return warnUnless(what, check, about);
  try {
    check();
    recordBehaviour(what, 'as expected', about?.[0]);
    return true;
  } catch (error) {
    if (failedHere(error)) recordBehaviour(what, reasonOf(error), about?.[0]);
    return false;
  }
}
