/**
 * The account's one webhook (3.2, 4.14) and event delivery (6).
 *
 * Outbound policy: this is the only module of the server that opens connections, and it opens them
 * only to loopback addresses. A URL on any other host fails verification (add_webhook_06) without
 * any connection attempt; forbidden host families (4.14) are refused first (add_webhook_03), with
 * loopback let through only under --allow-loopback-webhooks so that a local receiver can register.
 */
import type { WebhookStatus } from '../schemas/webhooks.ts';
import { limitById } from '../schemas/index.ts';
import { areaState, type Account } from './accounts.ts';
import type { Clock } from './clock.ts';
import type { ResolvedOptions } from './options.ts';
import { takesAlternate } from './personality.ts';
import { disputedHostFamily, forbiddenHostFamily, isExoticHostSpelling } from './webhook-hosts.ts';

export interface WebhookConfig {
  url: string;
  status: WebhookStatus;
}

export type Verification = { ok: true } | { ok: false; code: 'add_webhook_03' | 'add_webhook_06'; reason: string };

/** 6.3: "up to 25 retries per event". */
const MAX_RETRIES = limitById('event-retries').max!;

/** 6.3: "If the endpoint does not answer HTTP 200 the event is retried". */
const DELIVERED_STATUSES: readonly number[] = [200];

const LOOPBACK_FAMILIES = new Set(['localhost', 'loopback-ipv4', 'loopback-ipv6']);

/** True only for hosts that are loopback by their text alone (no DNS). */
function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

interface HookState {
  config?: WebhookConfig;
  /** URLs that have answered a HEAD check (webhook-head-check = before-first-delivery). */
  headChecked: Set<string>;
}

export class WebhookService {
  constructor(
    private readonly options: ResolvedOptions,
    private readonly clock: Clock,
  ) {}

  private state(account: Account): HookState {
    return areaState(account, 'webhook', () => ({ headChecked: new Set<string>() }));
  }

  get(account: Account): WebhookConfig | undefined {
    return this.state(account).config;
  }

  /**
   * 4.14 "no local hosts or private networks": the verdict of the forbidden-host filter on `url`,
   * never contacted; undefined when the filter leaves it to the GET check.
   */
  private hostVerdict(url: string, family: string | undefined): Verification | undefined {
    if (!family) return undefined;
    // Latitude host-forms (4.14, 7.2): an exotic or deprecated spelling of a forbidden host may be
    // refused as forbidden or as failing verification; the alternate answers add_webhook_06 without
    // contacting it (the default add_webhook_03). Loopback receivers count too: never contacted.
    if (takesAlternate(this.options) && isExoticHostSpelling(url))
      return { ok: false, code: 'add_webhook_06', reason: `verification failed (${family}, an exotic host spelling, was not contacted)` };
    if (!(this.options.allowLoopbackWebhooks && LOOPBACK_FAMILIES.has(family)))
      return { ok: false, code: 'add_webhook_03', reason: `forbidden host (${family})` };
    return undefined;
  }

  /** 4.14: forbidden hosts, then the GET check (any answer but 404 within the timeout, no redirects). */
  async verify(url: string): Promise<Verification> {
    const seams = this.options.seams;
    // Latitude host-forms (4.14 "no local hosts or private networks" names no ranges): whether
    // site-local fec0::/10 (deprecated by RFC 3879, not fc00::/7) is a private network is a reading.
    // The default reads it as one (refused with add_webhook_03); the alternate accepts the host and
    // leaves the URL to the registration GET (never made here: not a loopback address).
    const family = forbiddenHostFamily(url) ?? (takesAlternate(this.options) ? undefined : disputedHostFamily(url));
    const verdict = seams.at('webhooks.forbidden-host-verdict', this.hostVerdict(url, family), { family });
    if (verdict) return verdict;
    if (!isLoopbackUrl(url)) return { ok: false, code: 'add_webhook_06', reason: 'the reference server only connects to loopback addresses' };
    // 4.14: "within 5 seconds", on the server's clock: a test clock's advance ends the wait too.
    const timeout = new AbortController();
    const cancelTimeout = this.clock.after(this.options.webhookVerifyTimeoutMs, () => timeout.abort());
    try {
      // 4.14: "any answer other than 404 within 5 seconds, without following redirects, passes".
      const res = await fetch(url, {
        method: 'GET',
        redirect: seams.at('webhooks.verify-follows-redirects', false) ? 'follow' : 'manual',
        signal: timeout.signal,
      });
      await res.body?.cancel();
      return seams.at('webhooks.verify-fails', res.status === 404) ? { ok: false, code: 'add_webhook_06', reason: 'the URL answered 404' } : { ok: true };
    } catch {
      return { ok: false, code: 'add_webhook_06', reason: 'the URL did not answer in time' };
    } finally {
      cancelTimeout();
    }
  }

