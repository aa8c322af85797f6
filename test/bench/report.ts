/**
 * The benchmark's record (reports/bench.json) and its table. The top-level keys
 * (certifyClockSeconds, certifyRealtimeSeconds, referenceVsBareCredits, referenceVsPrismCredits,
 * referenceRps, rssGrowthMiB, machine) stay stable so that runs can be compared over time; details
 * sit beside them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, availableParallelism, platform, arch, release } from 'node:os';
import { dirname } from 'node:path';
import { SLOW_RETRY_SCHEDULE } from './certify-target-timing.ts';
import type { CertifyTiming } from './certify-timing.ts';
import type { CiTiming } from './project-timing.ts';
import type { OperationName } from './loads.ts';
import type { MemoryReport } from './memory.ts';
import type { Comparison } from './comparison.ts';
import type { LoadSettings } from './throughput.ts';

interface Machine {
  cores: number;
  cpuModel: string;
  memoryMiB: number;
  node: string;
  platform: string;
  /** 1-minute load average at the start and end: a busy machine explains noisy figures. */
  loadAverageStart: number;
  loadAverageEnd?: number;
}

export interface TargetCheck {
  name: string;
  goal: string;
  /** The figure measured; for a run that did not pass, its time (runFailed says so): JSON keeps it, as it keeps no NaN. */
  value: number | null;
  met: boolean | null;
  runFailed?: true;
}

type PerOperation<T> = Partial<Record<OperationName, T>>;

export interface BenchReport {
  startedAt: string;
  finishedAt?: string;
  machine: Machine;
  settings: { load: LoadSettings; rounds: number; memoryRequests: number; prismVersion?: string };
  certifyClockSeconds: number | null;
  certifyRealtimeSeconds: number | null;
  certifyClockExitCode: number | null;
  certifyRealtimeExitCode: number | null;
  /**
   * Certify against `serve` without test hooks whose event retries follow a slow schedule
   * (certify-target-timing.ts), with 2 phone numbers and --allow-charges; beside it the floor of any
   * real-time run, the 30 s OTP resend cooldown (8).
   */
  certifySlowRetriesSeconds: number | null;
  certifySlowRetriesExitCode: number | null;
  /**
   * Certify against `serve --allow-loopback-webhooks --write-profile` with the command it prints:
   * every capability the server offers declared, the loopback receiver reachable (the README's try-out).
   */
  certifyServeProfileSeconds: number | null;
  certifyServeProfileExitCode: number | null;
  cooldownFloorSeconds: number;
  certify: { testClock?: CertifyTiming; realTime?: CertifyTiming; slowRetries?: CertifyTiming; serveProfile?: CertifyTiming };
  /** `npm test`: timed by this run (--npm-test), else the npm test step of the CI record; where it came from. */
  npmTestSeconds: number | null;
  npmTestExitCode: number | null;
  npmTestSource: 'measured' | 'ci' | null;
  /** The last .ci/run (reports/ci-timing.json): its total, exit code and steps. */
  ciSeconds: number | null;
  ciExitCode: number | null;
  ci?: CiTiming;
  /** Requests per second, per operation. */
  referenceRps: PerOperation<number>;
  prismRps: PerOperation<number>;
  /** The bare fastify hello (the baseline of referenceVsBare*: the reference is a fastify app). */
  bareRps: number | null;
  /** The bare node:http hello, the platform under fastify: reported, not judged. */
  bareNodeHttpRps: number | null;
  referenceVsBareCredits: number | null;
  referenceVsNodeHttpCredits: number | null;
  referenceVsPrismCredits: number | null;
  referenceVsBare: PerOperation<number>;
  referenceVsNodeHttp: PerOperation<number>;
  referenceVsPrism: PerOperation<number>;
  rssGrowthMiB: number | null;
  memory?: MemoryReport;
  /** Median rounds in full (latency, errors, non-2xx) and every round. */
  measurements: Comparison['median'] & { rounds: Comparison['rounds'] };
  targets: TargetCheck[];
  /** Parts that could not be measured, with the reason. */
  failures: string[];
}

