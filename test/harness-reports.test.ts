/**
 * The report writers of a certify run beside the summary: junit.xml (written from the records in
 * one go), the Allure results writer (in the background, awaited before the report is built), and
 * the Allure page without its analytics call.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Vitest } from 'vitest/node';
import { withoutAnalytics } from '../harness/report/allure-report.ts';
import { AllureReporter, PlainResultsWriter } from '../harness/report/allure-reporter.ts';
import { junitXml } from '../harness/report/junit-report.ts';
import { specSectionLink } from '../harness/kit/spec-section-link.ts';
import { renderSpecPage } from '../harness/report/spec-page.ts';
import { REQUIREMENTS } from '../schemas/requirements.ts';
import { SPEC_PATH } from './spec-document.ts';
import type { TestRecord } from '../harness/report/result-collector.ts';
import { testScratchDir } from './scratch-dir.ts';

const record = (name: string, status: TestRecord['status'], extra: Partial<TestRecord> = {}): TestRecord => ({
  name,
  file: 'suites/x.test.ts',
  status,
  requirements: ['op:sms/send'],
  skipReason: undefined,
  observations: [],
  warnings: [],
  recorded: [],
  error: undefined,
  durationMs: 1500,
  ...extra,
});

describe('junit.xml', () => {
  const xml = junitXml({
    suiteName: 'messaging-conformance',
    startedAt: new Date('2026-11-21T10:00:00Z'),
    records: [
      record('sends > accepts <11> & "quoted"', 'passed'),
      record('sends > refuses', 'failed', { error: 'expected 401, got 200\nat line 2' }),
      record('sends > waits', 'skipped', { skipReason: 'target capability missing: fault-injection', file: 'suites/y.test.ts' }),
    ],
    runErrors: ['suites/z.test.ts: cannot find module'],
    wallSeconds: 2.25,
  });

  it('has one testsuite per file, totals, and escapes names; the top-level time is the wall time, not the sum of the files', () => {
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="messaging-conformance" tests="4" failures="1" errors="1" skipped="1" time="2.250">/,
    );
    expect(xml).toContain(
      '<testsuite name="suites/x.test.ts" timestamp="2026-11-21T10:00:00.000Z" tests="2" failures="1" errors="0" skipped="0" time="3.000">',
    );
    expect(xml).toContain('name="sends &gt; accepts &lt;11&gt; &amp; &quot;quoted&quot;"');
    expect(xml).toContain('<property name="requirement" value="op:sms/send"/>');
  });

  it('carries the failure, the skip reason and the run errors', () => {
    expect(xml).toContain('<failure message="expected 401, got 200" type="AssertionError">expected 401, got 200\nat line 2</failure>');
    expect(xml).toContain('<skipped message="target capability missing: fault-injection"/>');
    expect(xml).toContain('<error message="suites/z.test.ts: cannot find module" type="RunError">');
  });

  it('drops characters XML cannot carry', () => {
    const text = junitXml({ suiteName: 's', startedAt: new Date(0), records: [record('a\u0001b', 'passed')], runErrors: [], wallSeconds: 1 });
    expect(text).toContain('name="ab"');
  });
});

describe('Allure results writer', () => {
  it('writes every file once flushed', async () => {
    const dir = testScratchDir('mc-allure-writer-');
    const writer = new PlainResultsWriter(dir);
    for (let i = 0; i < 50; i++) writer.writeAttachment(`${i}-attachment.txt`, Buffer.from(`body ${i}`));
    writer.writeCategoriesDefinitions([]);
    writer.writeEnvironmentInfo({ target: 'embedded' });
    await writer.flushed();
    expect(readdirSync(dir).length).toBe(52);
    expect(readFileSync(join(dir, '49-attachment.txt'), 'utf8')).toBe('body 49');
    expect(readFileSync(join(dir, 'environment.properties'), 'utf8')).toContain('target=embedded');
  });

  it('reports the files it could not write', async () => {
    const dir = testScratchDir('mc-allure-writer-');
    const writer = new PlainResultsWriter(dir);
    rmSync(dir, { recursive: true });
    writer.writeAttachment('a-attachment.txt', Buffer.from('x'));
    await expect(writer.flushed()).rejects.toThrow(/Allure results not written: .*ENOENT/);
  });

  it('replaces allure-vitest writer (a failed swap would silently bring back the fsync per file)', () => {
    const dir = join(testScratchDir('mc-allure-reporter-'), 'allure-results');
    const reporter = new AllureReporter({ resultsDir: dir });
    reporter.onInit({ projects: [] } as unknown as Vitest);
    expect(reporter.usesPlainWriter).toBe(true);
    expect(existsSync(dir)).toBe(true);
  });
});

describe('Allure page', () => {
  it('loses the analytics block and nothing else', () => {
    const page = [
      '<body><div id="app"></div>',
      '    <script async src="https://www.googletagmanager.com/gtag/js?id=G-X"></script>',
      '    <script>',
      '        window.dataLayer = window.dataLayer || [];',
      '        gtag(\'config\', \'G-X\', { "report": "awesome" });',
      '    </script>',
      '    <script>window.allureReportData = {};</script>',
      '</body>',
    ].join('\n');
    const stripped = withoutAnalytics(page);
    expect(stripped).not.toContain('googletagmanager');
    expect(stripped).not.toContain('gtag(');
    expect(stripped).toContain('<script>window.allureReportData = {};</script>');
  });
});

describe('spec-document.html (the target of the "spec §N" links)', () => {
  const page = renderSpecPage(readFileSync(SPEC_PATH, 'utf8'));

  it('has an anchor for every numbered section of the document, the one a requirement links to', () => {
    for (const id of ['section-1', 'section-2.1', 'section-4.1', 'section-4.4', 'section-7.3', 'section-9']) expect(page, id).toContain(`id="${id}"`);
    for (const section of new Set(REQUIREMENTS.flatMap((r) => r.section.split(',').map((s) => s.trim()))))
      expect(page, `§${section}`).toContain(`id="${specSectionLink(section).split('#')[1]}"`);
  });

  it('renders tables and inline markup, and escapes the text', () => {
    expect(page).toContain('<th>Field</th>');
    expect(page).toContain('<td>otp_throttled</td>');
    expect(page).toContain('<strong>POST /credits/consult</strong>');
    expect(page).not.toContain('**');
    expect(page).toContain('&lt;validation code&gt;');
  });
});
