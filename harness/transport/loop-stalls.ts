/**
 * When this process's event loop was held up (a saturated machine, a long collection), as a timer
 * firing late shows it. The webhook receiver lives in the suite's worker: a delivery the target
 * made while the loop was held waited in the socket before the receiver even saw it, so the
 * receiver's own timing of its answer says nothing of how long the target waited for it (6.3: the
 * target retries an event it did not see answered 200, after a wait the document does not give).
 */

/** How often the loop is sampled, ms. */
const TICK_MS = 100;
/** Lateness past this is a stall worth keeping, ms. */
const NOTED_MS = 200;
/** Stalls kept: the last ones are what a test asks about. */
const KEPT = 200;

export interface LoopStalls {
  /** The longest stall (ms, real time) overlapping [fromMs, toMs] (epoch ms); 0 when none. */
  longestWithin(fromMs: number, toMs: number): number;
  stop(): void;
}

export function watchLoopStalls(now: () => number = Date.now): LoopStalls {
  const stalls: { from: number; to: number }[] = [];
  let last = now();
  const timer = setInterval(() => {
    const at = now();
    const late = at - last - TICK_MS;
    if (late > NOTED_MS) {
      stalls.push({ from: last + TICK_MS, to: at });
      if (stalls.length > KEPT) stalls.shift();
    }
    last = at;
  }, TICK_MS);
  timer.unref();
  return {
    longestWithin(fromMs, toMs) {
      let longest = 0;
      for (const s of stalls) if (s.to >= fromMs && s.from <= toMs) longest = Math.max(longest, s.to - s.from);
      // A stall in progress has not been noted yet: the time since the last tick, when late.
      const current = now() - last - TICK_MS;
      if (current > NOTED_MS && now() >= fromMs) longest = Math.max(longest, current);
      return longest;
    },
    stop: () => clearInterval(timer),
  };
}
