/**
 * The tables `npm run bench` prints (test/bench/report.ts): every figure in its column, a figure not
 * measured as a dash, a run that did not pass as "failed run" with its time (also once read back from bench.json), a run killed by its signal, CI's
 * steps under its total and the parts that could not be measured. The whole text is compared, so
 * that a change of the rendering's code that changes its output fails here.
 */
import { describe, expect, it } from 'vitest';
import type { CertifyTiming } from './bench/certify-timing.ts';
import { OPERATION_NAMES } from './bench/loads.ts';
import { emptyBenchReport, judgeTargets, renderTables, type BenchReport } from './bench/report.ts';
import type { Measurement } from './bench/throughput.ts';

const SETTINGS: BenchReport['settings'] = { load: { connections: 10, durationSeconds: 5, warmupSeconds: 1 }, rounds: 3, memoryRequests: 100_000 };
const MACHINE: BenchReport['machine'] = {
  cores: 2,
  cpuModel: 'Test CPU',
  memoryMiB: 24105,
  node: 'v20.0.0',
  platform: 'linux 6.0 x64',
  loadAverageStart: 1.4,
};

const measured = (rps: number, non2xx: number, latencyP99Ms: number): Measurement => ({
  rps,
  requests: rps * 5,
  seconds: 5,
  non2xx,
  errors: 0,
  timeouts: 0,
  latencyP50Ms: 1,
  latencyP99Ms,
});

const certified = (mode: CertifyTiming['mode'], seconds: number, exitCode: number, failed: number, runErrors?: number): CertifyTiming => ({
  mode,
  seconds,
  exitCode,
  signal: null,
  totals: { tests: 431, passed: 418 - failed, failed, skipped: 13 },
  ...(runErrors === undefined ? {} : { runErrors }),
  outDir: `/tmp/${mode}`,
});

/** Every part measured: a missed target, a failed run, a killed run, CI's steps and a part that failed. */
const MEASURED = {
  machine: { ...MACHINE, loadAverageEnd: 1.92 },
  certifyClockSeconds: 7.46,
  certifyClockExitCode: 0,
  certifyRealtimeSeconds: 44.9,
  certifyRealtimeExitCode: 1,
  certifySlowRetriesSeconds: 900,
  certifySlowRetriesExitCode: null,
  certify: {
    testClock: certified('test-clock', 7.46, 0, 0, 0),
    realTime: certified('real-time', 44.9, 1, 2),
    slowRetries: { mode: 'slow-retries', seconds: 900, exitCode: null, signal: 'SIGKILL', outDir: '/tmp/slow' },
  },
  npmTestSeconds: 231.25,
  npmTestExitCode: 0,
  npmTestSource: 'ci',
  ciSeconds: 1234.5,
  ciExitCode: 0,
  ci: {
    finishedAt: '2026-11-28T01:00:00Z',
    commit: 'abc1234',
    node: 'v20.0.0',
    cores: 2,
    totalSeconds: 1234.5,
    exit: 0,
    steps: [
      { name: 'npm test', seconds: 231.25, exit: 0 },
      { name: 'kill matrix', seconds: 1003.25, exit: 0 },
    ],
  },
  referenceRps: { 'credits/consult': 12345, 'contacts/add': 4567, 'otp-v2/create': 3210 },
  prismRps: { 'credits/consult': 1234, 'contacts/add': 1100 },
  bareRps: 20000,
  bareNodeHttpRps: 25000,
  referenceVsBareCredits: 0.62,
  referenceVsNodeHttpCredits: 0.49,
  referenceVsPrismCredits: 10.01,
  referenceVsBare: { 'credits/consult': 0.62, 'contacts/add': 0.23, 'otp-v2/create': 0.16 },
  referenceVsNodeHttp: { 'credits/consult': 0.49, 'contacts/add': 0.18, 'otp-v2/create': 0.13 },
  referenceVsPrism: { 'credits/consult': 10.01, 'contacts/add': 4.15 },
  rssGrowthMiB: 12.34,
  memory: {
    requests: 100_000,
    gcRan: true,
    samples: [
      { requests: 0, rssMiB: 80.04, heapUsedMiB: 20.01 },
      { requests: 50_000, rssMiB: 90.55, heapUsedMiB: 24.44 },
      { requests: 100_000, rssMiB: 92.38, heapUsedMiB: 24.5 },
    ],
    rssGrowthMiB: 12.34,
    rssGrowthLastBatchMiB: 1.83,
    heapGrowthMiB: 4.49,
    heapGrowthLastBatchMiB: 0.06,
    non2xx: 0,
    errors: 0,
  },
  measurements: {
    'bare-fastify': { 'credits/consult': measured(20000, 0, 3) },
    'bare-node-http': { 'credits/consult': measured(25000, 0, 2) },
    reference: { 'credits/consult': measured(12345, 0, 4), 'contacts/add': measured(4567, 12, 11), 'otp-v2/create': measured(3210, 0, 15) },
    prism: {},
    rounds: [],
  },
  failures: ['Prism: it did not start', 'memory: the child died'],
} satisfies Partial<BenchReport>;

