/**
 * `req(ids, name, body)`: a conformance test that names the requirement ids it proves (conventions:
 * test262 and WPT tie every test to the statement it checks). It
 *  - refuses an id that is not in the catalogue, when the file is collected (a typo fails the run);
 *  - skips, with the reason in every report, when the target lacks a capability a requirement needs
 *    ("not testable" when the profile declares one the kit cannot trigger), or when the body finds a
 *    premise the run cannot meet (a SkipTest: too few phone numbers, a send the cost guard refuses);
 *  - labels the Allure result: epic = area, feature = operation, story = requirement id, severity,
 *    a link to the spec section;
 *  - turns a failure of a test that proves no statement (every requirement below the fail level:
 *    readings, SHOULDs, silences; schemas/quotes.ts) into a warning (conventions: OIDF WARNING;
 *    the test's level is decided in schemas/verdict-levels.ts);
 *  - ends the message of any other failure with the document's words (conventions: test262);
 *  - reports a test that met transport trouble (the target unreachable, a reset connection, a
 *    deadline passed: transport/transport-error.ts) as broken, at every level: it failed in vitest
 *    with the trouble's message and no quote, since it says nothing about the requirement;
 *  - ends a test that could not decide (inconclusive.ts) as inconclusive: it passes in vitest, with
 *    the reason in every report.
 */
import * as allure from 'allure-js-commons';
import { Status } from 'allure-js-commons';
import { test, type TestContext } from 'vitest';
import type { AmbiguityId } from '../../schemas/ambiguities.ts';
import type { CapabilityId } from '../../schemas/capabilities.ts';
import { isRequirementId, requirementById, type Requirement } from '../../schemas/requirements.ts';
import { failsTest, testLevel } from '../../schemas/verdict-levels.ts';
import { reasonOf, warnTest } from './checks.ts';
import { consultingChoices, runAsCurrentTest, shipLearnedSecrets, watchCollectingSuite } from './current-test.ts';
import { defaultedAmbiguityLines, optionsTakenLine, passUnderAllowedOptions } from './defaulted-ambiguities.ts';
import { keepTestState } from './test-state-snapshot.ts';
import { specSectionLink } from './spec-section-link.ts';
import { effectiveCapabilities, skipReason } from './effective-capabilities.ts';
import { withLastExchanges } from './failure-exchanges.ts';
import { failedRequirementsOf } from './requirement-checks.ts';
import { scaledTimeout } from '../config/latency-scale.ts';
import { REQUIREMENT_TEST_TIMEOUT_MS } from '../config/test-timeouts.ts';
import type { RunConfig } from '../config/run-config.ts';
import { readRunConfig } from './run-context.ts';
import { isTestEnded } from './test-ended.ts';
import { skipReasonOf } from './test-skip.ts';
import { inconclusiveReasonOf } from './inconclusive.ts';
import { isNonVerdict, isVitestSkip } from './non-verdict.ts';
import { transportFailureOf } from '../transport/transport-error.ts';
import { setDefaultAnswerLimit } from '../transport/http-client.ts';
import { protectKitWords, redactKnown } from '../transport/redaction.ts';
import { protectCatalogueWords } from './kit-words.ts';
import { appendToReport, reportAtCollection, reportOf, setInReport } from './test-report.ts';

export interface ReqOptions {
  /** Capabilities needed beyond those of the requirements (e.g. test-clock for a fast-only variant). */
  needs?: readonly CapabilityId[];
  timeout?: number;
  /** Runs alongside the other concurrent tests of the file (tests that mostly wait). */
  concurrent?: boolean;
  /** The operation shown as Allure feature, when the requirements name none or several. */
  operation?: string;
}

/** Throws on an id the catalogue does not hold; returns the requirements. */
export function requirementsOf(ids: readonly string[]): Requirement[] {
  if (ids.length === 0) throw new Error('a conformance test must name at least one requirement id');
  const unknown = ids.filter((id) => !isRequirementId(id));
  if (unknown.length > 0) throw new Error(`unknown requirement id(s): ${unknown.join(', ')} (see schemas/requirements.ts)`);
  return ids.map(requirementById);
}

