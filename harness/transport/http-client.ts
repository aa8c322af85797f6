/**
 * The harness's HTTP client for the target: builds a request the way section 5 says a key travels
 * (header apikey, body field apikey, or v1 query parameter apikey), paces and retries it through
 * the pacer (section 8, 7.1 rate_01), and records every attempt as an Exchange that is already
 * redacted (5.2: a key gives full access to an account, so no report may carry one).
 *
 * undici directly, not global fetch: its timeouts are explicit, its dispatcher is ours to close,
 * and it sends exactly the headers given (the suites send odd ones on purpose: token, Bearer).
 */
import { performance } from 'node:perf_hooks';
import { request, type Dispatcher } from 'undici';
import type { Pacer, RateLimitSignal } from './pacer.ts';
import type { Exchange } from './exchange.ts';
import { createRedactor, MIN_LEARNED_SECRET_LENGTH, REDACTED, type Redactor } from './redaction.ts';
import { replayRouteOf, routeDispatcher, routeSecrets, type TargetRoute } from './target-route.ts';
import { AnswerTooLargeError, RunInterruptedError, TargetTimeoutError, TargetUnreachableError } from './transport-error.ts';

// The record of an exchange lives in exchange.ts, so that redaction.ts can read it without importing the client.
export type { Exchange } from './exchange.ts';
// The errors of a failed connection live in transport-error.ts, beside the check that tells them from verdicts.
export { TargetTimeoutError, TargetUnreachableError } from './transport-error.ts';

export type KeyPlacement = 'header' | 'body' | 'query' | 'none';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
export type FormFields = Record<string, string | number | boolean>;
export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  method: HttpMethod;
  /** Path below the base URL, starting with "/" (e.g. /sms/send). */
  path: string;
  headers?: Record<string, string>;
  query?: QueryParams;
  /** Sent as application/json. With keyPlacement "body" it must be a JSON object. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (section 4: operations accept form bodies). */
  form?: FormFields;
  /** A raw body, sent as is (malformed-body tests); give the content-type in headers. */
  body?: string;
  apiKey?: string;
  /** Where apiKey goes: header apikey (5.1, default), body field apikey (5.1), query apikey (5.5, v1), or nowhere. */
  keyPlacement?: KeyPlacement;
  /** Retry a 429 rate_01 (default true when a pacer is set). False for the tests that assert rate limiting. */
  retryOn429?: boolean;
}

export interface CallResult {
  status: number;
  /** The real answer: callers need the values the exchange hides (4.11 returns a subaccount key). */
  headers: Record<string, string>;
  text: string;
  /** The parsed body, or undefined when it is empty or not JSON. */
  json: unknown;
  /** The redacted record of the last attempt. */
  exchange: Exchange;
}

export interface HttpClientOptions {
  baseUrl: string;
  redactor: Redactor;
  /** Without a pacer, calls are neither spaced nor retried. */
  pacer?: Pacer;
  /** Receives every attempt's redacted exchange, retries included (Allure attachments). */
  onExchange?: (exchange: Exchange) => void;
  connectTimeoutMs?: number;
  /**
   * The deadline of one attempt, from sending to the end of the answer (profile
   * timeBudgets.requestSeconds, default 30 s): a target that stops answering fails the call with
   * TargetTimeoutError instead of holding the run.
   */
  requestTimeoutMs?: number;
  /**
   * The largest answer read, in bytes (profile limits.answerBytes; default `defaultAnswerLimitBytes()`):
   * past it the client stops reading, closes the connection and fails the call with
   * AnswerTooLargeError, a transport failure (the test is broken, not failed).
   */
  answerLimitBytes?: number;
  /**
   * Aborts the calls in flight and refuses new ones with RunInterruptedError once it fires (an
   * interrupted discover). Calls that must still be made afterwards (a cleanup) need another client.
   */
  signal?: AbortSignal;
  /**
   * How the requests reach the target when a gateway, a private certificate authority, a client
   * certificate or a proxy stands in the way (target-route.ts): its headers go on every request (a
   * call's own header of the same name wins: the suites send exact headers on purpose), recorded as
   * [REDACTED]; its TLS options and proxy are the dispatcher's.
   */
  route?: TargetRoute;
}

