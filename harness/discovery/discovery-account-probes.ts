/**
 * Probes that leave something the document offers no way to delete (a tool user, 4.10, only
 * disabled; a loyalty contact, 4.9) or that move credits (4.11). They run only in the subaccount
 * discover makes with a manager key, which is archived at the end (4.11): nothing is left in the
 * account certify uses, and credits moved are moved back.
 */
import { asObject, callOperation, codeOf, probePhone, summarize, type AmbiguityProbe, type ProbeContext, type ProbeFinding } from './discovery-probes.ts';

const NEEDS_SUBACCOUNT =
  'needs --manager-key: it leaves a tool user and a loyalty contact behind (4.9, ' +
  '4.10 offer no delete), so it runs only in a subaccount discover makes and archives';

/** The work subaccount's email, or a finding saying the probe needs one. */
const subaccountOf = (ctx: ProbeContext): string | ProbeFinding => ctx.work.subaccountEmail ?? { note: NEEDS_SUBACCOUNT };

export const ACCOUNT_PROBES: readonly AmbiguityProbe[] = [
  {
    // 4.9 contact/add: "Sample success: code loyalty_sale_01" (the code of a sale).
    ambiguity: 'loyalty-add-contact-success-code',
    async run(ctx) {
      const email = subaccountOf(ctx);
      if (typeof email !== 'string') return email;
      const key = ctx.work.key;
      const cards = await callOperation(ctx, 'loyalty/list', { key });
      const card = Array.isArray(cards.body.result) ? asObject(cards.body.result[0]) : {};
      if (typeof card.loyalty_key !== 'string')
        return { note: `the subaccount has no loyalty card (${summarize(cards)}); the document offers no way to create one` };
      const number = probePhone(ctx, 60);
      const employee = await callOperation(ctx, 'employees/add', {
        key,
        json: { type: 'cajero', employee_name: `${ctx.prefix}emp`, business_name: `Sucursal ${ctx.prefix}`, number, password: `Pw${ctx.prefix}x` },
      });
      if (typeof employee.body.collaboratorId !== 'number') return { note: `could not add a tool user for usertool_id (${summarize(employee)})` };
      try {
        const added = await callOperation(ctx, 'loyalty/add-contact', {
          key,
          json: { loyalty_key: card.loyalty_key, phone: probePhone(ctx, 61), customer_name: 'Probe', usertool_id: employee.body.collaboratorId },
        });
        if (added.body.success !== true) return { note: `the loyalty contact was refused (${summarize(added)})` };
        return codeOf(added) === 'loyalty_sale_01'
          ? { option: 'loyalty_sale_01', note: 'contact/add answered loyalty_sale_01' }
          : { option: 'record-only', note: `contact/add answered ${codeOf(added)}` };
      } finally {
        // 4.10: disabling is the only removal of a tool user.
        await callOperation(ctx, 'employees/disable', { key, json: { number } });
      }
    },
  },
  {
    // 4.11 credits/manage: "Success: code subaccount_01 (the sample shows message subaccount_archived)".
    ambiguity: 'subaccount-credits-manage-success-message',
    async run(ctx) {
      const email = subaccountOf(ctx);
      if (typeof email !== 'string' || ctx.managerKey === undefined) return { note: 'needs --manager-key (5.3)' };
      const given = await callOperation(ctx, 'subaccounts/manage-credits', { key: ctx.managerKey, json: { email, type: 1, credits: 1 } });
      if (given.body.success !== true) return { note: `one credit to discover's subaccount was refused (${summarize(given)})` };
      // The credit goes back at once: the manager's balance ends as it began.
      const back = await callOperation(ctx, 'subaccounts/manage-credits', { key: ctx.managerKey, json: { email, type: 2, credits: 1 } });
      const message = String(given.body.message);
      const note =
        `message ` +
        `"${message}"${back.body.success === true ? '' : `; taking the credit back failed (${summarize(back)}): it is left in the archived subaccount`}`;
      return message === 'subaccount_archived' ? { option: 'subaccount_archived', note } : { option: 'unstated', note };
    },
  },
];
