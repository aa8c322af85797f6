/**
 * No line of a tracked .ts file is over 200 characters (Biome formats at 160 but cannot break a
 * string, template literal or comment: those are split by hand, joined with `+`). The generated
 * spec/openapi.* is left to its generator and checked by spec:check instead.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';

const MAX_LINE_LENGTH = 200;

/** Each line of `text` over `max` characters, as "file:line: length". */
function longLines(file: string, text: string, max: number): string[] {
  return text.split('\n').flatMap((line, i) => (line.length > max ? [`${file}:${i + 1}: ${line.length}`] : []));
}

/** The .ts files git tracks, project-relative, without the generated OpenAPI document. */
function trackedSources(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', '*.ts'], { cwd: PACKAGE_ROOT, encoding: 'utf8' });
  return listed.split('\0').filter((f) => f !== '' && !f.startsWith('spec/openapi.'));
}

describe('source lines stay readable', () => {
  it('finds a line over the limit, and only that one (the checker itself)', () => {
    const text = ['short', 'x'.repeat(MAX_LINE_LENGTH), 'y'.repeat(MAX_LINE_LENGTH + 1)].join('\n');
    expect(longLines('made-up.ts', text, MAX_LINE_LENGTH)).toEqual([`made-up.ts:3: ${MAX_LINE_LENGTH + 1}`]);
  });

  it(`no tracked .ts file outside spec/openapi.* has a line over ${MAX_LINE_LENGTH} characters`, () => {
    const files = trackedSources();
    // The listing itself must have worked: the project has well over a hundred sources in these folders.
    for (const folder of ['schemas/', 'spec/', 'harness/', 'suites/', 'reference/', 'test/'])
      expect(
        files.some((f) => f.startsWith(folder)),
        folder,
      ).toBe(true);
    const found = files.flatMap((f) => longLines(f, readFileSync(join(PACKAGE_ROOT, f), 'utf8'), MAX_LINE_LENGTH));
    expect(found).toEqual([]);
  });
});
