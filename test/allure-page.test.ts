/**
 * What the Allure page is given beyond Allure's own (harness/report/allure-run-verdict.ts,
 * allure-section-anchors.ts, allure-status.ts), without a browser: the run's verdict and counts in
 * the report's name and banner, the run's span for the header, the section anchors' script, and
 * each status shown apart. test/pages-in-browser.test.ts sees them in a real report.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestResult } from 'allure-js-commons';
import { parse as parseYaml } from 'yaml';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { DEFAULT_AMBIGUITY_CHOICES } from '../schemas/ambiguities.ts';
import { withRunAdditions } from '../harness/report/allure-report.ts';
import { countsText, reportName, runSpan, runSpanScript, verdictBanner } from '../harness/report/allure-run-verdict.ts';
import { sectionAnchorScript } from '../harness/report/allure-section-anchors.ts';
import { allureTagOf, applyTestStatus } from '../harness/report/allure-status.ts';
import { reconcile } from '../harness/report/expected-failures.ts';
import { buildSummary, type Summary } from '../harness/report/summary.ts';
import { shareOf } from '../harness/report/run-coverage.ts';
import { SPEC_PAGE_FILE, SPEC_SECTION_LINK_NAME, specSectionLink, specSectionLinkName } from '../harness/kit/spec-section-link.ts';
import { TEST_STATUSES } from '../harness/report/test-status.ts';

const totals = (counts: Partial<Summary['totals']>): Summary['totals'] => ({
  tests: 0,
  passed: 0,
  failed: 0,
  broken: 0,
  inconclusive: 0,
  skipped: 0,
  notTestable: 0,
  knownDeviations: 0,
  warnings: 0,
  recorded: 0,
  ...counts,
});

const run = (ok: boolean, counts: Partial<Summary['totals']>, extra: Partial<Summary> = {}): Summary => {
  const base = buildSummary({
    target: 't',
    profile: 'p',
    startedAt: '2026-01-02T03:04:05.000Z',
    seconds: 54.7,
    records: [],
    choices: DEFAULT_AMBIGUITY_CHOICES,
    reconciliation: reconcile([], []),
    runErrors: [],
  });
  const t = totals(counts);
  // The tests' reach as the counts have it (run-coverage.ts: passed and failed decide, skipped, inconclusive and broken do not).
  const reach = {
    ...shareOf(t.passed + t.failed, t.tests),
    skipped: t.skipped,
    notTestable: 0,
    inconclusive: t.inconclusive,
    broken: t.broken,
    notSelected: 0,
  };
  return { ...base, ok, totals: t, coverage: { ...base.coverage, tests: reach }, ...extra };
};

/** The parts of Allure 3's page template the additions are placed by. */
const TEMPLATE =
  '<html><head><script>window.allureReportOptions = {"runSummary":{"start":1,"stop":2,"duration":1}}</script></head><body><div ' +
  'class="loader"></div><div id="app"></div><script src="app.js"></script></body></html>';

describe('the run on the Allure page', () => {
  it('counts the worst first, leaves out what no test has, and puts warnings with the passed', () => {
    expect(countsText(totals({ tests: 3, failed: 2, passed: 1 }))).toBe('2 failed, 1 passed of 3 tests');
    expect(countsText(totals({ tests: 419, passed: 406, warnings: 3, skipped: 13 }))).toBe('406 passed (3 with warnings), 13 skipped of 419 tests');
    expect(countsText(totals({ tests: 5, broken: 1, inconclusive: 1, passed: 3 }))).toBe('1 broken, 1 inconclusive, 3 passed of 5 tests');
  });

  it("names the report by the verdict of summary.md's first line", () => {
    expect(reportName(run(false, { tests: 3, failed: 2, passed: 1 }))).toBe('FAIL: Messaging Service API conformance, 3 of 3 tests decided (100 %); 0 skipped');
    expect(reportName(run(true, { tests: 4, passed: 1, skipped: 3 }))).toBe('PASS: Messaging Service API conformance, 1 of 4 tests decided (25 %); 3 skipped');
    expect(reportName(run(false, { tests: 1, passed: 1 }, { incomplete: 'the run deadline passed' }))).toMatch(/^INCOMPLETE: /);
    expect(reportName(undefined)).toBe('Messaging Service API conformance');
  });

  it("spans the run's wall time from its start, not the first to the last test", () => {
    const start = Date.parse('2026-01-02T03:04:05.000Z');
    expect(runSpan(run(true, {}))).toEqual({ start, stop: start + 54_700, duration: 54_700 });
    expect(runSpanScript(run(true, {}))).toContain(`o.runSummary=s`);
  });

  it("puts the banner above the app and the scripts in the head, after Allure's options", () => {
    const page = withRunAdditions(TEMPLATE, run(false, { tests: 3, failed: 2, passed: 1 }));
    const banner = page.indexOf('id="mc-run-verdict"');
    expect(banner).toBeGreaterThan(page.indexOf('<body>'));
    expect(banner).toBeLessThan(page.indexOf('<div id="app">'));
    expect(page.indexOf('o.runSummary=s')).toBeGreaterThan(page.indexOf('window.allureReportOptions'));
    expect(page.indexOf('o.runSummary=s')).toBeLessThan(page.indexOf('</head>'));
    expect(page).toContain('new MutationObserver(upgrade)');
    expect(verdictBanner(run(false, { tests: 3, failed: 2, passed: 1 }))).toMatch(
      />FAIL: 3 of 3 tests decided \(100 %\); 0 skipped; fail-level requirements: 0 of \d+ decided \(0 %\)\. 2 failed, 1 passed of 3 tests, 54\.7 s\.<\/span> <a href="\.\.\/spec-document\.html"/,
    );
    // What would run the skipped tests, each group with its remedy.
    const skipped = run(true, { tests: 2, passed: 1, skipped: 1 });
    const groups = [{ kind: 'manager-key', count: 1, label: 'need a manager key', remedy: '--manager-key', tests: ['t'], reasons: [] }];
    expect(verdictBanner({ ...skipped, coverage: { ...skipped.coverage, skipGroups: groups } })).toContain(
      '<div id="mc-run-skips" style="font-weight:400;font-size:13px;margin-top:4px">What would run the 1 skipped tests: 1 need a manager key: --manager-key.</div>',
    );
  });

  it('without a run, adds only the section anchors; a template that moved is an error, not a page without the verdict', () => {
    const page = withRunAdditions(TEMPLATE, undefined);
    expect(page).not.toContain('mc-run-verdict');
    expect(page).toContain('new MutationObserver(upgrade)');
    expect(() => withRunAdditions(TEMPLATE.replace('<div id="app"></div>', '<main></main>'), undefined)).toThrow(/template changed/);
  });
});

