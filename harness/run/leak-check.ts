/**
 * The redaction self-check of every run (5.2: a key "gives full access to the account and
 * balance"): after the reports are written, every file of the output folder is searched for every
 * secret of the run: the keys given, the profile's, and every key the target returned during the
 * run (subaccounts, 4.11). Any hit fails the run; a finding names the file and the place (a line, a
 * JSON path, an embedded file of the Allure page), never the key.
 *
 * Independent of the redactor on purpose (transport/redaction.ts): a check that shared its code
 * would share its blind spots. A key is looked for in every form a report could hold it: raw,
 * percent-encoded (URLs, forms), escaped in a JSON string, escaped for HTML or XML, and base64 at
 * each of its three alignments (standard and URL-safe alphabets). And the data the reports encode is
 * decoded and searched too: every JSON file value by value, and every base64 run (the single-file
 * Allure page embeds its data and attachments as base64, `d("data/…","…")` and data: URLs). What a
 * cut leaves of a key counts: a raw run of 16 of its characters or more, unless it lies wholly inside
 * one of the kit's own words (a requirement id, a quote, a test's name, a flag: never target data),
 * which the caller lists: a key built from them (`acme-manager-key-…`) shares runs with the kit's text.
 * A whole key is a leak wherever it stands.
 *
 * The material of the road to the target is searched too (run-secrets.ts): a gateway
 * header's value, the client key's passphrase and a proxy's credentials as keys are, and the client
 * key itself by each line of its PEM, whole (a line of base64 is long enough to be told from chance;
 * its runs are not searched, which would make the search as slow as the key is long).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FixedRunFinder } from '../transport/fixed-run-finder.ts';
import { MIN_LEARNED_SECRET_LENGTH } from '../transport/redaction.ts';
import { escapeRegExp } from '../transport/whole-form-matcher.ts';

/** Places named per file: enough to find the fault, few enough to read. */
const PLACES_PER_FILE = 10;
/** How deep encoded data is decoded (a base64 file of JSON holding base64 is two levels). */
const MAX_DECODE_DEPTH = 2;
/** Base64 runs shorter than this are not decoded: a hex key is a base64 run too. */
const MIN_BASE64_RUN = 48;
/**
 * A run of a secret this long, raw, is a leak too, when the whole secret is not there: what a cut
 * left of it (a preview of 40 characters, a body cut at 400). The redactor removes runs from 12 on.
 */
const MIN_FRAGMENT_SEARCHED = 16;

