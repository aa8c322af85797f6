/**
 * Clock domains (test-clock only): the target keeps a virtual clock per domain named in a request
 * header, so that a wait of one suite file, or of one test on the embedded server, ages nothing of
 * another and waiting tests may overlap. This module names the domain of a request made now and
 * gives the file the clock (target-clock.ts) that reads and moves that domain; without a test
 * clock there is no domain and the clock is the real one.
 */
import { TEST_CLOCK_DOMAIN_HEADER, type CapabilityId } from '../../schemas/capabilities.ts';
import type { RunConfig } from '../config/run-config.ts';
import type { CallOptions } from '../transport/http-client.ts';
import { currentTest } from './current-test.ts';
import { realClock, virtualClock, type TargetClock } from './target-clock.ts';

/** One per suite file. */
export class ClockDomains {
  readonly clock: TargetClock;
  /** The file's domain of the target's virtual clock (test-clock only). */
  private readonly fileDomain: string | undefined;
  /** The embedded server keeps one per test too; a real target's test clock is shared by the file. */
  private readonly perTest: boolean;

  constructor(config: RunConfig, capabilities: ReadonlySet<CapabilityId>, fileTag: string) {
    this.fileDomain = capabilities.has('test-clock') ? `${config.runId}-${fileTag}` : undefined;
    this.perTest = this.fileDomain !== undefined && config.embedded;
    this.clock = this.fileDomain ? virtualClock(config.baseUrl, () => this.now()!, this.perTest, config.route) : realClock();
  }

  /**
   * The clock domain of a request made now: the running test's own where the target keeps one per
   * test (its waits then age nothing of another test, so waiting tests may overlap), the file's in
   * setup and teardown, and everywhere on a target with one shared test clock.
   */
  now(): string | undefined {
    const running = this.perTest ? currentTest() : undefined;
    return running ? `${this.fileDomain}-${running.context.task.id}` : this.fileDomain;
  }

  /** A call as it is sent now: naming its domain, unless the call names one itself. */
  tagged(options: CallOptions): CallOptions {
    const domain = this.now();
    return domain ? { ...options, headers: { [TEST_CLOCK_DOMAIN_HEADER]: domain, ...options.headers } } : options;
  }
}
