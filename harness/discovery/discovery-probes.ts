/**
 * The probes of `discover`: for each ambiguity of the register whose probe is cheap and safe (no
 * charge: sandbox sends and free calls only, everything created deleted or confined to a subaccount
 * made for discover), a call that shows which option the target matches. Ambiguities without a safe
 * probe keep the register's default and the profile says why (the register's own `probe` text).
 *
 * This module holds what every probe shares (the context, the step type, calling an operation) and
 * the probes of one call or two; the larger ones live beside it (discovery-*.ts) and are listed in
 * DISCOVERY_STEPS (discovery-steps.ts).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AmbiguityChoices, AmbiguityId } from '../../schemas/ambiguities.ts';
import type { CapabilityId } from '../../schemas/capabilities.ts';
import { formatMexicoDate } from '../../schemas/formats.ts';
import { limitById } from '../../schemas/limits.ts';
import { operationById } from '../../schemas/operations.ts';
import { isJsonObject, type HttpClient, type QueryParams } from '../transport/http-client.ts';
import { burstIsConclusive, conclusiveBurstSize, isRateLimited, mostThatMayPass } from '../transport/rate-burst.ts';

/** The account where probes that spend sandbox quota or leave traces run. */
interface WorkAccount {
  key: string;
  /** Set when it is a subaccount discover created (4.11) and archives at the end. */
  subaccountEmail: string | undefined;
}

export interface ProbeContext {
  client: HttpClient;
  /** A client without pacing, for the one probe that must exceed the rate (8). */
  burstClient: HttpClient;
  /** A client paced just below the rate of 8, for the sandbox daily limit's many sends. */
  quotaClient: HttpClient;
  apiKey: string;
  managerKey: string | undefined;
  /**
   * With a manager key, a subaccount made for discover: its sandbox quota, webhook and loyalty
   * contacts are its own, so the account certify will use keeps its day's quota (8) and its webhook.
   * Without one, the account itself.
   */
  work: WorkAccount;
  /** A prefix for the names the probes create. */
  prefix: string;
  /** What the probes before this one found (the OTP delete shape, to clean up with). */
  findings: ReadonlyMap<AmbiguityId, ProbeFinding>;
  /** Most sandbox sends the daily-limit probe may spend (--sandbox-budget). */
  sandboxBudget: number;
  /** How long to wait for an event at discover's webhook receiver. */
  eventWaitMs: number;
  /** A progress line on stdout. */
  progress(line: string): void;
  /** A key the target returned (4.11), to be redacted like the others. */
  learnSecret(secret: string): void;
}

export interface ProbeAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface ProbeFinding {
  /** The option the target matches; undefined keeps the default (the profile marks it defaulted). */
  option?: string;
  /** What was seen, written into the profile as a comment. */
  note: string;
}

export interface CapabilityFinding {
  value: boolean;
  note: string;
}

/** What one step of discovery found. */
export interface StepOutcome {
  findings: Partial<Record<AmbiguityId, ProbeFinding>>;
  capabilities?: Partial<Record<CapabilityId, CapabilityFinding>>;
  /** What was recorded but decides nothing (e.g. HTTP statuses of named codes), as profile comments. */
  records?: readonly string[];
}

/** A probe that may decide several ambiguities (and capabilities) at once. */
export interface DiscoveryStep {
  name: string;
  /** The ambiguities it may decide; a step that throws marks each of them as failed. */
  covers: readonly AmbiguityId[];
  run(ctx: ProbeContext): Promise<StepOutcome>;
}

export interface AmbiguityProbe {
  ambiguity: AmbiguityId;
  run(ctx: ProbeContext): Promise<ProbeFinding>;
}

export const stepOf = (probe: AmbiguityProbe): DiscoveryStep => ({
  name: probe.ambiguity,
  covers: [probe.ambiguity],
  run: async (ctx) => ({ findings: { [probe.ambiguity]: await probe.run(ctx) } }),
});

export const asObject = (json: unknown): Record<string, unknown> => (isJsonObject(json) ? json : {});

export interface CallOperationOptions {
  json?: unknown;
  query?: QueryParams;
  /** The key to send: the account's when absent, none when null. */
  key?: string | null;
  method?: 'GET' | 'POST' | 'DELETE';
  client?: HttpClient;
}