export interface LeakFinding {
  /** Relative to the output folder, '/'-separated. */
  file: string;
  /** Where in it: "line 12", "$.ambiguities[3].observed[0].value", "data/test-results/x.json (base64), line 1". */
  place: string;
  /** The form the key had there: raw, percent-encoded, JSON-escaped, HTML-escaped, base64. */
  form: string;
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** base64 of `bytes` preceded by `offset` bytes, keeping only the characters `bytes` alone decide. */
function base64At(bytes: Buffer, offset: number, urlSafe: boolean): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
  const total = offset + bytes.length;
  const kept = 4 * Math.floor(total / 3) + (total % 3);
  const start = offset === 0 ? 0 : offset === 1 ? 2 : 3;
  const text = encoded.slice(start, kept);
  return urlSafe ? text.replace(/\+/g, '-').replace(/\//g, '_') : text;
}

/** Every form of `secret` searched for, with its name. */
function formsOf(secret: string): [string, string][] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms: [string, string][] = [
    ['raw', secret],
    ['percent-encoded', encodeURIComponent(secret)],
    ['form-encoded', new URLSearchParams({ s: secret }).toString().slice(2)],
    ['JSON-escaped', JSON.stringify(secret).slice(1, -1)],
    ['HTML-escaped', secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')],
    ['HTML-escaped', secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')],
    ['XML-escaped', secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')],
  ];
  for (const urlSafe of [false, true]) for (const offset of [0, 1, 2]) forms.push(['base64', base64At(bytes, offset, urlSafe)]);
  // Forms shorter than the secret's search bound would be found by chance.
  return forms.filter(([, form]) => form.length >= MIN_LEARNED_SECRET_LENGTH);
}

/**
 * Forms are looked for by their first characters, all of one length, then checked whole: one
 * alternation of hundreds of forms of many lengths is slow on a page of megabytes of base64 (V8's
 * matcher backtracks at every position), one of prefixes of a single length is fast.
 */
const PREFIX_LENGTH = 16;

interface Matcher {
  /** The forms' prefixes, over text read as latin1 (one character per byte: binary-safe). */
  pattern: RegExp;
  /** The forms (latin1) by prefix, longest first. */
  byPrefix: Map<string, string[]>;
  /** The form's name by its latin1 text. */
  formOf: Map<string, string>;
  /** Every raw run of MIN_FRAGMENT_SEARCHED characters of the secrets longer than that, in latin1. */
  fragments: FixedRunFinder | undefined;
  /** The kit's words holding such a run, in each form a report writes them (latin1): a run inside one is no leak. */
  kitWords: RegExp | undefined;
}

/** A kit word as the reports write it: raw, escaped inside a JSON string, escaped for HTML and XML. */
function kitWordForms(word: string): string[] {
  const html = word.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return [word, JSON.stringify(word).slice(1, -1), html.replace(/'/g, '&#39;'), html.replace(/'/g, '&apos;')];
}

/** The forms of those `words` that hold one of `runs`, as one pattern over latin1 text, longest first. */
function kitWordPattern(words: readonly string[], runs: ReadonlySet<string>): RegExp | undefined {
  const holding = new Set<string>();
  for (const word of words) {
    const latin1 = Buffer.from(word, 'utf8').toString('latin1');
    for (let i = 0; i + MIN_FRAGMENT_SEARCHED <= latin1.length; i++)
      if (runs.has(latin1.slice(i, i + MIN_FRAGMENT_SEARCHED))) {
        for (const form of kitWordForms(word)) holding.add(Buffer.from(form, 'utf8').toString('latin1'));
        break;
      }
  }
  if (holding.size === 0) return undefined;
  return new RegExp(
    [...holding]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
}

function matcherOf(secrets: readonly string[], kitWords: readonly string[], wholeOnly: readonly string[] = []): Matcher | undefined {
  const formOf = new Map<string, string>();
  for (const secret of [...secrets, ...wholeOnly].filter((s) => s.length >= MIN_LEARNED_SECRET_LENGTH))
    for (const [name, form] of formsOf(secret)) {
      const latin1 = Buffer.from(form, 'utf8').toString('latin1');
      if (!formOf.has(latin1) || name === 'raw') formOf.set(latin1, name);
    }
  if (formOf.size === 0) return undefined;
  const byPrefix = new Map<string, string[]>();
  // Longest first: a form that contains another is named as itself.
  for (const form of [...formOf.keys()].sort((a, b) => b.length - a.length)) {
    const prefix = form.slice(0, PREFIX_LENGTH);
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), form]);
  }
  const alternatives = [...byPrefix.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const runs = new Set<string>();
  for (const secret of secrets.filter((s) => s.length > MIN_FRAGMENT_SEARCHED)) {
    const latin1 = Buffer.from(secret, 'utf8').toString('latin1');
    for (let i = 0; i + MIN_FRAGMENT_SEARCHED <= latin1.length; i++) runs.add(latin1.slice(i, i + MIN_FRAGMENT_SEARCHED));
  }
  return {
    pattern: new RegExp(alternatives.join('|'), 'g'),
    byPrefix,
    formOf,
    fragments: runs.size > 0 ? new FixedRunFinder(runs, MIN_FRAGMENT_SEARCHED) : undefined,
    kitWords: runs.size > 0 ? kitWordPattern(kitWords, runs) : undefined,
  };
}

/** Each place of `text` (latin1) where a whole form is, with the form. */
function* formsIn(text: string, matcher: Matcher): Generator<{ index: number; form: string }> {
  const { pattern, byPrefix } = matcher;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const form = byPrefix.get(match[0])?.find((f) => text.startsWith(f, match!.index));
    if (form === undefined) {
      pattern.lastIndex = match.index + 1;
      continue;
    }
    yield { index: match.index, form };
    pattern.lastIndex = match.index + form.length;
  }
}

const lineAt = (text: string, index: number): number => {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
};

/** A JSON path segment: .name, or ["odd name"], or [3]. */
const pathSegment = (key: string | number): string =>
  typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;

class Search {
  readonly findings: LeakFinding[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly matcher: Matcher,
    private readonly file: string,
  ) {}

  get full(): boolean {
    return this.findings.length >= PLACES_PER_FILE;
  }

  private note(place: string, form: string): void {
    const key = `${place}|${form}`;
    if (this.full || this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push({ file: this.file, place, form });
  }

  /** Searches `bytes` (as latin1), then the JSON values and the base64 data inside it; `where` prefixes each place. */
  bytes(bytes: Buffer, where: string, depth: number): void {
    const text = bytes.toString('latin1');
    const { formOf, fragments } = this.matcher;
    let whole = false;
    for (const { index, form } of formsIn(text, this.matcher)) {
      whole = true;
      this.note(`${where}line ${lineAt(text, index)}`, formOf.get(form) ?? 'raw');
      if (this.full) break;
    }
    // Where no whole key is, a piece of one (what a cut left).
    if (!whole && fragments !== undefined) {
      let kitWords: [number, number][] | undefined;
      let next = 0;
      for (let match = fragments.find(text); match !== undefined && !this.full; match = fragments.find(text, next)) {
        // The kit's words are looked for only once a run is found: most texts hold none.
        kitWords ??= this.kitWordsIn(text);
        const [from, to] = [match.index, match.index + match.run.length];
        const insideKitWord = kitWords.some(([start, end]) => start <= from && to <= end);
        next = insideKitWord ? from + 1 : to;
        if (!insideKitWord) this.note(`${where}line ${lineAt(text, from)}`, `a run of ${MIN_FRAGMENT_SEARCHED} or more characters of a key`);
      }
    }
    if (this.full) return;
    // JSON values decoded: where a key was found, to name its path; else only where an escape
    // (\u0061, \/) could hide one from the search of the raw text.
    const trimmed = text.trimStart();
    if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && (this.findings.length > 0 || /\\[u/]/.test(text))) this.json(bytes.toString('utf8'), where);
    if (depth < MAX_DECODE_DEPTH) this.embedded(text, where, depth);
  }

  /** Where the kit's words holding a run of a key stand in `text` (latin1), as [from, to) ranges. */
  private kitWordsIn(text: string): [number, number][] {
    const pattern = this.matcher.kitWords;
    if (pattern === undefined) return [];
    const ranges: [number, number][] = [];
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) ranges.push([match.index, match.index + match[0].length]);
    return ranges;
  }

  /** Every string of a JSON document, decoded (escapes undone), with its path. */
  private json(text: string, where: string): void {
    let root: unknown;
    try {
      root = JSON.parse(text) as unknown;
    } catch {
      return;
    }
    const stack: [unknown, string][] = [[root, '$']];
    while (stack.length > 0 && !this.full) {
      const [node, path] = stack.pop()!;
      if (typeof node === 'string') {
        const found = formsIn(Buffer.from(node, 'utf8').toString('latin1'), this.matcher).next();
        if (!found.done) this.note(`${where}${path}`, this.matcher.formOf.get(found.value.form) ?? 'raw');
      } else if (Array.isArray(node)) for (const [i, v] of node.entries()) stack.push([v, `${path}${pathSegment(i)}`]);
      else if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) stack.push([v, `${path}${pathSegment(k)}`]);
    }
  }

  /** The base64 data embedded in `text`: named files of the Allure page, data: URLs, any long run. */
  private embedded(text: string, where: string, depth: number): void {
    const runs = /(?:d\("([^"\\]{1,300})",\s*")?(?:data:[\w.+-]+\/[\w.+-]+(?:;[\w=.-]+)*;base64,)?([A-Za-z0-9+/_-]{48,}={0,2})/g;
    for (let match = runs.exec(text); match !== null && !this.full; match = runs.exec(text)) {
      const run = match[2]!;
      if (run.length < MIN_BASE64_RUN) continue;
      const decoded = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
      const name = match[1] ?? `base64 at line ${lineAt(text, match.index)}`;
      this.bytes(decoded, `${where}${name} (base64), `, depth + 1);
    }
  }
}

