/**
 * Runs boundary.fixture.ts with vitest and certify's reporters in their order (the redacting
 * boundary first, then the result collector), as run/run-suites.ts installs them, and writes what
 * the certify process kept into the folder given as the first argument: records.json, errors.json
 * (the tests' errors as later reporters read them), run-errors.json and secrets.json (how many the
 * boundary learned, and whether the fixture's key is among them). A
 * child process of test/hostile-units.test.ts, so that this vitest run is not nested in the test's own.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startVitest, type Reporter, type TestCase } from 'vitest/node';
import { defaultProfile } from '../../harness/config/profile.ts';
import { PROJECT_ROOT } from '../../harness/config/project-paths.ts';
import { RunConfig } from '../../harness/config/run-config.ts';
import { ResultCollector } from '../../harness/report/result-collector.ts';
import { RedactingReporter } from '../../harness/report/run-redaction.ts';
import { runSecrets } from '../../harness/run/run-secrets.ts';
import { LEARNED_KEY } from './learned-key.ts';

const outDir = process.argv[2]!;
const config = RunConfig.parse({
  baseUrl: 'http://127.0.0.1:1',
  apiKey: 'fixture-key-0001',
  embedded: false,
  profile: defaultProfile(),
  allowCharges: false,
  runId: 'fixture2',
  seed: 1,
  outDir,
});
const secrets = runSecrets([config.apiKey]);
const boundary = new RedactingReporter(secrets);
const collector = new ResultCollector();
/** What the reporters after the boundary read of each test's errors: message, actual, expected, stack, diff. */
const errors: unknown[] = [];
const reader: Reporter = { onTestCaseResult: (testCase: TestCase) => void errors.push(...(testCase.result().errors ?? [])) };
const vitest = await startVitest('test', ['test/boundary-fixture/boundary.fixture.ts'], {
  root: PROJECT_ROOT,
  config: false,
  provide: { runConfig: config },
  watch: false,
  include: ['test/boundary-fixture/*.fixture.ts'],
  pool: 'forks',
  reporters: [boundary, collector, reader],
});
await vitest.close();
writeFileSync(join(outDir, 'records.json'), JSON.stringify(collector.records));
writeFileSync(join(outDir, 'errors.json'), JSON.stringify(errors));
writeFileSync(join(outDir, 'run-errors.json'), JSON.stringify([...collector.runErrors, ...boundary.cleanupFailures]));
writeFileSync(join(outDir, 'secrets.json'), JSON.stringify({ known: secrets.size, learnedTheKey: secrets.all().includes(LEARNED_KEY) }));
process.exitCode = 0;
