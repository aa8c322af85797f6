/**
 * CONTRIBUTING's recipe for a requirement ("Adding a requirement"), followed once on one that has
 * every part of it, rule:sms.campaign-id (4.2): written by hand, its id and its seam appear in
 * exactly the four places the recipe names (its record, its tests, the handler's seam call, its
 * fault beside its seam), and spec/requirements.yaml, generated, ties the four together. If the
 * layout moves, the recipe must move with it: this test fails first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../harness/config/project-paths.ts';

const ID = 'rule:sms.campaign-id';
const SEAM = 'sms.adds-campaign-id';
const FAULT = 'sms-campaign-id-ignored';

/** The hand-written sources of the product (generated files live in spec/, the project's own tests in test/). */
const SOURCE_FOLDERS = ['schemas', 'suites', 'reference', 'harness'];

function sourcesNaming(text: string): string[] {
  return SOURCE_FOLDERS.flatMap((folder) =>
    readdirSync(join(PROJECT_ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `${folder}/${f}`)
      .filter((f) => readFileSync(join(PROJECT_ROOT, f), 'utf8').includes(`'${text}'`)),
  ).sort();
}

const recipe = (): string => {
  const text = readFileSync(join(PROJECT_ROOT, 'CONTRIBUTING.md'), 'utf8');
  return text.slice(text.indexOf('## Adding a requirement'), text.indexOf('## Adding a flag'));
};

describe(`the recipe for a requirement, followed on ${ID}`, () => {
  it('says a requirement lives in four places, and names each of them', () => {
    const text = recipe();
    expect(text).toMatch(/four places/);
    for (const place of ['schemas/rules/<area>.ts', "req(['rule:your-id']", 'seams.at(', 'reference/faults/<area>.ts']) expect(text).toContain(place);
  });

  it('its id is written by hand in its record, its tests and its fault, nowhere else', () => {
    // Its tests are the suite files: the two that prove it, and those that judge it on the way
    // (judge(id, ...) with an id the test does not name): reports/details.test.ts, whose campaign details
    // (4.12) need the campaignId, and isolation/reports.test.ts, whose other account asks for that campaign's details.
    expect(sourcesNaming(ID)).toEqual([
      'reference/faults/sms.ts',
      'schemas/rules/sms.ts',
      'suites/isolation/reports.test.ts',
      'suites/other/paths.test.ts',
      'suites/reports/details.test.ts',
      'suites/sms/options.test.ts',
    ]);
    expect(readFileSync(join(PROJECT_ROOT, 'schemas/rules/sms.ts'), 'utf8')).toContain(`id: '${ID}'`);
  });

  it('its seam is named by the handler that consults it and by the file of its fault, nowhere else', () => {
    expect(sourcesNaming(SEAM)).toEqual(['reference/faults/sms.ts', 'reference/handlers/sms.ts']);
    expect(readFileSync(join(PROJECT_ROOT, 'reference/handlers/sms.ts'), 'utf8')).toContain(`seams.at('${SEAM}'`);
    expect(sourcesNaming(FAULT)).toEqual(['reference/faults/sms.ts']);
  });

  it('spec/requirements.yaml, generated, lists its tests where they are, its seam and its fault', () => {
    const file = parse(readFileSync(join(PROJECT_ROOT, 'spec/requirements.yaml'), 'utf8')) as {
      requirements: { id: string; tests: { file: string; line: number }[]; seams: string[]; faults: string[] }[];
    };
    const entry = file.requirements.find((r) => r.id === ID);
    expect(entry?.seams).toEqual([SEAM]);
    expect(entry?.faults).toEqual([FAULT]);
    expect(entry?.tests.map((t) => t.file).sort()).toEqual(['suites/other/paths.test.ts', 'suites/sms/options.test.ts']);
    for (const t of entry?.tests ?? []) expect(readFileSync(join(PROJECT_ROOT, t.file), 'utf8').split('\n')[t.line - 1]).toMatch(/req\(|\[/);
  });
});
