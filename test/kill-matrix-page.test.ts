/**
 * docs/kill-matrix.md is the mutants.md of a full `npm run mutants` run, copied (mutants-command.ts
 * writes it): it must be the run of the registry as it is, every mutant of reference/mutants.ts on
 * both personalities, each killed or not applicable, and its closing totals those of its rows. A
 * mutant added or renamed without a new run, or a page hand-edited, fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { MUTANTS } from '../reference/mutants.ts';
import { PERSONALITIES } from '../schemas/latitudes.ts';

const page = readFileSync(join(PACKAGE_ROOT, 'docs', 'kill-matrix.md'), 'utf8');
/** The rows of the table: mutant, personality, section, requirement, status. */
const rows = [...page.matchAll(/^\| ([a-z0-9-]+) \| (default|alternate) \| ([^|]*) \| ([^|]*) \| ([a-z-]+) \|/gm)].map(
  ([, id, personality, section, requirement, status]) => ({
    id: id!,
    personality: personality!,
    section: section!.trim(),
    requirement: requirement!.trim(),
    status: status!,
  }),
);

describe('docs/kill-matrix.md', () => {
  it('is a full run of the registry as it is: every mutant on both personalities, once each', () => {
    const listed = rows.map((r) => `${r.id} ${r.personality}`).sort();
    const registry = MUTANTS.flatMap((m) => PERSONALITIES.map((p) => `${m.id} ${p}`)).sort();
    expect(listed, 'run `npm run mutants -- --out DIR` and copy DIR/mutants.md to docs/kill-matrix.md').toEqual(registry);
  });

  it("gives each mutant the registry's section and requirement, and no survivor", () => {
    const byId = new Map(MUTANTS.map((m) => [m.id as string, m]));
    for (const row of rows) {
      expect(row.requirement, row.id).toBe(byId.get(row.id)?.requirement);
      expect(['killed', 'not-applicable'], `${row.id} (${row.personality})`).toContain(row.status);
    }
  });

  it('opens with the totals of its rows', () => {
    const killed = rows.filter((r) => r.status === 'killed').length;
    const inapplicable = rows.filter((r) => r.status === 'not-applicable').length;
    expect(page).toMatch(new RegExp(`scope focused-then-full: ${killed} killed, 0 survived, ${inapplicable} not applicable, 0 with broken tests`));
  });
});