let runConfig: RunConfig | undefined;
const config = (): RunConfig => (runConfig ??= prepareWorker(readRunConfig()));

/**
 * What a suite worker of a certify run sets once, from its run: the profile's answer size limit for
 * every HTTP client of the worker (limits.answerBytes), and its own part in an interrupted run. The
 * terminal's Ctrl-C reaches every process of its group, workers included; a worker that died of it
 * would skip the teardowns of its file (subaccounts emptied and archived, webhooks put back). So a
 * worker lets SIGINT pass: the certify process decides how the run ends (run/run-suites.ts), and ends
 * the workers itself.
 */
function prepareWorker(config: RunConfig): RunConfig {
  setDefaultAnswerLimit(config.profile.limits.answerBytes);
  if (process.send !== undefined && process.listenerCount('SIGINT') === 0) process.on('SIGINT', () => undefined);
  return config;
}
let available: ReadonlySet<CapabilityId> | undefined;
/** The run's capabilities: the same for every test of the file, so computed once. */
const availableCapabilities = (): ReadonlySet<CapabilityId> => (available ??= effectiveCapabilities(config()));

/** Capabilities the requirements or the options need and the run does not have. */
export function missingCapabilities(
  requirements: readonly Requirement[],
  needs: readonly CapabilityId[],
  available: ReadonlySet<CapabilityId>,
): CapabilityId[] {
  const needed = new Set<CapabilityId>(needs);
  for (const r of requirements) if (r.capability) needed.add(r.capability);
  return [...needed].filter((c) => !available.has(c));
}

const NOT_SELECTED = 'not selected: the run was limited with --requirements';

/** Whether a failure of a test of these requirements fails it: one of them is a stated rule (verdict-levels.ts). */
const provesStatement = (requirements: readonly Requirement[]): boolean => failsTest(testLevel(requirements.map((r) => r.level)));

/** The document's words of the requirements, as failure messages and the Allure description show them. */
function quoteLines(requirements: readonly Requirement[]): string {
  return requirements
    .map((r) =>
      r.quotes.length > 0
        ? `${r.id} (§${r.section}, ${r.level}): ${r.quotes.map((q) => `"${q}"`).join(' … ')}`
        : `${r.id} (§${r.section}, ${r.level}): no sentence of the document; ${r.statement}`,
    )
    .join('\n');
}

async function label(requirements: readonly Requirement[], options: ReqOptions): Promise<void> {
  const first = requirements[0]!;
  await allure.epic(first.area);
  await allure.feature(options.operation ?? first.operations[0] ?? first.area);
  for (const r of requirements) await allure.story(r.id);
  await allure.severity(provesStatement(requirements) ? 'critical' : 'minor');
  // A section field may name several ("4.4, 2.10"); each links to its words on the page certify writes beside the report.
  const sections = new Set(requirements.flatMap((r) => r.section.split(',').map((part) => part.trim())));
  for (const section of sections) await allure.link(specSectionLink(section), `spec §${section}`);
  await allure.description(
    requirements
      .map((r) => `**${r.id}** (§${r.section}, level ${r.level}): ${r.statement}${r.quotes.length > 0 ? `\n\n> ${r.quotes.join('\n>\n> ')}` : ''}`)
      .join('\n\n'),
  );
}

/** A failure of a test that proves statements: its message ends with the document's words. */
function withQuotes(error: unknown, requirements: readonly Requirement[]): unknown {
  if (!(error instanceof Error)) return error;
  const stated = requirements.filter((r) => failsTest(r.level));
  if (stated.length > 0) error.message = `${error.message}\n  the document says:\n  ${quoteLines(stated).replace(/\n/g, '\n  ')}`;
  return error;
}

/**
 * A failure that read an ambiguity the profile only defaulted says so first, with what to
 * do (the option may be the profile's error, not the target's); then the document's words.
 */
function withDefaultedAmbiguities(error: unknown, consulted: ReadonlySet<AmbiguityId>): unknown {
  if (!(error instanceof Error)) return error;
  const lines = defaultedAmbiguityLines(consulted, config().profile);
  if (lines !== '') error.message = `${error.message}\n  ${lines.replace(/\n/g, '\n  ')}`;
  return error;
}

