/**
 * The product's own acceptance test: `certify` against the embedded reference server passes, with
 * the test clock (both personalities), and its summary shows every requirement of the catalogue
 * either covered by a passing test or skipped for a named missing capability. The reports are
 * complete and hold none of the keys used. In real time (`--real-time`: the server without its
 * test hooks) it certifies two areas, where the tests that need the test clock are skipped for it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPABILITY_IDS } from '../schemas/capabilities.ts';
import { REQUIREMENTS } from '../schemas/requirements.ts';
import type { Summary } from '../harness/report/summary.ts';
import { cli } from './cli-child.ts';
import { fileScratchDir } from './scratch-dir.ts';

const dir = fileScratchDir('mc-certify-');

interface Run {
  status: number | null;
  stdout: string;
  summary: Summary;
  out: string;
}

/** One certify of the embedded server in a child process, its reports in a folder of its own (`name`). */
async function certify(name: string, ...flags: string[]): Promise<Run> {
  const out = join(dir, name);
  const r = await cli(['certify', '--out', out, ...flags], 600_000);
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
  return { status: r.status, stdout: r.output, summary, out };
}

function expectCertified(run: Run): void {
  const { summary } = run;
  const failed = summary.requirements.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.reason}`);
  expect(failed, 'failed requirements').toEqual([]);
  expect(summary.runErrors).toEqual([]);
  expect(summary.requirements.map((r) => r.id).sort()).toEqual(REQUIREMENTS.map((r) => r.id).sort());
  expect(
    summary.requirements.filter((r) => r.status === 'not-covered').map((r) => r.id),
    'not covered',
  ).toEqual([]);
  // A skip is only ever a missing target capability, named in the reason.
  for (const r of summary.requirements.filter((x) => x.status === 'skipped')) {
    expect(r.reason, r.id).toMatch(/^target capability missing: /);
    expect(
      CAPABILITY_IDS.some((c) => r.reason!.includes(c)),
      r.id,
    ).toBe(true);
  }
  expect(summary.ok).toBe(true);
  expect(run.status, run.stdout.slice(-3000)).toBe(0);
  expect(run.stdout).toContain('# Conformance summary: PASS');
}

// The three runs go at once: the real-time one mostly waits (the 30 s cooldown of 8), while the others work.
describe.concurrent('certify the embedded reference server', () => {
  it('with the test clock: exit 0, every requirement covered or skipped for a capability, complete and key-free reports', async () => {
    const run = await certify('test-clock');
    expectCertified(run);
    for (const file of ['summary.md', 'junit.xml', 'allure-report/index.html']) expect(existsSync(join(run.out, file)), file).toBe(true);
    expect(readFileSync(join(run.out, 'summary.md'), 'utf8')).toContain('## Every requirement');
    // JUnit: one testcase per test of the summary, skips with their reason.
    const junit = readFileSync(join(run.out, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)?.length).toBe(run.summary.totals.tests);
    expect(junit.match(/<skipped message="target capability missing: /g)?.length).toBe(run.summary.totals.skipped);
    // The report opens offline and calls nobody (Allure's analytics block is removed).
    expect(readFileSync(join(run.out, 'allure-report/index.html'), 'utf8')).not.toContain('googletagmanager');
  }, 600_000);

  // Whole in real time, without test hooks, the suite is certified by the README's paths for a
  // target (readme-own-server, discover-target, scarce-numbers: serve with no hooks). What is
  // this command's own is the embedded server started without its hooks: two areas with tests
  // that need the test clock show it, those tests skipped for that capability, the others passing.
  it('in real time (no test hooks): exit 0 as well, what needs the test clock skipped for it', async () => {
    const run = await certify('real-time', '--real-time', '--no-html', '--only', 'legacy-v1,otp-legacy');
    const ran = run.summary.requirements.filter((r) => r.status !== 'not-covered');
    expect(ran.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
    expect(ran.filter((r) => r.status === 'passed').length).toBeGreaterThan(40);
    for (const r of ran.filter((x) => x.status === 'skipped')) expect(r.reason, r.id).toMatch(/^target capability missing: /);
    expect(ran.filter((r) => r.status === 'skipped' && r.reason?.includes('test-clock')).length, 'skipped for the test clock').toBeGreaterThan(0);
    expect(run.summary.runErrors).toEqual([]);
    expect(run.summary.ok).toBe(true);
    expect(run.status, run.stdout.slice(-3000)).toBe(0);
  }, 600_000);

  // The other defensible choice at every open point of the document; a check that fails
  // here is a reading of ours, not the document.
  it('with the alternate personality: exit 0 as well, the levels and quotes in the summary', async () => {
    const run = await certify('alternate', '--personality', 'alternate', '--no-html');
    expectCertified(run);
    expect(run.stdout).toContain('alternate personality');
    for (const r of run.summary.requirements) {
      expect(['fail', 'warn', 'record'], r.id).toContain(r.level);
      if (r.level === 'fail') expect(r.quote, `${r.id}: a fail-level requirement quotes the document`).toBeTruthy();
    }
    expect(run.summary.levels.fail.requirements + run.summary.levels.warn.requirements + run.summary.levels.record.requirements).toBe(REQUIREMENTS.length);
  }, 600_000);
});