export interface HttpClient {
  call(options: CallOptions): Promise<CallResult>;
  /** Closes the connections of the client's dispatcher. */
  close(): Promise<void>;
}

/** undici's and AbortSignal.timeout's ways of saying that a deadline passed, with the phase it caught. */
const TIMEOUT_PHASES: Readonly<Record<string, string>> = {
  UND_ERR_CONNECT_TIMEOUT: 'no connection',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers',
  UND_ERR_BODY_TIMEOUT: 'the response body stalled',
  TimeoutError: 'no complete answer',
};

/** The phase a timeout error caught, or undefined when `error` is no timeout. */
function timeoutPhase(error: unknown): string | undefined {
  const facts = (error ?? {}) as { code?: unknown; name?: unknown; cause?: unknown };
  if (typeof facts.code === 'string' && TIMEOUT_PHASES[facts.code]) return TIMEOUT_PHASES[facts.code];
  if (facts.name === 'TimeoutError') return TIMEOUT_PHASES.TimeoutError;
  return facts.cause !== undefined && facts.cause !== error ? timeoutPhase(facts.cause) : undefined;
}

/**
 * The phase a timeout caught, told by what had arrived (`headersArrived`): the deadline's signal and
 * undici's own timeouts race, so the error alone may not say it. Undefined when `error` is no timeout.
 */
export function timeoutPhaseAfter(error: unknown, headersArrived: boolean): string | undefined {
  const caught = timeoutPhase(error);
  if (caught === undefined || caught === TIMEOUT_PHASES.UND_ERR_CONNECT_TIMEOUT) return caught;
  return headersArrived ? TIMEOUT_PHASES.UND_ERR_BODY_TIMEOUT : TIMEOUT_PHASES.UND_ERR_HEADERS_TIMEOUT;
}

/** "timed out after 30 s" or "timed out after 0.5 s". */
export const timedOutAfter = (ms: number): string => `timed out after ${Number((ms / 1000).toFixed(1))} s`;

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The answer size limit when a client is given none: 4 MiB, thousands of times the largest answer
 * the document describes (a report of 4.12 is rows of a few hundred bytes), and small enough that
 * a hostile or broken target sending 50 MB costs the kit a few MiB, not the whole answer.
 */
const DEFAULT_ANSWER_LIMIT_BYTES = 4 * 1024 * 1024;
let answerLimitDefault = DEFAULT_ANSWER_LIMIT_BYTES;

/**
 * Sets the limit of the clients given none, read at each call: a suite worker sets the profile's
 * limits.answerBytes here once it reads its run (kit/requirement-test.ts), so that every client of
 * the worker honours it whoever built it.
 */
export function setDefaultAnswerLimit(bytes: number): void {
  if (Number.isFinite(bytes) && bytes > 0) answerLimitDefault = Math.floor(bytes);
}

/** "4 MiB", "256 KiB", "900 bytes": a size as the messages say it. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

/** The answer did not fit; the body was given up and its connection closed. */
export class OverLimit extends Error {
  constructor(readonly announced: boolean) {
    super('over the answer limit');
  }
}

/**
 * Reads a whole body, at most `limit` bytes: past it (or when Content-Length announces more) the
 * body is destroyed, which closes the connection, and nothing read is kept. Decoded as UTF-8 with a
 * byte order mark dropped, as undici's text() does.
 */
export async function readBounded(body: Dispatcher.ResponseData['body'], headers: Record<string, string>, limit: number): Promise<string> {
  const announced = Number(headers['content-length']);
  if (Number.isFinite(announced) && announced > limit) {
    body.destroy();
    throw new OverLimit(true);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > limit) {
      chunks.length = 0;
      body.destroy();
      throw new OverLimit(false);
    }
    chunks.push(bytes);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks, size));
}

