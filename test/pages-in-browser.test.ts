/**
 * The pages a person opens, in a real browser: the Redoc page of `npm run docs` and the Allure
 * report of a certification, each opened from disk in headless Chromium (headless-chromium.ts),
 * with no console error and no request leaving the machine, and checked for what a person comes
 * for: an operation's section, the run's verdict on the report's first screen, a failed test's
 * exchange, its "spec §N" link opening that section of the document coloured by the run, and there
 * the sentence the failure broke, with its requirement and test.
 *
 * Chromium is Debian's package (.ci/run installs it). Where it is missing, these tests are skipped
 * and their names say why; under CI they run regardless, and fail at launch if it is missing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, chromiumInstalled, openOfflineBrowser, PAGE_WAIT_MS, staysOnMachine, type OfflineBrowser } from './headless-chromium.ts';
import {
  buildDocsPage,
  buildFailingReport,
  clickThroughSidebar,
  DOCS_OPERATION,
  FAILING_RUN,
  followSectionLink,
  openFailedExchange,
  openFailedSentence,
  openFirstScreen,
  openOperationSection,
} from './page-tours.ts';
import { fileScratchDir } from './scratch-dir.ts';

const runs = chromiumInstalled() || process.env.CI === 'true';
const title = runs
  ? 'pages in headless Chromium'
  : `pages in headless Chromium (skipped: ${CHROMIUM_PATH} is not installed; .ci/run installs it: apt-get install chromium)`;

describe('which requests stay on the machine', () => {
  it.each([
    ['file:///tmp/report/index.html', true],
    ['data:image/svg+xml,%3Csvg%3E', true],
    ['http://127.0.0.1:8080/x', true],
    ['http://localhost/x', true],
    ['http://[::1]:9/x', true],
    ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', false],
    ['https://www.googletagmanager.com/gtag/js', false],
    ['http://10.0.0.1/x', false],
  ])('%s: %s', (url, stays) => expect(staysOnMachine(url)).toBe(stays));
});

// Built once for the two describes below, and only where they run.
const dir = fileScratchDir('mc-pages-');
let browser: OfflineBrowser;
let docsPage = '';
let reportPage = '';

beforeAll(async () => {
  if (!runs) return;
  docsPage = join(dir, 'docs', 'index.html');
  [reportPage, browser] = await Promise.all([buildFailingReport(join(dir, 'certify')), buildDocsPage(docsPage).then(() => openOfflineBrowser())]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!runs)(`${title}: the Redoc page and the report's first screen`, () => {
  it("the Redoc page shows an operation's section, offline and without console errors", async () => {
    const heading = await openOperationSection(browser.page, docsPage);
    await expect.poll(() => heading.isVisible(), { timeout: PAGE_WAIT_MS }).toBe(true);
    expect(await browser.page.title()).toBe('Messaging Service API');
    // The request box of the section names the method and path a client calls.
    await expect.poll(() => browser.page.getByText(DOCS_OPERATION.path, { exact: true }).first().isVisible(), { timeout: PAGE_WAIT_MS }).toBe(true);
    // Redoc's telemetry posts batches of traces a few seconds after clicks (its batch delay is 5 s):
    // a person clicking through the sidebar, then the wait for such a batch.
    await clickThroughSidebar(browser.page, 6);
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(browser.blocked).toEqual([]);
    expect(browser.errors).toEqual([]);
  }, 240_000);

  it("the Allure report of a failing run says FAIL on its first screen, with its counts, the run's wall time and a link to the coloured document", async () => {
    browser.blocked.length = 0;
    browser.errors.length = 0;
    const summary = JSON.parse(readFileSync(join(dir, 'certify', 'summary.json'), 'utf8')) as {
      ok: boolean;
      seconds: number;
      startedAt: string;
      totals: { tests: number; failed: number };
    };
    expect(summary.ok, 'the fault fails the run').toBe(false);
    const banner = await openFirstScreen(browser.page, reportPage);
    await expect.poll(() => banner.isVisible(), { timeout: PAGE_WAIT_MS }).toBe(true);
    // On the first screen: inside the window as the page opens, without scrolling.
    const box = await banner.boundingBox();
    expect(box?.y).toBe(0);
    const said = await banner.innerText();
    // The verdict first, with how much of the run decided something, then the counts and wall time.
    expect(said).toMatch(new RegExp(`^FAIL: \\d+ of ${summary.totals.tests} tests decided \\(\\d+ %\\)`));
    expect(said).toMatch(
      new RegExp(`${summary.totals.failed} failed, .* of ${summary.totals.tests} tests, ${summary.seconds.toFixed(1).replace('.', '\\.')} s\\.`),
    );
    // The report's name says it too: the tab's title and the heading Allure shows above the ring.
    expect(await browser.page.title()).toMatch(/^FAIL: Messaging Service API conformance, /);
    await expect
      .poll(
        () =>
          browser.page
            .getByText(/^FAIL: Messaging Service API conformance, /)
            .first()
            .isVisible(),
        { timeout: PAGE_WAIT_MS },
      )
      .toBe(true);
    // The header's span is the run's (its start and wall time), not the first to the last test's.
    const span = await browser.page.evaluate(
      () => (globalThis as unknown as { allureReportOptions?: { runSummary?: unknown } }).allureReportOptions?.runSummary,
    );
    const start = Date.parse(summary.startedAt);
    expect(span).toEqual({ start, stop: start + Math.round(summary.seconds * 1000), duration: Math.round(summary.seconds * 1000) });
    // Its link opens the document coloured by the run, beside the report folder.
    await banner.getByRole('link').click();
    await browser.page.waitForURL(/\/certify\/spec-document\.html$/, { timeout: PAGE_WAIT_MS });
    expect(await browser.page.locator('h1').first().innerText()).toContain('Messaging Service');
    expect(browser.blocked).toEqual([]);
    expect(browser.errors).toEqual([]);
  }, 240_000);
});

describe.skipIf(!runs)(`${title}: a failed test's section link, exchange and sentence`, () => {
  it('a failed test\'s "spec §N" link in the Allure report opens that section of the coloured document', async () => {
    browser.blocked.length = 0;
    browser.errors.length = 0;
    await followSectionLink(browser.page, reportPage);
    expect(browser.page.url()).toBe(`${pathToFileURL(join(dir, 'certify', 'spec-document.html')).href}#section-${FAILING_RUN.section}`);
    // The browser lands on the section: its heading is the target of the address and in the window.
    const heading = browser.page.locator(':target');
    expect(await heading.innerText()).toBe(FAILING_RUN.sectionHeading);
    const inWindow = async (): Promise<boolean> => {
      const box = await heading.boundingBox();
      return box !== null && box.y + box.height > 0 && box.y < (browser.page.viewportSize()?.height ?? 0);
    };
    await expect.poll(inWindow, { timeout: PAGE_WAIT_MS }).toBe(true);
    expect(browser.blocked).toEqual([]);
    expect(browser.errors).toEqual([]);
  }, 240_000);

  it("the Allure report shows a failed test's exchange (request, redacted key, response body), offline and without console errors", async () => {
    browser.blocked.length = 0;
    browser.errors.length = 0;
    const step = await openFailedExchange(browser.page, reportPage);
    await expect.poll(() => step.isVisible(), { timeout: PAGE_WAIT_MS }).toBe(true);
    await expect.poll(() => browser.page.getByText('Failed', { exact: true }).first().isVisible()).toBe(true);
    const shown = await browser.page.locator('body').innerText();
    expect(shown).toContain(FAILING_RUN.test);
    expect(shown).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/credits\/consult/);
    expect(shown).toContain('apikey: [REDACTED]');
    // The body the fault produced: a balance with one decimal place, the failure's evidence.
    expect(shown).toMatch(/"credit":"\d+\.\d"/);
    expect(browser.blocked).toEqual([]);
    expect(browser.errors).toEqual([]);
  }, 240_000);

  it('the coloured document marks the broken sentence as failed, and a click shows its requirement and failing test, linked into the report', async () => {
    browser.blocked.length = 0;
    browser.errors.length = 0;
    const { sentence, detail } = await openFailedSentence(browser.page, join(dir, 'certify', 'spec-document.html'));
    expect(await sentence.getAttribute('data-status')).toBe('failed');
    await expect.poll(() => detail.isVisible(), { timeout: PAGE_WAIT_MS }).toBe(true);
    const shown = await detail.innerText();
    expect(shown).toContain(FAILING_RUN.requirement);
    expect(shown).toContain(FAILING_RUN.test);
    const link = detail.getByRole('link', { name: new RegExp(FAILING_RUN.test) });
    expect(await link.getAttribute('href')).toMatch(/^allure-report\/index\.html#\/[0-9a-f]+$/);
    // A second click closes it again.
    await sentence.click();
    await expect.poll(() => detail.isVisible(), { timeout: PAGE_WAIT_MS }).toBe(false);
    // In print every detail is open and the status is written out.
    await browser.page.emulateMedia({ media: 'print' });
    expect(await detail.isVisible()).toBe(true);
    expect(await sentence.innerText()).toContain('[failed]');
    await browser.page.emulateMedia({ media: 'screen' });
    expect(browser.blocked).toEqual([]);
    expect(browser.errors).toEqual([]);
  }, 240_000);
});
