/**
 * Reads the source document (spec/source, a copy of the interface specification) to derive the
 * lists the registry must match: the operations of section 4 and every result code named anywhere.
 * The tests compare the registry with what the document itself says, not with a copied count.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SPEC_PATH = fileURLToPath(new URL('../spec/source/messaging-service-interface.md', import.meta.url));
export const specText = (): string => readFileSync(SPEC_PATH, 'utf8');

export interface DocumentOperation {
  method: string;
  path: string;
  section: string;
}

/** The section (e.g. "4.2") each line of the document falls under. */
function linesWithSection(text: string): { line: string; section: string }[] {
  let section = '';
  return text.split('\n').map((line) => {
    const heading = /^#{2,3} (\d+(?:\.\d+)?)\. /.exec(line) ?? /^#{2,3} (\d+(?:\.\d+)?) /.exec(line);
    if (heading) section = heading[1]!;
    return { line, section };
  });
}

/** Every `**METHOD /path**` operation header of section 4. */
export function boldOperations(text: string): DocumentOperation[] {
  return linesWithSection(text).flatMap(({ line, section }) =>
    [...line.matchAll(/\*\*(GET|POST|DELETE) (\/[^*\s]+)\*\*/g)].map((m) => ({ method: m[1]!, path: m[2]!, section })),
  );
}

/**
 * Operations the document names in prose rather than in a header, written once here with the
 * words that name them, so a test can check the words are still in that section.
 */
export const PROSE_OPERATIONS: readonly (DocumentOperation & { words: string })[] = [
  { method: 'GET', path: '/voice/send', section: '4.3', words: 'the reference states GET is also supported' },
  // 4.15: "their shapes: not shown"; section 4: "Unless a line says otherwise the method is POST".
  { method: 'POST', path: '/whatsapp/send', section: '4.15', words: 'The paths /whatsapp/send, /agenda and /campaigns are named in passing' },
  { method: 'POST', path: '/agenda', section: '4.15', words: 'The paths /whatsapp/send, /agenda and /campaigns are named in passing' },
  { method: 'POST', path: '/campaigns', section: '4.15', words: 'The paths /whatsapp/send, /agenda and /campaigns are named in passing' },
];

/** The text of one section (up to the next heading of the same or a higher level). */
export function sectionText(text: string, section: string): string {
  return linesWithSection(text)
    .filter((l) => l.section === section)
    .map((l) => l.line)
    .join('\n');
}

/**
 * Every `xxx_NN` code and `otp_*` slug in the document, with the shorthand of 7.2 expanded
 * ("verification_01 generated; _02 code expired" names verification_02), plus auth_deprecated.
 */
export function namedCodes(text: string): Set<string> {
  const codes = new Set<string>();
  for (const line of text.split('\n')) {
    let prefix: string | undefined;
    for (const m of line.matchAll(/\b([a-z]+(?:_[a-z]+)*)_(\d{2})\b|(?<![a-z])_(\d{2})\b/g)) {
      if (m[1]) {
        prefix = m[1];
        codes.add(`${m[1]}_${m[2]}`);
      } else if (prefix) codes.add(`${prefix}_${m[3]}`);
    }
    for (const m of line.matchAll(/\botp_[a-z_]+\b/g)) codes.add(m[0]);
    for (const m of line.matchAll(/\bauth_deprecated\b/g)) codes.add(m[0]);
  }
  return codes;
}

/** The v1 Codigo values of section 7.4 ("01 apikey missing; 02 message missing; ..."). */
export function v1Codigos(text: string): Set<string> {
  const body = sectionText(text, '7.4');
  return new Set([...body.matchAll(/(?:^|; )(\d{2}) /gm)].map((m) => m[1]!));
}

/**
 * The one form quotes and the document are compared in (schemas/quotes.ts, test/quotes.test.ts):
 * the Markdown markers `**` and backticks dropped, runs of white space folded to one space. A quote
 * may then be written as it reads, without the bold markers of an operation header.
 */
export const normaliseSpecText = (text: string): string =>
  text
    .replace(/\*\*|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a quote is a contiguous excerpt of the document (both sides normalised alike). */
export function quoteOccurs(quote: string, document: string): boolean {
  const needle = normaliseSpecText(quote);
  return needle.length > 0 && normaliseSpecText(document).includes(needle);
}
