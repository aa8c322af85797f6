/**
 * `npm run screenshots`: the README's pictures of the two pages (spec/screenshots/), taken the way
 * test/pages-in-browser.test.ts looks at them: the Redoc page at an operation's section, and the
 * Allure report at a failed test's exchange. Run it again when either page changes.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { openOfflineBrowser } from './headless-chromium.ts';
import { buildDocsPage, buildFailingReport, openFailedExchange, openOperationSection } from './page-tours.ts';

const target = join(PACKAGE_ROOT, 'spec', 'screenshots');
const work = mkdtempSync(join(tmpdir(), 'mc-screenshots-'));
mkdirSync(target, { recursive: true });
const browser = await openOfflineBrowser({ width: 1280, height: 860 });
try {
  const docsPage = join(work, 'docs', 'index.html');
  await buildDocsPage(docsPage);
  await (await openOperationSection(browser.page, docsPage)).waitFor();
  await browser.page.screenshot({ path: join(target, 'redoc-operation.png') });

  const step = await openFailedExchange(browser.page, await buildFailingReport(join(work, 'certify')));
  await step.scrollIntoViewIfNeeded();
  // The step title near the top, with the exchange and the failure below it.
  await browser.page.mouse.wheel(0, 250);
  await browser.page.waitForTimeout(300);
  await browser.page.screenshot({ path: join(target, 'allure-failed-exchange.png') });
  if (browser.blocked.length > 0 || browser.errors.length > 0) throw new Error(`the pages called out or logged errors: ${[...browser.blocked, ...browser.errors].join(', ')}`);
  console.log(`screenshots written to ${target}`);
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
