/**
 * Redaction of API keys from everything the harness records (exchanges, Allure attachments, logs).
 * Section 5.2: a key "gives full access to the account and balance", so no report may carry one.
 *
 * A key travels in four places: the header apikey (5.1), a body field apikey (5.1, JSON or form),
 * the query parameter apikey of the legacy v1 API (5.5, 4.16), and the bodies that return one
 * (4.11 /manager/subaccount/add and get_apikey). token and authorization headers are redacted too:
 * the suites send them on purpose (5.1 no Bearer, 5.6 token answers 410) and they are credentials.
 *
 * Keys found in fields are learned as secrets, so a subaccount key returned once is redacted in
 * every later text (a URL, an echoed message, an error body), not only in apikey fields.
 *
 * Every secret any redactor of the process knows is also kept in one process-wide register
 * (`knownSecrets`, `redactKnown`): text that reaches the kit by another road than an exchange (an
 * assertion message quoting an answer, an observation, a warning) is redacted against all of them,
 * and a suite worker hands what it learned to the certify process (kit/current-test.ts), which
 * redacts every report against the same set. A key the target sends back anywhere but the apikey
 * member of 4.11 (a `debug` field, a message, a header) is an echo: redacted like the rest, and
 * reported (`onKeyEcho`) so that the run can say the target leaks keys.
 *
 * The kit's own words are never target data (a requirement id, a quote, a test's name, a flag):
 * a key built from them (`acme-manager-key-0000000000000001`) shares a run with
 * `rule:auth.manager-key-required`, and a run inside one of those words is the kit's text, not what
 * a cut left of a key. The kit registers its words (`protectKitWords`); a run of a key lying wholly
 * inside one of them is left alone, by every redactor of the process. A whole key is redacted
 * everywhere, inside a kit word too.
 */
import type { Exchange } from './exchange.ts';
import { FixedRunFinder } from './fixed-run-finder.ts';
import { escapeRegExp, WholeFormMatcher } from './whole-form-matcher.ts';

export const REDACTED = '[REDACTED]';

/** Header names whose values are credentials (5.1, 5.6). Compared lower-case. */
const SECRET_HEADERS: ReadonlySet<string> = new Set(['apikey', 'token', 'authorization']);

/** The field and parameter name that carries a key (5.1, 5.5, 4.11). Compared lower-case. */
const KEY_FIELD = 'apikey';

/**
 * Values discovered in fields are learned for redaction everywhere only from this length on: the
 * suites send short wrong keys on purpose (auth_05 with "x"), and redacting every "x" of every later
 * text would destroy the evidence. Such short values are still redacted where they stand (the field).
 * The leak check of the output folder (run/leak-check.ts) searches from the same length: a shorter
 * value would be found in any text by chance, and one the redaction does not remove everywhere
 * cannot be a leak it missed.
 */
export const MIN_LEARNED_SECRET_LENGTH = 8;

export interface Redactor {
  /** Replaces every occurrence of every known secret (and its URL-encoded form) by [REDACTED]. */
  redact(text: string): string;
  /** A redacted copy of `exchange`; first learns the keys it carries (headers, fields, query). */
  redactExchange(exchange: Exchange): Exchange;
  /** Adds a secret discovered at run time (ignored when shorter than MIN_LEARNED_SECRET_LENGTH). */
  learn(secret: string): void;
  /** The number of secrets known, for diagnostics only (never the secrets themselves). */
  readonly size: number;
}

/**
 * The textual forms under which `secret` may appear: raw, percent-encoded in forms and URLs,
 * escaped inside a JSON string, escaped for HTML or XML, and base64 (standard and URL-safe, without
 * padding) as a target that encodes what it echoes writes it.
 */
