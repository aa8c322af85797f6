/**
 * How a certification ends (harness/commands/run-ending.ts), the one decision the command line, the
 * API and the kill matrix read: a leak before a run cut short, before no verdict, before the gate;
 * each with its exit code, its one inert line and whether the API rejects; and the same verdict
 * (harness/report/run-verdict.ts) in summary.md, the Allure banner and the closing line.
 */
import { describe, expect, it } from 'vitest';
import { closingLines } from '../harness/commands/certify-command.ts';
import { runEnding } from '../harness/commands/run-ending.ts';
import { verdictBanner } from '../harness/report/allure-run-verdict.ts';
import { withLeakCheck } from '../harness/report/summary.ts';
import { summaryHeadMarkdown } from '../harness/report/summary-markdown.ts';
import { summaryOfRecords, testRecord as record } from './summary-of-records.ts';

const passed = summaryOfRecords([record('a', 'passed', ['op:credits/consult'])]);
const failed = summaryOfRecords([record('a', 'passed', ['op:credits/consult']), record('b', 'failed', ['err:auth_01'])]);
const allBroken = summaryOfRecords([record('a', 'broken', ['op:credits/consult'], { broken: 'POST http://h/credits/consult timed out' })]);
const places = ['summary.md: line 3 (raw)', 'junit.xml: line 9 (raw)', 'a: 1', 'b: 2', 'c: 3', 'd: 4', 'e\u001b[31m: 5'];

describe('runEnding', () => {
  it('a key in the reports comes first: exit 1, five places on one inert line, the API rejects', () => {
    const ending = runEnding({ summary: passed, leaks: places, incomplete: 'interrupted by SIGINT' });
    expect(ending).toMatchObject({ exitCode: 1, word: 'FAIL', rejects: true });
    expect(ending.stderr).toBe(
      'messaging-conformance: a key of the run was found in the reports (they must not be shared): ' +
        'summary.md: line 3 (raw); junit.xml: line 9 (raw); a: 1; b: 2; c: 3; and 2 more (summary.json leakCheck)',
    );
    expect(runEnding({ summary: passed, leaks: ['e\u001b[31m: 5'], incomplete: undefined }).stderr).not.toContain('\u001b');
  });

  it('then a run cut short: exit 2, the API rejects', () => {
    expect(runEnding({ summary: failed, leaks: [], incomplete: 'interrupted by SIGTERM; 3 tests did not finish' })).toEqual({
      exitCode: 2,
      word: 'INCOMPLETE',
      stderr: 'messaging-conformance: certification incomplete: interrupted by SIGTERM; 3 tests did not finish',
      rejects: true,
    });
  });

  it('then no verdict at all: exit 2, the API resolves to the summary', () => {
    expect(runEnding({ summary: allBroken, leaks: [], incomplete: undefined })).toEqual({
      exitCode: 2,
      word: 'NOTHING CERTIFIED',
      stderr: 'messaging-conformance: nothing certified: 1 tests broken (the kit could not talk to the target), 0 run errors, no verdict',
      rejects: false,
    });
  });

  it('else the gate: exit 0 or 1 and no line of its own', () => {
    expect(runEnding({ summary: passed, leaks: [], incomplete: undefined })).toEqual({ exitCode: 0, word: 'PASS', stderr: '', rejects: false });
    expect(runEnding({ summary: failed, leaks: [], incomplete: undefined })).toEqual({ exitCode: 1, word: 'FAIL', stderr: '', rejects: false });
  });
});

describe('one verdict in every place that states it (report/run-verdict.ts)', () => {
  const leaked = withLeakCheck(passed, { passed: false, secrets: 1, findings: ['summary.json: $.x'] });
  const cutShort = { ...failed, incomplete: 'interrupted by SIGTERM', ok: false };
  const cases = [
    ['a pass', passed, 'PASS', 'PASS'],
    ['a failure', failed, 'FAIL', 'FAIL'],
    ['a key in the reports', leaked, 'FAIL', 'FAIL'],
    ['a run cut short', cutShort, 'INCOMPLETE', 'INCOMPLETE'],
    ['no verdict at all', allBroken, 'FAIL', 'NOTHING CERTIFIED'],
  ] as const;
  for (const [what, summary, word, closing] of cases)
    it(`${what}: summary.md's first line, Allure's banner and the closing line say ${word === closing ? word : `${word}, and ${closing} at the end`}`, () => {
      expect(summaryHeadMarkdown(summary).split('\n')[0]).toMatch(new RegExp(`^# Conformance summary: ${word}\\b`));
      expect(verdictBanner(summary)).toContain(`data-verdict="${word}"`);
      const ending = runEnding({ summary, leaks: summary.leakCheck?.findings ?? [], incomplete: summary.incomplete });
      expect(ending.word).toBe(closing);
      expect(closingLines({ summary, outDir: 'out', html: false, redact: (t) => t }, ending)).toContain(`verdict: ${closing} (exit ${ending.exitCode})`);
    });
});