function describeMachine(): Machine {
  return {
    cores: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryMiB: Math.round(totalmem() / 1024 / 1024),
    node: process.version,
    platform: `${platform()} ${release()} ${arch()}`,
    loadAverageStart: round2(loadavg()[0] ?? 0),
  };
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** The performance targets, judged on what was measured (null: not measured). */
export function judgeTargets(r: BenchReport): TargetCheck[] {
  const at = (name: string, goal: string, value: number | null, ok: (v: number) => boolean): TargetCheck => ({
    name,
    goal,
    value,
    met: value === null ? null : ok(value),
  });
  // A run that did not pass is no figure of speed: its time is shown and kept, the target is missed.
  // Its goal is written from its limit, so that the two cannot disagree.
  const timed = (name: string, limit: number, note: string | undefined, seconds: number | null, exitCode: number | null): TargetCheck => {
    const goal = `<= ${limit}${note === undefined ? '' : ` (${note})`}`;
    return seconds !== null && exitCode !== 0 ? { name, goal, value: seconds, met: false, runFailed: true } : at(name, goal, seconds, (v) => v <= limit);
  };
  // 8: the longest unavoidable wait of the document is the OTP resend cooldown, 30 s.
  const cooldown = 30;
  const afterCooldown = `cooldown ${cooldown} + 15`;
  return [
    timed('certify, test clock (s)', 8, undefined, r.certifyClockSeconds, r.certifyClockExitCode),
    timed('certify, real time (s)', cooldown + 15, afterCooldown, r.certifyRealtimeSeconds, r.certifyRealtimeExitCode),
    timed('certify, serve without test hooks, slow event retries (s)', cooldown + 15, afterCooldown, r.certifySlowRetriesSeconds, r.certifySlowRetriesExitCode),
    timed(
      'certify, serve with its written profile: loopback receiver, every capability (s)',
      90,
      undefined,
      r.certifyServeProfileSeconds,
      r.certifyServeProfileExitCode,
    ),
    timed('npm test (s)', 240, '4 minutes', r.npmTestSeconds, r.npmTestExitCode),
    timed('CI, .ci/run (s)', 1800, '30 minutes', r.ciSeconds, r.ciExitCode),
    at('reference / bare fastify, credits/consult', '>= 0.6', r.referenceVsBareCredits, (v) => v >= 0.6),
    at('reference / Prism, credits/consult', '>= 3', r.referenceVsPrismCredits, (v) => v >= 3),
    // Bounded is judged on the heap after a full GC: the resident set keeps pages V8 and malloc
    // have freed (measured: RSS steps up by tens of MiB once the heap is flat), the heap does not.
    // 5 MiB over the last 25,000 requests, past the caps, would be a leak of 200 bytes a request.
    at('heap growth over the last batch (MiB)', '< 5 (bounded)', r.memory?.heapGrowthLastBatchMiB ?? null, (v) => v < 5),
  ];
}

/** Whether `npm run bench -- --check` fails: a target measured and missed. A target not measured is no failure. */
export const missedTargets = (r: BenchReport): TargetCheck[] => r.targets.filter((t) => t.met === false);

const fmt = (v: number | null | undefined, digits = 0): string =>
  v === null || v === undefined ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(rows[0]!), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}

function throughputTable(r: BenchReport, operations: readonly OperationName[]): string[][] {
  return [
    ['Operation', 'Reference rps', 'Prism rps', 'Reference / Prism', 'Reference / bare fastify', 'Reference / bare node:http', 'Ref non-2xx', 'Ref p99 ms'],
    ['bare fastify hello', fmt(r.bareRps), '', '', '', '', '', ''],
    ['bare node:http hello', fmt(r.bareNodeHttpRps), '', '', '', '', '', ''],
    ...operations.map((op) => [
      op,
      fmt(r.referenceRps[op]),
      fmt(r.prismRps[op]),
      fmt(r.referenceVsPrism[op], 2),
      fmt(r.referenceVsBare[op], 2),
      fmt(r.referenceVsNodeHttp[op], 2),
      fmt(r.measurements.reference[op]?.non2xx),
      fmt(r.measurements.reference[op]?.latencyP99Ms),
    ]),
  ];
}

function certifyTable(r: BenchReport): string[][] {
  const certifyRow = (label: string, t: CertifyTiming | undefined, floor: string) => [
    label,
    fmt(t?.seconds, 1),
    floor,
    t ? String(t.exitCode ?? t.signal) : '—',
    t?.totals ? `${t.totals.passed} passed, ${t.totals.failed} failed, ${t.totals.skipped} skipped, ${t.runErrors ?? 0} run errors` : '—',
  ];
  // The floor of a real-time run: the OTP resend cooldown (8), the longest wait the document times.
  const floor = `${r.cooldownFloorSeconds} (cooldown)`;
  return [
    ['Certify', 'Seconds', 'Floor (s)', 'Exit', 'Tests'],
    certifyRow('embedded, test clock', r.certify.testClock, '—'),
    certifyRow('embedded, real time', r.certify.realTime, floor),
    certifyRow(`serve without test hooks, event retries ${SLOW_RETRY_SCHEDULE.join(',')} s`, r.certify.slowRetries, floor),
    certifyRow('serve --write-profile, its certify command (loopback receiver, every capability)', r.certify.serveProfile, floor),
  ];
}