export function variantsOf(secret: string): string[] {
  const html = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  const base64 = Buffer.from(secret, 'utf8').toString('base64').replace(/=+$/, '');
  const forms = new Set([
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
    html,
    base64,
    base64.replace(/\+/g, '-').replace(/\//g, '_'),
  ]);
  return [...forms].filter((f) => f !== '');
}

// ---------------------------------------------------------------------------------------------
// What a cut leaves of a key.
// ---------------------------------------------------------------------------------------------

/**
 * A run of a secret's characters this long or longer is redacted even when the whole secret is not
 * there: what a cut text leaves of a key (an assertion's preview cuts a quoted value at 40
 * characters, a snippet of an answer at 400; a 40-character key cut to 36 would otherwise stay
 * readable but for four characters).
 */
const MIN_FRAGMENT_LENGTH = 12;

interface FragmentMatcher {
  /** Every run of MIN_FRAGMENT_LENGTH characters of every secret. */
  finder: FixedRunFinder;
  /** Where each such run occurs: the secret and the offset in it. */
  at: Map<string, [string, number][]>;
  /**
   * The kit's words (in every form a report writes them) holding one of these runs, their pattern,
   * and how many registered words were looked at.
   */
  shielding: { words: string[]; pattern: RegExp | undefined; scanned: number };
}

// ---------------------------------------------------------------------------------------------
// The kit's own words, which no run of a key inside them makes target data.
// ---------------------------------------------------------------------------------------------

/** Every word the kit registered, in the order registered (append-only: each matcher scans only what is new). */
const kitWords: string[] = [];
const kitWordSet = new Set<string>();
/** The same words joined by NUL (no key holds one), searched at once for the runs of a matcher's secrets; where each starts. */
let kitWordText = '';
const kitWordStarts: number[] = [];

/**
 * The forms under which the kit writes `word`: raw, escaped inside a JSON string, escaped for HTML
 * and XML (junit.xml, the Allure page).
 */
function kitWordForms(word: string): string[] {
  const html = word.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return [...new Set([word, JSON.stringify(word).slice(1, -1), html.replace(/'/g, '&#39;'), html.replace(/'/g, '&apos;')])];
}

/**
 * Registers words the kit writes itself (requirement ids, quotes, sections, test and suite names,
 * flags): a run of a key lying wholly inside one of them is not redacted (a whole key still is).
 * Words shorter than a run cannot hold one and are not kept.
 */
export function protectKitWords(words: Iterable<string>): void {
  for (const word of words)
    if (typeof word === 'string' && word.length >= MIN_FRAGMENT_LENGTH && !kitWordSet.has(word)) {
      kitWordSet.add(word);
      kitWords.push(word);
      kitWordStarts.push(kitWordText.length);
      kitWordText += `${word}\u0000`;
    }
}

/** Every word the kit registered (for the leak check, which excuses the same words: run/leak-check.ts). */
export const protectedKitWords = (): string[] => [...kitWords];

/** The pattern of the kit's words that hold a run of `matcher`'s secrets, brought up to date with the register. */
function shieldOf(matcher: FragmentMatcher): RegExp | undefined {
  const shielding = matcher.shielding;
  if (shielding.scanned === kitWords.length) return shielding.pattern;
  let added = false;
  let next = 0;
  for (let match = matcher.finder.find(kitWordText, kitWordStarts[shielding.scanned]!); match !== undefined; match = matcher.finder.find(kitWordText, next)) {
    // The word the run was found in (the last to start at or before it), then on to the next word.
    let [low, high] = [shielding.scanned, kitWords.length - 1];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (kitWordStarts[middle]! <= match.index) low = middle;
      else high = middle - 1;
    }
    shielding.words.push(...kitWordForms(kitWords[low]!));
    added = true;
    next = low + 1 < kitWords.length ? kitWordStarts[low + 1]! : kitWordText.length;
  }
  shielding.scanned = kitWords.length;
  if (added) {
    const forms = [...new Set(shielding.words)].sort((a, b) => b.length - a.length);
    shielding.pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g');
  }
  return shielding.pattern;
}

/** Where in `text` the kit's words holding a run of a secret are, as [from, to) ranges. */
function shieldedRanges(text: string, matcher: FragmentMatcher): [number, number][] {
  const pattern = shieldOf(matcher);
  if (pattern === undefined) return [];
  const ranges: [number, number][] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) ranges.push([match.index, match.index + match[0].length]);
  return ranges;
}

function fragmentMatcherOf(secrets: Iterable<string>): FragmentMatcher | undefined {
  const at = new Map<string, [string, number][]>();
  for (const secret of secrets) {
    if (secret.length <= MIN_FRAGMENT_LENGTH) continue;
    for (let i = 0; i + MIN_FRAGMENT_LENGTH <= secret.length; i++) {
      const run = secret.slice(i, i + MIN_FRAGMENT_LENGTH);
      at.set(run, [...(at.get(run) ?? []), [secret, i]]);
    }
  }
  if (at.size === 0) return undefined;
  return { finder: new FixedRunFinder(at.keys(), MIN_FRAGMENT_LENGTH), at, shielding: { words: [], pattern: undefined, scanned: 0 } };
}

/**
 * `text` with every run of a secret of MIN_FRAGMENT_LENGTH characters or more, as long as it goes,
 * replaced by [REDACTED], unless the run lies wholly inside one of the kit's words.
 */
function redactFragments(text: string, matcher: FragmentMatcher): string {
  let out = '';
  let last = 0;
  let next = 0;
  let shielded: [number, number][] | undefined;
  for (let match = matcher.finder.find(text, next); match !== undefined; match = matcher.finder.find(text, next)) {
    let [from, to] = [match.index, match.index + match.run.length];
    for (const [secret, offset] of matcher.at.get(match.run) ?? []) {
      let [start, end, before, after] = [match.index, match.index + match.run.length, offset, offset + match.run.length];
      while (start > last && before > 0 && text[start - 1] === secret[before - 1]) [start, before] = [start - 1, before - 1];
      while (end < text.length && after < secret.length && text[end] === secret[after]) [end, after] = [end + 1, after + 1];
      if (end - start > to - from) [from, to] = [start, end];
    }
    // The kit's words are looked for only once a run is found: most texts hold none.
    shielded ??= shieldedRanges(text, matcher);
    if (shielded.some(([start, end]) => start <= from && to <= end)) {
      next = match.index + 1;
      continue;
    }
    out += `${text.slice(last, from)}${REDACTED}`;
    last = to;
    next = to;
  }
  return last === 0 ? text : `${out}${text.slice(last)}`;
}

// ---------------------------------------------------------------------------------------------
// The process-wide register of secrets.
// ---------------------------------------------------------------------------------------------

/** Where a secret was learned: given by the caller, returned by the target, or seen in a request the kit made. */
type SecretOrigin = 'given' | 'answer' | 'request';

const registered = new Map<string, SecretOrigin>();
const registerListeners = new Set<(secret: string) => void>();
let registerForms: WholeFormMatcher | undefined;
let registerFragments: FragmentMatcher | undefined;
let registerPatternStale = false;

/** One matcher for every form of all `secrets`, longest form first, so that a secret containing another is replaced whole. */
const formsOf = (secrets: Iterable<string>): WholeFormMatcher => new WholeFormMatcher([...secrets].flatMap(variantsOf));

function register(secret: string, origin: SecretOrigin): void {
  const known = registered.get(secret);
  // A key first seen in a request and then returned by the target is the target's key: echoes of it count.
  if (known !== undefined && (known !== 'request' || origin === 'request')) return;
  registered.set(secret, origin);
  registerPatternStale = true;
  if (known === undefined) for (const listener of registerListeners) listener(secret);
}

/** Every secret known in this process: given to a redactor, learned from an answer, or seen in a request. */
export const knownSecrets = (): string[] => [...registered.keys()];

/** Calls `listener` with each secret this process learns from now on; returns a function that stops it. */
export function onSecretLearned(listener: (secret: string) => void): () => void {
  registerListeners.add(listener);
  return () => registerListeners.delete(listener);
}

/** `text` with every secret of the process register replaced by [REDACTED]; never throws. */
export function redactKnown(text: string): string {
  if (registerPatternStale) {
    registerForms = formsOf(registered.keys());
    registerFragments = fragmentMatcherOf(registered.keys());
    registerPatternStale = false;
  }
  if (!registerForms?.active || !text) return text;
  const whole = registerForms.replace(text, REDACTED);
  return registerFragments ? redactFragments(whole, registerFragments) : whole;
}

/**
 * Echoes noted in this process: a target that echoes on every answer must not grow the kit's
 * memory, so past this many the rest are only counted by the first ones ("and more").
 */
const MAX_KEY_ECHOES = 200;
let keyEchoCount = 0;
const echoListeners = new Set<(echo: string) => void>();

/** Calls `listener` with each key echo from now on ("POST /path: response header x-debug"); returns a function that stops it. */
export function onKeyEcho(listener: (echo: string) => void): () => void {
  echoListeners.add(listener);
  return () => echoListeners.delete(listener);
}

function noteKeyEcho(echo: string): void {
  keyEchoCount += 1;
  if (keyEchoCount > MAX_KEY_ECHOES) return;
  for (const listener of echoListeners) listener(echo);
}

/** Parses JSON or returns undefined: bodies may be anything (HTML error pages, binary, empty). */
function parseJson(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Values of every `apikey` member at any depth (4.11 puts it at the top level, but a target may
 * nest its data). Iterative so that a deeply nested hostile body cannot overflow the stack.
 */
function keyFieldValues(root: unknown): string[] {
  const found: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
    } else if (node !== null && typeof node === 'object') {
      for (const [name, value] of Object.entries(node as Record<string, unknown>)) {
        if (name.toLowerCase() === KEY_FIELD && (typeof value === 'string' || typeof value === 'number')) found.push(String(value));
        else stack.push(value);
      }
    }
  }
  return found;
}

/** Values of `apikey` in a form body or query string (a=1&apikey=K). */
function formKeyValues(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|[?&])apikey=([^&#]*)/gi)) {
    const raw = match[1] ?? '';
    found.push(raw);
    try {
      found.push(decodeURIComponent(raw.replace(/\+/g, ' ')));
    } catch {
      // Malformed percent-encoding: the raw form is all there is.
    }
  }
  return found;
}

const JSON_KEY_MEMBER = /("apikey"\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)/gi;

/** Values of `"apikey": ...` members found by pattern in a text that is not parseable JSON. */
function jsonTextKeyValues(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(JSON_KEY_MEMBER)) {
    const token = match[2] ?? '';
    const value = parseJson(`[${token}]`);
    found.push(Array.isArray(value) ? String(value[0] as string | number) : token);
  }
  return found;
}

/** Replaces the values of apikey members in a JSON text while keeping the rest of the text as is. */
function redactJsonKeyFields(text: string, values: readonly string[]): string {
  let out = text.replace(JSON_KEY_MEMBER, `$1"${REDACTED}"`);
  // Members whose name is escaped ("api\u006bey") escape the pattern above: replace their values
  // as whole JSON string tokens, which cannot cut an unrelated word in two.
  for (const value of values) if (value !== '') out = out.split(JSON.stringify(value)).join(JSON.stringify(REDACTED));
  return out;
}

/** Replaces the values of apikey parameters in a form body or query string. */
const redactFormKeyFields = (text: string): string => text.replace(/((?:^|[?&])apikey=)[^&#]*/gi, `$1${REDACTED}`);

/** Strips an authentication scheme ("Bearer abc" -> "abc") so the credential itself is learned. */
const credentialOf = (headerValue: string): string => headerValue.replace(/^\s*(bearer|basic|token)\s+/i, '').trim();

export function createRedactor(secrets: string[]): Redactor {
  return new SecretRedactor(secrets);
}

/**
 * A redactor's state: the secrets it knows, those whose return outside an apikey member is an echo
 * (given ones and those the target returned), and the matchers built from both. Its public members
 * are arrow functions: callers pass `redact` around on its own.
 */
class SecretRedactor implements Redactor {
  private readonly known: Set<string>;
  private readonly echoable: Set<string>;
  private forms: WholeFormMatcher | undefined;
  private fragments: FragmentMatcher | undefined;
  private echoForms: WholeFormMatcher | undefined;

  constructor(secrets: string[]) {
    // Secrets given by the caller are the target's keys: honoured at any non-empty length.
    this.known = new Set(secrets.filter((s) => s !== ''));
    this.echoable = new Set(this.known);
    for (const secret of this.known) register(secret, 'given');
    this.rebuild();
  }

  get size(): number {
    return this.known.size;
  }

  // A key learned on purpose (t.learnSecret, 4.11's apikey) is one the target issued.
  readonly learn = (secret: string): void => this.learnFrom(secret, 'answer');

  // Whole secrets in every form first, then what a cut left of one.
  readonly redact = (text: string): string => {
    if (!this.forms?.active || !text) return text;
    const whole = this.forms.replace(text, REDACTED);
    return this.fragments ? redactFragments(whole, this.fragments) : whole;
  };

  readonly redactExchange = (exchange: Exchange): Exchange => {
    try {
      // Learn first (request and response), so that every part below is redacted with all keys.
      for (const [name, value] of Object.entries(exchange.requestHeaders))
        if (SECRET_HEADERS.has(name.toLowerCase())) this.learnFrom(credentialOf(value), 'request');
      for (const value of formKeyValues(exchange.url)) this.learnFrom(value, 'request');
      const requestValues = this.learnFromBody(exchange.requestBody, 'request');
      const responseValues = this.learnFromBody(exchange.responseBody, 'answer');
      // What is left of the answer once its apikey members are out: a key there is an echo.
      if (exchange.responseBody !== '' || Object.keys(exchange.responseHeaders).length > 0)
        this.noteEchoes(exchange, redactFormKeyFields(redactJsonKeyFields(exchange.responseBody, responseValues)));
      return {
        ...exchange,
        url: this.redact(redactFormKeyFields(exchange.url)),
        requestHeaders: this.redactHeaders(exchange.requestHeaders),
        requestBody: this.redactBody(exchange.requestBody, requestValues),
        responseHeaders: this.redactHeaders(exchange.responseHeaders),
        responseBody: this.redactBody(exchange.responseBody, responseValues) ?? '',
      };
    } catch {
      // Never throw from redaction (a report must still be written); never leak either: drop the bodies.
      return { ...exchange, url: REDACTED, requestHeaders: {}, requestBody: REDACTED, responseHeaders: {}, responseBody: REDACTED };
    }
  };

  private rebuild(): void {
    this.forms = formsOf(this.known);
    this.fragments = fragmentMatcherOf(this.known);
    this.echoForms = formsOf(this.echoable);
  }

  private learnFrom(secret: string, origin: 'answer' | 'request'): void {
    const value = secret.trim();
    if (value.length < MIN_LEARNED_SECRET_LENGTH || value === REDACTED) return;
    register(value, origin);
    if (this.known.has(value) && (origin === 'request' || this.echoable.has(value))) return;
    this.known.add(value);
    if (origin === 'answer') this.echoable.add(value);
    this.rebuild();
  }

  /** Notes where the answer of `exchange` carries a key outside its apikey members (already replaced in `body`). */
  private noteEchoes(exchange: Exchange, body: string): void {
    const echoForms = this.echoForms;
    if (!echoForms?.active || keyEchoCount >= MAX_KEY_ECHOES) return;
    const carries = (text: string): boolean => echoForms.test(text);
    const places = Object.entries(exchange.responseHeaders)
      .filter(([, value]) => carries(value))
      .map(([name]) => `response header ${name}`);
    if (carries(body)) places.push('response body');
    if (places.length === 0) return;
    let path = '(unparsable URL)';
    try {
      path = new URL(exchange.url).pathname;
    } catch {
      // The URL is the kit's own; a target cannot make it unparsable, but the note must not throw.
    }
    noteKeyEcho(`${exchange.method} ${path}: ${places.join(', ')}`);
  }

  // Bodies are read as JSON and as form text both: the content-type may lie, and a truncated JSON
  // body (not parseable) can still carry "apikey":"...".
  private learnFromBody(body: string | undefined, origin: 'answer' | 'request'): string[] {
    if (!body) return [];
    const json = parseJson(body);
    const values = [...(json === undefined ? jsonTextKeyValues(body) : keyFieldValues(json)), ...formKeyValues(body)];
    for (const value of values) this.learnFrom(value, origin);
    return values;
  }

  private redactBody(body: string | undefined, values: readonly string[]): string | undefined {
    if (body === undefined || body === '') return body;
    return this.redact(redactFormKeyFields(redactJsonKeyFields(body, values)));
  }

  private redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : this.redact(value);
    return out;
  }
}