  set(account: Account, config: WebhookConfig): void {
    this.state(account).config = config;
  }

  remove(account: Account): boolean {
    const s = this.state(account);
    const had = s.config !== undefined;
    delete s.config;
    return had;
  }

  /** 6: delivers an event to the account's webhook, if one is enabled; resolves once the first attempt is done. */
  emit(account: Account, params: Record<string, string>): Promise<void> {
    const config = this.get(account);
    // 3.2, 6: nothing is delivered while disabled.
    if (!config || !this.options.seams.at('webhooks.receives-events', config.status === '1')) return Promise.resolve();
    return this.attempt(account, config.url, params, 0);
  }

  private stillEnabled(account: Account, url: string): boolean {
    const c = this.get(account);
    return c !== undefined && this.options.seams.at('webhooks.receives-events', c.status === '1') && c.url === url;
  }

  private async attempt(account: Account, url: string, params: Record<string, string>, retry: number): Promise<void> {
    // 3.2, 6: nothing is delivered once the webhook is disabled, replaced or deleted.
    if (!this.stillEnabled(account, url) || !isLoopbackUrl(url)) return;
    const delivered = await this.deliver(account, url, params);
    // 6.3: "up to 25 retries per event".
    if (delivered || retry >= this.options.seams.at('events.retry-limit', MAX_RETRIES)) return;
    // The retry's promise is the timer's work: a test clock's advance waits for the delivery.
    this.clock.after(this.retryDelayMs(retry), () => this.attempt(account, url, params, retry + 1));
  }

  /** The delay before retry number `done + 1` (6.3 gives no schedule): the option's schedule, its last value repeating, or the fixed delay. */
  private retryDelayMs(done: number): number {
    const schedule = this.options.eventRetryScheduleSeconds;
    if (schedule === undefined) return this.options.webhookRetryDelayMs;
    return schedule[Math.min(done, schedule.length - 1)]! * 1000;
  }

  /** One delivery: the HEAD check (6), then GET or POST form-urlencoded; true on HTTP 200. */
  private async deliver(account: Account, url: string, params: Record<string, string>): Promise<boolean> {
    const signal = AbortSignal.timeout(this.options.webhookVerifyTimeoutMs);
    const s = this.state(account);
    const seams = this.options.seams;
    try {
      const everyTime = this.options.choices['webhook-head-check'] === 'before-each-delivery';
      // 6: "The URL must accept HEAD (checked before delivery)".
      if (seams.at('events.head-check-due', everyTime || !s.headChecked.has(url))) {
        const head = await fetch(url, { method: 'HEAD', redirect: 'manual', signal });
        await head.body?.cancel();
        if (seams.at('events.head-holds-back', head.status !== 200)) return false;
        s.headChecked.add(url);
      }
      // 6: "Events carry no request_id"; POST uses application/x-www-form-urlencoded.
      const form = new URLSearchParams(seams.at('events.delivered-params', params));
      const post = seams.at('events.post-body', { type: 'application/x-www-form-urlencoded', body: form.toString() }, { params });
      const res =
        this.options.choices['webhook-delivery-method'] === 'get'
          ? await fetch(`${url}${url.includes('?') ? '&' : '?'}${form}`, { method: 'GET', redirect: 'manual', signal })
          : await fetch(url, { method: 'POST', redirect: 'manual', signal, headers: { 'content-type': post.type }, body: post.body });
      await res.body?.cancel();
      // 6.3: only HTTP 200 counts as delivered.
      return seams.at('events.delivered-statuses', DELIVERED_STATUSES).includes(res.status);
    } catch {
      return false;
    }
  }
}
