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
 *
 * An advance steps through the domain's timers in the order they fall due, moving the clock to each
 * one's time before it runs and waiting for the work it starts (an event delivery, 6) before the
 * next: a retry scheduled by a delivery inside the advanced span fires inside it too, at its own
 * time, and the advance ends once everything due has been done. So a client that advances the clock
 * by the time an event needs finds it delivered when the advance answers, without real waiting.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Clock {
  readonly virtual: boolean;
  now(): number;
  /**
   * Runs `fn` once the clock reaches now + `ms`; returns a cancel function. A promise `fn` returns
   * is the work the timer started: an advance waits for it.
   */
  after(ms: number, fn: () => unknown): () => void;
  /**
   * Virtual clock only: moves the current domain's time forward, running its timers that fall due
   * in the span one by one at their own time, each one's work finished before the next.
   */
  advance(ms: number): Promise<void>;
  /** Runs `fn` (and everything it starts) in a clock domain; the default domain when undefined. */
  inDomain<T>(domain: string | undefined, fn: () => T): T;
  /** Cancels every pending timer (server close). */
  stop(): void;
}

interface Timer {
  due: number;
  domain: string;
  fn: () => unknown;
  handle: NodeJS.Timeout | undefined;
}

const DEFAULT_DOMAIN = '';
/** The longest delay setTimeout keeps (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** Timers one advance runs at most: a timer that keeps rescheduling itself at zero delay cannot hang the server. */
const MAX_TIMERS_PER_ADVANCE = 10_000;
/** How long an advance waits for the work of one timer (a delivery is bounded by its own timeout, 4.14's 5 s). */
const MAX_TIMER_WORK_MS = 15_000;

export function createClock(virtual: boolean): Clock {
  return new DomainClock(virtual);
}

/** Each domain's offset from real time and the pending timers of every domain. */
class DomainClock implements Clock {
  private readonly domains = new AsyncLocalStorage<string>();
  private readonly offsets = new Map<string, number>();
  private readonly timers = new Set<Timer>();

  constructor(readonly virtual: boolean) {}

  now(): number {
    return this.nowIn(this.currentDomain());
  }

  after(ms: number, fn: () => unknown): () => void {
    const domain = this.currentDomain();
    const t: Timer = { due: this.nowIn(domain) + ms, domain, fn, handle: undefined };
    this.arm(t, ms);
    this.timers.add(t);
    return () => {
      clearTimeout(t.handle);
      this.timers.delete(t);
    };
  }

  /**
   * Node runs a timeout longer than MAX_TIMEOUT_MS after 1 ms (with a TimeoutOverflowWarning): a
   * send scheduled decades ahead (4.2's date) was confirmed at once. A far timer is armed in steps.
   */
  private arm(t: Timer, ms: number): void {
    const far = ms > MAX_TIMEOUT_MS;
    t.handle = setTimeout(() => (far ? this.arm(t, t.due - this.nowIn(t.domain)) : this.fire(t)), far ? MAX_TIMEOUT_MS : Math.max(0, ms));
    t.handle.unref();
  }

  async advance(ms: number): Promise<void> {
    if (!this.virtual) throw new Error('the clock is not virtual');
    const domain = this.currentDomain();
    const offsets = this.offsets;
    // The span ends `ms` of virtual time from now, real time passing meanwhile included.
    const endOffset = (offsets.get(domain) ?? 0) + ms;
    const moveTo = (offset: number) => offsets.set(domain, Math.max(offsets.get(domain) ?? 0, offset));
    // Timers fired may schedule more inside the span (a retry of a retry): each runs at its own time.
    for (let t = this.nextDue(domain, Date.now() + endOffset), fired = 0; t !== undefined && fired < MAX_TIMERS_PER_ADVANCE; fired += 1) {
      moveTo(t.due - Date.now());
      await finished(this.fire(t));
      t = this.nextDue(domain, Date.now() + endOffset);
    }
    moveTo(endOffset);
  }

  inDomain<T>(domain: string | undefined, fn: () => T): T {
    return this.virtual && domain ? this.domains.run(domain, fn) : fn();
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t.handle);
    this.timers.clear();
  }

  private currentDomain(): string {
    return this.virtual ? (this.domains.getStore() ?? DEFAULT_DOMAIN) : DEFAULT_DOMAIN;
  }

  private nowIn(domain: string): number {
    return Date.now() + (this.offsets.get(domain) ?? 0);
  }

  /** The domain's earliest timer due by `until` (epoch ms of the domain's clock). */
  private nextDue(domain: string, until: number): Timer | undefined {
    let next: Timer | undefined;
    for (const t of this.timers) if (t.domain === domain && t.due <= until && (next === undefined || t.due < next.due)) next = t;
    return next;
  }

  private fire(t: Timer): unknown {
    if (!this.timers.delete(t)) return undefined;
    clearTimeout(t.handle);
    return this.domains.run(t.domain, t.fn);
  }
}

/** Waits for a timer's work, if it started any, within MAX_TIMER_WORK_MS; its failure is the work's own. */
async function finished(work: unknown): Promise<void> {
  if (!(work instanceof Promise)) return;
  let bound: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise<void>((resolve) => (bound = setTimeout(resolve, MAX_TIMER_WORK_MS)))]);
  clearTimeout(bound);
}
