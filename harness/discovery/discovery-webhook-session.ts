/**
 * discover's webhook session (4.14, 6, 7.2): with a loopback receiver of its own, it finds whether
 * the target reaches it (capability webhook-reachable), the success values of /webhook/status, the
 * order of the paired URL codes, and, where sandbox sends emit events, how events are delivered.
 *
 * No lasting effect: the work account's webhook is read first (/webhook/get) and put back at the
 * end (registered again with its status, or deleted when there was none). In a subaccount made for
 * discover there is none to put back.
 */
import type { AmbiguityId } from '../../schemas/ambiguities.ts';
import {
  asObject,
  callOperation,
  codeOf,
  firstReference,
  probePhone,
  sandboxSms,
  summarize,
  type CapabilityFinding,
  type DiscoveryStep,
  type ProbeAnswer,
  type ProbeContext,
  type ProbeFinding,
  type StepOutcome,
} from './discovery-probes.ts';
import { isEventDelivery, startWebhookReceiver, type Delivery, type WebhookEndpoint } from '../transport/webhook-receiver.ts';

type Findings = Partial<Record<AmbiguityId, ProbeFinding>>;

interface Webhook {
  url: string;
  status: '0' | '1';
}

/** Codes that say nothing about the webhook: the call itself was refused or broke (5, 7.1). */
const NOT_ABOUT_THE_WEBHOOK = /^(auth_|rate_01$|server_01$)/;

/**
 * 4.14 /webhook/get: the configured webhook, none, or unreadable. What it answers with no webhook
 * configured is not shown: a success with an empty url, or an error body (success=false, a code, no
 * 5xx) that is not an auth, rate or server error, both read as "none configured" (restored by
 * deleting what discover added).
 */
async function currentWebhook(ctx: ProbeContext): Promise<{ ok: true; webhook: Webhook | undefined } | { ok: false; answer: ProbeAnswer }> {
  const answer = await callOperation(ctx, 'webhooks/get', { key: ctx.work.key });
  if (answer.body.success === false && answer.status < 500 && typeof answer.body.code === 'string' && !NOT_ABOUT_THE_WEBHOOK.test(answer.body.code))
    return { ok: true, webhook: undefined };
  if (answer.body.success !== true) return { ok: false, answer };
  const result = asObject(answer.body.result);
  // With none configured the document is silent: an empty or absent url means none.
  if (typeof result.url !== 'string' || result.url === '') return { ok: true, webhook: undefined };
  return { ok: true, webhook: { url: result.url, status: String(result.status) === '0' ? '0' : '1' } };
}

/** 3.2: back to the webhook the account had, or to none. A line for the profile and stdout. */
async function restoreWebhook(ctx: ProbeContext, previous: Webhook | undefined): Promise<string> {
  if (previous === undefined) {
    const deleted = await callOperation(ctx, 'webhooks/delete', { key: ctx.work.key });
    return deleted.body.success === true
      ? "webhook: the account had none; discover's was deleted"
      : `webhook: could not delete discover's webhook (${summarize(deleted)}): delete it with /webhook/delete`;
  }
  // 4.14: registering again verifies the URL with a GET, as when it was first registered.
  const added = await callOperation(ctx, 'webhooks/add', { key: ctx.work.key, json: { url: previous.url, status: previous.status } });
  return added.body.success === true
    ? `webhook: the account's previous webhook was registered again with status ${previous.status}`
    : `webhook: could NOT register the account's previous webhook again ` +
        `(${summarize(added)}): register ${previous.url} with status ${previous.status} yourself`;
}

/**
 * 7.2 "report_01, report_02 start or end date missing; add_webhook_02, _03 URL missing, malformed
 * or forbidden host": each pair answered in the order of its causes, or not.
 */
