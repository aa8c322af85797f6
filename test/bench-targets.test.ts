/**
 * `npm run bench -- --check` (test/bench/report.ts): a target measured and missed fails the check, a
 * run that did not pass misses its target whatever its time, and a figure not measured is reported
 * as such without failing it.
 */
import { describe, expect, it } from 'vitest';
import { emptyBenchReport, judgeTargets, missedTargets, type BenchReport } from './bench/report.ts';

function report(figures: Partial<BenchReport>): BenchReport {
  const empty = emptyBenchReport(
    '2026-11-28T00:00:00.000Z',
    { load: { connections: 10, durationSeconds: 5, warmupSeconds: 1 }, rounds: 3, memoryRequests: 100_000 },
    30,
  );
  const r = { ...empty, ...figures };
  return { ...r, targets: judgeTargets(r) };
}

const met = (r: BenchReport, name: string) => r.targets.find((t) => t.name.startsWith(name))?.met;

describe('the targets of the benchmark', () => {
  it('within every goal of the figures: nothing missed', () => {
    const r = report({
      certifyClockSeconds: 7.9,
      certifyClockExitCode: 0,
      certifyRealtimeSeconds: 45,
      certifyRealtimeExitCode: 0,
      certifySlowRetriesSeconds: 44,
      certifySlowRetriesExitCode: 0,
      certifyServeProfileSeconds: 89,
      certifyServeProfileExitCode: 0,
      npmTestSeconds: 239,
      npmTestExitCode: 0,
      ciSeconds: 1790,
      ciExitCode: 0,
    });
    expect(missedTargets(r)).toEqual([]);
    for (const name of ['certify, test clock', 'certify, real time', 'certify, serve without', 'certify, serve with its', 'npm test', 'CI'])
      expect(met(r, name), name).toBe(true);
  });

  it.each([
    ['certify, test clock', { certifyClockSeconds: 8.1, certifyClockExitCode: 0 }],
    ['certify, real time', { certifyRealtimeSeconds: 46, certifyRealtimeExitCode: 0 }],
    ['certify, serve without', { certifySlowRetriesSeconds: 46, certifySlowRetriesExitCode: 0 }],
    ['certify, serve with its', { certifyServeProfileSeconds: 91, certifyServeProfileExitCode: 0 }],
    ['npm test', { npmTestSeconds: 241, npmTestExitCode: 0 }],
    ['CI', { ciSeconds: 1801, ciExitCode: 0 }],
    // Fast, but the run failed: no figure of speed.
    ['certify, test clock', { certifyClockSeconds: 3, certifyClockExitCode: 1 }],
    ['npm test', { npmTestSeconds: 100, npmTestExitCode: 1 }],
  ] as const)('%s past its goal, or failed: missed, and --check fails', (name, figures) => {
    const r = report(figures);
    expect(met(r, name)).toBe(false);
    expect(missedTargets(r).map((t) => t.name)).toEqual([r.targets.find((t) => t.name.startsWith(name))!.name]);
  });

  it('a figure not measured is not measured, not missed', () => {
    const r = report({});
    expect(r.targets.every((t) => t.met === null)).toBe(true);
    expect(missedTargets(r)).toEqual([]);
  });
});
