/**
 * `certify --baseline` and `--fail-on regression` end to end (harness/report/baseline.ts,
 * run-verdict.ts gatePasses): a clean certification of the embedded server's credits area is the
 * baseline; the same area with an injected fault names exactly the requirements the fault broke as
 * newly failing, and fails the regression gate; the faulty server again, against its own earlier
 * run, passes it (every failure is known), while its verdict stays FAIL.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutantById } from '../reference/mutants.ts';
import type { Summary } from '../harness/report/summary.ts';
import { cli } from './cli-child.ts';
import { FAILING_RUN } from './page-tours.ts';
import { fileScratchDir } from './scratch-dir.ts';

const dir = fileScratchDir('mc-baseline-');
const summaryOf = (out: string): Summary => JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
const certify = (out: string, ...flags: string[]) => cli(['certify', '--only', FAILING_RUN.area, '--no-html', '--out', join(dir, out), ...flags], 120_000);

describe('certify against a baseline', () => {
  it('lists what a fault broke as newly failing; --fail-on regression fails on it, and passes once it is in the baseline', async () => {
    const clean = await certify('clean');
    expect(clean.status, clean.output).toBe(0);
    const cleanSummary = summaryOf(join(dir, 'clean'));
    expect(cleanSummary.baseline).toBeUndefined();
    expect(cleanSummary.documentCoverage.units).toBeGreaterThan(0);

    const mutant = ['--mutant', FAILING_RUN.mutant];
    const first = await certify('mutant', ...mutant, '--baseline', join(dir, 'clean', 'summary.json'), '--fail-on', 'regression');
    expect(first.status, first.output).toBe(1);
    const firstSummary = summaryOf(join(dir, 'mutant'));
    const broke = firstSummary.requirements
      .filter((r) => r.status === 'failed')
      .map((r) => r.id)
      .sort();
    expect(broke).toContain(mutantById(FAILING_RUN.mutant).requirement);
    expect(cleanSummary.requirements.filter((r) => broke.includes(r.id)).every((r) => r.status === 'passed')).toBe(true);
    expect(firstSummary.baseline).toMatchObject({
      newlyFailing: broke,
      newlyBroken: [],
      newlyPassing: [],
      regression: true,
      baseline: { startedAt: cleanSummary.startedAt },
    });
    expect(firstSummary.baseline!.newFailedTests).toEqual([...firstSummary.failedTests].sort());
    const md = readFileSync(join(dir, 'mutant', 'summary.md'), 'utf8').split('\n');
    expect(md[0]).toMatch(/^# Conformance summary: FAIL; gate \(--fail-on regression\): FAIL; \d+ of \d+ tests decided/);
    // The first section after the verdict and its reach.
    expect(md.find((l) => l.startsWith('## '))).toMatch(/^## Compared with the baseline of /);
    expect(md.find((l) => l.startsWith('- Requirements newly failing:'))).toBe(`- Requirements newly failing: ${broke.join(', ')}`);

    const again = await certify('mutant-again', ...mutant, '--baseline', join(dir, 'mutant', 'summary.json'), '--fail-on', 'regression');
    expect(again.status, again.output).toBe(0);
    const againSummary = summaryOf(join(dir, 'mutant-again'));
    expect(againSummary.ok).toBe(false);
    expect(againSummary.baseline).toMatchObject({ newlyFailing: [], newFailedTests: [], regression: false });
    expect(readFileSync(join(dir, 'mutant-again', 'summary.md'), 'utf8')).toMatch(/^# Conformance summary: FAIL; gate \(--fail-on regression\): PASS/);

    // Without --fail-on regression the baseline only informs: the failures fail the run as before.
    const informed = await certify('mutant-informed', ...mutant, '--baseline', join(dir, 'mutant', 'summary.json'));
    expect(informed.status, informed.output).toBe(1);
    expect(summaryOf(join(dir, 'mutant-informed')).failOn).toBeUndefined();
  }, 300_000);
});
