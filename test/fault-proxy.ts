/**
 * A fault-injecting loopback proxy for the project's own tests: what a target behind a busy shared
 * key and a flaky network looks like, and what a hostile or broken one does. In front of a target it
 *  - answers a share of the requests that carry an API key (5.1 header apikey, 5.5 query apikey,
 *    5.1 body field apikey) with HTTP 429, the documented rate_01 error body (7.1, 8; the 2.1 error
 *    envelope) and `Retry-After: 1`, WITHOUT forwarding them: the target never sees them, as it
 *    never processes a request its rate limit refused;
 *  - delays a share of all requests by a fixed time before forwarding them;
 *  - and, each on demand (hostile-target.test.ts): echoes the caller's key and the last subaccount
 *    key the target issued (4.11) in its answers' bodies (a `debug` field, the message, the code of
 *    an error) and headers; injects HTML and script, Markdown, backticks, pipes and a terminal
 *    escape into the message and code of error answers; never answers (a stall) or resets the
 *    connection of chosen requests; answers chosen requests with a body of many megabytes,
 *    streamed; answers the preflight (POST /credits/consult) with garbled bytes.
 *
 * Only keyed requests are refused: a busy key is a key whose budget others use (8: the limit is
 * counted per key), so a request without a key (the 5 refusals, a target's test hooks) meets no
 * such limit. `spare` names further requests that are never refused (see the test for why).
 *
 * Decisions come from a seeded PRNG in arrival order, so the share is the same from run to run;
 * which request meets a fault depends on the arrival order, which concurrency makes vary.
 * Loopback only; bodies are small (the API's), so requests and answers are buffered whole.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, request, type Dispatcher } from 'undici';
import { listenOnLoopback } from './loopback-listener.ts';

export interface FaultProxyOptions {
  /** Base URL of the target (loopback). */
  target: string;
  seed: number;
  /** Share of keyed requests answered 429 rate_01 without forwarding (default 0.1). */
  rateLimitShare?: number;
  /** Share of requests delayed before forwarding (default 0.1). */
  delayShare?: number;
  delayMs?: number;
  /** Requests never refused (they may still be delayed). */
  spare?: (method: string, path: string) => boolean;
  /** Echo keys in every JSON answer: the caller's key and the last subaccount key the target issued, in the body and in headers. */
  echoKeys?: boolean;
  /** Put HTML, script, Markdown and control characters into the message and code of every error answer, and into a header. */
  injectHtml?: boolean;
  /** Requests never answered: the connection is held until the proxy closes. */
  stall?: (request: SeenRequest) => boolean;
  /** Requests whose connection is reset (destroyed) without an answer. */
  reset?: (request: SeenRequest) => boolean;
  /** Requests answered 200 with a JSON-looking body of `bytes` bytes, streamed; at most `times` of them. */
  hugeAnswer?: { match: (request: SeenRequest) => boolean; bytes: number; times: number };
  /** Answer POST /credits/consult (the preflight) with garbled bytes: binary, control characters, a cut JSON. */
  garbledPreflight?: boolean;
}

/** A request as the fault predicates see it. */
interface SeenRequest {
  method: string;
  path: string;
  /** The request body as text ('' when none). */
  body: string;
}

interface FaultCounts {
  forwarded: number;
  /** Answered 429 rate_01 by the proxy itself. */
  refused: number;
  delayed: number;
  /** Answers in which the proxy echoed a key. */
  echoed: number;
  /** Error answers into which it injected HTML. */
  injected: number;
  stalled: number;
  reset: number;
  /** Huge answers started. */
  huge: number;
}

/** What the injected answers carry: tags with handlers, a link and an image, backticks, pipes, a heading, a terminal escape. */
export const HOSTILE_TEXT =
  '<script>alert("xss")</script><img src=x onerror=alert(1)> [click](javascript:alert(2)) ![i](http://127.0.0.1:9/x.png) ' +
  '``a`b`` | pipe\n# heading <b>bold</b> *em* \u001b[31mred\u001b[0m &amp; <a href="http://127.0.0.1:9/">link</a>';

export interface FaultProxy {
  readonly url: string;
  readonly counts: FaultCounts;
  close(): Promise<void>;
}

/** mulberry32: a small seeded PRNG, values in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hop-by-hop headers (RFC 9110 7.6.1) and the length, which the proxy sets itself. */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'content-length', 'host']);

const readBody = (incoming: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
  });

