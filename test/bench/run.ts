/**
 * `npm run bench`: certification time and reference-server throughput beside bare
 * fastify and node:http hello servers and Prism's mock, plus memory under sustained writes, all in one run on one
 * machine; prints tables and writes reports/bench.json. Timings live here, never in `npm test`.
 * The flags are USAGE below (`npm run bench -- --help`).
 * Parts run one after another, each with the machine to itself as far as this process can tell.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { COOLDOWN_FLOOR_SECONDS, SLOW_RETRY_SCHEDULE, timeCertifyServeProfile, timeCertifySlowRetries } from './certify-target-timing.ts';
import { timeCertify, type CertifyMode, type CertifyTiming } from './certify-timing.ts';
import { compareThroughput } from './comparison.ts';
import { OPERATION_NAMES } from './loads.ts';
import { measureMemory } from './memory.ts';
import { DEFAULT_CI_TIMING, npmTestOfCi, readCiTiming, timeNpmTest } from './project-timing.ts';
import { emptyBenchReport, judgeTargets, missedTargets, renderTables, round2, writeReport, type BenchReport } from './report.ts';
import { PROJECT_ROOT } from './server-process.ts';
import type { LoadSettings } from './throughput.ts';

const PARTS = ['throughput', 'prism', 'memory', 'certify'] as const;
type Part = (typeof PARTS)[number];

const USAGE = `usage: npm run bench -- [flags]
  --skip PART[,PART]     leave out parts: throughput, prism, memory, certify
  --certify MODE[,MODE]  which certify timings: test-clock, real-time, slow-retries, serve-profile (all by default)
  --npm-test             time \`npm test\` too, last
  --ci-timing FILE       the record .ci/run writes (reports/ci-timing.json by default): CI's time, and npm test's when not timed here
  --duration S           seconds of each throughput load (5)
  --rounds N             rounds of each throughput comparison (3)
  --connections N        connections of each throughput load (10)
  --memory-requests N    requests of the memory part (100000)
  --out FILE             where the report goes (reports/bench.json)
  --check                exit 1 when a measured target is missed (without it a missed target is reported and the exit code
                         is 0: a benchmark's figure is not a failure)
  --help                 this text`;

/** A flag the bench does not know, or a bad value: one line and exit 2, as the CLI does. */
function usageError(message: string): never {
  process.stderr.write(`bench: ${message} (npm run bench -- --help)\n`);
  process.exit(2);
}

