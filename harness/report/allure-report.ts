/**
 * Renders the Allure results of a run into one self-contained HTML file (Allure Report 3, the
 * "awesome" report with singleFile: it opens from disk, offline), grouped by area (epic) and operation
 * (feature); each test's requirement ids are its stories.
 *
 * The awesome plugin always embeds Google Analytics (a script from googletagmanager.com with the
 * report's id); a certification report of a private deployment must not call out when opened, so
 * that block is removed from the page.
 *
 * The page is given what Allure does not show: the run's verdict, counts and wall time on its first
 * screen with a link to the coloured document (allure-run-verdict.ts), and "spec §N" links that open
 * their section (allure-section-anchors.ts).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { reportName, runSpan, runSpanScript, verdictBanner } from './allure-run-verdict.ts';
import { sectionAnchorScript } from './allure-section-anchors.ts';
import { mapStrings } from './run-redaction.ts';
import { writeSpecPage } from './spec-page.ts';
import { runVerdict } from './run-verdict.ts';
import type { Summary } from './summary.ts';

const require = createRequire(import.meta.url);

const ANALYTICS = /<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*<script>[^<]*?gtag\([^<]*<\/script>/g;

/** The page without the analytics block; pure, for the test. */
export const withoutAnalytics = (html: string): string => html.replace(ANALYTICS, '');

/** Where the additions go in Allure 3's page template (awesome plugin, generators.js). */
const HEAD_END = '</head>';
const APP_ROOT = '<div id="app"></div>';

/**
 * The page with the section anchors' script, and with the run (when given): its span in the
 * header, the banner with its verdict above the app. Both come after Allure's options script (in
 * the head) and before the app's script (in the body), so the app reads the run's span. Throws if
 * the template moved: a page without them would say nothing of the verdict, and no test would see it.
 */
export function withRunAdditions(html: string, run: Summary | undefined): string {
  const headEnd = html.indexOf(HEAD_END);
  const appRoot = html.indexOf(APP_ROOT);
  if (headEnd < 0 || appRoot < headEnd) throw new Error(`the Allure page has no ${HEAD_END} followed by ${APP_ROOT}: its template changed`);
  const head = `${sectionAnchorScript()}\n${run === undefined ? '' : `${runSpanScript(run)}\n`}`;
  const banner = run === undefined ? '' : verdictBanner(run);
  return html.slice(0, headEnd) + head + html.slice(headEnd, appRoot) + banner + html.slice(appRoot);
}

/** Allure's own summary of the report (allure-report/summary.json) with the run's wall time as its duration. */
function setSummaryDuration(reportDir: string, run: Summary): void {
  const path = join(reportDir, 'summary.json');
  if (!existsSync(path)) return;
  const summary = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, JSON.stringify({ ...summary, duration: runSpan(run).duration }));
}

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
export async function generateAllureReport(outDir: string, run?: Summary): Promise<void> {
  addWallTime(outDir);
  // The package exports no subpaths; its main module is dist/index.js, beside which cli.js sits one level up.
  const cli = join(dirname(dirname(require.resolve('allure'))), 'cli.js');
  // The config is a build input, not a report: it lives in a temporary folder, not in --out.
  const configDir = mkdtempSync(join(tmpdir(), 'mc-allure-'));
  const configPath = join(configDir, 'allurerc.mjs');
  writeFileSync(
    configPath,
    `export default ${JSON.stringify({
      // The verdict in the name: the page's title and the heading of its first screen.
      name: reportName(run),
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
  const reportDir = join(outDir, 'allure-report');
  const page = join(reportDir, 'index.html');
  writeFileSync(page, withRunAdditions(withoutAnalytics(readFileSync(page, 'utf8')), run));
  if (run !== undefined) setSummaryDuration(reportDir, run);
  // The target of every result's "spec §N" link (requirement-test.ts), and the run read through the document.
  writeSpecPage(outDir, run === undefined ? undefined : { ...run, verdict: runVerdict(run).word });
}
