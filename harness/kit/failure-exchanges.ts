/**
 * The last HTTP exchanges of the running test, for its failure message (issue 14: every failure
 * shows the request, the HTTP status, the redacted body and the quote, so that a reader can tell
 * whose fault it is: a schema mismatch on a 429 rate_01 or a 502 of a proxy is not the target's
 * API). req() (requirement-test.ts) appends them to the message of a failed test, before the
 * document's words; junit.xml's <failure> and Allure's status message both show that message.
 *
 * Exchanges are redacted when recorded (http-client.ts); they are redacted again when shown, with
 * the secrets learned since (4.11: a subaccount key returned by a later call) and every secret of
 * the worker (transport/redaction.ts redactKnown). Kept per test, keyed by its vitest task (a
 * WeakMap: a finished test's entries go with it), only the last few, and each body cut short.
 */
import { currentTest } from './current-test.ts';
import type { Exchange } from '../transport/http-client.ts';
import { redactKnown } from '../transport/redaction.ts';

/** Exchanges kept per test and shown: the assertion is usually about the last, the one before gives context. */
export const EXCHANGES_SHOWN = 3;
/** Characters of a response body shown; a request body gets fewer (it is ours, the answer is the evidence). */
export const RESPONSE_BODY_SHOWN = 500;
export const REQUEST_BODY_SHOWN = 200;

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

/** One line, at most `max` characters, saying how long the whole was when cut. */
function excerpt(text: string, max: number): string {
  const line = text.replace(/\s*\n\s*/g, ' ');
  return line.length <= max ? line : `${line.slice(0, max)}… (${line.length} characters)`;
}

/** "POST /v2/otp → HTTP 429 (attempt 2, resent after rate_01)" and its bodies, redacted. */
export function exchangeLines(exchange: Exchange, redact: (text: string) => string): string[] {
  // Redacted before it is cut: a cut through a secret would leave a piece no redaction recognises.
  const url = new URL(redact(exchange.url));
  const retried = exchange.attempt > 1 ? ` (attempt ${exchange.attempt}, resent after rate_01)` : '';
  const lines = [`${exchange.method} ${url.pathname}${url.search} → HTTP ${exchange.status} in ${Math.round(exchange.durationMs)} ms${retried}`];
  if (exchange.requestBody) lines.push(`  request body: ${excerpt(redact(exchange.requestBody), REQUEST_BODY_SHOWN)}`);
  lines.push(`  response body: ${exchange.responseBody === '' ? '(empty)' : excerpt(redact(exchange.responseBody), RESPONSE_BODY_SHOWN)}`);
  return lines;
}

/** The block appended to a failure: the test's last exchanges, most recent last; '' when it made none. */
export function lastExchangesText(task: object): string {
  const noted = byTest.get(task) ?? [];
  if (noted.length === 0) return '';
  const head = noted.length === 1 ? 'the HTTP exchange of the test before it failed:' : `the last ${noted.length} HTTP exchanges of the test before it failed (most recent last):`;
  return [head, ...noted.flatMap(({ exchange, redact }) => exchangeLines(exchange, redact).map((line) => `  ${line}`))].join('\n');
}

/** Appends the test's last exchanges to the message of `error` (an Error; anything else is returned as is). */
export function withLastExchanges(error: unknown, task: object): unknown {
  if (!(error instanceof Error)) return error;
  const text = lastExchangesText(task);
  if (text !== '') error.message = `${error.message}\n  ${text.replace(/\n/g, '\n  ')}`;
  return error;
}
