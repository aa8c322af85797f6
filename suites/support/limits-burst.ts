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
import { type Dispatcher, request } from 'undici';
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

/** One request of a burst or a load that was answered: the answer, and when the request went out and its answer came back. */
interface Exchange {
  answer: Answer;
  timing: TimedExchange;
}

type LoadExchange = LoadResult['exchanges'][number];

/** Sends one POST with `key`, unpaced, on the burster's connections. */
type SendOne = (key: string, signal?: AbortSignal) => Promise<Exchange>;

/** An answer as the kit reads every other: headers by lower-case name, the body when it is a JSON object. */
function answerOf(status: number, rawHeaders: Record<string, string | string[] | undefined>, text: string): Answer {
  const json = parse(text);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawHeaders))
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return {
    status,
    headers,
    text,
    json,
    body: json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {},
  };
}

function oneRequestSender(url: string, route: TargetRoute | undefined, agent: Dispatcher): SendOne {
  const routeHeaders = Object.fromEntries((route?.headers ?? []).map((h) => [h.name.toLowerCase(), h.value]));
  return async (key, signal) => {
    const sentAtMs = performance.now();
    const response = await request(url, {
      method: 'POST',
      headers: { ...routeHeaders, apikey: key, 'content-type': 'application/json' },
      body: '{}',
      dispatcher: agent,
      signal,
    });
    const answer = answerOf(response.statusCode, response.headers, await response.body.text());
    return { answer, timing: { sentAtMs, answeredAtMs: performance.now(), accepted: !isRateLimited(answer) } };
  };
}

async function fireAtOnce(one: SendOne, key: string, count: number): Promise<BurstResult> {
  const start = performance.now();
  const exchanges = await Promise.all(Array.from({ length: count }, () => one(key)));
  return { answers: exchanges.map((e) => e.answer), timings: exchanges.map((e) => e.timing), elapsedMs: performance.now() - start };
}

/** The requests of one steady load: those sent, those still waiting for their answer, and the signal that gives up on them. */
class LoadInFlight {
  private readonly giveUp = new AbortController();
  /** The requests still waiting for their answer, by when they were sent. */
  private readonly waiting = new Set<{ sentAtMs: number }>();
  private readonly sent: Promise<LoadExchange>[] = [];

  constructor(
    private readonly one: SendOne,
    private readonly key: string,
  ) {
    // Every open request listens to it (undici): as many as the load may hold open at once.
    setMaxListeners(MAX_LOAD_REQUESTS + 1, this.giveUp.signal);
  }

  send(): void {
    const ticket = { sentAtMs: performance.now() };
    this.waiting.add(ticket);
    this.sent.push(
      this.one(this.key, this.giveUp.signal).then(
        (exchange) => {
          this.waiting.delete(ticket);
          return exchange;
        },
        (error: unknown) => {
          this.waiting.delete(ticket);
          // Once the load gave up (its own AbortController), every open request ends so; any
          // other failure is the transport's, and breaks the test as a failed call does.
          if (!this.giveUp.signal.aborted) throw error;
          return { timing: { sentAtMs: ticket.sentAtMs, answeredAtMs: performance.now(), accepted: false, unanswered: true as const } };
        },
      ),
    );
  }

  /** When the oldest request still waiting was sent; `now` when none is. */
  oldestWaitingSince(now: number): number {
    return [...this.waiting].reduce((m, w) => Math.min(m, w.sentAtMs), now);
  }

  /** Every exchange in the order sent, once all are answered or given up on. */
  async settle(): Promise<LoadExchange[]> {
    // Every answer, or none after LOAD_DRAIN_MS: requests then still open are given up on.
    const all = Promise.allSettled(this.sent);
    const drained = await Promise.race([all.then(() => true), sleep(LOAD_DRAIN_MS, undefined, { ref: false }).then(() => false)]);
    if (!drained) this.giveUp.abort();
    const settled = await all;
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<LoadExchange>).value);
  }
}

/** Sends the load's `count` requests on time; why it stopped before the last, when an answer lagged too long. */
async function paceLoad(load: LoadInFlight, count: number, intervalMs: number, start: number): Promise<string | undefined> {
  // Request i is due at start + i x interval; a late loop sends every due request at once, so
  // that the rate holds on average (the judging counts the clumps this makes, rate-burst.ts).
  for (let i = 0; i < count; ) {
    const now = performance.now();
    const oldest = load.oldestWaitingSince(now);
    if (now - oldest > LOAD_LAG_LIMIT_MS)
      return `after ${i} of ${count} requests (${Math.round(now - start)} ms): an answer was still missing after ${LOAD_LAG_LIMIT_MS} ms`;
    const due = start + i * intervalMs;
    if (due <= now) {
      load.send();
      i += 1;
    } else await sleep(due - now);
  }
  return undefined;
}

async function sustainLoad(one: SendOne, key: string, plan: LoadPlan): Promise<LoadResult> {
  const intervalMs = 1000 / plan.perSecond;
  const count = Math.min(MAX_LOAD_REQUESTS, Math.round(plan.durationMs / intervalMs));
  const load = new LoadInFlight(one, key);
  const start = performance.now();
  const stoppedEarly = await paceLoad(load, count, intervalMs, start);
  const exchanges = await load.settle();
  const end = exchanges.reduce((m, e) => Math.max(m, e.timing.answeredAtMs), start);
  return {
    exchanges,
    elapsedMs: end - start,
    unanswered: exchanges.filter((e) => e.answer === undefined).length,
    ...(stoppedEarly === undefined ? {} : { stoppedEarly }),
  };
}

/**
 * Connections stay open between bursts: a first burst with a throw-away key opens them, so that
 * the burst under test is not slowed by connection set-up (every request then reaches the target
 * within the second).
 */
export function createBurster(baseUrl: string, path: string, route?: TargetRoute): Burster {
  // The run's road (a gateway's headers, a private CA, a client certificate, a proxy), as every other request of the kit takes.
  const agent = routeDispatcher(route, { connections: 512, pipelining: 1, keepAliveTimeout: 30_000 });
  const one = oneRequestSender(`${baseUrl.replace(/\/+$/, '')}${path}`, route, agent);
  return {
    fire: (key, count) => fireAtOnce(one, key, count),
    sustain: (key, plan) => sustainLoad(one, key, plan),
    close: () => agent.close(),
  };
}

/** One load of a rate measurement: the fresh key it used, what came back, and its judgement. */
export interface RateAttempt {
  key: string;
  load: LoadResult;
  judgement: SustainedJudgement;
}

/** The loads of a rate measurement in the order tried, and the one that decided, if one did. */
export interface RateMeasurement {
  attempts: RateAttempt[];
  decided?: RateAttempt;
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
): Promise<RateMeasurement> {
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
