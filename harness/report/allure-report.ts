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
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { mapStrings } from './run-redaction.ts';
import { writeSpecPage, type SpecPageRun } from './spec-page.ts';

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

/** Files of the results folder that hold text (results, containers, text and JSON attachments, the environment). */
const TEXT_RESULT = /\.(json|txt|csv|xml|html|yaml|yml|properties|log)$/i;

/**
 * Redacts every text file of an Allure results folder again (5.2): results are written as each
 * suite file ends, and a key the target returned to a file that ended later (4.11) was not known
 * yet. JSON files are redacted value by value (a key escaped inside a JSON string is found too),
 * the rest as text; a file is written again only when something changed.
 */
export async function redactResultsFolder(resultsDir: string, redact: (text: string) => string): Promise<void> {
  if (!existsSync(resultsDir)) return;
  for (const name of await readdir(resultsDir)) {
    if (!TEXT_RESULT.test(name)) continue;
    const path = join(resultsDir, name);
    const text = await readFile(path, 'utf8');
    let cleaned = redact(text);
    if (name.endsWith('.json')) {
      try {
        cleaned = JSON.stringify(mapStrings(JSON.parse(text) as unknown, redact));
      } catch {
        // Not JSON after all (an attachment named .json with a body that is not): redacted as text above.
      }
    }
    if (cleaned !== text) await writeFile(path, cleaned);
  }
}

/** The report, and beside it the document coloured by `run` (spec-page.ts) when the run's summary is given. */
export async function generateAllureReport(outDir: string, run?: Omit<SpecPageRun, 'testLinks'>): Promise<void> {
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
  // The target of every result's "spec §N" link (requirement-test.ts), and the run read through the document.
  writeSpecPage(outDir, run);
}
