/**
 * A fault-injecting loopback proxy for the project's own tests (issue 14, item 6): what a target
 * behind a busy shared key and a flaky network looks like. In front of a target it
 *  - answers a share of the requests that carry an API key (5.1 header apikey, 5.5 query apikey,
 *    5.1 body field apikey) with HTTP 429, the documented rate_01 error body (7.1, 8; the 2.1 error
 *    envelope) and `Retry-After: 1`, WITHOUT forwarding them: the target never sees them, as it
 *    never processes a request its rate limit refused;
 *  - delays a share of all requests by a fixed time before forwarding them.
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
}

export interface FaultCounts {
  forwarded: number;
  /** Answered 429 rate_01 by the proxy itself. */
  refused: number;
  delayed: number;
}

export interface FaultProxy {
  readonly url: string;
  readonly counts: FaultCounts;
  close(): Promise<void>;
}

/** mulberry32: a small seeded PRNG, values in [0, 1). */
export function seededRandom(seed: number): () => number {
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

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const random = seededRandom(options.seed);
  const rateLimitShare = options.rateLimitShare ?? 0.1;
  const delayShare = options.delayShare ?? 0.1;
  const delayMs = options.delayMs ?? 300;
  const counts: FaultCounts = { forwarded: 0, refused: 0, delayed: 0 };
  const upstream: Dispatcher = new Agent({ connections: 1024, keepAliveTimeout: 5_000 });
  const targetOrigin = new URL(options.target).origin;

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    const method = incoming.method ?? 'GET';
    const url = new URL(incoming.url ?? '/', targetOrigin);
    const body = await readBody(incoming);
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
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(incoming.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const answer = await request(url, { method: method as Dispatcher.HttpMethod, headers, body: body.length > 0 ? body : null, dispatcher: upstream });
    const answerBody = Buffer.from(await answer.body.arrayBuffer());
    counts.forwarded += 1;
    const answerHeaders: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) answerHeaders[name] = value;
    answerHeaders['content-length'] = String(answerBody.length);
    outgoing.writeHead(answer.statusCode, answerHeaders);
    outgoing.end(answerBody);
  };

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      // The target failed under the proxy: say so as a gateway would, never hang the client.
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`fault proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
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
