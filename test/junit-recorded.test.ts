/**
 * junit.xml writes each recorded behaviour once where it belongs (report/junit-report.ts): a test
 * records the same thing at every call that meets it (every expectError of a code whose HTTP status
 * the document does not state records that status), and several tests of a file record the same
 * fact about the target. Before, one run's junit.xml repeated a property up to ten times in one
 * testcase and on dozens of testcases. And the verdict reader of the reproducibility tests
 * (junit-verdicts.ts) still reads every testcase.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { junitXml } from '../harness/report/junit-report.ts';
import type { TestRecord } from '../harness/report/result-collector.ts';
import { junitVerdicts } from './junit-verdicts.ts';

const record = (name: string, file: string, recorded: [string, string][]): TestRecord => ({
  name,
  file,
  status: 'passed',
  requirements: ['op:webhooks/add'],
  skipReason: undefined,
  observations: [],
  warnings: [],
  recorded: recorded.map(([what, observed]) => ({ what, observed })),
  error: undefined,
  durationMs: 1,
});

const STATUS = ['webhooks/add → add_webhook_03: HTTP status (latitude unstated-error-status)', 'HTTP 200'] as [string, string];
const ONCE = ['the cooldown after the status reads', 'not judged'] as [string, string];

const xmlOf = (records: TestRecord[]) => junitXml({ suiteName: 's', records, runErrors: [], startedAt: new Date(0), wallSeconds: 1 });
const testcaseOf = (xml: string, name: string): string => new RegExp(`<testcase [^>]*name="${name}"[^>]*>([\\s\\S]*?)</testcase>`).exec(xml)?.[1] ?? '';
const recordedValues = (text: string): string[] => [...text.matchAll(/<property name="recorded" value="([^"]*)"\/>/g)].map((m) => m[1]!);

describe('junit.xml: recorded behaviour once where it belongs', () => {
  const xml = xmlOf([
    record('one', 'suites/webhooks/add.test.ts', [STATUS, STATUS, STATUS, ONCE]),
    record('two', 'suites/webhooks/add.test.ts', [STATUS]),
    record('three', 'suites/otp-v2.test.ts', [STATUS, STATUS]),
  ]);

  it("what several testcases of a file recorded alike is once in the testsuite's properties, with how many tests, and on none of them", () => {
    const suite = /<testsuite name="suites\/webhooks\/add.test.ts"[^>]*>\n {4}<properties>([\s\S]*?)<\/properties>/.exec(xml)?.[1] ?? '';
    expect(recordedValues(suite)).toEqual([`${STATUS[0]}: ${STATUS[1]} (recorded by 2 tests of this file)`]);
    expect(recordedValues(testcaseOf(xml, 'one'))).toEqual([`${ONCE[0]}: ${ONCE[1]}`]);
    expect(recordedValues(testcaseOf(xml, 'two'))).toEqual([]);
  });

  it('what one testcase recorded several times is on it once, with how many times', () => {
    expect(recordedValues(testcaseOf(xml, 'three'))).toEqual([`${STATUS[0]}: ${STATUS[1]} (2 times in this test)`]);
    expect(xml).not.toMatch(/<testsuite name="suites\/otp-v2.test.ts"[^>]*>\n {4}<properties>/);
  });

  it('a record that names the register entry it is about (judge.ts) carries that id first', () => {
    const about = xmlOf([{ ...record('four', 'suites/x.test.ts', []), recorded: [{ what: 'two URLs', observed: 'refused', about: 'sms-shorten-url-count' }] }]);
    expect(recordedValues(testcaseOf(about, 'four'))).toEqual(['sms-shorten-url-count: two URLs: refused']);
  });

  it('no property value is repeated anywhere in the file', () => {
    const all = [...xml.matchAll(/<property name="recorded" value="([^"]*)"\/>/g)].map((m) => m[1]!);
    expect(all).toHaveLength(3);
    expect(new Set(all).size).toBe(all.length);
  });

  it("the verdict reader still reads every testcase, the testsuite's properties in between", () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-junit-recorded-'));
    try {
      writeFileSync(join(dir, 'junit.xml'), xml);
      expect(junitVerdicts(join(dir, 'junit.xml'))).toEqual(
        new Map([
          ['suites/otp-v2.test.ts > three', 'passed'],
          ['suites/webhooks/add.test.ts > one', 'passed'],
          ['suites/webhooks/add.test.ts > two', 'passed'],
        ]),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
