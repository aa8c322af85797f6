/**
 * The pages a newcomer walks (README.md, CONTRIBUTING.md, docs/) link to each other, to the code and
 * to the document; a link that leads to no file, or to no heading of the page it names, fails here.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { anchorsOf, brokenLinks, headingSlug } from './markdown-links.ts';
import { fileScratchDir } from './scratch-dir.ts';

const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(PACKAGE_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('relative links of README.md, CONTRIBUTING.md and docs/', () => {
  it('every one leads to an existing file, and every anchor to a heading of that page', () => {
    const { links, broken } = brokenLinks(PACKAGE_ROOT, PAGES);
    // The pages are a map: a checker that found no link at all would prove nothing.
    expect(links.length).toBeGreaterThan(20);
    expect(broken.map((b) => `${b.page}:${b.line} ${b.target}: ${b.why}`)).toEqual([]);
  });

  it('the checker reports a missing file, a missing anchor and one outside the project, and not a link inside code', () => {
    const root = fileScratchDir('mc-docs-links-');
    mkdirSync(join(root, 'docs'), { recursive: true });
    writeFileSync(join(root, 'docs', 'a.md'), '# A page\n\n## Its `second` part, here\n\n## Its `second` part, here\n');
    writeFileSync(
      join(root, 'README.md'),
      [
        '[ok](docs/a.md#its-second-part-here-1) [self](#title) ![pic](docs/a.md) [web](https://example.com/x#y)',
        '# Title',
        '[gone](docs/b.md) [no anchor](docs/a.md#third) [out](../elsewhere.md)',
        '`[in code](docs/none.md)`',
        '```',
        '[in a fence](docs/none.md)',
        '```',
      ].join('\n'),
    );
    const { broken } = brokenLinks(root, ['README.md']);
    expect(broken.map((b) => [b.line, b.target])).toEqual([
      [3, 'docs/b.md'],
      [3, 'docs/a.md#third'],
      [3, '../elsewhere.md'],
    ]);
  });

  it('anchors are GitHub heading ids', () => {
    expect(headingSlug("The rate limit, judged from the kit's clock")).toBe('the-rate-limit-judged-from-the-kits-clock');
    expect(headingSlug('Mutants: the suite’s teeth')).toBe('mutants-the-suites-teeth');
    expect([...anchorsOf('# X\n## Use `certify`\n## Use `certify`\n')]).toEqual(['x', 'use-certify', 'use-certify-1']);
  });
});
