/**
 * Sending, shared by every operation that sends a message (SMS 4.2, voice 4.3, OTP 4.4/4.5,
 * payment requests 4.13, v1 4.16): charging (1, 2.2, 2.7), references, the sandbox rules and its
 * daily quota (8), the message log behind reports (4.12), campaigns (2.8) and the confirmation
 * events (6.1).
 */
import { randomUUID } from 'node:crypto';
import { formatMexicoDate, formatMexicoDateTime } from '../schemas/index.ts';
import { areaState, toHundredths, type Account } from './accounts.ts';
import type { Clock } from './clock.ts';
import type { ResolvedOptions } from './options.ts';
import type { WebhookService } from './webhook-service.ts';

type MessageKind = 'sms' | 'voice' | 'otp' | 'payment' | 'v1';

export interface SentMessage {
  reference: string;
  /** Recipient with country code (2.2). */
  number: string;
  message: string;
  kind: MessageKind;
  sandbox: boolean;
  createdAt: number;
  sendAt: number;
  /** Delivery status code of 6.1, once confirmed. */
  status?: number;
  campaignId: number;
  name: string;
}

export interface Campaign {
  id: number;
  sandbox: boolean;
  references: string[];
  charged: boolean;
  /** When it was sent, on the server's clock (4.12: how long a campaign stays processing is the server's). */
  createdAt: number;
}

interface MessageLog {
  messages: SentMessage[];
  /** Characters of message text over the entries of `messages` (an entry counts its text in full). */
  chars: number;
  campaigns: Map<number, Campaign>;
  sandboxDay: string;
  sandboxCount: number;
}

/**
 * Log size kept per account, so that memory stays bounded (oldest entries go first). The log is
 * trimmed back to the cap once it holds a tenth more: trimming at every send once full moved the
 * whole array each time (benchmark: OTP creates fell to half speed past the cap).
 */
const MAX_LOGGED_MESSAGES = 50_000;
const LOG_TRIM_SLACK = MAX_LOGGED_MESSAGES / 10;
/**
 * Message text kept per account, in characters (latitude size-limits: 8 gives no maximum SMS
 * length, and one text is at most FIELD_MAX_CHARS): long texts make the log keep fewer messages.
 */
const MAX_LOGGED_CHARS = 10_000_000;
const CHARS_TRIM_SLACK = MAX_LOGGED_CHARS / 10;
const MAX_CAMPAIGNS = 10_000;

export interface SendRequest {
  /** Recipients with country code. */
  numbers: readonly string[];
  message: string;
  kind: MessageKind;
  sandbox: boolean;
  /** Scheduled instant (4.2 date), if any. */
  sendAt?: number;
  name?: string;
}

export type SendOutcome =
  | { ok: true; references: { reference: string; number: string }[]; credit: number; campaignId: number }
  | { ok: false; reason: 'insufficient-credits' | 'sandbox-limit' };

let nextCampaignId = 1000;

export class Messaging {
  constructor(
    private readonly options: ResolvedOptions,
    private readonly clock: Clock,
    private readonly webhooks: WebhookService,
  ) {}

  private log(account: Account): MessageLog {
    return areaState(account, 'messages', () => ({ messages: [], chars: 0, campaigns: new Map(), sandboxDay: '', sandboxCount: 0 }));
  }

  /** 8: sandbox sends per day, per the sandbox-daily-limit choice. */
  sandboxLimit(): number {
    return Number(this.options.choices['sandbox-daily-limit']);
  }

  /** Counts `n` sandbox sends against today's quota; false when it would pass the limit. */
  takeSandboxQuota(account: Account, n: number): boolean {
    const log = this.log(account);
    const today = formatMexicoDate(this.clock.now());
    if (log.sandboxDay !== today) {
      log.sandboxDay = today;
      log.sandboxCount = 0;
    }
    // 8: sandbox sends are limited per day.
    if (log.sandboxCount + n > this.options.seams.at('sandbox.daily-limit', this.sandboxLimit())) return false;
    log.sandboxCount += n;
    return true;
  }

  /** Credits a send of `count` messages costs (sandbox: nothing). */
  cost(count: number, sandbox: boolean): number {
    // 4.2 sandbox "charges nothing".
    return this.options.seams.at('sandbox.charges-nothing', sandbox) ? 0 : count * this.options.creditsPerMessage;
  }

