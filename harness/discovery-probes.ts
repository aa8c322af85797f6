/**
 * The probes of `discover`: for each ambiguity of the register whose probe is cheap and safe (no
 * charge: sandbox sends and free calls only, everything created deleted), a call that shows which
 * option the target matches. Ambiguities without a safe probe keep the register's default and the
 * profile says why (the register's own `probe` text).
 */
import type { AmbiguityChoices, AmbiguityId } from '../schemas/ambiguities.ts';
import type { CapabilityId } from '../schemas/capabilities.ts';
import { formatMexicoDate } from '../schemas/formats.ts';
import { operationById } from '../schemas/operations.ts';
import { isJsonObject, type HttpClient } from './http-client.ts';

export interface ProbeContext {
  client: HttpClient;
  /** A client without pacing, for the one probe that must exceed the rate (8). */
  burstClient: HttpClient;
  apiKey: string;
  managerKey: string | undefined;
  /** A prefix for the names the probes create. */
  prefix: string;
}

export interface ProbeAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface ProbeFinding {
  /** The option the target matches; undefined keeps the default. */
  option?: string;
  /** What was seen, written into the profile as a comment. */
  note: string;
}

export interface AmbiguityProbe {
  ambiguity: AmbiguityId;
  run(ctx: ProbeContext): Promise<ProbeFinding>;
}

const asObject = (json: unknown): Record<string, unknown> => (isJsonObject(json) ? json : {});

export async function callOperation(ctx: ProbeContext, operationId: string, options: { json?: unknown; query?: Record<string, string>; key?: string | null; method?: 'GET' | 'POST' | 'DELETE' } = {}): Promise<ProbeAnswer> {
  const op = operationById(operationId);
  const key = options.key === null ? undefined : (options.key ?? ctx.apiKey);
  const result = await ctx.client.call({
    method: options.method ?? op.method,
    path: op.path,
    ...(options.json !== undefined ? { json: options.json } : {}),
    ...(options.query ? { query: options.query } : {}),
    ...(key ? { apiKey: key } : {}),
  });
  return { status: result.status, body: asObject(result.json) };
}

const codeOf = (a: ProbeAnswer): string => String(a.body.code ?? a.body.error ?? '(none)');
const today = (): string => formatMexicoDate(Date.now());

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
    ambiguity: 'business-error-http-status',
    async run(ctx) {
      const a = await callOperation(ctx, 'agendas/add', { json: {} });
      if (a.status === 200) return { option: 'http-200', note: `agendas/add without a name: HTTP 200, ${codeOf(a)}` };
      if (a.status >= 400 && a.status < 500) return { option: 'http-4xx', note: `agendas/add without a name: HTTP ${a.status}, ${codeOf(a)}` };
      return { note: `agendas/add without a name: HTTP ${a.status}` };
    },
  },
  {
    ambiguity: 'paired-code-order',
    async run(ctx) {
      const a = await callOperation(ctx, 'reports/generate', { json: { end_date: today() } });
      if (codeOf(a) === 'report_01') return { option: 'in-order', note: 'no start_date: report_01' };
      if (codeOf(a) === 'report_02') return { option: 'either', note: 'no start_date: report_02' };
      return { note: `no start_date: ${codeOf(a)}` };
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
      const a = await callOperation(ctx, 'otp-v2/verify', { json: { phone_number: '5500000000', country_code: '52', code: '000000' } });
      return a.status === 404 && codeOf(a) === 'otp_not_found'
        ? { option: 'conventional', note: 'unknown number: 404 otp_not_found' }
        : { option: 'record-only', note: `unknown number: HTTP ${a.status} ${codeOf(a)}` };
    },
  },
  {
    ambiguity: 'otp-status-request-shape',
    async run(ctx) {
      const phone = '5500000001';
      const created = await callOperation(ctx, 'otp-v2/create', {
        json: { phone_number: phone, country_code: '52', company: 'Probe', message: '{{company}}: {{code}}', sandbox: true, code_in_response: true },
      });
      if (created.body.success !== true) return { note: `sandbox create refused (${codeOf(created)})` };
      const status = await callOperation(ctx, 'otp-v2/get-status', { query: { phone_number: phone, country_code: '52' } });
      await callOperation(ctx, 'otp-v2/delete', { json: { phone_number: phone, country_code: '52' } });
      return status.body.state === 'pending' ? { option: 'query', note: 'status by query answered state=pending' } : { option: 'record-only', note: `status by query: HTTP ${status.status}` };
    },
  },
  {
    ambiguity: 'sms-shorten-url-count',
    async run(ctx) {
      const a = await callOperation(ctx, 'sms/send', {
        json: { numbers: '5500000002', message: 'Ver https://example.com/a y https://example.com/b', shorten_url: 1, sandbox: 1 },
      });
      return a.body.success === true ? { option: 'at-least-one', note: 'two URLs with shorten_url=1 accepted (sandbox)' } : { option: 'exactly-one', note: `two URLs refused (${codeOf(a)})` };
    },
  },
  {
    ambiguity: 'rate-limit-http-status',
    async run(ctx) {
      // 8: more than 100 requests in a second; the probe stops at the first rate_01.
      const answers = await Promise.all(Array.from({ length: 130 }, () => ctx.burstClient.call({ method: 'POST', path: '/credits/consult', apiKey: ctx.apiKey, retryOn429: false })));
      const limited = answers.find((r) => asObject(r.json).code === 'rate_01' || r.status === 429);
      if (!limited) return { note: '130 requests at once: no rate_01' };
      return limited.status === 429 ? { option: 'http-429', note: 'rate_01 with HTTP 429' } : { option: 'body-429', note: `rate_01 with HTTP ${limited.status}` };
    },
  },
];

/** Capabilities that the documented API and the test-hook protocol let discover see. */
export async function probeCapabilities(ctx: ProbeContext): Promise<Partial<Record<CapabilityId, boolean>>> {
  const found: Partial<Record<CapabilityId, boolean>> = {};
  const clock = await ctx.client.call({ method: 'GET', path: '/__test/clock' }).catch(() => undefined);
  found['test-clock'] = clock !== undefined && clock.status === 200 && typeof asObject(clock.json).now === 'number';
  found['reply-simulation'] = false;
  return found;
}

export const choicesFrom = (findings: ReadonlyMap<AmbiguityId, ProbeFinding>, defaults: AmbiguityChoices): AmbiguityChoices => {
  const choices: Record<string, string> = { ...defaults };
  for (const [id, finding] of findings) if (finding.option) choices[id] = finding.option;
  return choices as AmbiguityChoices;
};
