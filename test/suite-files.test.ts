/**
 * Where an area's suites are: one file, suites/<area>.test.ts, or a folder with a file per operation
 * or table of the document, suites/<area>/<part>.test.ts (harness/config/project-paths.ts), and what
 * follows the folder: --only selecting every file of the area, the schedule naming an area or one
 * of its files (harness/run/suite-schedule.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../schemas/areas.ts';
import { suiteFiles } from '../harness/commands/certification-run.ts';
import { areaOfSuiteFile, listSuiteFiles, SUITES_DIR, suiteFileAt } from '../harness/config/project-paths.ts';
import { scheduleWeight } from '../harness/run/suite-schedule.ts';

describe('suite files', () => {
  it('reads an area and an id from a suite file at the top of suites/ or one folder down, and nothing else', () => {
    expect(suiteFileAt('sms.test.ts')).toEqual({ id: 'sms', area: 'sms' });
    expect(suiteFileAt('otp-v2/state-table.test.ts')).toEqual({ id: 'otp-v2/state-table', area: 'otp-v2' });
    expect(suiteFileAt(join(SUITES_DIR, 'otp-v2', 'waits.test.ts'))).toEqual({ id: 'otp-v2/waits', area: 'otp-v2' });
    expect(areaOfSuiteFile(join(SUITES_DIR, 'credits.test.ts'))).toBe('credits');
    for (const path of ['support/otp-v2-driver.ts', 'a/b/c.test.ts', '../test/x.test.ts', join(SUITES_DIR, '..', 'test', 'x.test.ts'), 'sms.ts'])
      expect(suiteFileAt(path), path).toBeUndefined();
  });

  it('lists every suite file, those of an area in a folder included, and no helper of suites/support/', () => {
    const files = listSuiteFiles();
    expect(files).toContain('credits.test.ts');
    expect(files.filter((f) => f.startsWith('otp-v2/')).length).toBeGreaterThan(1);
    expect(files.filter((f) => f.startsWith('support/'))).toEqual([]);
    for (const f of files) expect(existsSync(join(SUITES_DIR, f)), f).toBe(true);
    // Every suite file belongs to an area of the document.
    expect(files.filter((f) => !AREAS.some((a) => a.id === areaOfSuiteFile(f)))).toEqual([]);
  });

  it('--only an area in a folder selects every file of the folder, and only those', () => {
    const chosen = suiteFiles(['otp-v2']);
    expect(chosen.length).toBe(listSuiteFiles().filter((f) => f.startsWith('otp-v2/')).length);
    expect(chosen.every((f) => areaOfSuiteFile(f) === 'otp-v2')).toBe(true);
    expect(suiteFiles(['otp-v2', 'credits']).length).toBe(chosen.length + 1);
  });

  it("starts first the files the schedule names, by area or by one file of an area's folder, and a whole area when any file of it does", () => {
    const first = Number.MAX_SAFE_INTEGER / 2;
    expect(scheduleWeight({ id: 'events', area: 'events' }, 10)).toBe(first + 10);
    expect(scheduleWeight({ id: 'otp-v2/waits', area: 'otp-v2' }, 10)).toBe(first + 10);
    expect(scheduleWeight({ id: 'otp-v2/create-codes', area: 'otp-v2' }, 10)).toBe(10);
    expect(scheduleWeight({ id: 'otp-v2', area: 'otp-v2' }, 0)).toBe(first);
    expect(scheduleWeight({ id: 'credits', area: 'credits' }, 10)).toBe(10);
    expect(scheduleWeight(undefined, 10)).toBe(10);
  });
});
