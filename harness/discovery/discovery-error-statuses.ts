/**
 * The HTTP statuses of business errors, provoked for free: requests refused before anything is
 * created or sent (a missing field, an unknown list or campaign, a sandbox send to a bad number).
 *
 * - Validation failures whose code the document does not name (7.1 "<validation code> | 200", "code
 *   value for wallet, loyalty, contact-update ... validation failures: not shown") decide the
 *   ambiguity business-error-http-status: all HTTP 200, all 4xx, or neither (record-only). That is
 *   the status of invalid input only (schemas/refusal-kinds.ts): an answer whose status names
 *   another cause (404 for a wallet it looked up first, 409, 402) is recorded, not counted, and the
 *   option decides nothing about missing resources, duplicates or balances.
 * - The codes 7.2 names (agenda_02, report_03, ...) state no HTTP status: latitude
 *   unstated-error-status. Their statuses are written into the profile as a record only; the suite
 *   records them too and never asserts them.
 */
import { refusalKindAnswered } from '../../schemas/refusal-kinds.ts';
import { callOperation, codeOf, probePhone, sandboxSms, today, type DiscoveryStep, type ProbeAnswer, type ProbeContext } from './discovery-probes.ts';

interface Provocation {
  what: string;
  call(ctx: ProbeContext): Promise<ProbeAnswer>;
}

/** 7.1: refusals for invalid parameters, with codes the document does not name. */
const VALIDATION_FAILURES: readonly Provocation[] = [
  { what: '/contacts/add without fields', call: (ctx) => callOperation(ctx, 'contacts/add', { json: {} }) },
  { what: '/wallet/contact/add without fields', call: (ctx) => callOperation(ctx, 'wallet/add-contact', { json: {} }) },
  { what: '/sms/send (sandbox) to "abc"', call: (ctx) => sandboxSms(ctx, 'abc') },
];

/** 7.2: codes the document names, provoked without creating anything. */
const NAMED_CODES: readonly Provocation[] = [
  { what: '/agendas/add without a name', call: (ctx) => callOperation(ctx, 'agendas/add', { json: {} }) },
  { what: '/agendas/get_contacts without list_key', call: (ctx) => callOperation(ctx, 'agendas/list-contacts', { json: {} }) },
  {
    what: '/agendas/get_contacts of an unknown list',
    call: (ctx) => callOperation(ctx, 'agendas/list-contacts', { json: { list_key: `${ctx.prefix}nolist` } }),
  },
  { what: '/reports/generate without start_date', call: (ctx) => callOperation(ctx, 'reports/generate', { json: { end_date: today() } }) },
  {
    what: '/reports/generate with start after end',
    call: (ctx) => callOperation(ctx, 'reports/generate', { json: { start_date: today(), end_date: '2020-01-01' } }),
  },
  { what: '/reports/details without campaign_id', call: (ctx) => callOperation(ctx, 'reports/get-campaign-details', { json: {} }) },
  {
    what: '/reports/details of an unknown campaign',
    call: (ctx) => callOperation(ctx, 'reports/get-campaign-details', { json: { campaign_id: Number(probePhone(ctx, 40).slice(2)) } }),
  },
  { what: '/webhook/status without status', call: (ctx) => callOperation(ctx, 'webhooks/set-status', { json: {} }) },
];

const statusLine = (what: string, a: ProbeAnswer): string => `${codeOf(a)}: HTTP ${a.status} (${what})`;

export const ERROR_STATUS_STEP: DiscoveryStep = {
  name: 'business error statuses',
  covers: ['business-error-http-status'],
  async run(ctx) {
    const validation: { what: string; answer: ProbeAnswer }[] = [];
    for (const p of VALIDATION_FAILURES) validation.push({ what: p.what, answer: await p.call(ctx) });
    const records: string[] = [];
    for (const p of NAMED_CODES) {
      const answer = await p.call(ctx);
      if (answer.body.success === false) records.push(statusLine(p.what, answer));
    }
    const answered = validation.filter((v) => v.answer.body.success === false);
    // A status that names another cause is the target's reading of what it refused, not a validation status.
    const otherKind = answered.filter((v) => refusalKindAnswered('invalid-input', v.answer.status) !== 'invalid-input');
    for (const v of otherKind) records.push(`${statusLine(v.what, v.answer)}: read as ${refusalKindAnswered('invalid-input', v.answer.status)}`);
    const refused = answered.filter((v) => !otherKind.includes(v));
    const seen = refused.map((v) => statusLine(v.what, v.answer)).join('; ');
    if (refused.length === 0) return { findings: { 'business-error-http-status': { note: 'no validation failure was refused as invalid input' } }, records };
    const statuses = refused.map((v) => v.answer.status);
    const option = statuses.every((s) => s === 200) ? 'http-200' : statuses.every((s) => s >= 400 && s < 500) ? 'http-4xx' : 'record-only';
    return { findings: { 'business-error-http-status': { option, note: seen } }, records };
  },
};
