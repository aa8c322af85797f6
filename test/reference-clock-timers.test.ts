/**
 * The reference server's timers (reference/clock.ts) for what falls due far ahead: a send scheduled
 * decades ahead (4.2's date) sets a timer past setTimeout's 2^31 - 1 ms, which Node runs after
 * 1 ms. It must wait for its time on the real clock, and fire when a virtual clock is advanced past it.
 */
import { describe, expect, it } from 'vitest';
import { createClock } from '../reference/clock.ts';

const FAR_MS = 2 ** 31 + 10_000;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a timer due past 2^31 - 1 ms', () => {
  it('does not fire before its time on the real clock', async () => {
    const clock = createClock(false);
    let fired = false;
    const cancel = clock.after(FAR_MS, () => {
      fired = true;
    });
    await delay(100);
    cancel();
    clock.stop();
    expect(fired).toBe(false);
  });

  it('fires once when the virtual clock is advanced past it, not before', async () => {
    const clock = createClock(true);
    let fired = 0;
    clock.after(FAR_MS, () => {
      fired += 1;
    });
    await delay(50);
    expect(fired).toBe(0);
    await clock.advance(FAR_MS + 1);
    expect(fired).toBe(1);
    await delay(50);
    expect(fired).toBe(1);
    clock.stop();
  });
});
