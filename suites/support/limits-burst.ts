/**
 * Section 8: "100 per second on all endpoints; exceeding gives 429 rate_01". The kit's client
 * paces every call below the limit (harness/transport/pacer.ts) so that no other test trips it by
 * accident; the requests that must exceed it therefore go out here, unpaced, on connections opened
 * beforehand: all at once (fire), or at a steady rate for a few seconds (sustain, judged by
 * harness/transport/rate-burst.ts judgeSustained). Loopback or the configured target only; the key
 * travels in the header apikey and is never written anywhere (5.2).
 */
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import {
  type Answer,
  isRateLimited,
  judgeSustained,
  routeDispatcher,
  type SustainedJudgement,
  type TargetRoute,
  type TimedExchange,
} from '../../harness/kit/index.ts';

export interface BurstResult {
  answers: Answer[];
  /** Per answer, in the same order: when its request started to go out and when its answer was read (performance.now, ms). */
  timings: TimedExchange[];
  /** From the first request sent to the last answer read: every request reached the target within it. */
  elapsedMs: number;
}

/** How a steady load is sent: one request every 1000 / perSecond ms for durationMs. */
export interface LoadPlan {
  perSecond: number;
  durationMs: number;
}

interface LoadResult {
  /** Per request, in the order sent: its timing, and its answer unless the kit gave up on it. */
  exchanges: { timing: TimedExchange; answer?: Answer }[];
  /** From the first send to the last answer read or given up on (ms). */
  elapsedMs: number;
  /** Requests given up on (no answer within LOAD_DRAIN_MS of the last send, or sent before the load stopped for lagging answers). */
  unanswered: number;
  /** Why sending stopped before the plan's end, when it did. */
  stoppedEarly?: string;
}

/** A load is never more requests than this, whatever the plan. */
const MAX_LOAD_REQUESTS = 1_000;
/**
 * An answer still missing after this long stops the load: a round trip longer than a second
 * leaves no steady part to judge (rate-burst.ts judgeSustained), and a target that falls behind
 * would otherwise queue the rest of the load for minutes.
 */
const LOAD_LAG_LIMIT_MS = 1_000;
/** After the last send, how long the kit waits for the answers before giving up on the rest (same reason). */
const LOAD_DRAIN_MS = 1_000;

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
  /** Sends POSTs of `path` with `key` at the plan's steady rate (catching up at once when late) and collects every answer. */
  sustain(key: string, plan: LoadPlan): Promise<LoadResult>;
  close(): Promise<void>;
}

/**
 * Connections stay open between bursts: a first burst with a throw-away key opens them, so that
 * the burst under test is not slowed by connection set-up (every request then reaches the target
 * within the second).
 */
