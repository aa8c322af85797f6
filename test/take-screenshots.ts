/**
 * `npm run screenshots`: the pictures of the three pages (spec/screenshots/, shown by the README and
 * docs/), taken the way test/pages-in-browser.test.ts looks at them: the Redoc page at an
 * operation's section, the Allure report at a failed test's exchange, and the document coloured by
 * the same run (spec-document.html) at the sentence the fault broke, its detail open. Run it again
 * when any of the pages changes.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { openOfflineBrowser } from './headless-chromium.ts';
import { buildDocsPage, buildFailingReport, openFailedExchange, openFailedSentence, openOperationSection } from './page-tours.ts';

const target = join(PACKAGE_ROOT, 'spec', 'screenshots');
/** What the fault of FAILING_RUN (page-tours.ts) makes the test say: a check of 4.1's success body. */
const EXPECTED_FAILURE = 'success body does not match the documented schema';
const work = mkdtempSync(join(tmpdir(), 'mc-screenshots-'));
mkdirSync(target, { recursive: true });
const browser = await openOfflineBrowser({ width: 1280, height: 860 });
try {
  const docsPage = join(work, 'docs', 'index.html');
  await buildDocsPage(docsPage);
  await (await openOperationSection(browser.page, docsPage)).waitFor();
  await browser.page.screenshot({ path: join(target, 'redoc-operation.png') });

  const certifyOut = join(work, 'certify');
  const step = await openFailedExchange(browser.page, await buildFailingReport(certifyOut));
  await step.scrollIntoViewIfNeeded();
  // The step title near the top, with the exchange and the failure below it.
  await browser.page.mouse.wheel(0, 250);
  await browser.page.waitForTimeout(300);
  // A picture of a kit error instead of the fault's failure would teach the wrong thing.
  if (!(await browser.page.getByText(EXPECTED_FAILURE).first().isVisible()))
    throw new Error(`the failed test does not show "${EXPECTED_FAILURE}": fix the run before taking pictures`);
  await browser.page.screenshot({ path: join(target, 'allure-failed-exchange.png') });

  // The same run's document, written beside its report: the broken sentence and what a click opens.
  const { sentence, detail } = await openFailedSentence(browser.page, join(certifyOut, 'spec-document.html'));
  await detail.waitFor();
  // The sentence near the top, its section heading above it and the opened detail below.
  await sentence.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await browser.page.mouse.wheel(0, -90);
  await browser.page.waitForTimeout(300);
  await browser.page.screenshot({ path: join(target, 'spec-document-failed-sentence.png') });
  if (browser.blocked.length > 0 || browser.errors.length > 0)
    throw new Error(`the pages called out or logged errors: ${[...browser.blocked, ...browser.errors].join(', ')}`);
  console.log(`screenshots written to ${target}`);
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
