/**
 * Debian's Chromium, headless, driven by playwright-core, for the pages a person opens (the Redoc
 * page, the Allure report): test/pages-in-browser.test.ts and `npm run screenshots`.
 *
 * Offline by construction: every request that is not to loopback, file: or data: is aborted and
 * counted, so a page that would call out (fonts, analytics, a CDN) is seen to, on a machine whose
 * network is closed as on one whose network is open. The flags are those this workplace's
 * Chromium needs (no background networking, no component updates, no sandbox as root) and a
 * fresh profile per launch, so no state leaks from one run into the next.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Where .ci/run installs Chromium (apt-get install chromium). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/**
 * How long a page may take to show what a test waits for before the test counts it as missing:
 * a wait ends as soon as it is there, and the singleFile Allure report renders in seconds idle but
 * took over 30 s on a saturated machine. A bound for a page that never shows it, not a speed check.
 */
export const PAGE_WAIT_MS = 90_000;
export const chromiumInstalled = (): boolean => existsSync(CHROMIUM_PATH);

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Loopback, or a URL that never leaves the machine (file:, data:, blob:, about:). */
export function staysOnMachine(url: string): boolean {
  const parsed = new URL(url);
  if (['file:', 'data:', 'blob:', 'about:'].includes(parsed.protocol)) return true;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export interface OfflineBrowser {
  page: Page;
  /** Requests aborted because they would have left the machine. */
  blocked: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
  close(): Promise<void>;
}

export async function openOfflineBrowser(viewport = { width: 1280, height: 800 }): Promise<OfflineBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'mc-chromium-'));
  // A persistent context is playwright's way to give Chromium a --user-data-dir of our choosing.
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport,
    offline: false,
  });
  const blocked: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (staysOnMachine(url)) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(PAGE_WAIT_MS);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    page,
    blocked,
    errors,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
