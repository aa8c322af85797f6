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
 */
import type { Exchange } from './exchange.ts';

export const REDACTED = '[REDACTED]';

/** Header names whose values are credentials (5.1, 5.6). Compared lower-case. */
const SECRET_HEADERS: ReadonlySet<string> = new Set(['apikey', 'token', 'authorization']);

/** The field and parameter name that carries a key (5.1, 5.5, 4.11). Compared lower-case. */
const KEY_FIELD = 'apikey';

/**
 * Values discovered in fields are learned for redaction everywhere only from this length on: the
 * suites send short wrong keys on purpose (auth_05 with "x"), and redacting every "x" of every later
 * text would destroy the evidence. Such short values are still redacted where they stand (the field).
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

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The textual forms under which `secret` may appear: raw, and percent-encoded in forms and URLs. */
function variantsOf(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]);
  return [...forms];
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
  // Secrets given by the caller are the target's keys: honoured at any non-empty length.
  const known = new Set(secrets.filter((s) => s !== ''));
  let pattern: RegExp | undefined;

  const rebuild = () => {
    const forms = [...new Set([...known].flatMap(variantsOf))].filter((f) => f !== '');
    // Longest first, so that a secret containing another is replaced whole.
    forms.sort((a, b) => b.length - a.length);
    pattern = forms.length > 0 ? new RegExp(forms.map(escapeRegExp).join('|'), 'g') : undefined;
  };
  rebuild();

  const learn = (secret: string) => {
    const value = secret.trim();
    if (value.length < MIN_LEARNED_SECRET_LENGTH || value === REDACTED || known.has(value)) return;
    known.add(value);
    rebuild();
  };

  const redact = (text: string): string => (pattern && text ? text.replace(pattern, REDACTED) : text);

  // Bodies are read as JSON and as form text both: the content-type may lie, and a truncated JSON
  // body (not parseable) can still carry "apikey":"...".
  const learnFromBody = (body: string | undefined): string[] => {
    if (!body) return [];
    const json = parseJson(body);
    const values = [...(json === undefined ? jsonTextKeyValues(body) : keyFieldValues(json)), ...formKeyValues(body)];
    values.forEach(learn);
    return values;
  };

  const redactBody = (body: string | undefined, values: readonly string[]): string | undefined => {
    if (body === undefined || body === '') return body;
    return redact(redactFormKeyFields(redactJsonKeyFields(body, values)));
  };

  const redactHeaders = (headers: Readonly<Record<string, string>>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : redact(value);
    return out;
  };

  const redactExchange = (exchange: Exchange): Exchange => {
    try {
      // Learn first (request and response), so that every part below is redacted with all keys.
      for (const [name, value] of Object.entries(exchange.requestHeaders)) if (SECRET_HEADERS.has(name.toLowerCase())) learn(credentialOf(value));
      formKeyValues(exchange.url).forEach(learn);
      const requestValues = learnFromBody(exchange.requestBody);
      const responseValues = learnFromBody(exchange.responseBody);
      return {
        ...exchange,
        url: redact(redactFormKeyFields(exchange.url)),
        requestHeaders: redactHeaders(exchange.requestHeaders),
        requestBody: redactBody(exchange.requestBody, requestValues),
        responseHeaders: redactHeaders(exchange.responseHeaders),
        responseBody: redactBody(exchange.responseBody, responseValues) ?? '',
      };
    } catch {
      // Never throw from redaction (a report must still be written); never leak either: drop the bodies.
      return { ...exchange, url: REDACTED, requestHeaders: {}, requestBody: REDACTED, responseHeaders: {}, responseBody: REDACTED };
    }
  };

  return {
    redact,
    redactExchange,
    learn,
    get size() {
      return known.size;
    },
  };
}