describe('the "spec §N" link', () => {
  it('is named in the shape the page recognises, and the script points it at the section', () => {
    expect(SPEC_SECTION_LINK_NAME.exec(specSectionLinkName('2.10'))?.[1]).toBe('2.10');
    expect(SPEC_SECTION_LINK_NAME.test('spec §4.1 and more')).toBe(false);
    expect(specSectionLink('4.1')).toBe('../spec-document.html#section-4.1');
    expect(sectionAnchorScript()).toContain('prefix="../spec-document.html#section-"');
  });
});

describe('each status in Allure', () => {
  const result = (): TestResult =>
    ({
      uuid: 'u',
      name: 'n',
      historyId: 'h',
      status: undefined,
      statusDetails: {},
      stage: 'finished',
      steps: [],
      attachments: [],
      parameters: [],
      labels: [],
      links: [],
    }) as unknown as TestResult;
  const tags = (r: TestResult) => r.labels.filter((l) => l.name === 'tag').map((l) => l.value);

  it('tells apart, by a tag, the statuses that share an Allure status', () => {
    const byAllure = new Map<string, string[]>();
    for (const s of TEST_STATUSES) {
      const r = result();
      applyTestStatus(r, s, {});
      byAllure.set(String(r.status), [...(byAllure.get(String(r.status)) ?? []), tags(r).join(',')]);
    }
    for (const [allure, shown] of byAllure) expect(new Set(shown).size, allure).toBe(shown.length);
    expect(allureTagOf('warned')).toBe('warning');
  });

  it('an inconclusive test has no status (Allure: unknown) and its reason; a warned one its warnings; a tag is never doubled', () => {
    const inconclusive = result();
    inconclusive.status = 'passed' as TestResult['status'];
    inconclusive.labels.push({ name: 'tag', value: 'inconclusive' });
    applyTestStatus(inconclusive, 'inconclusive', { inconclusive: 'round trip too wide' });
    expect('status' in inconclusive).toBe(false);
    expect(inconclusive.statusDetails.message).toBe('inconclusive: round trip too wide');
    expect(tags(inconclusive)).toEqual(['inconclusive']);
    const warned = result();
    applyTestStatus(warned, 'warned', { warnings: ['a reading: one is two', 'a SHOULD: late'] });
    expect(warned.status).toBe('passed');
    expect(warned.statusDetails.message).toBe('warned (2 warnings; the test passed):\n- a reading: one is two\n- a SHOULD: late');
  });
});

/** The deepest folder the paths share ("reports" for reports/a/b.html and reports/c.html). */
function sharedFolder(paths: readonly string[]): string {
  const folders = paths.map((p) => dirname(p).split('/'));
  const shared: string[] = [];
  for (let i = 0; folders.every((f) => i < f.length && f[i] === folders[0]![i]); i += 1) shared.push(folders[0]![i]!);
  return shared.join('/');
}

describe('the CI example', () => {
  interface Step {
    name?: string;
    uses?: string;
    with?: { path?: string };
  }
  const workflow = parseYaml(readFileSync(join(PACKAGE_ROOT, 'examples', 'github-actions-certify.yml'), 'utf8')) as { jobs: Record<string, { steps: Step[] }> };
  const uploads = Object.values(workflow.jobs).flatMap((job) => job.steps.filter((step) => step.uses?.startsWith('actions/upload-artifact@')));

  it("uploads the Allure page and the coloured document in one artifact, where the page's links find the document", () => {
    expect(uploads.length).toBeGreaterThan(0);
    const carrying = uploads.filter((step) => (step.with?.path ?? '').split('\n').some((p) => p.trim().endsWith('allure-report/index.html')));
    expect(carrying).toHaveLength(1);
    const paths = (carrying[0]!.with?.path ?? '')
      .split('\n')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    // upload-artifact roots an artifact of several paths at the deepest folder they share (its README).
    const inArtifact = paths.map((p) => posix.relative(sharedFolder(paths), p));
    const page = inArtifact.find((p) => p.endsWith('index.html'))!;
    const linked = posix.normalize(posix.join(posix.dirname(page), specSectionLink('4.1').split('#')[0]!));
    expect(inArtifact).toContain(linked);
    expect(linked).toBe(SPEC_PAGE_FILE);
  });
});