async function pairedCodeOrder(ctx: ProbeContext): Promise<ProbeFinding> {
  const key = ctx.work.key;
  const cases: { what: string; first: string; second: string; expected: 'first' | 'second'; answer: ProbeAnswer }[] = [
    {
      what: 'no start_date',
      first: 'report_01',
      second: 'report_02',
      expected: 'first',
      answer: await callOperation(ctx, 'reports/generate', { key, json: { end_date: '2020-01-02' } }),
    },
    {
      what: 'no end_date',
      first: 'report_01',
      second: 'report_02',
      expected: 'second',
      answer: await callOperation(ctx, 'reports/generate', { key, json: { start_date: '2020-01-01' } }),
    },
    {
      what: 'no url',
      first: 'add_webhook_02',
      second: 'add_webhook_03',
      expected: 'first',
      answer: await callOperation(ctx, 'webhooks/add', { key, json: { status: '1' } }),
    },
    {
      what: 'a malformed url',
      first: 'add_webhook_02',
      second: 'add_webhook_03',
      expected: 'second',
      answer: await callOperation(ctx, 'webhooks/add', { key, json: { url: 'not a url', status: '1' } }),
    },
  ];
  const note = cases.map((c) => `${c.what}: ${codeOf(c.answer)}`).join('; ');
  const stray = cases.filter((c) => ![c.first, c.second].includes(codeOf(c.answer)));
  if (stray.length > 0) return { note: `${note}; not a code of its pair` };
  const inOrder = cases.every((c) => codeOf(c.answer) === (c.expected === 'first' ? c.first : c.second));
  return inOrder ? { option: 'in-order', note } : { option: 'either', note: `${note}: a pair answered out of order` };
}

/** 4.14 /webhook/status with the webhook enabled: its success values. */
async function statusSuccessValues(ctx: ProbeContext): Promise<ProbeFinding> {
  const answer = await callOperation(ctx, 'webhooks/set-status', { key: ctx.work.key, json: { status: '1' } });
  if (codeOf(answer) === 'status_webhook_01') return { option: 'status_webhook_01', note: 'status 1: status_webhook_01' };
  if (codeOf(answer) === 'add_webhook_01') return { option: 'add-values', note: 'status 1: add_webhook_01' };
  return { note: `status 1: ${summarize(answer)}` };
}

/** A sandbox send and the confirmation of it that reached `endpoint`, if one did in time. */
async function sendAndCatch(ctx: ProbeContext, endpoint: WebhookEndpoint, n: number): Promise<{ sent: ProbeAnswer; event: Delivery | undefined }> {
  const sent = await sandboxSms(ctx, probePhone(ctx, n));
  const reference = firstReference(sent);
  if (reference === undefined) return { sent, event: undefined };
  const caught = await endpoint
    .waitFor((d) => isEventDelivery(d) && d.fields.type === 'confirmation' && d.fields.reference === reference, { timeoutMs: ctx.eventWaitMs })
    .then(
      (ds) => ds[0],
      () => undefined,
    );
  return { sent, event: caught };
}

/**
 * 6.3 "Emitted by: sends": a sandbox send emits its confirmation or not (not shown). Only when one
 * does can discover see, for free, how events are delivered (6: GET or POST, HEAD checks); a real
 * send would be charged.
 */