function measuredReport(): BenchReport {
  const r: BenchReport = { ...emptyBenchReport('2026-11-28T00:00:00.000Z', SETTINGS, 30), ...MEASURED };
  return { ...r, targets: judgeTargets(r) };
}

function emptyReport(): BenchReport {
  const r: BenchReport = { ...emptyBenchReport('2026-11-28T00:00:00.000Z', SETTINGS, 30), machine: MACHINE };
  return { ...r, targets: judgeTargets(r) };
}

/** What the bench prints of MEASURED, line by line. */
const MEASURED_TABLES = [
  'Machine: 2 cores (Test CPU), 24,105 MiB, Node v20.0.0, linux 6.0 x64; load average 1.4 at start, 1.92 at end',
  'Load: 10 connections, 5 s measured after 1 s warm-up, loopback; median of 3 interleaved rounds',
  '',
  '| Operation            | Reference rps | Prism rps | Reference / Prism | Reference / bare fastify | Reference / bare node:http | Ref non-2xx | Ref p99 ms |',
  '| -------------------- | ------------- | --------- | ----------------- | ------------------------ | -------------------------- | ----------- | ---------- |',
  '| bare fastify hello   | 20,000        |           |                   |                          |                            |             |            |',
  '| bare node:http hello | 25,000        |           |                   |                          |                            |             |            |',
  '| credits/consult      | 12,345        | 1,234     | 10.01             | 0.62                     | 0.49                       | 0           | 4          |',
  '| contacts/add         | 4,567         | 1,100     | 4.15              | 0.23                     | 0.18                       | 12          | 11         |',
  '| otp-v2/create        | 3,210         | —         | —                 | 0.16                     | 0.13                       | 0           | 15         |',
  '',
  '| Certify                                                                          | Seconds | Floor (s)     | Exit    | Tests                                          |',
  '| -------------------------------------------------------------------------------- | ------- | ------------- | ------- | ---------------------------------------------- |',
  '| embedded, test clock                                                             | 7.5     | —             | 0       | 418 passed, 0 failed, 13 skipped, 0 run errors |',
  '| embedded, real time                                                              | 44.9    | 30 (cooldown) | 1       | 416 passed, 2 failed, 13 skipped, 0 run errors |',
  '| serve without test hooks, event retries 10,30,60 s                               | 900.0   | 30 (cooldown) | SIGKILL | —                                              |',
  '| serve --write-profile, its certify command (loopback receiver, every capability) | —       | 30 (cooldown) | —       | —                                              |',
  '',
  '| Project       | Seconds | Exit | Source                                                |',
  '| ------------- | ------- | ---- | ----------------------------------------------------- |',
  '| npm test      | 231.3   | 0    | ci                                                    |',
  '| CI (.ci/run)  | 1,235   | 0    | reports/ci-timing.json, 2026-11-28T01:00:00Z, abc1234 |',
  '|   npm test    | 231     | 0    |                                                       |',
  '|   kill matrix | 1,003   | 0    |                                                       |',
  '',
  'Memory: 100,000 state-changing requests, RSS growth 12.3 MiB (last batch 1.8), heap after GC 4.5 MiB (last batch 0.1)',
  '| Requests | RSS MiB | Heap used MiB |',
  '| -------- | ------- | ------------- |',
  '| 0        | 80.0    | 20.0          |',
  '| 50,000   | 90.6    | 24.4          |',
  '| 100,000  | 92.4    | 24.5          |',
  '',
  '| Target                                                                           | Goal                     | Value               | Met          |',
  '| -------------------------------------------------------------------------------- | ------------------------ | ------------------- | ------------ |',
  '| certify, test clock (s)                                                          | <= 8                     | 7.46                | yes          |',
  '| certify, real time (s)                                                           | <= 45 (cooldown 30 + 15) | failed run (44.90)  | NO           |',
  '| certify, serve without test hooks, slow event retries (s)                        | <= 45 (cooldown 30 + 15) | failed run (900.00) | NO           |',
  '| certify, serve with its written profile: loopback receiver, every capability (s) | <= 90                    | —                   | not measured |',
  '| npm test (s)                                                                     | <= 240 (4 minutes)       | 231.25              | yes          |',
  '| CI, .ci/run (s)                                                                  | <= 1800 (30 minutes)     | 1,234.50            | yes          |',
  '| reference / bare fastify, credits/consult                                        | >= 0.6                   | 0.62                | yes          |',
  '| reference / Prism, credits/consult                                               | >= 3                     | 10.01               | yes          |',
  '| heap growth over the last batch (MiB)                                            | < 5 (bounded)            | 0.06                | yes          |',
  '',
  'Not measured:',
  '- Prism: it did not start',
  '- memory: the child died',
];

