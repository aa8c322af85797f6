/**
 * Where an area's suites are: a folder with a file per operation or table of the document,
 * suites/<area>/<part>.test.ts (harness/config/project-paths.ts), and what follows the folder: --only
 * selecting every file of the area, the schedule naming an area or one of its files
 * (harness/run/suite-schedule.ts), and a block of phone numbers per file (harness/kit/generated-names.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../schemas/areas.ts';
import { suiteFiles } from '../harness/commands/certification-run.ts';
import { areaOfSuiteFile, listSuiteFiles, SUITES_DIR, suiteFileAt } from '../harness/config/project-paths.ts';
import { declaredPartOrders, scheduleOrder, scheduleWeight } from '../harness/run/suite-schedule.ts';
import { suiteFileOf } from '../harness/kit/generated-names.ts';

describe('suite files', () => {
  it('reads an area and an id from a suite file one folder down in suites/, and nothing else', () => {
    expect(suiteFileAt('otp-v2/state-table.test.ts')).toEqual({ id: 'otp-v2/state-table', area: 'otp-v2' });
    expect(suiteFileAt(join(SUITES_DIR, 'otp-v2', 'waits.test.ts'))).toEqual({ id: 'otp-v2/waits', area: 'otp-v2' });
    expect(areaOfSuiteFile(join(SUITES_DIR, 'credits', 'consult.test.ts'))).toBe('credits');
    for (const path of [
      'sms.test.ts',
      'support/otp-v2-driver.ts',
      'a/b/c.test.ts',
      '../test/x.test.ts',
      join(SUITES_DIR, '..', 'test', 'x.test.ts'),
      'sms/x.ts',
    ])
      expect(suiteFileAt(path), path).toBeUndefined();
  });

  it('lists every suite file, each in the folder of its area, and no helper of suites/support/', () => {
    const files = listSuiteFiles();
    expect(files).toContain('credits/consult.test.ts');
    expect(files.filter((f) => f.startsWith('otp-v2/')).length).toBeGreaterThan(1);
    expect(files.filter((f) => f.startsWith('support/'))).toEqual([]);
    for (const f of files) expect(existsSync(join(SUITES_DIR, f)), f).toBe(true);
    // Every suite file belongs to an area of the document.
    expect(files.filter((f) => !AREAS.some((a) => a.id === areaOfSuiteFile(f)))).toEqual([]);
    // A file at the top of suites/ would run outside every area: none is there.
    expect(readdirSync(SUITES_DIR).filter((f) => f.endsWith('.ts'))).toEqual([]);
  });

  it('has at most 100 suite files: each gets a block of phone numbers of its own from 2 digits of its index', () => {
    // generated-names.ts: 55, 2 digits of the run, 2 of the file, a 4-digit counter (4.2: 10 digits).
    // A 101st file would share the first one's numbers, and their per-number state (3.1, 4.5) with it.
    expect(listSuiteFiles().length).toBeLessThanOrEqual(100);
    const indexes = listSuiteFiles().map((f) => suiteFileOf(suiteFileAt(f)).index % 100);
    expect(new Set(indexes).size).toBe(indexes.length);
  });

  it('--only an area in a folder selects every file of the folder, and only those', () => {
    const chosen = suiteFiles(['otp-v2']);
    expect(chosen.length).toBe(listSuiteFiles().filter((f) => f.startsWith('otp-v2/')).length);
    expect(chosen.every((f) => areaOfSuiteFile(f) === 'otp-v2')).toBe(true);
    expect(suiteFiles(['otp-v2', 'credits']).length).toBe(chosen.length + listSuiteFiles().filter((f) => f.startsWith('credits/')).length);
  });

  it("starts first the files the schedule names, by area or by one file of an area's folder, and a whole area when any file of it does", () => {
    const first = Number.MAX_SAFE_INTEGER / 2;
    expect(scheduleWeight({ id: 'events', area: 'events' }, 10)).toBe(first + 10);
    expect(scheduleWeight({ id: 'otp-v2/waits', area: 'otp-v2' }, 10)).toBe(first + 10);
    expect(scheduleWeight({ id: 'otp-v2/create-codes', area: 'otp-v2' }, 10)).toBe(10);
    expect(scheduleWeight({ id: 'otp-v2', area: 'otp-v2' }, 0)).toBe(first);
    expect(scheduleWeight({ id: 'credits/consult', area: 'credits' }, 10)).toBe(10);
    expect(scheduleWeight(undefined, 10)).toBe(10);
  });

  it('runs the files of an area that declares an order together, in that order, at the weight of all of them', () => {
    const at = (id: string, sizeBytes: number) => ({ file: suiteFileAt(`${id}.test.ts`), sizeBytes });
    const order = scheduleOrder([at('sms/limits', 50), at('credits/consult', 80), at('sms/post', 40), at('otp-v2/charging', 85), at('sms/get', 1)]);
    // sms weighs 91 in all, more than credits (80) and otp-v2/charging (85), which keeps its own weight.
    expect(order.map((f) => f.file?.id)).toEqual(['sms/post', 'sms/get', 'sms/limits', 'otp-v2/charging', 'credits/consult']);
  });

  it('every area that declares an order names each of its files once, and only those', () => {
    for (const [area, parts] of declaredPartOrders()) {
      const files = listSuiteFiles().filter((f) => f.startsWith(`${area}/`));
      expect(parts.map((p) => `${area}/${p}.test.ts`).sort(), area).toEqual(files);
    }
  });
});