/**
 * A test that could not decide ends here, without an error: vitest passes it, every report shows
 * it inconclusive with its reason, and the run fails on it only under --strict.
 */
async function endInconclusive(context: TestContext, reason: string): Promise<void> {
  setInReport(context.task, 'inconclusive', reason);
  await allure.logStep(`INCONCLUSIVE: ${reason}`, Status.SKIPPED);
  await allure.label('tag', 'inconclusive');
}

/**
 * The requirements a failed check is tagged with (requirement-checks.ts), also one the test does not
 * name (a send's total_messages, checked on the way to another rule, is still 2.2's rule); all of
 * the test's when the check is untagged. A tag narrows only to a statement: the test failed, so what
 * it names failed must include one, or the reports would call a failed test a warning.
 */
function failedRequirementsAmong(error: unknown, requirements: readonly Requirement[]): readonly Requirement[] {
  const tagged = (failedRequirementsOf(error) ?? []).filter(isRequirementId).map(requirementById);
  return provesStatement(tagged) ? tagged : requirements;
}

/**
 * How a test whose body threw ends: skipped, inconclusive (no error), broken, failed with the
 * document's words, or (a test that proves no statement) passed with a warning.
 */
async function endOnError(context: TestContext, error: unknown, requirements: readonly Requirement[], consulted: ReadonlySet<AmbiguityId>): Promise<void> {
  if (isVitestSkip(error)) throw error;
  // A premise the run cannot meet, found while running (too few phone numbers, a send
  // the cost guard refuses, a capability the kit cannot trigger): a skip with its reason, never a failure.
  const skip = skipReasonOf(error);
  if (skip !== undefined) {
    setInReport(context.task, 'skipReason', skip);
    context.skip(skip);
  }
  const inconclusive = inconclusiveReasonOf(error);
  if (inconclusive !== undefined) return endInconclusive(context, inconclusive);
  // Transport trouble at any level, below the fail level too: a warning would pass a test that
  // learned nothing. Its last exchanges help tell the target's fault from the network's.
  const broken = transportFailureOf(error);
  if (error instanceof Error) error.message = redactKnown(error.message);
  if (broken !== undefined) {
    setInReport(context.task, 'broken', redactKnown(broken));
    await allure.label('tag', 'broken');
    throw withLastExchanges(error, context.task);
  }
  // A test that proves no statement of the document (only readings, SHOULDs or silences) can only warn.
  if (provesStatement(requirements)) {
    // The requirements the failed check was about: those its tag names, else all of the test's.
    const failing = failedRequirementsAmong(error, requirements);
    if (failing !== requirements)
      setInReport(
        context.task,
        'failedRequirements',
        failing.map((r) => r.id),
      );
    // What the target answered last (method, path, status, redacted body), then the document's words.
    throw withQuotes(withDefaultedAmbiguities(withLastExchanges(error, context.task), consulted), failing);
  }
  // Readings and SHOULDs: the report shows the deviation as a warning, its whole message (bounded);
  // the run does not fail on it. It is about the test's requirements the failed check was tagged with, else all of them.
  warnTest(
    context,
    `${requirements.map((r) => r.id).join(', ')} (${requirements.map((r) => r.level).join(', ')}): ${reasonOf(error)}`,
    warnedAmong(error, requirements),
  );
}

/** The ids of the test's requirements a failed check was tagged with (requirement-checks.ts); all of them when it names none of them. */
function warnedAmong(error: unknown, requirements: readonly Requirement[]): string[] {
  const ids = requirements.map((r) => r.id);
  const tagged = (failedRequirementsOf(error) ?? []).filter((id) => ids.includes(id));
  return tagged.length > 0 ? tagged : ids;
}

/**
 * Skips the test when the target lacks a capability its requirements need: with the reason in every
 * report ("not testable" when the profile declares one the kit cannot trigger). Returns whether it did.
 */