  /** Charges without logging a message (e.g. nothing); false when the balance is short. */
  charge(account: Account, credits: number): boolean {
    const amount = toHundredths(credits);
    // 7.2 sms_07: a short balance is not charged (it never goes negative).
    if (this.options.seams.at('credits.refuses-short-balance', account.balance < amount)) return false;
    account.balance -= amount;
    return true;
  }

  send(account: Account, req: SendRequest): SendOutcome {
    // 2.2, 1: one message per recipient is charged.
    const credit = this.cost(this.options.seams.at('credits.messages-charged', req.numbers.length), req.sandbox);
    if (req.sandbox && !this.takeSandboxQuota(account, req.numbers.length)) return { ok: false, reason: 'sandbox-limit' };
    if (!this.charge(account, credit)) return { ok: false, reason: 'insufficient-credits' };
    const log = this.log(account);
    const now = this.clock.now();
    const campaign: Campaign = { id: nextCampaignId++, sandbox: req.sandbox, references: [], charged: credit > 0, createdAt: now };
    const references = req.numbers.map((number) => {
      const msg: SentMessage = {
        reference: randomUUID().replaceAll('-', '').slice(0, 20),
        number,
        message: req.message,
        kind: req.kind,
        sandbox: req.sandbox,
        createdAt: now,
        sendAt: req.sendAt ?? now,
        campaignId: campaign.id,
        name: req.name ?? req.kind,
      };
      log.messages.push(msg);
      log.chars += msg.message.length;
      campaign.references.push(msg.reference);
      this.scheduleConfirmation(account, msg);
      return { reference: msg.reference, number };
    });
    log.campaigns.set(campaign.id, campaign);
    this.prune(log);
    return { ok: true, references, credit, campaignId: campaign.id };
  }

  private prune(log: MessageLog): void {
    if (log.messages.length <= MAX_LOGGED_MESSAGES + LOG_TRIM_SLACK && log.chars <= MAX_LOGGED_CHARS + CHARS_TRIM_SLACK) {
      this.pruneCampaigns(log);
      return;
    }
    // Oldest first, until both the count and the characters are back within their caps.
    let drop = Math.max(0, log.messages.length - MAX_LOGGED_MESSAGES);
    let chars = log.chars;
    for (let i = 0; i < drop; i++) chars -= log.messages[i]!.message.length;
    while (chars > MAX_LOGGED_CHARS && drop < log.messages.length) chars -= log.messages[drop++]!.message.length;
    log.messages.splice(0, drop);
    log.chars = chars;
    this.pruneCampaigns(log);
  }

  private pruneCampaigns(log: MessageLog): void {
    while (log.campaigns.size > MAX_CAMPAIGNS) log.campaigns.delete(log.campaigns.keys().next().value!);
  }

  /** 6.1: a confirmation after each send, once it is due; sandbox per sandbox-sends-emit-events. */
  private scheduleConfirmation(account: Account, msg: SentMessage): void {
    const emits = !msg.sandbox || this.options.choices['sandbox-sends-emit-events'] === 'events';
    const delay = Math.max(0, msg.sendAt - this.clock.now()) + this.options.confirmationDelayMs;
    this.clock.after(delay, () => {
      msg.status = 0;
      if (!emits) return;
      const seams = this.options.seams;
      const at = this.clock.now();
      // 6.1: status a delivery code (0 delivered), date YYYYMMDDHHMMSS, extra_params (none supplied: '{}').
      const extraParams = seams.at('events.extra-params', '{}');
      // The delivery is the timer's work (a test clock's advance waits for it).
      return this.webhooks.emit(account, {
        type: 'confirmation',
        reference: msg.reference,
        status: seams.at('events.confirmation-status', '0'),
        number: msg.number,
        date: seams.at('events.confirmation-date', formatMexicoDateTime(at).replace(/[- :]/g, ''), { at }),
        ...(extraParams === undefined ? {} : { extra_params: extraParams }),
      });
    });
  }

  messages(account: Account): readonly SentMessage[] {
    return this.log(account).messages;
  }

  campaign(account: Account, id: number): Campaign | undefined {
    return this.log(account).campaigns.get(id);
  }

  /** The message a reference names, in any account (for reply simulation). */
  findByReference(account: Account, reference: string): SentMessage | undefined {
    return this.log(account).messages.find((m) => m.reference === reference);
  }
}
