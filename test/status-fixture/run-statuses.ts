/**
 * Runs statuses.fixture.ts (or the fixture file named by the second argument) with vitest and the reporters of a certify run (the result collector,
 * the progress lines, Allure), then writes what the reports are built from into the folder given as
 * the first argument: records.json, junit.xml, summary.json, progress.txt and allure-results/.
 * A child process of test/harness-test-status-run.test.ts, so that this vitest run is not nested in
 * the test's own.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startVitest } from 'vitest/node';
import { DEFAULT_AMBIGUITY_CHOICES } from '../../schemas/ambiguities.ts';
import { defaultProfile } from '../../harness/config/profile.ts';
import { PROJECT_ROOT } from '../../harness/config/project-paths.ts';
import { RunConfig } from '../../harness/config/run-config.ts';
import { AllureReporter } from '../../harness/report/allure-reporter.ts';
import { reconcile } from '../../harness/report/expected-failures.ts';
import { junitXml } from '../../harness/report/junit-report.ts';
import { ProgressReporter } from '../../harness/report/progress-reporter.ts';
import { ResultCollector } from '../../harness/report/result-collector.ts';
import { buildSummary } from '../../harness/report/summary.ts';

const outDir = process.argv[2]!;
const fixture = `test/status-fixture/${process.argv[3] ?? 'statuses.fixture.ts'}`;
const config = RunConfig.parse({
  baseUrl: 'http://127.0.0.1:1',
  apiKey: 'fixture-key-0001',
  embedded: false,
  profile: defaultProfile(),
  allowCharges: false,
  runId: 'fixture1',
  seed: 1,
  outDir,
});
const collector = new ResultCollector();
const allure = new AllureReporter({ resultsDir: join(outDir, 'allure-results'), reportMatchers: false });
const progress: string[] = [];
const vitest = await startVitest('test', [fixture], {
  root: PROJECT_ROOT,
  config: false,
  provide: { runConfig: config },
  watch: false,
  include: ['test/status-fixture/*.fixture.ts'],
  pool: 'forks',
  reporters: [new ProgressReporter(1, (line) => progress.push(line)), collector, allure],
});
await vitest.close();
await allure.flushed();
const startedAt = new Date();
writeFileSync(join(outDir, 'records.json'), JSON.stringify(collector.records));
writeFileSync(
  join(outDir, 'junit.xml'),
  junitXml({ suiteName: 'fixture', records: collector.records, runErrors: collector.runErrors, startedAt, wallSeconds: 1 }),
);
const summary = buildSummary({
  target: 't',
  profile: 'p',
  startedAt: startedAt.toISOString(),
  seconds: 1,
  records: collector.records,
  choices: DEFAULT_AMBIGUITY_CHOICES,
  reconciliation: reconcile(collector.records, []),
  runErrors: collector.runErrors,
});
writeFileSync(join(outDir, 'summary.json'), JSON.stringify(summary));
writeFileSync(join(outDir, 'progress.txt'), progress.join('\n'));
process.exitCode = 0;
