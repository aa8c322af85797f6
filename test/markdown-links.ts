/**
 * The relative links of the project's Markdown pages (README.md, CONTRIBUTING.md, docs/), and which
 * of them lead nowhere: a file that does not exist, or an anchor that no heading of the page it
 * names produces. Anchors follow the way GitHub renders a heading's id (lower case, punctuation
 * dropped, spaces as hyphens, a repeated heading numbered -1, -2, ...), since that is where the
 * pages are read.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export interface MarkdownLink {
  /** The page the link is on, relative to the root it was read from. */
  page: string;
  line: number;
  target: string;
}

export interface BrokenLink extends MarkdownLink {
  why: string;
}

const blank = (s: string) => s.replace(/[^\n]/g, ' ');
/** Fenced blocks hold examples, neither links nor headings: blanked out, line breaks kept. */
const withoutFences = (text: string): string => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, blank);
/** Code spans too hold examples, not links (a heading keeps its code span's words). */
const withoutCode = (text: string): string => withoutFences(text).replace(/(`+)[^`\n][\s\S]*?\1/g, blank);

/** Inline links and images, `[text](target)` and `![alt](target "title")`, that point inside the project. */
function relativeLinksOf(page: string, text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  withoutCode(text)
    .split('\n')
    .forEach((content, index) => {
      for (const match of content.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = match[1] ?? '';
        // A scheme (https:, mailto:) leaves the project: not ours to check offline.
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        links.push({ page, line: index + 1, target });
      }
    });
  return links;
}

/** The id GitHub gives a heading's text. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a page offers: its headings' ids (repeats numbered) and explicit `id`/`name` attributes. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(text).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  return anchors;
}

/** The links of `pages` (paths relative to `root`) that lead to no file, or to no anchor of a Markdown page. */
export function brokenLinks(root: string, pages: readonly string[]): { links: MarkdownLink[]; broken: BrokenLink[] } {
  const links = pages.flatMap((page) => relativeLinksOf(page, readFileSync(join(root, page), 'utf8')));
  const broken: BrokenLink[] = [];
  for (const link of links) {
    const [path = '', anchor] = link.target.split('#', 2);
    const file = path === '' ? join(root, link.page) : join(root, dirname(link.page), decodeURIComponent(path));
    if (relative(root, file).startsWith('..')) {
      broken.push({ ...link, why: 'leads outside the project' });
      continue;
    }
    if (!existsSync(file)) {
      broken.push({ ...link, why: `no file ${relative(root, file)}` });
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (statSync(file).isDirectory() || !file.endsWith('.md')) {
      broken.push({ ...link, why: `an anchor on ${relative(root, file)}, which has no headings` });
      continue;
    }
    if (!anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor)))
      broken.push({ ...link, why: `no heading #${anchor} in ${relative(root, file)}` });
  }
  return { links, broken };
}