/** The API key a request carries where section 5 puts it (header, query, JSON or form body field), if any. */
function keyOf(incoming: IncomingMessage, url: URL, body: Buffer): string | undefined {
  const header = incoming.headers.apikey;
  if (typeof header === 'string' && header !== '') return header;
  const query = url.searchParams.get('apikey');
  if (query) return query;
  const text = body.toString('utf8');
  const form = /(?:^|&)apikey=([^&]*)/.exec(text)?.[1];
  if (form) return decodeURIComponent(form.replace(/\+/g, ' '));
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed !== null && typeof parsed === 'object' && typeof (parsed as Record<string, unknown>).apikey === 'string')
      return (parsed as Record<string, string>).apikey;
  } catch {
    // Not JSON: no key there.
  }
  return undefined;
}

/** Whether the request carries an API key where section 5 puts one. */
function carriesKey(incoming: IncomingMessage, url: URL, body: Buffer): boolean {
  if (incoming.headers.apikey !== undefined || url.searchParams.has('apikey')) return true;
  const text = body.toString('utf8');
  if (text === '') return false;
  if (/(^|&)apikey=/.test(text)) return true;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed !== null && typeof parsed === 'object' && Object.hasOwn(parsed, 'apikey');
  } catch {
    return false;
  }
}

/** 7.1 rate_01 in the 2.1 error envelope, as a rate-limited target answers it. */
const rateLimitBody = (n: number): string =>
  JSON.stringify({
    success: false,
    message: 'Rate limit exceeded; retry with exponential backoff',
    status: 429,
    code: 'rate_01',
    request_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  });

/** The apikey a 4.11 answer issued, if this answer issued one. */
function issuedKeyOf(body: Buffer): string | undefined {
  try {
    const json = JSON.parse(body.toString('utf8')) as unknown;
    if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
      const key = (json as Record<string, unknown>).apikey;
      return typeof key === 'string' && key !== '' ? key : undefined;
    }
  } catch {
    // Not JSON: issued nothing.
  }
  return undefined;
}

/** `body` as a JSON object changed by `change`, or undefined when it is not a JSON object. */
function rewriteJson(body: Buffer, change: (json: Record<string, unknown>) => void): Buffer | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  change(json as Record<string, unknown>);
  return Buffer.from(JSON.stringify(json));
}

const isError = (body: Buffer): boolean => /"success":false/.test(body.toString('utf8'));

/** Echoes: a debug field, the message, and the code of an error answer (so that it reaches observations and failures). */
function echoInto(json: Record<string, unknown>, keys: readonly string[]): void {
  json.debug = `caller key ${keys[0]}; last issued ${keys[keys.length - 1]}`;
  if (typeof json.message === 'string') json.message = `${json.message} (key ${keys[0]})`;
  if (json.success === false && typeof json.code === 'string') json.code = `${json.code} ${keys[keys.length - 1]}`;
}

/** HTML and its friends in the message and the code of an error answer, and in a field of every answer. */
function injectInto(json: Record<string, unknown>): void {
  json.note = HOSTILE_TEXT;
  if (json.success !== false) return;
  if (typeof json.message === 'string') json.message = `${json.message} ${HOSTILE_TEXT}`;
  if (typeof json.code === 'string') json.code = `${json.code}<img src=x onerror=alert(4)>`;
}

/** A 200 answer of `bytes` bytes that starts like JSON, written in 64 KiB chunks as the client reads them (it may stop reading). */
async function streamHuge(outgoing: ServerResponse, bytes: number): Promise<void> {
  outgoing.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes) });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  function* parts(): Generator<Buffer> {
    const head = Buffer.from('{"success":true,"pad":"');
    yield head;
    for (let sent = head.length; sent < bytes; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, bytes - sent));
  }
  await pipeline(Readable.from(parts()), outgoing).catch(() => undefined);
}

/** The garbled answer to the preflight's POST /credits/consult: terminal escapes, bytes that are no UTF-8, a script. */
function writeGarbledPreflight(outgoing: ServerResponse): void {
  outgoing.writeHead(200, { 'content-type': 'application/json' });
  outgoing.end(
    Buffer.concat([
      Buffer.from('{"success":true,"credit":"1\u001b[2J\u0007'),
      Buffer.from([0xff, 0xfe, 0x00, 0x1b, 0x5b, 0x33, 0x31, 0x6d]),
      Buffer.from('<script>x</script>'),
    ]),
  );
}

/**
 * The hostile rewrites of a forwarded answer that the options ask for: the keys of the request and
 * the last subaccount key issued (4.11) echoed into its body and headers, markup injected into its
 * text fields. Counts what it did; answers the body to send.
 */