/** What it prints when nothing was measured. */
const EMPTY_TABLES = [
  'Machine: 2 cores (Test CPU), 24,105 MiB, Node v20.0.0, linux 6.0 x64; load average 1.4 at start, — at end',
  'Load: 10 connections, 5 s measured after 1 s warm-up, loopback; median of 3 interleaved rounds',
  '',
  '| Operation            | Reference rps | Prism rps | Reference / Prism | Reference / bare fastify | Reference / bare node:http | Ref non-2xx | Ref p99 ms |',
  '| -------------------- | ------------- | --------- | ----------------- | ------------------------ | -------------------------- | ----------- | ---------- |',
  '| bare fastify hello   | —             |           |                   |                          |                            |             |            |',
  '| bare node:http hello | —             |           |                   |                          |                            |             |            |',
  '| credits/consult      | —             | —         | —                 | —                        | —                          | —           | —          |',
  '| contacts/add         | —             | —         | —                 | —                        | —                          | —           | —          |',
  '| otp-v2/create        | —             | —         | —                 | —                        | —                          | —           | —          |',
  '',
  '| Certify                                                                          | Seconds | Floor (s)     | Exit | Tests |',
  '| -------------------------------------------------------------------------------- | ------- | ------------- | ---- | ----- |',
  '| embedded, test clock                                                             | —       | —             | —    | —     |',
  '| embedded, real time                                                              | —       | 30 (cooldown) | —    | —     |',
  '| serve without test hooks, event retries 10,30,60 s                               | —       | 30 (cooldown) | —    | —     |',
  '| serve --write-profile, its certify command (loopback receiver, every capability) | —       | 30 (cooldown) | —    | —     |',
  '',
  '| Project      | Seconds | Exit | Source |',
  '| ------------ | ------- | ---- | ------ |',
  '| npm test     | —       | —    | —      |',
  '| CI (.ci/run) | —       | —    | —      |',
  '',
  'Memory: 100,000 state-changing requests, RSS growth — MiB (last batch —), heap after GC — MiB (last batch —)',
  '| Requests | RSS MiB | Heap used MiB |',
  '| -------- | ------- | ------------- |',
  '',
  '| Target                                                                           | Goal                     | Value | Met          |',
  '| -------------------------------------------------------------------------------- | ------------------------ | ----- | ------------ |',
  '| certify, test clock (s)                                                          | <= 8                     | —     | not measured |',
  '| certify, real time (s)                                                           | <= 45 (cooldown 30 + 15) | —     | not measured |',
  '| certify, serve without test hooks, slow event retries (s)                        | <= 45 (cooldown 30 + 15) | —     | not measured |',
  '| certify, serve with its written profile: loopback receiver, every capability (s) | <= 90                    | —     | not measured |',
  '| npm test (s)                                                                     | <= 240 (4 minutes)       | —     | not measured |',
  '| CI, .ci/run (s)                                                                  | <= 1800 (30 minutes)     | —     | not measured |',
  '| reference / bare fastify, credits/consult                                        | >= 0.6                   | —     | not measured |',
  '| reference / Prism, credits/consult                                               | >= 3                     | —     | not measured |',
  '| heap growth over the last batch (MiB)                                            | < 5 (bounded)            | —     | not measured |',
];

describe('the tables of the benchmark', () => {
  it('every part measured: each figure in its column, CI steps under CI, the failures listed', () => {
    expect(renderTables(measuredReport(), OPERATION_NAMES).split('\n')).toEqual(MEASURED_TABLES);
    // bench.json read back renders the same tables: a failed run's time survives JSON (a NaN would not).
    expect(renderTables(JSON.parse(JSON.stringify(measuredReport())) as BenchReport, OPERATION_NAMES).split('\n')).toEqual(MEASURED_TABLES);
  });

  it('nothing measured: dashes, empty rows and no list of failures', () => {
    expect(renderTables(emptyReport(), OPERATION_NAMES).split('\n')).toEqual(EMPTY_TABLES);
  });
});