const UNDICI_FAILURES: Readonly<Record<string, string>> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect timeout',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers before the timeout',
  UND_ERR_BODY_TIMEOUT: 'response body stalled past the timeout',
  UND_ERR_SOCKET: 'connection closed by the target',
  UND_ERR_CLOSED: 'connection closed',
  UND_ERR_DESTROYED: 'connection destroyed',
  UND_ERR_ABORTED: 'request aborted',
};

interface ErrorFacts {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** A one-line cause: "connect ECONNREFUSED", "getaddrinfo ENOTFOUND", "connect timeout". */
export function describeNetworkError(error: unknown): string {
  let facts = (error ?? {}) as ErrorFacts;
  // Happy-eyeballs connects (several addresses) fail with an AggregateError: its first cause speaks.
  if (Array.isArray(facts.errors) && facts.errors.length > 0 && facts.syscall === undefined)
    facts = { ...(facts.errors[0] as ErrorFacts), code: facts.code ?? (facts.errors[0] as ErrorFacts).code };
  const code = typeof facts.code === 'string' ? facts.code : undefined;
  if (code && typeof facts.syscall === 'string') return `${facts.syscall} ${code}`;
  if (code && UNDICI_FAILURES[code]) return UNDICI_FAILURES[code];
  const message = typeof facts.message === 'string' && facts.message !== '' ? facts.message : String(error);
  return (code ? `${code} ${message}` : message).split('\n')[0]!.trim();
}

const joinUrl = (baseUrl: string, path: string): string => `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

function flattenHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

const parseJsonOrUndefined = (text: string): unknown => {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export const isJsonObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Which answers are resent: only the documented rate_01, told by its body. 7.1 and 8:
 * rate_01 is "rate limit exceeded", a refusal before the request is processed, so resending it is
 * safe; it comes as HTTP 429, or (ambiguity rate-limit-http-status, body-429) as HTTP 200 with body
 * status 429 and code rate_01. Every other 429 is an answer under test: 7.3 otp_throttled and
 * otp_max_attempts (3.1 states of the current OTP set), and a 429 without the documented body
 * (nothing says the request was not processed). Nothing else is resent either: a 5xx, a timeout or
 * a reset connection may follow a POST the target already carried out.
 */
export function rateLimitSignalOf(_status: number, headers: Record<string, string>, json: unknown): RateLimitSignal {
  const rateLimited = isJsonObject(json) && json.code === 'rate_01';
  return { rateLimited, retryAfter: headers['retry-after'] };
}

interface PreparedRequest {
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Puts the route's headers, then the call's, then the key where section 5 (or the caller) says, and encodes the body. */
function prepare(baseUrl: string, call: CallOptions, routeHeaders: Readonly<Record<string, string>> = {}): PreparedRequest {
  const placement: KeyPlacement = call.apiKey === undefined ? 'none' : (call.keyPlacement ?? 'header');
  const headers: Record<string, string> = { ...routeHeaders };
  for (const [name, value] of Object.entries(call.headers ?? {})) headers[name.toLowerCase()] = value;

  const url = new URL(joinUrl(baseUrl, call.path));
  for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.append(name, String(value));
  if (placement === 'query') url.searchParams.set('apikey', call.apiKey!);
  if (placement === 'header') headers.apikey = call.apiKey!;

  let body: string | undefined;
  const given = [call.json !== undefined, call.form !== undefined, call.body !== undefined].filter(Boolean).length;
  if (given > 1) throw new TypeError('give at most one of json, form and body');
  if (call.form !== undefined || (placement === 'body' && call.json === undefined && call.body === undefined)) {
    const form = new URLSearchParams(Object.entries(call.form ?? {}).map(([k, v]): [string, string] => [k, String(v)]));
    if (placement === 'body') form.set('apikey', call.apiKey!);
    body = form.toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (call.json !== undefined) {
    let json = call.json;
    if (placement === 'body') {
      if (!isJsonObject(json)) throw new TypeError('keyPlacement "body" needs a JSON object body');
      json = { ...json, apikey: call.apiKey };
    }
    body = JSON.stringify(json);
    headers['content-type'] ??= 'application/json';
  } else if (call.body !== undefined) {
    if (placement === 'body') throw new TypeError('keyPlacement "body" cannot add a key to a raw body');
    body = call.body;
  }
  return { url: url.toString(), headers, body };
}

/**
 * Idle connections are given up before the target gives them up. A request written to a connection
 * the target (or a proxy in front of it) has already dropped is reset; nothing then says whether
 * the target read it, so it is never resent (see rateLimitSignalOf: a POST may have been carried
 * out) and the test that made it is broken. The only safe cure is not to reuse a connection that
 * may be stale:
 *  - a `Keep-Alive: timeout=N` answer header is honoured, less a margin for the latency between
 *    the target starting its idle clock and this client reading the answer, and for a busy worker
 *    whose timers fire late (keepAliveTimeoutThreshold; undici's own default, stated here so that
 *    an upgrade cannot change it unnoticed);
 *  - without the header, an idle connection is kept 3 s: below the 5 s idle timeouts of common
 *    servers (Node, Apache httpd) by that same margin;
 *  - however long the target's hint, at most 30 s: proxies and NATs between the kit and a target
 *    drop idle connections silently, with no hint at all.
 * undici resends nothing written (no retry interceptor is installed); a request not yet written
 * when its idle connection closes stays queued and goes out on a fresh one (undici checks an idle
 * connection for a pending close before writing on it), so only a request that never left is
 * ever sent again.
 */
const KEEP_ALIVE = { keepAliveTimeout: 3_000, keepAliveTimeoutThreshold: 2_000, keepAliveMaxTimeout: 30_000 } as const;

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const deadlineMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const dispatcher: Dispatcher = routeDispatcher(options.route, {
    connect: { timeout: Math.min(options.connectTimeoutMs ?? DEFAULT_TIMEOUT_MS, deadlineMs) },
    headersTimeout: deadlineMs,
    bodyTimeout: deadlineMs,
    ...KEEP_ALIVE,
  });
  const route = routeRecording(options);
  const client: ClientState = { options, origin: new URL(options.baseUrl).origin, deadlineMs, dispatcher, route };

  const call = async (callOptions: CallOptions): Promise<CallResult> => {
    const prepared = prepare(options.baseUrl, callOptions, route.headers);
    const send = (n: number) => attempt(client, callOptions.method, prepared, n);
    if (!options.pacer) return send(1);
    // Pace per key (8: the limit is per account); calls without a key share one lane, as the
    // target then counts them by address.
    const lane = callOptions.apiKey ?? '';
    return options.pacer.run(lane, send, (r) => rateLimitSignalOf(r.status, r.headers, r.json), callOptions.retryOn429 ?? true);
  };

  return { call, close: () => dispatcher.close() };
}

/** What every attempt of a client shares: its options, the target's origin, the deadline of one attempt, the connection pool and the route. */
interface ClientState {
  options: HttpClientOptions;
  origin: string;
  deadlineMs: number;
  dispatcher: Dispatcher;
  route: RouteRecording;
}

/** The route's headers (names lower-case) as sent, and how an exchange over the route is recorded. */
interface RouteRecording {
  headers: Record<string, string>;
  /** The headers as recorded: a route header still carrying the route's value is [REDACTED] whatever its length. */
  recordedHeaders(sent: Record<string, string>): Record<string, string>;
  /** The exchange with the route's secrets redacted in every text, and what a replay needs of the route. */
  withRoute(exchange: Exchange): Exchange;
}

function routeRecording(options: HttpClientOptions): RouteRecording {
  const routeHeaders = Object.fromEntries((options.route?.headers ?? []).map((h) => [h.name.toLowerCase(), h.value]));
  const replay = replayRouteOf(options.route, options.baseUrl);
  // The route's secrets are redacted in every text of a record (a gateway may echo its header); too short a value would cut words apart.
  const routeSecretList = routeSecrets(options.route).filter((secret) => secret.length >= MIN_LEARNED_SECRET_LENGTH);
  const routeRedactor = routeSecretList.length > 0 ? createRedactor(routeSecretList) : undefined;
  const recordedHeaders = (sent: Record<string, string>): Record<string, string> =>
    Object.fromEntries(
      Object.entries(sent).map(([name, value]) => [name, routeHeaders[name] !== undefined && routeHeaders[name] === value ? REDACTED : value]),
    );
  const withRoute = (exchange: Exchange): Exchange => {
    if (routeRedactor === undefined && replay === undefined) return exchange;
    const clean = (text: string): string => (routeRedactor ? routeRedactor.redact(text) : text);
    const headers = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([name, value]) => [name, clean(value)]));
    return {
      ...exchange,
      url: clean(exchange.url),
      requestHeaders: headers(exchange.requestHeaders),
      requestBody: exchange.requestBody === undefined ? undefined : clean(exchange.requestBody),
      responseHeaders: headers(exchange.responseHeaders),
      responseBody: clean(exchange.responseBody),
      ...(replay !== undefined ? { route: replay } : {}),
    };
  };
  return { headers: routeHeaders, recordedHeaders, withRoute };
}

/** One attempt: send, read the whole body (at most the answer limit), record the redacted exchange. */
async function attempt(client: ClientState, method: HttpMethod, prepared: PreparedRequest, attemptNumber: number): Promise<CallResult> {
  const { options, route } = client;
  const startedAt = new Date().toISOString();
  const start = performance.now();
  const { status, headers, text } = await sendOnce(client, method, prepared);
  const durationMs = performance.now() - start;
  const exchange = route.withRoute(
    options.redactor.redactExchange({
      method,
      url: prepared.url,
      requestHeaders: route.recordedHeaders(prepared.headers),
      requestBody: prepared.body,
      status,
      responseHeaders: headers,
      responseBody: text,
      startedAt,
      durationMs,
      attempt: attemptNumber,
    }),
  );
  options.onExchange?.(exchange);
  return { status, headers, text, json: parseJsonOrUndefined(text), exchange };
}

/** Sends the request once and reads its answer; transport trouble becomes the kit's error for it (too large, interrupted, timed out, unreachable). */
async function sendOnce(
  client: ClientState,
  method: HttpMethod,
  prepared: PreparedRequest,
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  const { options, origin, deadlineMs, dispatcher } = client;
  const { redactor } = options;
  const where = () => `${method} ${origin}${new URL(prepared.url).pathname}`;
  if (options.signal?.aborted) throw new RunInterruptedError(`${where()} not sent: the run was interrupted`);
  const limit = options.answerLimitBytes ?? answerLimitDefault;
  let headersArrived = false;
  try {
    // One deadline for the whole attempt: undici's phase timeouts alone let a trickling body run on.
    const deadline = AbortSignal.timeout(deadlineMs);
    const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
    const response = await request(prepared.url, { method, headers: prepared.headers, body: prepared.body, dispatcher, signal });
    headersArrived = true;
    const headers = flattenHeaders(response.headers);
    const text = await readBounded(response.body, headers, limit);
    return { status: response.statusCode, headers, text };
  } catch (error) {
    // Only the origin and path in the message: the query may hold a v1 key (5.5), the error text may not be one line.
    if (error instanceof OverLimit)
      throw new AnswerTooLargeError(
        `${redactor.redact(where())} answer larger than ${sizeText(limit)}${error.announced ? ' (announced by Content-Length)' : ''}: ` +
          `the kit stopped reading and closed the connection (profile limits.answerBytes)`,
      );
    if (options.signal?.aborted) throw new RunInterruptedError(`${redactor.redact(where())} abandoned: the run was interrupted`, { cause: error });
    const phase = timeoutPhaseAfter(error, headersArrived);
    if (phase !== undefined)
      throw new TargetTimeoutError(redactor.redact(`${method} ${origin}${new URL(prepared.url).pathname} ${timedOutAfter(deadlineMs)} (${phase})`), {
        cause: error,
      });
    throw new TargetUnreachableError(`cannot reach ${origin}: ${redactor.redact(describeNetworkError(error))}`, { cause: error });
  }
}
