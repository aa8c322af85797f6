/**
 * Time for the reference server. Real time by default; with the test hook `--test-clock`, a
 * virtual clock that runs with real time plus an offset the control endpoint advances. Timers
 * (webhook retries, scheduled sends, expiries) go through it so that an advance fires what is due.
 *
 * Clock domains: a request may name a domain (header TEST_CLOCK_DOMAIN_HEADER of schemas/capabilities.ts, test hook only); each
 * domain has its own offset and its own timers, so that test runs working in different accounts
 * can advance time at once without ageing each other's codes. Requests without the header share
 * the default domain. The domain follows the request through every async step and timer it starts
 * (AsyncLocalStorage), so a retry scheduled by a send fires when that domain's clock passes it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Clock {
  readonly virtual: boolean;
  now(): number;
  /** Runs `fn` once the clock reaches now + `ms`; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
  /** Virtual clock only: moves the current domain's time forward and runs its timers that fell due. */
  advance(ms: number): void;
  /** Runs `fn` (and everything it starts) in a clock domain; the default domain when undefined. */
  inDomain<T>(domain: string | undefined, fn: () => T): T;
  /** Cancels every pending timer (server close). */
  stop(): void;
}

interface Timer {
  due: number;
  domain: string;
  fn: () => void;
  handle: NodeJS.Timeout;
}

const DEFAULT_DOMAIN = '';

export function createClock(virtual: boolean): Clock {
  const domains = new AsyncLocalStorage<string>();
  const offsets = new Map<string, number>();
  const timers = new Set<Timer>();
  const currentDomain = (): string => (virtual ? (domains.getStore() ?? DEFAULT_DOMAIN) : DEFAULT_DOMAIN);
  const nowIn = (domain: string): number => Date.now() + (offsets.get(domain) ?? 0);

  const dueIn = (domain: string): Timer[] => [...timers].filter((t) => t.domain === domain && t.due <= nowIn(domain)).sort((a, b) => a.due - b.due);

  const fire = (t: Timer) => {
    if (!timers.delete(t)) return;
    clearTimeout(t.handle);
    domains.run(t.domain, t.fn);
  };

  return {
    virtual,
    now: () => nowIn(currentDomain()),
    after(ms, fn) {
      const domain = currentDomain();
      const t: Timer = { due: nowIn(domain) + ms, domain, fn, handle: setTimeout(() => fire(t), Math.max(0, ms)) };
      t.handle.unref();
      timers.add(t);
      return () => {
        clearTimeout(t.handle);
        timers.delete(t);
      };
    },
    advance(ms) {
      if (!virtual) throw new Error('the clock is not virtual');
      const domain = currentDomain();
      offsets.set(domain, (offsets.get(domain) ?? 0) + ms);
      // Timers fired may schedule more that are already due (a retry of a retry): run until none is.
      // The bound stops a timer that keeps rescheduling itself at zero delay from hanging the server.
      for (let due = dueIn(domain), rounds = 0; due.length > 0 && rounds < 1000; due = dueIn(domain), rounds += 1) for (const t of due) fire(t);
    },
    inDomain(domain, fn) {
      return virtual && domain ? domains.run(domain, fn) : fn();
    },
    stop() {
      for (const t of timers) clearTimeout(t.handle);
      timers.clear();
    },
  };
}
