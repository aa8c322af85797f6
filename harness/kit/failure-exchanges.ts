/**
 * The last HTTP exchanges of the running test, for its failure message (every failure
 * shows the request, the HTTP status, the redacted body and the quote, so that a reader can tell
 * whose fault it is: a schema mismatch on a 429 rate_01 or a 502 of a proxy is not the target's
 * API). req() (requirement-test.ts) appends them to the message of a failed test, before the
 * document's words; junit.xml's <failure> and Allure's status message both show that message.
 *
 * Exchanges are redacted when recorded (http-client.ts); they are redacted again when shown, with
 * the secrets learned since (4.11: a subaccount key returned by a later call) and every secret of
 * the worker (transport/redaction.ts redactKnown). Kept per test, keyed by its vitest task (a
 * WeakMap: a finished test's entries go with it), only the last few, and each body cut short.
 *
 * The same exchanges, each with the curl line that sends its request again (transport/curl-line.ts,
 * keys as $MC_API_KEY and the like, never their values), go on the failed test's meta
 * (`failureExchanges`): the certify process writes them beside the test in junit.xml and summary.json.
 */
import { currentTest } from './current-test.ts';
import { curlLine } from '../transport/curl-line.ts';
import type { Exchange } from '../transport/http-client.ts';
import { redactKnown } from '../transport/redaction.ts';
import type { FailureExchange } from './test-meta.ts';
import { isReportingTask, setInReport } from './test-report.ts';

/** Exchanges kept per test and shown: the assertion is usually about the last, the one before gives context. */
const EXCHANGES_SHOWN = 3;
/** Characters of a response body shown; a request body gets fewer (it is ours, the answer is the evidence). */
export const RESPONSE_BODY_SHOWN = 500;
const REQUEST_BODY_SHOWN = 200;

interface Noted {
  exchange: Exchange;
  redact: (text: string) => string;
}

const byTest = new WeakMap<object, Noted[]>();

/** Notes an exchange of the running test; outside a test (setup, teardown) nothing is noted. */
export function noteExchange(exchange: Exchange, redact: (text: string) => string): void {
  const task = currentTest()?.context.task;
  if (task === undefined) return;
  const noted = byTest.get(task) ?? [];
  // The file's redactor, then every secret the worker knows (another file's subaccount key a hostile target echoes).
  noted.push({ exchange, redact: (text) => redactKnown(redact(text)) });
  if (noted.length > EXCHANGES_SHOWN) noted.shift();
  byTest.set(task, noted);
}

/** Keeps the exchanges noted for a test; the function returned puts them back (a test run again, defaulted-ambiguities.ts). */
export function keepNotedExchanges(task: object): () => void {
  const kept = [...(byTest.get(task) ?? [])];
  return () => void byTest.set(task, [...kept]);
}

/** One line, at most `max` characters, saying how long the whole was when cut. */
function excerpt(text: string, max: number): string {
  const line = text.replace(/\s*\n\s*/g, ' ');
  return line.length <= max ? line : `${line.slice(0, max)}… (${line.length} characters)`;
}

/** The exchange, redacted and cut as a failure shows it, with the curl line of its request. */
export function failureExchangeOf(exchange: Exchange, redact: (text: string) => string): FailureExchange {
  // Redacted before it is cut: a cut through a secret would leave a piece no redaction recognises.
  const url = new URL(redact(exchange.url));
  const retried = exchange.attempt > 1 ? ` (attempt ${exchange.attempt}, resent after rate_01)` : '';
  // The request again, every part redacted with what is known now: each [REDACTED] becomes the key's variable.
  const requestHeaders = Object.fromEntries(Object.entries(exchange.requestHeaders).map(([name, value]) => [name, redact(value)]));
  const request = {
    ...exchange,
    url: url.toString(),
    requestHeaders,
    requestBody: exchange.requestBody === undefined ? undefined : redact(exchange.requestBody),
  };
  return {
    exchange: `${exchange.method} ${url.pathname}${url.search} → HTTP ${exchange.status} in ${Math.round(exchange.durationMs)} ms${retried}`,
    ...(exchange.requestBody ? { requestBody: excerpt(redact(exchange.requestBody), REQUEST_BODY_SHOWN) } : {}),
    responseBody: exchange.responseBody === '' ? '(empty)' : excerpt(redact(exchange.responseBody), RESPONSE_BODY_SHOWN),
    curl: redact(curlLine(request)),
  };
}

/** "POST /v2/otp → HTTP 429 (attempt 2, resent after rate_01)" and its bodies, redacted. */
export function exchangeLines(exchange: Exchange, redact: (text: string) => string): string[] {
  const shown = failureExchangeOf(exchange, redact);
  const lines = [shown.exchange];
  if (shown.requestBody !== undefined) lines.push(`  request body: ${shown.requestBody}`);
  lines.push(`  response body: ${shown.responseBody}`);
  return lines;
}

/** The block appended to a failure: the test's last exchanges, most recent last; '' when it made none. */
function lastExchangesText(task: object): string {
  const noted = byTest.get(task) ?? [];
  if (noted.length === 0) return '';
  const head =
    noted.length === 1
      ? 'the HTTP exchange of the test before it failed:'
      : `the last ${noted.length} HTTP exchanges of the test before it failed (most recent last):`;
  return [head, ...noted.flatMap(({ exchange, redact }) => exchangeLines(exchange, redact).map((line) => `  ${line}`))].join('\n');
}

/**
 * Appends the test's last exchanges to the message of `error` (an Error; anything else is returned
 * as is), and puts them with their curl lines on the test's meta (`failureExchanges`), whatever `error` is.
 */
export function withLastExchanges(error: unknown, task: object): unknown {
  const noted = byTest.get(task) ?? [];
  if (noted.length > 0 && isReportingTask(task))
    setInReport(
      task,
      'failureExchanges',
      noted.map(({ exchange, redact }) => failureExchangeOf(exchange, redact)),
    );
  if (!(error instanceof Error)) return error;
  const text = lastExchangesText(task);
  if (text !== '') error.message = `${error.message}\n  ${text.replace(/\n/g, '\n  ')}`;
  return error;
}
