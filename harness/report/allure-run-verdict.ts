/**
 * What the Allure page says of the run as a whole, on its first screen: Allure draws a ring of the
 * tests' statuses, which is mostly green when a few tests failed, and names no verdict. A person
 * opening the page must read the run's verdict (the one summary.md opens with), its counts, its wall
 * time, and find the document coloured by the run (spec-document.html) from there.
 *
 * From the run's summary (summary.ts), in three places: the report's name (Allure's config `name`:
 * the page's title and the heading of its first screen), a banner above the page, and the run's
 * span in Allure's header (its `runSummary`, which Allure takes from the first start and the last
 * stop of the tests: the run's preflight, workers' start and teardowns are outside any test).
 */
import { SPEC_PAGE_FILE } from '../kit/spec-section-link.ts';
import { failLevelReachText, verdictReachText } from './run-coverage.ts';
import { SKIP_GROUPS_AT_A_GLANCE, skipGroupText } from './skip-remedies.ts';
import { runVerdict, type VerdictWord } from './run-verdict.ts';
import { identityCaveat, type Summary } from './summary.ts';

const REPORT_TITLE = 'Messaging Service API conformance';

/** The verdict word of summary.md's first line (run-verdict.ts), and the gate's when it differs. */
function verdictOf(run: Summary): { verdict: VerdictWord; gate?: 'PASS' | 'FAIL' } {
  const { word, gate } = runVerdict(run);
  return gate === undefined ? { verdict: word } : { verdict: word, gate };
}

/** The counts a person reads first, worst first; a status with no test is left out. */
const COUNTED: readonly { key: keyof Summary['totals']; label: string }[] = [
  { key: 'failed', label: 'failed' },
  { key: 'broken', label: 'broken' },
  { key: 'knownDeviations', label: 'known deviations' },
  { key: 'inconclusive', label: 'inconclusive' },
  { key: 'passed', label: 'passed' },
  { key: 'warnings', label: 'with warnings' },
  { key: 'skipped', label: 'skipped' },
];

/** "2 failed, 1 passed of 3 tests"; with warnings among the passed "406 passed (3 with warnings)". */
export function countsText(totals: Summary['totals']): string {
  const parts: string[] = [];
  for (const { key, label } of COUNTED) {
    const n = totals[key];
    if (n === 0) continue;
    if (key === 'warnings' && parts.length > 0 && totals.passed > 0) parts[parts.length - 1] += ` (${n} ${label})`;
    else parts.push(`${n} ${label}`);
  }
  return `${parts.length > 0 ? parts.join(', ') : 'no test'} of ${totals.tests} tests`;
}

const verdictText = (run: Summary): string => {
  const { verdict, gate } = verdictOf(run);
  return `${gate === undefined ? verdict : `${verdict} (gate --fail-on regression: ${gate})`}${identityCaveat(run)}`;
};

/** The report's name: the verdict and how much the run decided first, so the tab and the first screen's heading say it. */
export const reportName = (run: Summary | undefined): string =>
  run === undefined ? REPORT_TITLE : `${verdictText(run)}: ${REPORT_TITLE}, ${verdictReachText(run.coverage)}`;

/** The run's span for Allure's header: from the run's start, its wall time long (milliseconds). */
export function runSpan(run: Summary): { start: number; stop: number; duration: number } {
  const start = Date.parse(run.startedAt);
  const duration = Math.round(run.seconds * 1000);
  return { start, stop: start + duration, duration };
}

const BANNER_COLOUR: Readonly<Record<VerdictWord, string>> = { PASS: '#1b7f3b', FAIL: '#b00020', INCOMPLETE: '#8a5a00' };

/** The kit's own words, escaped all the same: a remedy may one day quote something with a `<` in it. */
const html = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The banner above the page: the verdict with how much the run decided (run-coverage.ts), the counts
 * and wall time, the link to the document coloured by the run, written beside the report folder, and
 * what would run the skipped tests (skip-remedies.ts). Its text is the kit's own (verdict, numbers,
 * remedies), never the target's words.
 */
export function verdictBanner(run: Summary): string {
  const { verdict, gate } = verdictOf(run);
  const colour = BANNER_COLOUR[gate ?? verdict];
  const style = `background:${colour};color:#fff;font:600 15px/1.4 system-ui,sans-serif;padding:8px 16px;text-align:center`;
  const { coverage } = run;
  const skips =
    coverage.skipGroups.length === 0
      ? ''
      : `<div id="mc-run-skips" style="font-weight:400;font-size:13px;margin-top:4px">What would run the ${coverage.tests.skipped} skipped tests: ` +
        `${coverage.skipGroups
          .slice(0, SKIP_GROUPS_AT_A_GLANCE)
          .map((g) => html(skipGroupText(g)))
          .join(
            ' · ',
          )}${coverage.skipGroups.length > SKIP_GROUPS_AT_A_GLANCE ? ` · and ${coverage.skipGroups.length - SKIP_GROUPS_AT_A_GLANCE} more groups (summary.md)` : ''}.</div>`;
  return (
    `<div id="mc-run-verdict" data-verdict="${verdict}" role="status" style="${style}">` +
    `<span>${html(`${verdictText(run)}: ${verdictReachText(coverage)}; ${failLevelReachText(coverage.failLevelRequirements)}`)}. ` +
    `${countsText(run.totals)}, ${run.seconds.toFixed(1)} s.</span> ` +
    `<a href="../${SPEC_PAGE_FILE}" style="color:#fff;text-decoration:underline">The document coloured by this run (${SPEC_PAGE_FILE})</a>` +
    skips +
    `</div>`
  );
}

/**
 * The script that puts the run's span in Allure's options before the app reads them (it sits after
 * Allure's own options script, before the app's): the header then shows the run's start and wall time.
 */
export function runSpanScript(run: Summary): string {
  const span = JSON.stringify(runSpan(run));
  return (
    `<script>(function(){var o=window.allureReportOptions;if(!o)return;var ` +
    `s=${span};o.runSummary=s;if(o.runSummaryByEnv)for(var k in o.runSummaryByEnv)o.runSummaryByEnv[k]=s;})();</script>`
  );
}
