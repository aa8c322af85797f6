/**
 * Section 8: "100 per second on all endpoints; exceeding gives 429 rate_01". Two questions about a
 * burst of one key's requests sent at once.
 *
 * First (discover's rate probe, and whether a test met the refusal at all): when does a burst that
 * met no rate_01 prove a target has no limit? The document does not say how the second is counted,
 * so the answer must hold for any counting: requests spread over T seconds touch at most
 * ceil(T) + 1 one-second windows (fixed windows, a sliding second, a bucket of 100 refilled at 100
 * per second), and no more than 100 x (ceil(T) + 1) of them may pass. This bound is generous on
 * purpose: it only says when the absence of rate_01 is telling.
 *
 * Second (the limit itself, judgeBurst below): did the target accept more than 100 of one key's
 * requests within one second? That is judged from the kit's clock, request by request.
 */

/** rate_01 as 7.1 and the ambiguity rate-limit-http-status allow it: HTTP 429, or a body with code rate_01. */
export const isRateLimited = (a: { status: number; body: Record<string, unknown> }): boolean => a.body.code === 'rate_01' || a.status === 429;

/** A burst conclusive if sent within 3 s (4 windows of any counting), which a loaded machine still manages. */
export const conclusiveBurstSize = (perSecond: number): number => 4 * perSecond + 1;

/** The largest number of requests that any counting of `perSecond` lets pass within `elapsedMs`. */
export const mostThatMayPass = (elapsedMs: number, perSecond: number): number => perSecond * (Math.ceil(elapsedMs / 1000) + 1);

/** True when `sent` requests within `elapsedMs` are more than any counting of `perSecond` lets pass. */
export const burstIsConclusive = (sent: number, elapsedMs: number, perSecond: number): boolean => sent > mostThatMayPass(elapsedMs, perSecond);

/**
 * The rate judged from the kit's own clock ("100 messages per second ... exceeding gives 429
 * rate_01", read as: no more than 100 requests of one key accepted within any one second). Each
 * accepted request was processed by the target somewhere between the moment the kit started to
 * send it and the moment the kit had read its answer. So if some perSecond + 1 accepted requests
 * lie, send start of the earliest to answer end of the latest, within less than a second, the
 * target accepted all of them within less than a second: more than perSecond in one second,
 * whatever its clock and however it counts. No network delay can make a conformant target look
 * guilty, since a delay only widens the span. With no more than perSecond accepted the target held
 * the limit; otherwise (more accepted, but spread over more than a second) the timing cannot
 * decide, and the burst is too slow to judge.
 *
 * A fixed window counted per calendar second (the old reading of the reference server) accepts up to
 * twice the limit within milliseconds when a burst straddles its boundary: by this reading that is
 * more than 100 within one second, and fails.
 */

/** One exchange of a burst on the kit's clock (ms, one origin for all): sent from, answered by, accepted or not. */
export interface TimedExchange {
  /** When the kit started to send the request (before any queueing of its own). */
  sentAtMs: number;
  /** When the kit had read the whole answer. */
  answeredAtMs: number;
  /** Not refused with rate_01 (isRateLimited). */
  accepted: boolean;
}

/**
 * A target's timestamps may be whole milliseconds, or ticks of a coarse system timer (15.6 ms on
 * some systems): a span a conformant target measured as a full second may be that much shorter on
 * the kit's finer clock. Only a span shorter than a second by more than this is a failure.
 */
export const TARGET_CLOCK_GRANULARITY_MS = 16;

export type BurstVerdict = 'exceeded' | 'held' | 'undecided';

export interface RateJudgement {
  verdict: BurstVerdict;
  /** Accepted requests in the burst. */
  accepted: number;
  /**
   * The narrowest span (ms) holding perSecond + 1 accepted requests, from the send start of the
   * first to the answer end of the last; undefined when no more than perSecond were accepted.
   */
  tightestMs?: number;
}

/**
 * The narrowest span over any `k` of `exchanges`: for each exchange as the earliest sent, the k - 1
 * others sent no earlier whose answers ended first.
 */
function tightestSpan(exchanges: readonly TimedExchange[], k: number): number | undefined {
  if (exchanges.length < k) return undefined;
  const bySend = [...exchanges].sort((a, b) => a.sentAtMs - b.sentAtMs);
  let best: number | undefined;
  for (let i = 0; i + k <= bySend.length; i += 1) {
    const first = bySend[i]!;
    const ends = bySend.slice(i + 1).map((e) => e.answeredAtMs).sort((a, b) => a - b);
    const last = Math.max(first.answeredAtMs, ends[k - 2]!);
    const span = last - first.sentAtMs;
    if (best === undefined || span < best) best = span;
  }
  return best;
}

/** Judges a burst of one key against `perSecond` from the kit's clock (see above). */
export function judgeBurst(exchanges: readonly TimedExchange[], perSecond: number): RateJudgement {
  const accepted = exchanges.filter((e) => e.accepted);
  if (accepted.length <= perSecond) return { verdict: 'held', accepted: accepted.length };
  const tightestMs = tightestSpan(accepted, perSecond + 1)!;
  return { verdict: tightestMs < 1000 - TARGET_CLOCK_GRANULARITY_MS ? 'exceeded' : 'undecided', accepted: accepted.length, tightestMs };
}
