/**
 * How a certification ends (harness/commands/run-ending.ts), the one decision the command line, the
 * API and the kill matrix read: a leak before a run cut short, before no verdict, before the gate;
 * each with its exit code, its one inert line and whether the API rejects.
 */
import { describe, expect, it } from 'vitest';
import { runEnding } from '../harness/commands/run-ending.ts';
import { summaryOfRecords, testRecord as record } from './summary-of-records.ts';

const passed = summaryOfRecords([record('a', 'passed', ['op:credits/consult'])]);
const failed = summaryOfRecords([record('a', 'passed', ['op:credits/consult']), record('b', 'failed', ['err:auth_01'])]);
const allBroken = summaryOfRecords([record('a', 'broken', ['op:credits/consult'], { broken: 'POST http://h/credits/consult timed out' })]);
const places = ['summary.md: line 3 (raw)', 'junit.xml: line 9 (raw)', 'a: 1', 'b: 2', 'c: 3', 'd: 4', 'e\u001b[31m: 5'];

describe('runEnding', () => {
  it('a key in the reports comes first: exit 1, five places on one inert line, the API rejects', () => {
    const ending = runEnding({ summary: passed, leaks: places, incomplete: 'interrupted by SIGINT' });
    expect(ending).toMatchObject({ exitCode: 1, rejects: true });
    expect(ending.stderr).toBe(
      'messaging-conformance: a key of the run was found in the reports (they must not be shared): ' +
        'summary.md: line 3 (raw); junit.xml: line 9 (raw); a: 1; b: 2; c: 3; and 2 more (summary.json leakCheck)',
    );
    expect(runEnding({ summary: passed, leaks: ['e\u001b[31m: 5'], incomplete: undefined }).stderr).not.toContain('\u001b');
  });

  it('then a run cut short: exit 2, the API rejects', () => {
    expect(runEnding({ summary: failed, leaks: [], incomplete: 'interrupted by SIGTERM; 3 tests did not finish' })).toEqual({
      exitCode: 2,
      stderr: 'messaging-conformance: certification incomplete: interrupted by SIGTERM; 3 tests did not finish',
      rejects: true,
    });
  });

  it('then no verdict at all: exit 2, the API resolves to the summary', () => {
    expect(runEnding({ summary: allBroken, leaks: [], incomplete: undefined })).toEqual({
      exitCode: 2,
      stderr: 'messaging-conformance: nothing certified: 1 tests broken (the kit could not talk to the target), 0 run errors, no verdict',
      rejects: false,
    });
  });

  it('else the gate: exit 0 or 1 and no line of its own', () => {
    expect(runEnding({ summary: passed, leaks: [], incomplete: undefined })).toEqual({ exitCode: 0, stderr: '', rejects: false });
    expect(runEnding({ summary: failed, leaks: [], incomplete: undefined })).toEqual({ exitCode: 1, stderr: '', rejects: false });
  });
});