const parsed = (() => {
  try {
    return parseArgs({
      options: {
        skip: { type: 'string' },
        duration: { type: 'string', default: '5' },
        rounds: { type: 'string', default: '3' },
        connections: { type: 'string', default: '10' },
        'memory-requests': { type: 'string', default: '100000' },
        out: { type: 'string', default: resolve(PROJECT_ROOT, 'reports', 'bench.json') },
        check: { type: 'boolean', default: false },
        certify: { type: 'string' },
        'npm-test': { type: 'boolean', default: false },
        'ci-timing': { type: 'string', default: DEFAULT_CI_TIMING },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (e) {
    return usageError((e as Error).message.split('\n')[0] ?? 'bad flags');
  }
})();
const { values } = parsed;
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const skipped = new Set(
  (values.skip ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
for (const s of skipped) if (!PARTS.includes(s as Part)) usageError(`--skip: unknown part "${s}" (parts: ${PARTS.join(', ')})`);
const runs = (part: Part) => !skipped.has(part);
const CERTIFY_MODES: readonly CertifyMode[] = ['test-clock', 'real-time', 'slow-retries', 'serve-profile'];
const certifyModes = values.certify === undefined ? CERTIFY_MODES : values.certify.split(',').map((s) => s.trim());
for (const m of certifyModes)
  if (!(CERTIFY_MODES as readonly string[]).includes(m)) usageError(`--certify: unknown mode "${m}" (modes: ${CERTIFY_MODES.join(', ')})`);
const positive = (name: string, text: string): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) usageError(`--${name} takes a positive integer, got "${text}"`);
  return n;
};

const load: LoadSettings = {
  connections: positive('connections', values.connections),
  durationSeconds: positive('duration', values.duration),
  warmupSeconds: 1,
};
const rounds = positive('rounds', values.rounds);
const memoryRequests = positive('memory-requests', values['memory-requests']);
const log = (text: string) => process.stderr.write(`bench: ${text}\n`);

const report: BenchReport = emptyBenchReport(new Date().toISOString(), { load, rounds, memoryRequests }, COOLDOWN_FLOOR_SECONDS);

/** Runs one part; a part that throws is recorded in `failures` and the others still run. */
async function part(name: string, body: () => Promise<void>): Promise<void> {
  log(`${name}...`);
  try {
    await body();
  } catch (e) {
    const reason = `${name}: ${(e as Error).message}`;
    report.failures.push(reason);
    log(`FAILED ${reason}`);
  }
}

if (runs('throughput'))
  await part('throughput: bare fastify, bare node:http, reference server, Prism mock', async () => {
    const c = await compareThroughput({ load, rounds, withPrism: runs('prism'), log });
    report.failures.push(...c.failures);
    if (c.prismVersion) report.settings.prismVersion = c.prismVersion;
    report.measurements = { ...c.median, rounds: c.rounds };
    const rpsOf = (m: { rps: number } | undefined) => (m ? Math.round(m.rps) : null);
    report.bareRps = rpsOf(c.median['bare-fastify']['credits/consult']);
    report.bareNodeHttpRps = rpsOf(c.median['bare-node-http']['credits/consult']);
    for (const op of OPERATION_NAMES) {
      const ref = c.median.reference[op];
      const prism = c.median.prism[op];
      if (ref) report.referenceRps[op] = Math.round(ref.rps);
      if (prism) report.prismRps[op] = Math.round(prism.rps);
      const bareRatio = c.referenceOver['bare-fastify'][op];
      const nodeHttpRatio = c.referenceOver['bare-node-http'][op];
      const prismRatio = c.referenceOver.prism[op];
      if (bareRatio !== undefined) report.referenceVsBare[op] = bareRatio;
      if (nodeHttpRatio !== undefined) report.referenceVsNodeHttp[op] = nodeHttpRatio;
      if (prismRatio !== undefined) report.referenceVsPrism[op] = prismRatio;
    }
    report.referenceVsBareCredits = report.referenceVsBare['credits/consult'] ?? null;
    report.referenceVsNodeHttpCredits = report.referenceVsNodeHttp['credits/consult'] ?? null;
    report.referenceVsPrismCredits = report.referenceVsPrism['credits/consult'] ?? null;
  });

if (runs('memory'))
  await part(`memory (${memoryRequests.toLocaleString('en-US')} state-changing requests)`, async () => {
    report.memory = await measureMemory({ requests: memoryRequests, batches: 4, connections: load.connections });
    report.rssGrowthMiB = report.memory.rssGrowthMiB;
  });

if (runs('certify')) {
  const timings: [CertifyMode, () => Promise<CertifyTiming>, (t: CertifyTiming) => void][] = [
    [
      'test-clock',
      () => timeCertify('test-clock'),
      (t) => Object.assign(report, { certifyClockSeconds: t.seconds, certifyClockExitCode: t.exitCode, certify: { ...report.certify, testClock: t } }),
    ],
    [
      'real-time',
      () => timeCertify('real-time'),
      (t) => Object.assign(report, { certifyRealtimeSeconds: t.seconds, certifyRealtimeExitCode: t.exitCode, certify: { ...report.certify, realTime: t } }),
    ],
    // A target without test hooks whose event retries are slow; the run is bounded by the cooldown, not by them.
    [
      'slow-retries',
      timeCertifySlowRetries,
      (t) =>
        Object.assign(report, { certifySlowRetriesSeconds: t.seconds, certifySlowRetriesExitCode: t.exitCode, certify: { ...report.certify, slowRetries: t } }),
    ],
    // The README's try-out: every capability serve offers declared, events delivered for real to the loopback receiver.
    [
      'serve-profile',
      timeCertifyServeProfile,
      (t) =>
        Object.assign(report, {
          certifyServeProfileSeconds: t.seconds,
          certifyServeProfileExitCode: t.exitCode,
          certify: { ...report.certify, serveProfile: t },
        }),
    ],
  ];
  for (const [mode, measure, keep] of timings.filter(([mode]) => certifyModes.includes(mode)))
    await part(
      `certify (${mode}${mode === 'slow-retries' ? `: serve without test hooks, --event-retry-schedule ${SLOW_RETRY_SCHEDULE.join(',')}` : ''})`,
      async () => {
        const t = await measure();
        keep(t);
        log(`  certify ${mode}: ${t.seconds} s, exit ${t.exitCode ?? t.signal}${t.exitCode === 0 ? '' : ` (see ${t.outDir})`}`);
      },
    );
}

// npm test last: it loads the machine for minutes, and nothing after it is measured.
if (values['npm-test'])
  await part('npm test', async () => {
    const t = await timeNpmTest();
    Object.assign(report, { npmTestSeconds: t.seconds, npmTestExitCode: t.exitCode, npmTestSource: 'measured' });
    log(`  npm test: ${t.seconds} s, exit ${t.exitCode}${t.exitCode === 0 ? '' : ` (see ${t.outDir})`}`);
  });

// CI's figures are .ci/run's own record of its steps; npm test's too when this run did not time it.
await part(`CI record (${values['ci-timing']})`, async () => {
  const ci = readCiTiming(values['ci-timing']);
  if (ci === undefined) {
    log(`  no CI record at ${values['ci-timing']}: CI not measured (.ci/run writes it)`);
    return;
  }
  Object.assign(report, { ci, ciSeconds: ci.totalSeconds, ciExitCode: ci.exit });
  const npmTest = npmTestOfCi(ci);
  if (report.npmTestSource === null && npmTest !== undefined)
    Object.assign(report, { npmTestSeconds: npmTest.seconds, npmTestExitCode: npmTest.exitCode, npmTestSource: 'ci' });
});

report.finishedAt = new Date().toISOString();
report.machine.loadAverageEnd = round2(loadavg()[0] ?? 0);
report.targets = judgeTargets(report);
writeReport(values.out, report);
process.stdout.write(`${renderTables(report, OPERATION_NAMES)}\n\nwritten: ${values.out}\n`);
const missed = missedTargets(report);
if (values.check) for (const t of missed) log(`missed: ${t.name}, goal ${t.goal}`);
if (report.failures.length > 0 || (values.check && missed.length > 0)) process.exitCode = 1;