export function createBurster(baseUrl: string, path: string, route?: TargetRoute): Burster {
  // The run's road (a gateway's headers, a private CA, a client certificate, a proxy), as every other request of the kit takes.
  const agent = routeDispatcher(route, { connections: 512, pipelining: 1, keepAliveTimeout: 30_000 });
  const routeHeaders = Object.fromEntries((route?.headers ?? []).map((h) => [h.name.toLowerCase(), h.value]));
  const url = `${baseUrl.replace(/\/+$/, '')}${path}`;
  const one = async (key: string, signal?: AbortSignal): Promise<{ answer: Answer; timing: TimedExchange }> => {
    const sentAtMs = performance.now();
    const response = await request(url, {
      method: 'POST',
      headers: { ...routeHeaders, apikey: key, 'content-type': 'application/json' },
      body: '{}',
      dispatcher: agent,
      signal,
    });
    const text = await response.body.text();
    const json = parse(text);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    const answer: Answer = {
      status: response.statusCode,
      headers,
      text,
      json,
      body: json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {},
    };
    return { answer, timing: { sentAtMs, answeredAtMs: performance.now(), accepted: !isRateLimited(answer) } };
  };
  return {
    async fire(key, count) {
      const start = performance.now();
      const exchanges = await Promise.all(Array.from({ length: count }, () => one(key)));
      return { answers: exchanges.map((e) => e.answer), timings: exchanges.map((e) => e.timing), elapsedMs: performance.now() - start };
    },
    async sustain(key, plan) {
      const intervalMs = 1000 / plan.perSecond;
      const count = Math.min(MAX_LOAD_REQUESTS, Math.round(plan.durationMs / intervalMs));
      const giveUp = new AbortController();
      // Every open request listens to it (undici): as many as the load may hold open at once.
      setMaxListeners(MAX_LOAD_REQUESTS + 1, giveUp.signal);
      /** The requests still waiting for their answer, by when they were sent. */
      const waiting = new Set<{ sentAtMs: number }>();
      const sent: Promise<LoadResult['exchanges'][number]>[] = [];
      const send = (): void => {
        const ticket = { sentAtMs: performance.now() };
        waiting.add(ticket);
        sent.push(
          one(key, giveUp.signal).then(
            (exchange) => {
              waiting.delete(ticket);
              return exchange;
            },
            (error: unknown) => {
              waiting.delete(ticket);
              // Once the load gave up (its own AbortController), every open request ends so; any
              // other failure is the transport's, and breaks the test as a failed call does.
              if (!giveUp.signal.aborted) throw error;
              return { timing: { sentAtMs: ticket.sentAtMs, answeredAtMs: performance.now(), accepted: false, unanswered: true as const } };
            },
          ),
        );
      };
      const start = performance.now();
      let stoppedEarly: string | undefined;
      // Request i is due at start + i x interval; a late loop sends every due request at once, so
      // that the rate holds on average (the judging counts the clumps this makes, rate-burst.ts).
      for (let i = 0; i < count; ) {
        const now = performance.now();
        const oldest = [...waiting].reduce((m, w) => Math.min(m, w.sentAtMs), now);
        if (now - oldest > LOAD_LAG_LIMIT_MS) {
          stoppedEarly = `after ${i} of ${count} requests (${Math.round(now - start)} ms): an answer was still missing after ${LOAD_LAG_LIMIT_MS} ms`;
          break;
        }
        const due = start + i * intervalMs;
        if (due <= now) {
          send();
          i += 1;
        } else await sleep(due - now);
      }
      // Every answer, or none after LOAD_DRAIN_MS: requests then still open are given up on.
      const all = Promise.allSettled(sent);
      const drained = await Promise.race([all.then(() => true), sleep(LOAD_DRAIN_MS, undefined, { ref: false }).then(() => false)]);
      if (!drained) giveUp.abort();
      const settled = await all;
      const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (failed) throw failed.reason;
      const exchanges = settled.map((s) => (s as PromiseFulfilledResult<LoadResult['exchanges'][number]>).value);
      const end = exchanges.reduce((m, e) => Math.max(m, e.timing.answeredAtMs), start);
      return {
        exchanges,
        elapsedMs: end - start,
        unanswered: exchanges.filter((e) => e.answer === undefined).length,
        ...(stoppedEarly === undefined ? {} : { stoppedEarly }),
      };
    },
    close: () => agent.close(),
  };
}

/** One load of a rate measurement: the fresh key it used, what came back, and its judgement. */
export interface RateAttempt {
  key: string;
  load: LoadResult;
  judgement: SustainedJudgement;
}

/**
 * Before another load, a pause this long times the loads already tried: what stalled the last one
 * (a busy runner's other jobs, a collector's pause) is often over a few seconds later.
 */
const LOAD_PAUSE_MS = 1_000;

/**
 * Up to `tries` loads of the plan, each on a fresh key (whose counting starts empty), until one is
 * decided (exceeded or held): a load that could not tell (too slow, round trips too long) proves
 * nothing either way, and is tried again after a pause that grows with each try.
 */
export async function measureRate(
  burster: Burster,
  freshKey: () => Promise<string>,
  plan: LoadPlan,
  perSecond: number,
  tries: number,
): Promise<{ attempts: RateAttempt[]; decided?: RateAttempt }> {
  const attempts: RateAttempt[] = [];
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    if (attempt > 1) await sleep(LOAD_PAUSE_MS * (attempt - 1));
    const key = await freshKey();
    const load = await burster.sustain(key, plan);
    const judged = {
      key,
      load,
      judgement: judgeSustained(
        load.exchanges.map((e) => e.timing),
        perSecond,
      ),
    };
    attempts.push(judged);
    if (judged.judgement.verdict !== 'inconclusive') return { attempts, decided: judged };
  }
  return { attempts };
}

/** One load in words, for a failure message, an inconclusive reason or a report attachment. */
export const describeLoad = ({ load, judgement: j }: RateAttempt): string =>
  `${j.sent} requests in ${Math.round(load.elapsedMs)} ms, ${j.accepted} accepted, widest round trip ${Math.round(j.maxRoundTripMs)} ms, ` +
  `steady part ${Math.round(j.steady.fromMs)}-${Math.round(j.steady.toMs)} ms sent at ${Math.round(j.steady.perSecond)} per second` +
  `${load.unanswered > 0 ? `, ${load.unanswered} unanswered` : ''}${load.stoppedEarly ? `, stopped ${load.stoppedEarly}` : ''}`;
