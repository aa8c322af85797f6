/**
 * What a person does with the two pages the project produces, for the browser test and for the
 * README's screenshots (test/take-screenshots.ts): build the Redoc page the way `npm run docs`
 * does and open an operation's section; certify with an injected fault so that a test fails, and
 * open that test's exchange in the Allure report, follow its "spec §N" link to the section of the
 * document coloured by the run (spec-document.html), and open the sentence it broke there; and read
 * the report's first screen, where the run's verdict is.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { specSectionLinkName } from '../harness/kit/spec-section-link.ts';
import { PAGE_WAIT_MS } from './headless-chromium.ts';

const run = promisify(execFile);

/** The operation a person looks up, and how the docs page titles it (its summary). */
export const DOCS_OPERATION = { tag: 'Credits', summary: 'Consult the credit balance', path: '/credits/consult' } as const;
/** A fault that fails the credits suite (reference/mutants.ts), and the test it fails. */
export const FAILING_RUN = {
  area: 'credits',
  mutant: 'credits-balance-one-decimal',
  test: 'answers credit_01 with the balance as a two-place decimal',
  exchange: 'POST /credits/consult → 200',
  /** The requirement the fault fails, and a sentence of 4.1 it quotes. */
  requirement: 'op:credits/consult',
  sentence: 'POST /credits/consult: no body.',
  /** The section the failed test's link opens, and its heading in the document. */
  section: '4.1',
  sectionHeading: '4.1 Credits',
} as const;

const DOCS_OUTPUT = 'reports/docs/index.html';

/** `npm run docs` with its output moved to `page` (the script is read from package.json, so the test follows it). */
export async function buildDocsPage(page: string): Promise<void> {
  const scripts = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const docs = scripts.docs;
  if (!docs?.includes(DOCS_OUTPUT)) throw new Error(`the docs script no longer writes ${DOCS_OUTPUT}: ${docs}`);
  const command = docs.replaceAll(DOCS_OUTPUT, JSON.stringify(page));
  await run('sh', ['-c', command], {
    cwd: PACKAGE_ROOT,
    env: { ...process.env, PATH: `${join(PACKAGE_ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}` },
    timeout: 120_000,
  });
}

/** A certification of the embedded server with FAILING_RUN's fault (exit 1 expected); its Allure page. */
export async function buildFailingReport(outDir: string): Promise<string> {
  const bin = join(PACKAGE_ROOT, 'bin', 'messaging-conformance.js');
  const args = [bin, 'certify', '--only', FAILING_RUN.area, '--mutant', FAILING_RUN.mutant, '--out', outDir];
  const { exitCode, stderr } = await run(process.execPath, args, { cwd: PACKAGE_ROOT, timeout: 120_000 }).then(
    () => ({ exitCode: 0, stderr: '' }),
    (e: { code?: number; stderr?: string }) => ({ exitCode: e.code ?? -1, stderr: e.stderr ?? '' }),
  );
  if (exitCode !== 1) throw new Error(`certify with mutant ${FAILING_RUN.mutant} exited ${exitCode}, not 1 (a failed check): ${stderr.slice(-1000)}`);
  // Exit 1 is also what a crash gives: the run's reports say whether it was a failed check.
  const page = join(outDir, 'allure-report', 'index.html');
  if (!existsSync(page) || !existsSync(join(outDir, 'summary.json')))
    throw new Error(`certify with mutant ${FAILING_RUN.mutant} exited 1 without its reports: ${stderr.slice(-1000)}`);
  return page;
}

/** Opens the docs page and the operation's section from the menu; the section's heading. */
export async function openOperationSection(page: Page, docsPage: string): Promise<Locator> {
  await page.goto(pathToFileURL(docsPage).href);
  await page.locator('[data-component-name="Menu/MenuItem"]', { hasText: new RegExp(`^${DOCS_OPERATION.tag}$`) }).click();
  await page.locator('.menu-item-type-operation', { hasText: DOCS_OPERATION.summary }).click();
  return page.getByRole('heading', { level: 2, name: DOCS_OPERATION.summary });
}

/** Clicks the first `count` sections of the docs page's menu, one after the other, as a reader does. */
export async function clickThroughSidebar(page: Page, count: number): Promise<void> {
  const items = page.locator('[data-component-name="Menu/MenuItem"]');
  const total = Math.min(count, await items.count());
  for (let i = 0; i < total; i += 1) await items.nth(i).click();
}

/** Opens the report, the failed test, and its exchange step; the step's request line. */
export async function openFailedExchange(page: Page, reportPage: string): Promise<Locator> {
  await page.goto(pathToFileURL(reportPage).href);
  await page.getByText(FAILING_RUN.test).first().click();
  // A test may call the operation more than once: the first exchange is enough to read.
  const step = page.getByText(FAILING_RUN.exchange).first();
  await step.click();
  return step;
}

/** Opens the coloured document of the run, and clicks the sentence the fault broke; the detail it opens. */
export async function openFailedSentence(page: Page, specPage: string): Promise<{ sentence: Locator; detail: Locator }> {
  await page.goto(pathToFileURL(specPage).href);
  const sentence = page.locator('.unit.st-failed', { hasText: FAILING_RUN.sentence }).first();
  await sentence.click();
  const detail = page.locator(`[id="${await sentence.getAttribute('data-detail')}"]`);
  return { sentence, detail };
}

/** Opens the report, the failed test, and clicks its "spec §N" link; resolves once the document is open. */
export async function followSectionLink(page: Page, reportPage: string): Promise<void> {
  await page.goto(pathToFileURL(reportPage).href);
  await page.getByText(FAILING_RUN.test).first().click();
  await page.getByRole('link', { name: specSectionLinkName(FAILING_RUN.section), exact: true }).click();
  await page.waitForURL(/\/spec-document\.html#/, { timeout: PAGE_WAIT_MS });
}

/** Opens the report as a person does, on its first screen; the banner with the run's verdict. */
export async function openFirstScreen(page: Page, reportPage: string): Promise<Locator> {
  await page.goto(pathToFileURL(reportPage).href);
  return page.locator('#mc-run-verdict');
}