export async function callOperation(ctx: ProbeContext, operationId: string, options: CallOperationOptions = {}): Promise<ProbeAnswer> {
  const op = operationById(operationId);
  const key = options.key === null ? undefined : (options.key ?? ctx.apiKey);
  const result = await (options.client ?? ctx.client).call({
    method: options.method ?? op.method,
    path: op.path,
    ...(options.json !== undefined ? { json: options.json } : {}),
    ...(options.query ? { query: options.query } : {}),
    ...(key ? { apiKey: key } : {}),
  });
  return { status: result.status, body: asObject(result.json) };
}

export const codeOf = (a: ProbeAnswer): string => String(a.body.code ?? a.body.error ?? '(none)');
export const summarize = (a: ProbeAnswer): string => `HTTP ${a.status}, ${a.body.success === true ? 'success' : `code ${codeOf(a)}`}`;
export const today = (): string => formatMexicoDate(Date.now());

/**
 * A 10-digit number of this discovery: 55, two digits of the prefix, 99 (the suite's phone numbers
 * carry a file index there, below 99), and `n`; so per-number state (3.1) never meets a test's.
 */
export function probePhone(ctx: ProbeContext, n: number): string {
  const run = [...ctx.prefix].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100, 7);
  return `55${String(run).padStart(2, '0')}99${String(n).padStart(4, '0')}`;
}

/** 4.2: a sandbox SMS from the work account (free; counted against its day's quota, 8). */
export function sandboxSms(ctx: ProbeContext, number: string, extra: Record<string, unknown> = {}, query?: QueryParams): Promise<ProbeAnswer> {
  return callOperation(ctx, 'sms/send', {
    key: ctx.work.key,
    json: { numbers: number, message: 'Prueba de conformidad', sandbox: 1, ...extra },
    ...(query ? { query } : {}),
  });
}

/** The first reference of a 2.2 send result. */
export function firstReference(a: ProbeAnswer): string | undefined {
  const references = a.body.references;
  const first: unknown = Array.isArray(references) ? references[0] : undefined;
  const reference = asObject(first).reference;
  return typeof reference === 'string' ? reference : undefined;
}

/** The probes of one call or two. */
export const AMBIGUITY_PROBES: readonly AmbiguityProbe[] = [
  {
    ambiguity: 'auth-error-http-status',
    async run(ctx) {
      const a = await callOperation(ctx, 'credits/consult', { key: null });
      if (a.status === 200 && codeOf(a) === 'auth_01') return { option: 'body-200', note: 'no key: HTTP 200 with auth_01 in the body' };
      if (a.status === 401) return { option: 'http-status', note: 'no key: HTTP 401' };
      return { note: `no key: HTTP ${a.status}, code ${codeOf(a)}; matches no option` };
    },
  },
  {
    ambiguity: 'credits-consult-method',
    async run(ctx) {
      const a = await callOperation(ctx, 'credits/consult', { method: 'GET' });
      return codeOf(a) === 'credit_01' ? { option: 'both', note: 'GET answered credit_01' } : { option: 'post', note: `GET answered HTTP ${a.status}` };
    },
  },
  {
    ambiguity: 'agendas-delete-success-code',
    async run(ctx) {
      const added = await callOperation(ctx, 'agendas/add', { json: { agenda_name: `${ctx.prefix}del` } });
      const listKey = added.body.list_key ?? asObject(added.body.result).list_key;
      if (typeof listKey !== 'string') return { note: `could not create a list (${codeOf(added)})` };
      const deleted = await callOperation(ctx, 'agendas/delete', { json: { list_key: listKey } });
      if (codeOf(deleted) === 'delete_01') return { option: 'delete_01', note: 'delete answered delete_01' };
      if (codeOf(deleted) === 'change_name_01') return { option: 'rename-values', note: 'delete answered change_name_01' };
      return { note: `delete answered ${codeOf(deleted)}` };
    },
  },
  {
    ambiguity: 'otp-verify-error-slugs',
    async run(ctx) {
      const a = await callOperation(ctx, 'otp-v2/verify', { json: { phone_number: probePhone(ctx, 1), country_code: '52', code: '000000' } });
      return a.status === 404 && codeOf(a) === 'otp_not_found'
        ? { option: 'conventional', note: 'unknown number: 404 otp_not_found' }
        : { option: 'record-only', note: `unknown number: HTTP ${a.status} ${codeOf(a)}` };
    },
  },
  {
    // 9 "always in Spanish and not configurable" against 4.5 locale (es, en): the same refused
    // legacy verify (a number with no code, validation_04) in both locales; verify sends nothing.
    ambiguity: 'response-language',
    async run(ctx) {
      const verify = (locale: string) =>
        callOperation(ctx, 'otp-legacy/verify', { json: { phone_number: probePhone(ctx, 3), verification_code: 'A1B2', locale } });
      const [es, en] = [await verify('es'), await verify('en')];
      if (es.body.success !== false || codeOf(es) !== codeOf(en)) return { note: `locale es: ${summarize(es)}; en: ${summarize(en)}` };
      return es.body.message !== en.body.message
        ? { option: 'locale-honoured', note: `${codeOf(es)}: "${String(es.body.message)}" (es), "${String(en.body.message)}" (en)` }
        : { option: 'spanish-only', note: `${codeOf(es)}: the same text with locale=es and locale=en` };
    },
  },
  {
    ambiguity: 'sms-shorten-url-count',
    async run(ctx) {
      const a = await sandboxSms(ctx, probePhone(ctx, 2), { message: 'Ver https://example.com/a y https://example.com/b', shorten_url: 1 });
      return a.body.success === true
        ? { option: 'at-least-one', note: 'two URLs with shorten_url=1 accepted (sandbox)' }
        : { option: 'exactly-one', note: `two URLs refused (${codeOf(a)})` };
    },
  },
];

