/**
 * junit.xml of a certify run, written from the collected records in one write. It carries what a
 * CI system shows: one testsuite per suite file, one testcase per test with its requirement ids as
 * properties, the first lines of a failure, the reason of every skip, and a testsuite for the run
 * errors (a file that could not load fails the job like a test does).
 *
 * The status of each test is test-status.ts's: a failed test is a <failure> (an assertion on the
 * target did not hold); a broken one an <error> (the kit could not talk to the target, JUnit's
 * "unanticipated problem"), counted in `errors`; an inconclusive one passes, with its reason as a
 * property and on system-out, as a warning does.
 *
 * Recorded behaviour (what the target did where the document is silent) is written once where it
 * belongs: a test records the same thing at every call that meets it (checks.ts recordBehaviour:
 * every expectError of a code whose HTTP status is not stated records that status), so a testcase
 * carries each distinct one once, with how many times it saw it; and what several testcases of a
 * file recorded alike is a fact about the target, written once in the testsuite's properties with
 * how many of its tests recorded it, instead of on each of them.
 *
 * A failed or broken testcase's system-out holds the curl lines of its last exchanges
 * (kit/failure-exchanges.ts, transport/curl-line.ts), keys as $MC_API_KEY and the like.
 *
 * Why not vitest's JUnit reporter: it writes the file one line per asynchronous write, thousands of
 * them at the end of the run; measured on the benchmark machine, about 5 s of each certify.
 */
import { writeFileSync } from 'node:fs';
import { xmlAttribute, xmlText } from './inert-text.ts';
import type { RecordedBehaviour } from '../kit/test-meta.ts';
import type { TestRecord } from './result-collector.ts';
import { isSkipped, testStatus, type TestStatus } from './test-status.ts';

// Failure messages, warnings and run errors quote the target: escaped for XML, never raw (inert-text.ts).
const escapeXml = xmlText;
const attributes = (values: Record<string, string | number>): string =>
  Object.entries(values)
    .map(([k, v]) => `${k}="${xmlAttribute(String(v))}"`)
    .join(' ');
const seconds = (ms: number): string => (ms / 1000).toFixed(3);

interface Property {
  name: string;
  value: string;
}

function propertyLines(properties: readonly Property[], indent: string): string[] {
  if (properties.length === 0) return [];
  return [
    `${indent}<properties>`,
    ...properties.map((p) => `${indent}  <property ${attributes({ name: p.name, value: p.value })}/>`),
    `${indent}</properties>`,
  ];
}

/** A recorded behaviour as one property value, after the register id it is about (judge.ts) when it names one. */
const recordedValue = (b: RecordedBehaviour): string => `${b.about === undefined ? '' : `${b.about}: `}${b.what}: ${b.observed}`;

/** The distinct recorded behaviours of a test, in the order first met, with how many times each. */
function distinctRecorded(r: TestRecord): Map<string, number> {
  const counts = new Map<string, number>();
  for (const b of r.recorded) counts.set(recordedValue(b), (counts.get(recordedValue(b)) ?? 0) + 1);
  return counts;
}

/** What several testcases of a file recorded alike: each value with the number of testcases that recorded it. */
function sharedRecorded(rs: readonly TestRecord[]): Map<string, number> {
  const testcases = new Map<string, number>();
  for (const r of rs) for (const value of distinctRecorded(r).keys()) testcases.set(value, (testcases.get(value) ?? 0) + 1);
  return new Map([...testcases].filter(([, n]) => n > 1));
}

const timesText = (n: number): string => (n > 1 ? ` (${n} times in this test)` : '');

/** The system-out of a failed or broken test: the curl lines of its last exchanges, most recent last. */
function curlText(r: TestRecord): string | undefined {
  const exchanges = r.failureExchanges ?? [];
  if (exchanges.length === 0) return undefined;
  const lines = exchanges.flatMap((e) => [`# ${e.exchange}`, e.curl]);
  return [
    `the request${exchanges.length > 1 ? 's' : ''} of the test's last ` +
      `exchange${exchanges.length > 1 ? 's' : ''} as curl (most recent last; keys as $MC_API_KEY and the like):`,
    ...lines,
  ].join('\n');
}

