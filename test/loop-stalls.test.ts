/**
 * harness/transport/loop-stalls.ts: a held-up event loop is seen, by how late a timer fired, and
 * only over the time asked about.
 */
import { describe, expect, it } from 'vitest';
import { watchLoopStalls } from '../harness/transport/loop-stalls.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds this process's loop for `ms` (the test's own stall, bounded). */
function holdLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy on purpose.
  }
}

describe('the watch of event-loop stalls', () => {
  it('reports a stall of the loop within the time asked about, and none outside it', async () => {
    const stalls = watchLoopStalls();
    try {
      await sleep(250);
      const before = Date.now();
      holdLoop(700);
      await sleep(250);
      const after = Date.now();
      expect(stalls.longestWithin(before, after)).toBeGreaterThanOrEqual(500);
      expect(stalls.longestWithin(after + 60_000, after + 61_000)).toBe(0);
    } finally {
      stalls.stop();
    }
  });
});
