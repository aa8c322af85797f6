/**
 * The sandbox daily limit (8: "100 test sends per day ... 1,000 per day in the legacy v1 text and
 * in the webhook-management error text"; ambiguity sandbox-daily-limit). Sandbox sends are free
 * (4.2), but the quota is the account's for the day: the probe spends it in the subaccount discover
 * makes with a manager key, never in the account certify uses (whose own sandbox sends need it).
 *
 * One recipient per send, paced below the rate of 8, until the first refusal or the larger option
 * plus one, whichever comes first; a budget (--sandbox-budget) bounds the sends. When the budget
 * ends first, the profile says "at least N" and keeps the default.
 */
import { ambiguityById } from '../../schemas/ambiguities.ts';
import {
  callOperation,
  codeOf,
  probePhone,
  summarize,
  today,
  type DiscoveryStep,
  type ProbeAnswer,
  type ProbeContext,
  type ProbeFinding,
  type StepOutcome,
} from './discovery-probes.ts';
import { closeSubaccount, openSubaccount } from './discovery-subaccount.ts';

/** The options of the register, as numbers: [100, 1000]. */
const LIMITS = ambiguityById('sandbox-daily-limit')
  .options.map((o) => Number(o.id))
  .sort((a, b) => a - b);
const LARGEST = LIMITS[LIMITS.length - 1]!;

/** The budget that decides every option: the larger one, and the send past it. */
export const DEFAULT_SANDBOX_BUDGET = LARGEST + 1;

const finding = (f: ProbeFinding): StepOutcome => ({ findings: { 'sandbox-daily-limit': f } });

export const SANDBOX_LIMIT_STEP: DiscoveryStep = {
  name: 'sandbox daily limit',
  covers: ['sandbox-daily-limit'],
  async run(ctx) {
    if (ctx.managerKey === undefined)
      return finding({
        note: "needs --manager-key: the probe spends a whole day's sandbox quota (8), which must not be the quota of the account certify uses",
      });
    if (ctx.sandboxBudget === 0) return finding({ note: 'not probed: --sandbox-budget 0' });
    // A subaccount of its own: the other probes' sandbox sends must not count against its quota.
    const sub = await openSubaccount(ctx, ctx.managerKey, 'quota');
    if (typeof sub === 'string') return finding({ note: sub });
    try {
      return await countSandboxSends(ctx, sub.key);
    } finally {
      const trouble = await closeSubaccount(ctx, ctx.managerKey, sub);
      if (trouble) ctx.progress(`  ${trouble}`);
    }
  },
};

/** Sandbox sends from `key` until the first refusal, the larger option plus one, or the budget. */
async function countSandboxSends(ctx: ProbeContext, key: string): Promise<StepOutcome> {
  const day = today();
  const cap = Math.min(ctx.sandboxBudget, LARGEST + 1);
  let accepted = 0;
  let refusal: ProbeAnswer | undefined;
  for (let i = 1; i <= cap && refusal === undefined; i++) {
    const answer = await callOperation(ctx, 'sms/send', {
      key,
      client: ctx.quotaClient,
      json: { numbers: probePhone(ctx, 1000 + i), message: 'Prueba de limite diario', sandbox: 1 },
    });
    if (answer.body.success === true) accepted += 1;
    else refusal = answer;
    if (i % 250 === 0) ctx.progress(`    sandbox-daily-limit: ${accepted} sandbox sends accepted so far`);
  }
  // The quota is per day: a count that crossed midnight (Mexico City, 4.2) proves nothing.
  if (today() !== day) return finding({ note: `the count crossed midnight (${accepted} accepted): run discover again` });
  if (refusal !== undefined) {
    const seen = `${accepted} sandbox sends accepted in a day, send ${accepted + 1} refused (${summarize(refusal)})`;
    // A rate_01 the pacer's retries did not get past is not the daily limit.
    if (codeOf(refusal) === 'rate_01') return finding({ note: `${seen}: a rate limit, not the daily one` });
    return finding(LIMITS.includes(accepted) ? { option: String(accepted), note: seen } : { note: `${seen}; matches no option` });
  }
  const excluded = LIMITS.filter((n) => n < accepted);
  const atLeast = `at least ${accepted} sandbox sends accepted in a day`;
  if (accepted > LARGEST) return finding({ note: `${atLeast}: more than every option` });
  return finding({
    note:
      `${atLeast}: --sandbox-budget ${ctx.sandboxBudget} ended ` +
      `first${excluded.length > 0 ? ` (so not ${excluded.join(' nor ')})` : ''}; set it in the profile or run again with a larger budget`,
  });
}
