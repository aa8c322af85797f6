/**
 * Section 8: "100 per second on all endpoints; exceeding gives 429 rate_01". Two questions about
 * one key's requests.
 *
 * First (discover's rate probe): when does a burst sent at once that met no rate_01 prove a target
 * has no limit? The document does not say how the second is counted, so the answer must hold for
 * any counting: requests spread over T seconds touch at most ceil(T) + 1 one-second windows (fixed
 * windows, a sliding second, a bucket of 100 refilled at 100 per second), and no more than
 * 100 x (ceil(T) + 1) of them may pass. This bound is generous on purpose: it only says when the
 * absence of rate_01 is telling.
 *
 * Second (the limit itself, judgeSustained below): did the target accept more than 100 of one
 * key's requests within one second, under a steady load well above the limit? Judged from the
 * kit's clock, request by request, so that the verdict holds for every reading of "per second"
 * the document allows: a sliding second, and fixed windows counted per calendar second wherever the
 * target's seconds begin.
 */

/** rate_01 as 7.1 and the ambiguity rate-limit-http-status allow it: HTTP 429, or a body with code rate_01. */
export const isRateLimited = (a: { status: number; body: Record<string, unknown> }): boolean => a.body.code === 'rate_01' || a.status === 429;

/** A burst conclusive if sent within 3 s (4 windows of any counting), which a loaded machine still manages. */
export const conclusiveBurstSize = (perSecond: number): number => 4 * perSecond + 1;

/** The largest number of requests that any counting of `perSecond` lets pass within `elapsedMs`. */
export const mostThatMayPass = (elapsedMs: number, perSecond: number): number => perSecond * (Math.ceil(elapsedMs / 1000) + 1);

/** True when `sent` requests within `elapsedMs` are more than any counting of `perSecond` lets pass. */
export const burstIsConclusive = (sent: number, elapsedMs: number, perSecond: number): boolean => sent > mostThatMayPass(elapsedMs, perSecond);

/** One exchange of a load on the kit's clock (ms, one origin for all): sent from, answered by, accepted or not. */
export interface TimedExchange {
  /** When the kit started to send the request (before any queueing of its own). */
  sentAtMs: number;
  /** When the kit had read the whole answer; for a request it gave up on, when it gave up. */
  answeredAtMs: number;
  /** Answered and not refused with rate_01 (isRateLimited). */
  accepted: boolean;
  /** Set when the kit gave up waiting for the answer. */
  unanswered?: true;
}

/**
 * A target's timestamps may be whole milliseconds, or ticks of a coarse system timer (15.6 ms on
 * some systems): where its second begins and ends may then lie up to a tick away from where its
 * clock says, so a second it counted may be a tick longer on the kit's finer clock.
 */
const TARGET_CLOCK_GRANULARITY_MS = 16;

const SECOND_MS = 1000;

/**
 * The intervals counted: a second less one tick of a coarse target clock. Whatever the target
 * counted within one of its seconds contains what it processed within any such interval of the
 * kit's clock, under a sliding second and under fixed windows alike, so no tick of its clock can
 * make it look guilty. Shortening the interval, rather than allowing one request more, holds at
 * any rate: at 300 requests per second a 16 ms tick holds about 5 of them.
 */
export const COUNTED_SPAN_MS = SECOND_MS - TARGET_CLOCK_GRANULARITY_MS;

/**
 * How much faster than the limit the steady part of the load must have been sent for a pass to
 * mean anything: a target that accepted everything at 1.3 times the limit still shows some 128
 * accepted within a counted interval, well above the limit.
 */
const LOAD_FACTOR_NEEDED = 1.3;

/** The smallest margin after the load's first second (see judgeSustained), whatever the round trips. */
const MIN_MARGIN_MS = 50;

type SustainedVerdict = 'exceeded' | 'held' | 'inconclusive';

export interface SustainedJudgement {
  verdict: SustainedVerdict;
  sent: number;
  accepted: number;
  /**
   * The verdict's figure: under the alignment of calendar seconds kindest to the target (the phase
   * that makes its busiest second the least busy), the accepted requests surely processed within
   * that busiest second. More than the limit: exceeded.
   */
  busiestAligned: number;
  /** That alignment: where the kindest seconds begin, ms past a whole second of the kit's clock. */
  alignmentMs: number;
  /** For the record: the most accepted requests surely processed within any counted interval, wherever it starts. */
  busiestAnywhere: number;
  /** For the record: the same, over the intervals of the steady part only (0 when it holds none). */
  busiestSteady: number;
  /**
   * What the load could show at all: the verdict's figure had every answered request been accepted.
   * Round trips long against a second leave few requests surely within any interval, and a load
   * that could not show LOAD_FACTOR_NEEDED times the limit cannot tell a target that lets too many
   * through from one that does not.
   */
  busiestIfAllAccepted: number;
  /** The widest round trip of the load (a request given up on counts with its wait). */
  maxRoundTripMs: number;
  /** The steady part, ms from the first send: from the end of the first second plus the margin to the last send. */
  steady: { fromMs: number; toMs: number; sent: number; perSecond: number };
  /** Why a load that showed no excess proves nothing (verdict inconclusive). */
  reason?: string;
}

