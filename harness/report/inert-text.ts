/**
 * Text that came from a target, made inert for the format it lands in. Every report travels (CI
 * artifacts, a job summary, a browser), and a target's answers, error messages and headers may hold
 * anything: HTML with scripts, Markdown that makes links or headings, terminal escape sequences,
 * characters XML cannot carry. What the kit writes itself is never passed through here; what may
 * hold a target's words always is.
 *
 *  - Markdown (summary.md, the summary printed at the end): plain words stay as they are; anything
 *    else goes into a code span, where no HTML, link, emphasis or entity is read (CommonMark 6.1),
 *    with a fence longer than any run of backticks inside. Pipes, which would end a table cell even
 *    inside a code span (GFM tables), become "¦".
 *  - XML (junit.xml): the five special characters escaped, characters XML 1.0 cannot carry dropped,
 *    and line breaks inside attributes kept as character references.
 *  - A terminal: control characters (an escape sequence could rewrite the screen) and bidirectional
 *    overrides shown as \u escapes.
 *
 *  - HTML (spec-document.html, the document coloured by the run): the special characters as
 *    references and control characters as escapes (htmlText).
 *
 * summary.json keeps every text whole (JSON escapes what it must); the Allure report is written by
 * Allure, which renders text as text.
 */

/** C0 controls but tab and newline, DEL and C1 controls, and the bidirectional embeddings, overrides and isolates. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
/** UTF-16 halves without their other half: no encoding can write them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with control characters shown as \u escapes and lone surrogates replaced: safe to print. */
export const terminalText = (text: string): string =>
  text.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** One line: every run of white space (line breaks included) as one space. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * Words that no Markdown renderer reads as anything but text: letters, digits, spaces and
 * punctuation without meaning inline, starting with a letter or a parenthesis (a digit could start
 * an ordered list, a sign a bullet, a # a heading, when the text begins a list item).
 */
const PLAIN = /^[\p{L}(][\p{L}\p{N} .,:;()'"/=+%@?#×…§→\-_]*$/u;
/** An underscore at the edge of a word may open or close emphasis; inside a word (auth_01) it may not. */
const EDGE_UNDERSCORE = /(^|[^\p{L}\p{N}])_|_($|[^\p{L}\p{N}])/u;

/** `text` (one line) as a CommonMark code span: a fence longer than any backtick run in it, padded when it starts or ends with one. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * Text from a target for an inline place of a Markdown document (a table cell, a list item, a line
 * of prose): itself when it is plain words, else a code span; always one line, no pipe, no control
 * character. An empty text stays empty.
 */
export function markdownText(text: string): string {
  const line = terminalText(oneLine(text)).replace(/\|/g, '¦');
  if (line === '') return '';
  return PLAIN.test(line) && !EDGE_UNDERSCORE.test(line) ? line : codeSpan(line);
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 cannot carry at all (control characters other than tab, newline, return, and non-characters).
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** `text` for XML element content: escaped, and what XML cannot carry dropped. */
export const xmlText = (text: string): string =>
  text
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** `text` for an XML attribute value: as xmlText, with tabs and line breaks as references (a parser would turn them into spaces). */
export const xmlAttribute = (text: string): string => xmlText(text).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * `text` for HTML element content or a quoted attribute value (spec-document.html, which the kit
 * writes itself): the five special characters as references, control characters shown as \u
 * escapes, lone surrogates replaced. No markup of the text survives: a target's `<script>` is words.
 */
export const htmlText = (text: string): string => terminalText(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