/** npm test and CI, with CI's steps under its total. */
function projectTable(r: BenchReport): string[][] {
  return [
    ['Project', 'Seconds', 'Exit', 'Source'],
    ['npm test', fmt(r.npmTestSeconds, 1), r.npmTestExitCode === null ? '—' : String(r.npmTestExitCode), r.npmTestSource ?? '—'],
    [
      'CI (.ci/run)',
      fmt(r.ciSeconds),
      r.ciExitCode === null ? '—' : String(r.ciExitCode),
      r.ci ? `reports/ci-timing.json, ${r.ci.finishedAt}, ${r.ci.commit}` : '—',
    ],
    ...(r.ci?.steps ?? []).map((step) => [`  ${step.name}`, fmt(step.seconds), String(step.exit), '']),
  ];
}

/** The growth in a line, then the samples it was computed from. */
function memorySection(r: BenchReport): string[] {
  const samples = [
    ['Requests', 'RSS MiB', 'Heap used MiB'],
    ...(r.memory?.samples ?? []).map((s) => [fmt(s.requests), fmt(s.rssMiB, 1), fmt(s.heapUsedMiB, 1)]),
  ];
  return [
    `Memory: ${fmt(r.settings.memoryRequests)} state-changing requests, RSS growth ${fmt(r.rssGrowthMiB, 1)} ` +
      `MiB (last batch ${fmt(r.memory?.rssGrowthLastBatchMiB, 1)}), heap after ` +
      `GC ${fmt(r.memory?.heapGrowthMiB, 1)} MiB (last batch ${fmt(r.memory?.heapGrowthLastBatchMiB, 1)})`,
    table(samples),
  ];
}

function targetsTable(r: BenchReport): string[][] {
  return [
    ['Target', 'Goal', 'Value', 'Met'],
    ...r.targets.map((t) => [
      t.name,
      t.goal,
      t.runFailed ? `failed run (${fmt(t.value, 2)})` : fmt(t.value, 2),
      t.met === null ? 'not measured' : t.met ? 'yes' : 'NO',
    ]),
  ];
}

/** Where and under what load the figures were taken: a busy or small machine explains them. */
function conditionLines(r: BenchReport): string[] {
  const m = r.machine;
  return [
    `Machine: ${m.cores} cores (${m.cpuModel}), ${fmt(m.memoryMiB)} MiB, Node ${m.node}, ${m.platform}; ` +
      `load average ${m.loadAverageStart} at start, ${m.loadAverageEnd ?? '—'} at end`,
    `Load: ${r.settings.load.connections} connections, ${r.settings.load.durationSeconds} s measured ` +
      `after ${r.settings.load.warmupSeconds} s warm-up, loopback; median of ${r.settings.rounds} interleaved rounds`,
  ];
}

export function renderTables(r: BenchReport, operations: readonly OperationName[]): string {
  return [
    ...conditionLines(r),
    '',
    table(throughputTable(r, operations)),
    '',
    table(certifyTable(r)),
    '',
    table(projectTable(r)),
    '',
    ...memorySection(r),
    '',
    table(targetsTable(r)),
    ...(r.failures.length > 0 ? ['', 'Not measured:', ...r.failures.map((f) => `- ${f}`)] : []),
  ].join('\n');
}

export function writeReport(path: string, r: BenchReport): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(r, null, 2)}\n`);
}

/** A report with no figure measured yet: each part of the bench fills in its own. */
export function emptyBenchReport(startedAt: string, settings: BenchReport['settings'], cooldownFloorSeconds: number): BenchReport {
  return {
    startedAt,
    machine: describeMachine(),
    settings,
    cooldownFloorSeconds,
    certifyClockSeconds: null,
    certifyRealtimeSeconds: null,
    certifyClockExitCode: null,
    certifyRealtimeExitCode: null,
    certifySlowRetriesSeconds: null,
    certifySlowRetriesExitCode: null,
    certifyServeProfileSeconds: null,
    certifyServeProfileExitCode: null,
    npmTestSeconds: null,
    npmTestExitCode: null,
    npmTestSource: null,
    ciSeconds: null,
    ciExitCode: null,
    certify: {},
    referenceRps: {},
    prismRps: {},
    bareRps: null,
    bareNodeHttpRps: null,
    referenceVsBareCredits: null,
    referenceVsNodeHttpCredits: null,
    referenceVsPrismCredits: null,
    referenceVsBare: {},
    referenceVsNodeHttp: {},
    referenceVsPrism: {},
    rssGrowthMiB: null,
    measurements: { 'bare-fastify': {}, 'bare-node-http': {}, reference: {}, prism: {}, rounds: [] },
    targets: [],
    failures: [],
  };
}
