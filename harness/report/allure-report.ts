/**
 * Renders the Allure results of a run into one self-contained HTML file (Allure Report 3, the
 * "awesome" report with singleFile: it opens from disk, offline), grouped by area (epic) and operation
 * (feature); each test's requirement ids are its stories.
 *
 * The awesome plugin always embeds Google Analytics (a script from googletagmanager.com with the
 * report's id); a certification report of a private deployment must not call out when opened, so
 * that block is removed from the page.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeSpecPage } from './spec-page.ts';

const require = createRequire(import.meta.url);

const ANALYTICS = /<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*<script>[^<]*?gtag\([^<]*<\/script>/g;

/** The page without the analytics block; pure, for the test. */
export const withoutAnalytics = (html: string): string => html.replace(ANALYTICS, '');

/**
 * Allure's header gives the span of the tests it saw, not the run's wall time: the run's wall time
 * (summary.json, written before the report) goes into the environment panel beside target and
 * profile, so that the report and the summary name the same duration.
 */
function addWallTime(outDir: string): void {
  const summaryPath = join(outDir, 'summary.json');
  const environmentPath = join(outDir, 'allure-results', 'environment.properties');
  if (!existsSync(summaryPath) || !existsSync(environmentPath)) return;
  const { seconds } = JSON.parse(readFileSync(summaryPath, 'utf8')) as { seconds?: unknown };
  if (typeof seconds !== 'number') return;
  const separator = readFileSync(environmentPath, 'utf8').endsWith('\n') ? '' : '\n';
  appendFileSync(environmentPath, `${separator}wall\\ time=${seconds.toFixed(1)} s\n`);
}

export async function generateAllureReport(outDir: string): Promise<void> {
  addWallTime(outDir);
  // The package exports no subpaths; its main module is dist/index.js, beside which cli.js sits one level up.
  const cli = join(dirname(dirname(require.resolve('allure'))), 'cli.js');
  // The config is a build input, not a report: it lives in a temporary folder, not in --out.
  const configDir = mkdtempSync(join(tmpdir(), 'mc-allure-'));
  const configPath = join(configDir, 'allurerc.mjs');
  writeFileSync(
    configPath,
    `export default ${JSON.stringify({
      name: 'Messaging Service API conformance',
      output: join(outDir, 'allure-report'),
      plugins: { awesome: { options: { singleFile: true, reportLanguage: 'en', groupBy: ['epic', 'feature'] } } },
    })};\n`,
  );
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'generate', join(outDir, 'allure-results'), '--config', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`allure generate exited ${code}: ${stderr.split('\n')[0]}`))));
  }).finally(() => rmSync(configDir, { recursive: true, force: true }));
  const page = join(outDir, 'allure-report', 'index.html');
  writeFileSync(page, withoutAnalytics(readFileSync(page, 'utf8')));
  // The target of every result's "spec §N" link (requirement-test.ts).
  writeSpecPage(outDir);
}