function rewriteHostile(
  options: FaultProxyOptions,
  counts: FaultCounts,
  answerBody: Buffer,
  answerHeaders: Record<string, string | string[]>,
  keysSeen: () => string[],
): Buffer {
  let rewritten = answerBody;
  if (options.echoKeys) {
    const keys = keysSeen();
    const echoed = keys.length > 0 ? rewriteJson(rewritten, (json) => echoInto(json, keys)) : undefined;
    if (echoed !== undefined) {
      counts.echoed += 1;
      rewritten = echoed;
      answerHeaders['x-debug-key'] = keys[0]!;
      answerHeaders['x-last-issued'] = keys[keys.length - 1]!;
    }
  }
  if (options.injectHtml) {
    const injected = rewriteJson(rewritten, injectInto);
    if (injected !== undefined) {
      rewritten = injected;
      answerHeaders['x-debug-html'] = '<script>alert(3)</script>';
    }
    if (injected !== undefined && isError(injected)) counts.injected += 1;
  }
  return rewritten;
}

/**
 * The faults a test asked for by request (a garbled preflight, a stall, a reset, a huge answer):
 * answers the request as the fault says and tells whether it did, counting it.
 */
async function answeredByAskedFault(
  options: FaultProxyOptions,
  counts: FaultCounts,
  seen: SeenRequest,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Promise<boolean> {
  if (options.garbledPreflight && seen.method === 'POST' && seen.path === '/credits/consult') {
    writeGarbledPreflight(outgoing);
    return true;
  }
  if (options.stall?.(seen)) {
    counts.stalled += 1;
    // Held: no answer until the proxy closes (the client's deadline ends it).
    return true;
  }
  if (options.reset?.(seen)) {
    counts.reset += 1;
    incoming.socket.destroy();
    return true;
  }
  if (options.hugeAnswer && counts.huge < options.hugeAnswer.times && options.hugeAnswer.match(seen)) {
    counts.huge += 1;
    await streamHuge(outgoing, options.hugeAnswer.bytes);
    return true;
  }
  return false;
}

/** The request sent on to the target, and its answer read whole, without the hop-by-hop headers. */
async function forwardToTarget(
  upstream: Dispatcher,
  incoming: IncomingMessage,
  url: URL,
  body: Buffer,
): Promise<{ statusCode: number; headers: Record<string, string | string[]>; body: Buffer }> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers))
    if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  const method = (incoming.method ?? 'GET') as Dispatcher.HttpMethod;
  const answer = await request(url, { method, headers, body: body.length > 0 ? body : null, dispatcher: upstream });
  const answerBody = Buffer.from(await answer.body.arrayBuffer());
  const answerHeaders: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) answerHeaders[name] = value;
  return { statusCode: answer.statusCode, headers: answerHeaders, body: answerBody };
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const random = seededRandom(options.seed);
  const rateLimitShare = options.rateLimitShare ?? 0.1;
  const delayShare = options.delayShare ?? 0.1;
  const delayMs = options.delayMs ?? 300;
  const counts: FaultCounts = { forwarded: 0, refused: 0, delayed: 0, echoed: 0, injected: 0, stalled: 0, reset: 0, huge: 0 };
  const upstream: Dispatcher = new Agent({ connections: 1024, keepAliveTimeout: 5_000 });
  const targetOrigin = new URL(options.target).origin;
  /** The last subaccount key the target issued (4.11 /manager/subaccount/add answers it as apikey). */
  let lastIssuedKey: string | undefined;

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    const method = incoming.method ?? 'GET';
    const url = new URL(incoming.url ?? '/', targetOrigin);
    const body = await readBody(incoming);
    const seen: SeenRequest = { method, path: url.pathname, body: body.toString('utf8') };
    if (await answeredByAskedFault(options, counts, seen, incoming, outgoing)) return;
    // Both draws on every request, so that the sequence of decisions does not depend on which requests carry keys.
    const refuse = random() < rateLimitShare;
    const delay = random() < delayShare;
    if (refuse && carriesKey(incoming, url, body) && !(options.spare?.(method, url.pathname) ?? false)) {
      counts.refused += 1;
      outgoing.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
      outgoing.end(rateLimitBody(counts.refused));
      return;
    }
    if (delay) {
      counts.delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    const answer = await forwardToTarget(upstream, incoming, url, body);
    counts.forwarded += 1;
    lastIssuedKey = issuedKeyOf(answer.body) ?? lastIssuedKey;
    const keysSeen = () => [keyOf(incoming, url, body), lastIssuedKey].filter((k): k is string => k !== undefined);
    const answerBody = rewriteHostile(options, counts, answer.body, answer.headers, keysSeen);
    answer.headers['content-length'] = String(answerBody.length);
    outgoing.writeHead(answer.statusCode, answer.headers);
    outgoing.end(answerBody);
  };

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      // The target failed under the proxy: say so as a gateway would, never hang the client.
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`fault proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  // A client that gives up (a huge answer it stopped reading, a stalled request past its deadline) is no fault of the proxy.
  server.on('connection', (socket) => socket.on('error', () => undefined));
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    counts,
    close: async () => {
      await listening.close();
      await upstream.close();
    },
  };
}
