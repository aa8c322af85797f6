/**
 * The request examples of the file are what the Redoc page of `npm run docs` shows as request
 * samples: opened in headless Chromium (headless-chromium.ts), the POST /sms/send section offers
 * its named examples (sms, rcs, with_campaign_id) by their summaries, and the sample shown is the
 * example's body, not one Redoc makes up from the schema. Skipped, saying why, where Chromium is
 * not installed (CI installs it and runs it regardless).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_EXAMPLES } from '../schemas/request-examples.ts';
import { CHROMIUM_PATH, chromiumInstalled, openOfflineBrowser, type OfflineBrowser } from './headless-chromium.ts';
import { buildDocsPage } from './page-tours.ts';
import { fileScratchDir } from './scratch-dir.ts';

const runs = chromiumInstalled() || process.env.CI === 'true';
const title = runs
  ? 'the Redoc page shows the request examples as its request samples'
  : `the Redoc page's request samples (skipped: ${CHROMIUM_PATH} is not installed; .ci/run installs it: apt-get install chromium)`;

const SMS_EXAMPLES = REQUEST_EXAMPLES['sms/send']?.body ?? {};

describe.skipIf(!runs)(title, () => {
  const dir = fileScratchDir('mc-redoc-samples-');
  let browser: OfflineBrowser;

  beforeAll(async () => {
    const page = join(dir, 'docs', 'index.html');
    await buildDocsPage(page);
    browser = await openOfflineBrowser();
    await browser.page.goto(pathToFileURL(page).href);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('POST /sms/send offers its named examples and shows the first one as the sample', async () => {
    // As a reader gets there: the tag, then the operation, in the menu.
    await browser.page.locator('[data-component-name="Menu/MenuItem"]', { hasText: /^SMS$/ }).click();
    await browser.page.locator('.menu-item-type-operation', { hasText: 'Send SMS' }).first().click();
    await expect.poll(() => browser.page.getByRole('heading', { level: 2, name: 'Send SMS' }).first().isVisible(), { timeout: 20_000 }).toBe(true);
    const [first, ...others] = Object.values(SMS_EXAMPLES);
    if (!first) throw new Error('sms/send has no body example');
    // The payload panel's example chooser names the first example by its summary...
    const panel = browser.page
      .locator('[data-component-name="Panel/PanelBody"]')
      .filter({ has: browser.page.locator('button[aria-label="Example"]') })
      .first();
    const chooser = panel.locator('button[aria-label="Example"]');
    await expect.poll(() => chooser.innerText(), { timeout: 20_000 }).toBe(first.summary);
    // ...its sample is that example's body...
    const sample = await panel.locator('[data-component-name="JsonViewer/JsonViewer"]').first().innerText();
    for (const [field, value] of Object.entries(first.value)) {
      expect(sample, field).toContain(`"${field}"`);
      expect(sample, field).toContain(JSON.stringify(value));
    }
    // ...and it offers the others by theirs.
    await chooser.click();
    for (const example of others)
      await expect.poll(() => browser.page.getByText(example.summary, { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(browser.blocked).toEqual([]);
    expect(browser.errors).toEqual([]);
  }, 90_000);
});
