/**
 * Time for the reference server. Real time by default; with the test hook `--test-clock`, a
 * virtual clock that runs with real time plus an offset the control endpoint advances. Timers
 * (webhook retries, scheduled sends, expiries) go through it so that an advance fires what is due.
 */
export interface Clock {
  readonly virtual: boolean;
  now(): number;
  /** Runs `fn` once the clock reaches now + `ms`; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
  /** Virtual clock only: moves time forward and runs every timer that fell due. */
  advance(ms: number): void;
  /** Cancels every pending timer (server close). */
  stop(): void;
}

interface Timer {
  due: number;
  fn: () => void;
  handle: NodeJS.Timeout;
}

export function createClock(virtual: boolean): Clock {
  let offset = 0;
  const timers = new Set<Timer>();
  const now = () => Date.now() + offset;

  const fire = (t: Timer) => {
    if (!timers.delete(t)) return;
    clearTimeout(t.handle);
    t.fn();
  };

  return {
    virtual,
    now,
    after(ms, fn) {
      const t: Timer = { due: now() + ms, fn, handle: setTimeout(() => fire(t), Math.max(0, ms)) };
      t.handle.unref();
      timers.add(t);
      return () => {
        clearTimeout(t.handle);
        timers.delete(t);
      };
    },
    advance(ms) {
      if (!virtual) throw new Error('the clock is not virtual');
      offset += ms;
      for (const t of [...timers].sort((a, b) => a.due - b.due)) if (t.due <= now()) fire(t);
    },
    stop() {
      for (const t of timers) clearTimeout(t.handle);
      timers.clear();
    },
  };
}
