/**
 * A run with the run config's harFile set, as certify --har will set it: the embedded reference
 * server with a fault (reference/mutants.ts credits-balance-one-decimal, so that a test fails and
 * its curl lines are written), the credits suite file through run/run-suites.ts, then junit.xml and
 * summary.json from its records. With `echo` as the second argument, the run goes through the
 * fault proxy (fault-proxy.ts) echoing every key, the account's, the manager's and the last
 * subaccount's, in every JSON answer's body and headers. Writes into the folder given as the first argument: run.har,
 * junit.xml, summary.json, run-errors.json, and keys.json (the run's keys, for the test to search
 * the reports for; outside every report). A child process of test/har.test.ts, so that this vitest
 * run is not nested in the test's own.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_AMBIGUITY_CHOICES } from '../../schemas/ambiguities.ts';
import { RunConfig } from '../../harness/config/run-config.ts';
import { SUITE_FILE_SUFFIX, SUITES_DIR } from '../../harness/config/project-paths.ts';
import { reconcile } from '../../harness/report/expected-failures.ts';
import { junitXml } from '../../harness/report/junit-report.ts';
import { buildSummary } from '../../harness/report/summary.ts';
import { startEmbeddedTarget } from '../../harness/run/embedded-target.ts';
import { runSuites } from '../../harness/run/run-suites.ts';
import { runSecrets } from '../../harness/run/run-secrets.ts';
import { startFaultProxy } from '../fault-proxy.ts';

const outDir = process.argv[2]!;
const echo = process.argv[3] === 'echo';
const embedded = await startEmbeddedTarget({}, { testClock: true, mutant: 'credits-balance-one-decimal' });
const proxy = echo ? await startFaultProxy({ target: embedded.server.baseUrl, seed: 19, rateLimitShare: 0, delayShare: 0, echoKeys: true }) : undefined;
try {
  const { keys } = embedded.server;
  const secrets = runSecrets([keys.account, keys.manager, keys.restricted]);
  const config = RunConfig.parse({
    baseUrl: proxy?.url ?? embedded.server.baseUrl,
    apiKey: keys.account,
    managerKey: keys.manager,
    embedded: true,
    profile: embedded.profile,
    allowCharges: true,
    runId: 'harrun1',
    seed: 1,
    outDir,
    harFile: join(outDir, 'run.har'),
  });
  const startedAt = new Date();
  const outcome = await runSuites({
    config,
    files: [join(SUITES_DIR, 'credits', `consult${SUITE_FILE_SUFFIX}`)],
    outDir,
    environment: {},
    deadlineAtMs: Date.now() + 100_000,
    secrets,
  });
  writeFileSync(join(outDir, 'junit.xml'), junitXml({ suiteName: 'har', records: outcome.records, runErrors: outcome.runErrors, startedAt, wallSeconds: 1 }));
  const summary = buildSummary({
    target: 't',
    profile: 'p',
    startedAt: startedAt.toISOString(),
    seconds: 1,
    records: outcome.records,
    choices: DEFAULT_AMBIGUITY_CHOICES,
    reconciliation: reconcile(outcome.records, []),
    runErrors: outcome.runErrors,
  });
  writeFileSync(join(outDir, 'summary.json'), JSON.stringify(summary));
  writeFileSync(join(outDir, 'run-errors.json'), JSON.stringify(outcome.runErrors));
  writeFileSync(
    join(outDir, 'keys.json'),
    JSON.stringify({
      account: keys.account,
      manager: keys.manager,
      all: [...new Set([...secrets.all(), ...embedded.server.issuedKeys(), keys.restricted])],
      echoed: proxy?.counts.echoed ?? 0,
    }),
  );
} finally {
  await proxy?.close();
  await embedded.server.close();
}
process.exitCode = 0;