async function sandboxEvents(ctx: ProbeContext, endpoint: WebhookEndpoint): Promise<Findings> {
  const first = await sendAndCatch(ctx, endpoint, 50);
  const waited = `${ctx.eventWaitMs / 1000} s`;
  if (first.sent.body.success !== true) {
    const why = `the sandbox send was refused (${summarize(first.sent)})`;
    return { 'sandbox-sends-emit-events': { note: why }, 'webhook-delivery-method': { note: why }, 'webhook-head-check': { note: why } };
  }
  if (first.event === undefined) {
    const why = `needs an event: no confirmation of a sandbox send within ${waited}, and a real send would be charged`;
    return {
      // No event within a window is not proof of none: the default (record-only) stays.
      'sandbox-sends-emit-events': { note: `no confirmation of a sandbox send within ${waited}` },
      'webhook-delivery-method': { note: why },
      'webhook-head-check': { note: why },
    };
  }
  const firstEvent = first.event;
  const findings: Findings = { 'sandbox-sends-emit-events': { option: 'events', note: `a sandbox send was confirmed at the webhook (${firstEvent.method})` } };
  findings['webhook-delivery-method'] =
    firstEvent.method === 'GET'
      ? { option: 'get', note: 'the confirmation came by GET' }
      : firstEvent.method === 'POST'
        ? { option: 'post', note: 'the confirmation came by POST' }
        : { note: `the confirmation came by ${firstEvent.method}` };
  const second = await sendAndCatch(ctx, endpoint, 51);
  const heads = endpoint.deliveries.filter((d) => d.method === 'HEAD');
  if (second.event === undefined) findings['webhook-head-check'] = { note: `the second sandbox send was not confirmed within ${waited}` };
  else if (!heads.some((h) => h.seq < firstEvent.seq)) findings['webhook-head-check'] = { note: 'no HEAD before the first delivery' };
  else {
    const secondSeq = second.event.seq;
    const checkedAgain = heads.some((h) => h.seq > firstEvent.seq && h.seq < secondSeq);
    findings['webhook-head-check'] = checkedAgain
      ? { option: 'before-each-delivery', note: 'a HEAD before each of two deliveries' }
      : { option: 'before-first-delivery', note: 'a HEAD before the first delivery, none before the second' };
  }
  return findings;
}

const COVERS = [
  'paired-code-order',
  'webhook-status-success-values',
  'sandbox-sends-emit-events',
  'webhook-delivery-method',
  'webhook-head-check',
] as const satisfies readonly AmbiguityId[];

async function probeWithReceiver(ctx: ProbeContext, endpoint: WebhookEndpoint): Promise<StepOutcome> {
  const findings: Findings = { 'paired-code-order': await pairedCodeOrder(ctx) };
  const added = await callOperation(ctx, 'webhooks/add', { key: ctx.work.key, json: { url: endpoint.url, status: '1' } });
  const registrationSeen = endpoint.deliveries.some((d) => d.kind === 'registration');
  if (added.body.success !== true) {
    const why = `needs a webhook the target reaches: discover's loopback receiver was refused (${summarize(added)})`;
    for (const id of COVERS) findings[id] ??= { note: why };
    return {
      findings,
      capabilities: {
        'webhook-reachable': { value: false, note: `${why}; with a tunnel in front of this machine, certify --webhook-public-url may still reach it` },
      },
    };
  }
  const reachable: CapabilityFinding = {
    value: true,
    note: registrationSeen
      ? "discover's loopback receiver was registered and its GET check arrived (4.14): the target reaches this machine and accepts loopback URLs"
      : "discover's loopback receiver was registered (no GET check arrived): the target accepts loopback URLs",
  };
  findings['webhook-status-success-values'] = await statusSuccessValues(ctx);
  Object.assign(findings, await sandboxEvents(ctx, endpoint));
  return { findings, capabilities: { 'webhook-reachable': reachable } };
}

export const WEBHOOK_SESSION_STEP: DiscoveryStep = {
  name: 'webhook session',
  covers: COVERS,
  async run(ctx) {
    const before = await currentWebhook(ctx);
    if (!before.ok) {
      const why = `the account's webhook could not be read (${summarize(before.answer)}), so it could not be put back: not probed`;
      return { findings: Object.fromEntries(COVERS.map((id) => [id, { note: why }])), capabilities: { 'webhook-reachable': { value: false, note: why } } };
    }
    const receiver = await startWebhookReceiver();
    let outcome: StepOutcome;
    let restored = 'webhook: not restored';
    try {
      outcome = await probeWithReceiver(ctx, receiver.endpoint(`${ctx.prefix}hook`));
    } finally {
      restored = await restoreWebhook(ctx, before.webhook);
      ctx.progress(`  ${restored}`);
      await receiver.close();
    }
    return { ...outcome, records: [...(outcome.records ?? []), restored] };
  },
};