function testcase(r: TestRecord, status: TestStatus, shared: ReadonlyMap<string, number>): string[] {
  const head = `    <testcase ${attributes({ classname: r.file, name: r.name, time: seconds(r.durationMs) })}>`;
  const lines = [head];
  // Warnings (readings, SHOULDs) and recorded behaviour do not fail a testcase; CI systems show properties.
  const properties = [
    ...r.requirements.map((id) => ({ name: 'requirement', value: id })),
    ...r.warnings.map((w) => ({ name: 'warning', value: w })),
    ...[...distinctRecorded(r)].filter(([value]) => !shared.has(value)).map(([value, n]) => ({ name: 'recorded', value: `${value}${timesText(n)}` })),
    ...(status === 'inconclusive' ? [{ name: 'inconclusive', value: r.inconclusive ?? 'inconclusive' }] : []),
  ];
  lines.push(...propertyLines(properties, '      '));
  if (status === 'failed') {
    const error = r.error ?? 'failed';
    lines.push(`      <failure ${attributes({ message: error.split('\n')[0]!, type: 'AssertionError' })}>${escapeXml(error)}</failure>`);
  }
  if (status === 'broken') {
    const error = r.error ?? r.broken ?? 'broken';
    lines.push(`      <error ${attributes({ message: r.broken ?? error.split('\n')[0]!, type: 'TransportError' })}>${escapeXml(error)}</error>`);
  }
  if (status === 'inconclusive') lines.push(`      <system-out>${escapeXml(`inconclusive: ${r.inconclusive ?? 'no reason given'}`)}</system-out>`);
  const curl = status === 'failed' || status === 'broken' ? curlText(r) : undefined;
  if (curl !== undefined) lines.push(`      <system-out>${escapeXml(curl)}</system-out>`);
  if (isSkipped(status)) lines.push(`      <skipped ${attributes({ message: r.skipReason ?? 'skipped' })}/>`);
  lines.push('    </testcase>');
  return lines;
}

export interface JunitInput {
  suiteName: string;
  records: readonly TestRecord[];
  runErrors: readonly string[];
  /** When the run started (the timestamp of every testsuite). */
  startedAt: Date;
  /** The run's wall time: the top-level time (files run in parallel, so their times add up to more). */
  wallSeconds: number;
  /**
   * What a reader must see before anything else (an incomplete run, a key found in the reports):
   * a comment at the top of the file. Each is also among the run errors, which CI systems show.
   */
  headlines?: readonly string[];
}

/** The junit.xml text: pure, so that its shape is tested without a run. */
export function junitXml(input: JunitInput): string {
  const statusOf = new Map(input.records.map((r) => [r, testStatus({ ...r, state: r.status })]));
  const byFile = new Map<string, TestRecord[]>();
  for (const r of input.records) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const count = (rs: readonly TestRecord[], counted: (status: TestStatus) => boolean) => rs.filter((r) => counted(statusOf.get(r)!)).length;
  const failures = (status: TestStatus) => status === 'failed';
  const errors = (status: TestStatus) => status === 'broken';
  const timestamp = input.startedAt.toISOString();

  const body: string[] = [];
  for (const [file, rs] of [...byFile].sort((a, b) => a[0].localeCompare(b[0]))) {
    const time = seconds(rs.reduce((sum, r) => sum + r.durationMs, 0));
    body.push(
      `  ` +
        `<testsuite ${attributes({ name: file, timestamp, tests: rs.length, failures: count(rs, failures), errors: count(rs, errors), skipped: count(rs, isSkipped), time })}>`,
    );
    const shared = sharedRecorded(rs);
    body.push(
      ...propertyLines(
        [...shared].map(([value, n]) => ({ name: 'recorded', value: `${value} (recorded by ${n} tests of this file)` })),
        '    ',
      ),
    );
    for (const r of rs) body.push(...testcase(r, statusOf.get(r)!, shared));
    body.push('  </testsuite>');
  }
  if (input.runErrors.length > 0) {
    body.push(
      `  ` +
        `<testsuite ${attributes({ name: 'run errors', timestamp, tests: input.runErrors.length, failures: 0, errors: input.runErrors.length, skipped: 0, time: '0.000' })}>`,
    );
    input.runErrors.forEach((error, i) => {
      body.push(`    <testcase ${attributes({ classname: 'run errors', name: `run error ${i + 1}`, time: '0.000' })}>`);
      body.push(`      <error ${attributes({ message: error.split('\n')[0]!, type: 'RunError' })}>${escapeXml(error)}</error>`);
      body.push('    </testcase>');
    });
    body.push('  </testsuite>');
  }
  const totals = {
    tests: input.records.length + input.runErrors.length,
    failures: count(input.records, failures),
    errors: count(input.records, errors) + input.runErrors.length,
    skipped: count(input.records, isSkipped),
    time: input.wallSeconds.toFixed(3),
  };
  // A comment may not hold "--" (XML 1.0, 2.5).
  const headlines = (input.headlines ?? []).map((h) => `<!-- ${xmlText(h).replace(/-{2,}/g, (dashes) => dashes.split('').join(' '))} -->`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    ...headlines,
    `<testsuites ${attributes({ name: input.suiteName, ...totals })}>`,
    ...body,
    '</testsuites>',
    '',
  ].join('\n');
}

export function writeJunitReport(path: string, input: JunitInput): void {
  writeFileSync(path, junitXml(input));
}
