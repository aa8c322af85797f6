/**
 * Section 8: "100 per second on all endpoints; exceeding gives 429 rate_01". The kit's client
 * paces every call below the limit (harness/transport/pacer.ts) so that no other test trips it by accident;
 * a burst that must exceed it therefore goes out here, unpaced, all at once, on connections opened
 * beforehand. Loopback or the configured target only; the key travels in the header apikey and is
 * never written anywhere (5.2).
 */
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import type { Answer } from '../../harness/kit/target.ts';
import { isRateLimited, type TimedExchange } from '../../harness/transport/rate-burst.ts';

export interface BurstResult {
  answers: Answer[];
  /** Per answer, in the same order: when its request started to go out and when its answer was read (performance.now, ms). */
  timings: TimedExchange[];
  /** From the first request sent to the last answer read: every request reached the target within it. */
  elapsedMs: number;
}

const parse = (text: string): unknown => {
  try {
    return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
};

export interface Burster {
  /** Sends `count` POSTs of `path` with `key` at once and waits for every answer. */
  fire(key: string, count: number): Promise<BurstResult>;
  close(): Promise<void>;
}

/**
 * Connections stay open between bursts: a first burst with a throw-away key opens them, so that
 * the burst under test is not slowed by connection set-up (every request then reaches the target
 * within the second).
 */
export function createBurster(baseUrl: string, path: string): Burster {
  const agent = new Agent({ connections: 512, pipelining: 1, keepAliveTimeout: 30_000 });
  const url = `${baseUrl.replace(/\/+$/, '')}${path}`;
  const one = async (key: string): Promise<{ answer: Answer; timing: TimedExchange }> => {
    const sentAtMs = performance.now();
    const response = await request(url, { method: 'POST', headers: { apikey: key, 'content-type': 'application/json' }, body: '{}', dispatcher: agent });
    const text = await response.body.text();
    const json = parse(text);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    const answer: Answer = { status: response.statusCode, headers, text, json, body: json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {} };
    return { answer, timing: { sentAtMs, answeredAtMs: performance.now(), accepted: !isRateLimited(answer) } };
  };
  return {
    async fire(key, count) {
      const start = performance.now();
      const exchanges = await Promise.all(Array.from({ length: count }, () => one(key)));
      return { answers: exchanges.map((e) => e.answer), timings: exchanges.map((e) => e.timing), elapsedMs: performance.now() - start };
    },
    close: () => agent.close(),
  };
}