/**
 * The exchanges counted, as where an interval may start to count each: an exchange counts in the
 * interval starting at x when x lies in (from, to], that is sent at or after x (to: its send start)
 * and answered before x + COUNTED_SPAN_MS (from: its answer end less the span). Both ends sorted.
 */
interface CountedRanges {
  froms: number[];
  tos: number[];
}

const countedRanges = (exchanges: readonly TimedExchange[]): CountedRanges => {
  const ranges = exchanges.map((e) => ({ from: e.answeredAtMs - COUNTED_SPAN_MS, to: e.sentAtMs })).filter((r) => r.from < r.to);
  return { froms: ranges.map((r) => r.from).sort((a, b) => a - b), tos: ranges.map((r) => r.to).sort((a, b) => a - b) };
};

/** How many of the sorted `values` are at least `x`. */
const atLeast = (values: readonly number[], x: number): number => {
  let [lo, hi] = [0, values.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return values.length - lo;
};

/** Exchanges surely processed within [x, x + COUNTED_SPAN_MS): those with from < x <= to, i.e. to >= x less from >= x (from < to for each). */
const countedAt = (ranges: CountedRanges, x: number): number => atLeast(ranges.tos, x) - atLeast(ranges.froms, x);

const phaseOf = (ms: number): number => ((ms % SECOND_MS) + SECOND_MS) % SECOND_MS;

/**
 * The kindest alignment of calendar seconds: for every phase of the kit's seconds, the busiest of
 * its intervals [phase + k s, phase + k s + COUNTED_SPAN_MS) over the whole load; the phase whose
 * busiest is least. The counts change only where an interval's start crosses a send start or its
 * end crosses an answer end, so every such point and every stretch between two of them (its
 * middle) is tried: the least found is the least over all phases.
 */
function kindestAlignment(ranges: CountedRanges): { busiest: number; phaseMs: number } {
  if (ranges.tos.length === 0) return { busiest: 0, phaseMs: 0 };
  const cuts = [...new Set([...ranges.froms, ...ranges.tos].map(phaseOf))].sort((a, b) => a - b);
  const phases = cuts.flatMap((c, i) => [c, i + 1 < cuts.length ? (c + cuts[i + 1]!) / 2 : phaseOf((c + cuts[0]! + SECOND_MS) / 2)]);
  const lo = ranges.froms[0]!;
  const hi = ranges.tos[ranges.tos.length - 1]!;
  let best = { busiest: Number.POSITIVE_INFINITY, phaseMs: 0 };
  for (const phaseMs of phases) {
    let busiest = 0;
    for (let x = phaseMs + Math.floor((lo - phaseMs) / SECOND_MS) * SECOND_MS; x <= hi && busiest < best.busiest; x += SECOND_MS)
      busiest = Math.max(busiest, countedAt(ranges, x));
    if (busiest < best.busiest) best = { busiest, phaseMs };
  }
  return best;
}

/**
 * Judges a steady load of one key's requests, sent well above `perSecond` for a few seconds, from
 * the kit's clock.
 *
 * A request was processed by the target somewhere between the moment the kit started to send it
 * and the moment the kit had read its answer. An accepted request sent at or after x and answered
 * before x + COUNTED_SPAN_MS was therefore surely processed within that interval, and the count of
 * such requests is never more than the target itself counted: no network delay can make a
 * conformant target look guilty, since a delay only drops a request from the count.
 *
 * Readings of "100 per second" this must not fail:
 * - a sliding second: at most 100 accepted within any second, so within any counted interval;
 * - fixed windows, one per calendar second of the target's clock (the reading of many servers):
 *   at most 100 accepted within each window, but a window's first 100 may follow the previous
 *   window's last ones within milliseconds. Where the target's seconds begin is unknown; one of
 *   the kit's alignments (a phase) matches it, and under that one every counted interval of the
 *   grid lies within one window and holds at most 100. Only if every alignment has an interval
 *   holding more than 100 did the target accept more than 100 within one of its seconds however
 *   they are placed, and only then does the load fail (exceeded). A sliding second holds at most
 *   100 in every interval, so it passes under any alignment. A burst counted over a window
 *   boundary (up to 200 within a few hundred ms) is explained by the alignment on that boundary,
 *   so where the load falls relative to the target's seconds cannot change the verdict; and
 *   under a steady load no alignment can explain a target that lets 150 per second through.
 *   The bound is the document's 100, with no request of tolerance: the tolerance for the
 *   target's clock is in the interval (COUNTED_SPAN_MS), and everything else is counted exactly.
 *   Counting only the busiest second of the steady part (wherever it starts) would not do: a
 *   second that begins inside one fixed window and ends inside the next holds that window's last
 *   ones plus the next one's first, 100 plus however many more arrived at the start of the next
 *   window than at the start of this one; the pacing jitter of a loaded machine makes that a few
 *   (102 seen), and a bound of 100 or 101 there fails such a target now and then.
 *
 * A pass must be able to tell: the steady part of the load, from one second plus a margin after
 * its first send (the margin: the widest round trip of the load, at least MIN_MARGIN_MS; before
 * it a fresh key's first window may be partly used, and the round trips may include connection
 * set-up) to its last send, must be at least a second long and sent at LOAD_FACTOR_NEEDED times
 * the limit or faster; and the round trips must leave room to see an excess: had the target
 * accepted every answered request, the same figure must reach LOAD_FACTOR_NEEDED times the limit
 * (with answers taking half a second, only requests sent in an interval's first half count in it).
 * Otherwise a load that showed no excess is inconclusive.
 */
export function judgeSustained(exchanges: readonly TimedExchange[], perSecond: number): SustainedJudgement {
  const sends = exchanges.map((e) => e.sentAtMs);
  const first = sends.length === 0 ? 0 : Math.min(...sends);
  const last = sends.length === 0 ? 0 : Math.max(...sends);
  const maxRoundTripMs = exchanges.reduce((m, e) => Math.max(m, e.answeredAtMs - e.sentAtMs), 0);
  const steadyFrom = first + SECOND_MS + Math.max(MIN_MARGIN_MS, maxRoundTripMs);
  const steadyMs = last - steadyFrom;
  const steadySent = sends.filter((s) => s >= steadyFrom && s <= last).length;
  const steadyRate = steadyMs > 0 ? (steadySent * SECOND_MS) / steadyMs : 0;

  const ranges = countedRanges(exchanges.filter((e) => e.accepted));
  const kindest = kindestAlignment(ranges);
  const couldShow = kindestAlignment(countedRanges(exchanges.filter((e) => !e.unanswered))).busiest;
  const starts = ranges.tos;
  const busiestOver = (xs: readonly number[]): number => xs.reduce((m, x) => Math.max(m, countedAt(ranges, x)), 0);
  const judged: Omit<SustainedJudgement, 'verdict' | 'reason'> = {
    sent: exchanges.length,
    accepted: exchanges.filter((e) => e.accepted).length,
    busiestAligned: kindest.busiest,
    alignmentMs: kindest.phaseMs,
    busiestAnywhere: busiestOver(starts),
    busiestSteady: busiestOver(starts.filter((x) => x >= steadyFrom && x + SECOND_MS <= last)),
    busiestIfAllAccepted: couldShow,
    maxRoundTripMs,
    steady: { fromMs: steadyFrom - first, toMs: last - first, sent: steadySent, perSecond: steadyRate },
  };
  if (kindest.busiest > perSecond) return { verdict: 'exceeded', ...judged };
  const needed = Math.round(LOAD_FACTOR_NEEDED * perSecond);
  const reason =
    steadyMs < SECOND_MS
      ? `the steady part lasted ${Math.max(0, Math.round(steadyMs))} ms, less than a second (load ` +
        `of ${Math.round(last - first)} ms, widest round trip ${Math.round(maxRoundTripMs)} ms)`
      : steadyRate < needed
        ? `the steady part was sent at ${Math.round(steadyRate)} per second, less than ${needed} (widest round trip ${Math.round(maxRoundTripMs)} ms)`
        : couldShow < needed
          ? `had every request been accepted, the load would show only ${couldShow} surely processed ` +
            `within a second, less than ${needed} (widest round trip ${Math.round(maxRoundTripMs)} ms)`
          : undefined;
  return reason === undefined ? { verdict: 'held', ...judged } : { verdict: 'inconclusive', ...judged, reason };
}
