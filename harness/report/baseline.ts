/**
 * A run compared with an earlier one of the same target (`certify --baseline OLD/summary.json`):
 * what a change of the server broke or fixed. Requirements newly failing, newly passing, newly
 * warning or broken; observations of ambiguities that changed (the HTTP status of auth errors moved
 * from 200 to 401); tests that appeared or vanished. With `--fail-on regression` only what is new
 * fails the gate (a failed or broken test the baseline did not have), so a server with known
 * deviations can still gate its changes.
 *
 * The baseline is read as data a person or another version of the kit wrote: only the fields used
 * here are required, each checked, and a file that is not a summary is one clear error.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** The part of summary.json a comparison reads. */
const BaselineSummary = z.object({
  target: z.string(),
  startedAt: z.string(),
  requirements: z.array(z.object({ id: z.string(), status: z.string(), tests: z.array(z.string()) })),
  ambiguities: z.array(z.object({ id: z.string(), observed: z.array(z.object({ value: z.string() })) })),
  failedTests: z.array(z.string()).default([]),
  brokenTests: z.array(z.string()).default([]),
});
export type BaselineSummary = z.infer<typeof BaselineSummary>;

/** Reads and checks a baseline summary.json; throws one line naming the file and the first bad field. */
export function readBaseline(path: string): BaselineSummary {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`--baseline: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`--baseline: ${path} is not JSON (a summary.json of an earlier certify run is expected)`);
  }
  const parsed = BaselineSummary.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`--baseline: ${path} is not a summary.json of certify: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  return parsed.data;
}

interface ObservationChange {
  ambiguity: string;
  before: string[];
  after: string[];
}

export interface BaselineComparison {
  baseline: { target: string; startedAt: string };
  /** Requirement ids by what changed: failing now and not before, and so on. */
  newlyFailing: string[];
  newlyPassing: string[];
  newlyWarning: string[];
  newlyBroken: string[];
  observationChanges: ObservationChange[];
  appearedTests: string[];
  vanishedTests: string[];
  /** Failed or broken tests the baseline did not have: what `--fail-on regression` fails on. */
  newFailedTests: string[];
  newBrokenTests: string[];
  /** Whether anything failed or broke that had not in the baseline. */
  regression: boolean;
}

/** What both a summary and a baseline hold of their requirements. */
interface RequirementRows {
  requirements: readonly { id: string; status: string; tests: readonly string[] }[];
}
/**
 * What a comparison reads of a run: summary.ts's Summary has it, and so does a baseline. Written
 * out rather than picked from Summary: summary.ts shows the comparison, so this module does not
 * import it back.
 */
type Comparable = RequirementRows & {
  ambiguities: readonly { id: string; observed: readonly { value: string }[] }[];
  failedTests: readonly string[];
  brokenTests: readonly string[];
};

const statusOf = (summary: RequirementRows): Map<string, string> => new Map(summary.requirements.map((r) => [r.id, r.status]));
const testsOf = (summary: RequirementRows): Set<string> => new Set(summary.requirements.flatMap((r) => r.tests));
const observedOf = (summary: { ambiguities: readonly { id: string; observed: readonly { value: string }[] }[] }): Map<string, string[]> =>
  new Map(summary.ambiguities.map((a) => [a.id, a.observed.map((o) => o.value).sort()]));

const newly = (now: ReadonlyMap<string, string>, before: ReadonlyMap<string, string>, status: string): string[] =>
  [...now]
    .filter(([id, s]) => s === status && before.get(id) !== status)
    .map(([id]) => id)
    .sort();

export function compareWithBaseline(current: Comparable, baseline: BaselineSummary): BaselineComparison {
  const now = statusOf(current);
  const before = statusOf(baseline);
  const nowTests = testsOf(current);
  const beforeTests = testsOf(baseline);
  const nowObserved = observedOf(current);
  const beforeObserved = observedOf(baseline);
  const observationChanges: ObservationChange[] = [];
  for (const [ambiguity, after] of nowObserved) {
    const was = beforeObserved.get(ambiguity) ?? [];
    // Not observed in one of the runs is no change of the target's behaviour, only of what ran.
    if (after.length === 0 || was.length === 0) continue;
    if (after.join('\n') !== was.join('\n')) observationChanges.push({ ambiguity, before: was, after });
  }
  const newFailedTests = current.failedTests.filter((t) => !baseline.failedTests.includes(t)).sort();
  const newBrokenTests = current.brokenTests.filter((t) => !baseline.brokenTests.includes(t)).sort();
  return {
    baseline: { target: baseline.target, startedAt: baseline.startedAt },
    newlyFailing: newly(now, before, 'failed'),
    newlyPassing: [...now]
      .filter(([id, s]) => s === 'passed' && ['failed', 'known-deviation', 'broken'].includes(before.get(id) ?? ''))
      .map(([id]) => id)
      .sort(),
    newlyWarning: newly(now, before, 'warning'),
    newlyBroken: newly(now, before, 'broken'),
    observationChanges,
    appearedTests: [...nowTests].filter((t) => !beforeTests.has(t)).sort(),
    vanishedTests: [...beforeTests].filter((t) => !nowTests.has(t)).sort(),
    newFailedTests,
    newBrokenTests,
    regression: newFailedTests.length > 0 || newBrokenTests.length > 0,
  };
}

/** The comparison as the head of summary.md shows it: a verdict line, then one line per kind of change. */
export function baselineMarkdown(c: BaselineComparison, quote: (text: string) => string): string[] {
  const list = (ids: readonly string[]) =>
    ids.length === 0 ? 'none' : ids.slice(0, 20).map(quote).join(', ') + (ids.length > 20 ? `, and ${ids.length - 20} more` : '');
  return [
    `## Compared with the baseline of ${quote(c.baseline.startedAt)}`,
    '',
    c.regression
      ? `**Regression**: ${c.newFailedTests.length} tests newly failed and ${c.newBrokenTests.length} newly broken.`
      : '**No regression**: no test failed or broke that had not in the baseline.',
    '',
    `- Requirements newly failing: ${list(c.newlyFailing)}`,
    `- Requirements newly passing: ${list(c.newlyPassing)}`,
    `- Requirements newly warning: ${list(c.newlyWarning)}`,
    `- Requirements newly broken: ${list(c.newlyBroken)}`,
    `- Ambiguities observed differently: ` +
      (c.observationChanges.length === 0
        ? 'none'
        : c.observationChanges.map((o) => `${quote(o.ambiguity)} (${o.before.map(quote).join(', ')} → ${o.after.map(quote).join(', ')})`).join('; ')),
    `- Tests that appeared: ${list(c.appearedTests)}`,
    `- Tests that vanished: ${list(c.vanishedTests)}`,
    '',
  ];
}