/** 8: the rate of the document, and the burst that any counting of it must refuse in part (harness/transport/rate-burst.ts). */
const PER_SECOND = limitById('rate-limit').max!;
const RATE_BURST = conclusiveBurstSize(PER_SECOND);
/** Bursts too slow to be conclusive are sent again, this many times in all, a pause apart. */
const RATE_BURST_TRIES = 3;
const RATE_BURST_PAUSE_MS = 2_000;

/**
 * 8: the rate probe; last of the quick ones, since it leaves the key over its rate for a moment.
 * A burst may straddle the target's window boundary and meet no rate_01 without the target being at
 * fault (a fixed window lets 200 pass across two seconds); only a burst larger than any counting
 * lets pass shows that a target has no limit, and it stops at the first that meets rate_01.
 */
export const RATE_LIMIT_PROBE: AmbiguityProbe = {
  ambiguity: 'rate-limit-http-status',
  async run(ctx) {
    let note = '';
    for (let attempt = 1; attempt <= RATE_BURST_TRIES; attempt += 1) {
      if (attempt > 1) await sleep(RATE_BURST_PAUSE_MS);
      const start = performance.now();
      const answers = await Promise.all(
        Array.from({ length: RATE_BURST }, () => ctx.burstClient.call({ method: 'POST', path: '/credits/consult', apiKey: ctx.apiKey, retryOn429: false })),
      );
      const elapsedMs = performance.now() - start;
      const limited = answers.find((r) => isRateLimited({ status: r.status, body: asObject(r.json) }));
      if (limited)
        return limited.status === 429
          ? { option: 'http-429', note: 'rate_01 with HTTP 429' }
          : { option: 'body-429', note: `rate_01 with HTTP ${limited.status}` };
      note = `${RATE_BURST} requests at once (${Math.round(elapsedMs)} ms, at most ${mostThatMayPass(elapsedMs, PER_SECOND)} may pass): no rate_01`;
      if (burstIsConclusive(RATE_BURST, elapsedMs, PER_SECOND)) return { note };
    }
    return { note: `${note}; not conclusive in ${RATE_BURST_TRIES} tries` };
  },
};

/** Capabilities that the documented API and the test-hook protocol let discover see. */
export async function probeCapabilities(ctx: ProbeContext): Promise<Partial<Record<CapabilityId, CapabilityFinding>>> {
  const clock = await ctx.client.call({ method: 'GET', path: '/__test/clock' }).catch(() => undefined);
  const testClock = clock !== undefined && clock.status === 200 && typeof asObject(clock.json).now === 'number';
  return {
    'test-clock': { value: testClock, note: testClock ? 'GET /__test/clock answered {now}' : 'GET /__test/clock did not answer {now}' },
    'reply-simulation': { value: false, note: 'not discoverable' },
  };
}

export const choicesFrom = (findings: ReadonlyMap<AmbiguityId, ProbeFinding>, defaults: AmbiguityChoices): AmbiguityChoices => {
  const choices: Record<string, string> = { ...defaults };
  for (const [id, finding] of findings) if (finding.option) choices[id] = finding.option;
  return choices as AmbiguityChoices;
};
