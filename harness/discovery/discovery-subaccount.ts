/**
 * Subaccounts discover makes with the manager key (4.11, 5.3), so that what its probes spend or
 * leave (a day's sandbox quota, a webhook, tool users and loyalty contacts) is never the account
 * certify uses. Each is archived at the end ("POST /manager/subaccount/archive disables (archives)
 * the subaccount", 3.3), after any credits in it went back to the manager.
 */
import { callOperation, summarize, type ProbeContext } from './discovery-probes.ts';

export interface DiscoverySubaccount {
  email: string;
  key: string;
}

/** Creates a subaccount named after the run and `label`; the reason when the target refuses. */
export async function openSubaccount(ctx: ProbeContext, managerKey: string, label: string): Promise<DiscoverySubaccount | string> {
  const email = `${ctx.prefix}${label}@example.com`;
  const added = await callOperation(ctx, 'subaccounts/add', { key: managerKey, json: { email, password: `Pw${ctx.prefix}${label}` } });
  const key = added.body.apikey;
  if (typeof key !== 'string' || key === '') return `the manager key could not create a subaccount (${summarize(added)})`;
  // 4.11 returns the key: no report or progress line may show it.
  ctx.learnSecret(key);
  return { email, key };
}

/** 4.11: the subaccount's credits back to the manager, then archived; a line when something failed. */
export async function closeSubaccount(ctx: ProbeContext, managerKey: string, subaccount: DiscoverySubaccount): Promise<string | undefined> {
  const balance = await callOperation(ctx, 'credits/consult', { key: subaccount.key });
  const left = Math.floor(Number(balance.body.credit));
  if (left >= 1) await callOperation(ctx, 'subaccounts/manage-credits', { key: managerKey, json: { email: subaccount.email, type: 2, credits: left } });
  const archived = await callOperation(ctx, 'subaccounts/archive', { key: managerKey, json: { email: subaccount.email } });
  return archived.body.success === true ? undefined : `could not archive discover's subaccount ${subaccount.email} (${summarize(archived)})`;
}