async function skippedForCapabilities(context: TestContext, requirements: readonly Requirement[], options: ReqOptions): Promise<boolean> {
  const missing = missingCapabilities(requirements, options.needs ?? [], availableCapabilities());
  if (missing.length === 0) return false;
  const reason = skipReason(missing, config());
  setInReport(context.task, 'skipReason', reason);
  // Labelled first: a skipped test sits in its area and operation like the others.
  await label(requirements, options);
  context.skip(reason);
  return true;
}

/** A test outside the run's --requirements: collected and listed like the others, skipped as not selected. */
function notSelectedTest(name: string, ids: readonly string[], requirements: readonly Requirement[], options: ReqOptions): void {
  test(name, reportAtCollection(ids), async (context) => {
    setInReport(context.task, 'requirements', [...ids]);
    setInReport(context.task, 'skipReason', NOT_SELECTED);
    await label(requirements, options);
    context.skip(NOT_SELECTED);
  });
}

/** Runs the test's body; a TestEnded (test-ended.ts) ends it as a return would: its check already gave its warning or record. */
async function bodyUntilEnded(body: (context: TestContext) => Promise<void>, context: TestContext): Promise<void> {
  try {
    await body(context);
  } catch (error) {
    if (!isTestEnded(error)) throw error;
  }
}

/**
 * The name a test is reported under: its main requirement id (the first it names), then its own
 * words, so that the id a report shows greps to the test (conventions: WPT and test262 name a test
 * by what it checks). A name that already starts with that id (then a space or a colon) keeps it once.
 */
const reportedTestName = (ids: readonly string[], name: string): string =>
  name.startsWith(`${ids[0]} `) || name.startsWith(`${ids[0]}:`) ? name : `${ids[0]} ${name}`;

export function req(ids: readonly string[], words: string, body: (context: TestContext) => Promise<void>, options: ReqOptions = {}): void {
  const requirements = requirementsOf(ids);
  const name = reportedTestName(ids, words);
  // The kit's words are never what a cut left of a key (5.2 redacts the target's data, not them).
  protectCatalogueWords();
  protectKitWords([name]);
  // The file's meta carries what the worker learns while it runs (current-test.ts).
  watchCollectingSuite();
  const run = async (context: TestContext): Promise<void> => {
    setInReport(context.task, 'requirements', [...ids]);
    if (await skippedForCapabilities(context, requirements, options)) return;
    await label(requirements, options);
    const startedAt = Date.now();
    const consulted = new Set<AmbiguityId>();
    try {
      try {
        // A failure after reading a defaulted ambiguity is run again under its other options (defaulted-ambiguities.ts).
        await passUnderAllowedOptions({
          profile: config().profile,
          consulted,
          attempt: (choices, noted) =>
            runAsCurrentTest({ context, choices: consultingChoices(choices), consulted: noted }, () => bodyUntilEnded(body, context)),
          isCheckFailure: (error) => !isNonVerdict(error),
          warnings: () => (reportOf(context.task).warnings ?? []).length,
          fits: (lastRunMs) => Date.now() - startedAt + lastRunMs < timeout,
          snapshot: () => keepTestState(context),
          onTaken: (combo) => {
            const line = optionsTakenLine(combo);
            appendToReport(context.task, 'recorded', { what: 'a defaulted ambiguity passes every option the document allows', observed: line });
          },
        });
      } catch (error) {
        await endOnError(context, error, requirements, consulted);
      }
      if ((reportOf(context.task).warnings ?? []).length > 0) await allure.label('tag', 'warning');
    } finally {
      // A key the test made the target return (4.11) reaches the certify process with the test's result.
      shipLearnedSecrets(context.task);
    }
  };
  // Scaled with the latency the preflight measured (latency-scale.ts): a slow target is not failed by our clock.
  const timeout = scaledTimeout(options.timeout ?? REQUIREMENT_TEST_TIMEOUT_MS, config().latencyMs);
  const selected = config().onlyRequirements;
  // The ids ride in the test's meta from collection on, so that the requirement matrix (spec/requirement-tests.ts) reads them without running it.
  const collected = reportAtCollection(ids);
  if (selected && !ids.some((id) => selected.includes(id))) notSelectedTest(name, ids, requirements, options);
  else if (options.concurrent) test.concurrent(name, { ...collected, timeout }, run);
  else test(name, { ...collected, timeout }, run);
}
