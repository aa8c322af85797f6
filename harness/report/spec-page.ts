/**
 * The source document as one HTML page beside the reports (spec-document.html), with an anchor per
 * numbered section (`#section-4.1`), so that the "spec §4.1" link of every Allure result opens the
 * words the test rests on (issue 18), offline. A deliberately small Markdown reading: headings,
 * tables, list items, paragraphs, bold and code; nothing else occurs in the document.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC_DOCUMENT_PATH } from '../config/project-paths.ts';
import { SPEC_PAGE_FILE } from '../kit/spec-section-link.ts';

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const inline = (text: string): string =>
  escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/`([^`]+)`/g, '<code>$1</code>');

const cells = (line: string): string[] => line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
const isSeparator = (line: string): boolean => /^\|[\s|:-]+\|$/.test(line.trim());

function table(lines: readonly string[]): string {
  const [head, ...rest] = lines;
  const body = rest.filter((l) => !isSeparator(l));
  return [
    '<table>',
    `<tr>${cells(head!).map((c) => `<th>${inline(c)}</th>`).join('')}</tr>`,
    ...body.map((l) => `<tr>${cells(l).map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`),
    '</table>',
  ].join('\n');
}

/** The page for `markdown`: pure, for the test. */
export function renderSpecPage(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.split('\n');
  // Numbered list items are sub-sections where requirements cite them ("5.1": item 1 of section 5).
  let section: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const number = /^(\d+(?:\.\d+)*)\.?\s/.exec(heading[2]!)?.[1];
      section = number;
      out.push(`<h${level}${number ? ` id="section-${number}"` : ''}>${inline(heading[2]!)}</h${level}>`);
      continue;
    }
    if (line.trim().startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.trim().startsWith('|')) rows.push(lines[i++]!);
      i -= 1;
      out.push(table(rows));
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) out.push(`<p class="item">• ${inline(line.replace(/^\s*[-*]\s+/, ''))}</p>`);
    else if (/^\d+\.\s+/.test(line)) {
      const item = /^(\d+)\./.exec(line)![1];
      out.push(`<p class="item"${section ? ` id="section-${section}.${item}"` : ''}>${inline(line.trim())}</p>`);
    }
    else if (line.trim() !== '') out.push(`<p>${inline(line)}</p>`);
  }
  const style = 'body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top}code{background:#f3f3f3;padding:0 .2rem}.item{margin:.2rem 0 .2rem 1rem}:target{background:#fff3b0}';
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Messaging Service Interface Specification</title><style>${style}</style></head><body>\n${out.join('\n')}\n</body></html>\n`;
}

/** Writes the page into the output folder of a run. */
export function writeSpecPage(outDir: string): void {
  writeFileSync(join(outDir, SPEC_PAGE_FILE), renderSpecPage(readFileSync(SPEC_DOCUMENT_PATH, 'utf8')));
}