/**
 * Where in the files of `dir` any of `secrets` is, in any of the forms above (at most a few places
 * per file); a run of a key lying wholly inside one of `kitWords` (the kit's own text) is none.
 * `wholeOnly` are searched in every form but whole only (the lines of a client key's PEM).
 */
export function findLeakPlaces(
  dir: string,
  secrets: readonly string[],
  filesOutside: readonly string[] = [],
  kitWords: readonly string[] = [],
  wholeOnly: readonly string[] = [],
): LeakFinding[] {
  const matcher = matcherOf(secrets, kitWords, wholeOnly);
  if (matcher === undefined) return [];
  const findings: LeakFinding[] = [];
  // A report written outside the folder (certify --har FILE elsewhere) is named by its own path.
  const outside = filesOutside.filter((path) => relative(dir, path).startsWith('..') && existsSync(path));
  for (const [path, name] of [...[...filesUnder(dir)].map((p) => [p, relative(dir, p)] as const), ...outside.map((p) => [p, p] as const)]) {
    const search = new Search(matcher, name.split('\\').join('/'));
    search.bytes(readFileSync(path), '', 0);
    findings.push(...search.findings);
  }
  return findings;
}

/** Files of `dir` holding any of `secrets`, relative to `dir`. */
export function findLeaks(dir: string, secrets: readonly string[]): string[] {
  return [...new Set(findLeakPlaces(dir, secrets).map((f) => f.file))];
}

/** A finding as the reports name it: "summary.json: $.runErrors[0] (raw)". */
export const leakPlaceText = (f: LeakFinding): string => `${f.file}: ${f.place} (${f.form})`;
