/**
 * Sections 2.1, 4 and 7 (7.3 for the current OTP): negative fuzzing. For every operation of the
 * registry with a request schema, schema-invalid requests drawn from that schema; a missing required
 * field must be refused with the operation's error body, any other deviation may be refused or
 * ignored (latitude invalid-input: a warning when accepted; suites/support/fuzz-*.ts).
 */
import { describe } from 'vitest';
import { AgendaAddResponse } from '../../schemas/agendas.ts';
import { OPERATIONS, type Operation } from '../../schemas/operations.ts';
import { expectSuccess, req, useTarget } from '../../harness/kit/index.ts';
import { planInvalidRequests, requestSchemaOf } from '../support/fuzz-bodies.ts';
import { planFor, refusalRulesNamed, sendInvalidRequests, type FuzzContext } from '../support/fuzz-run.ts';

const t = useTarget();

/** Sends that cannot be kept in sandbox: a wrongly accepted invalid body would deliver and charge. */
const chargesIfAccepted = (op: Operation): boolean => op.sends === true && op.sandbox !== true;

const idsFor = (op: Operation): string[] => [
  `op:${op.operationId}`,
  'rule:envelope.invalid-input-refused',
  ...(op.errorBody === 'envelope' ? ['rule:envelope.error-body'] : op.errorBody === 'otp-v2' ? ['rule:otp2.error-body'] : []),
];

let listKey: Promise<string> | undefined;
/** A real list of the file's account, so that list operations are refused for the body, not the list. */
const realListKey = (): Promise<string> =>
  (listKey ??= (async () => {
    const body = expectSuccess(await t.api('agendas/add', { json: { agenda_name: t.name('fuzz') } }), 'agendas/add', AgendaAddResponse);
    t.onCleanup(() => t.api('agendas/delete', { json: { list_key: body.list_key } }));
    return body.list_key;
  })());

async function contextFor(op: Operation): Promise<FuzzContext> {
  const overrides: Record<string, unknown> = {};
  if (op.area === 'contacts' || op.area === 'agendas') {
    const key = await realListKey();
    Object.assign(overrides, { list_key: key, current_list_key: key, new_list_key: key });
  }
  if (op.operationId === 'sms/send-via-get') overrides.numbers = t.deliverableNumber();
  if (op.auth === 'manager') {
    // A real subaccount, so that a wrongly accepted body would act on something; add gets a new email.
    overrides.email = op.operationId === 'subaccounts/add' ? `${t.name('fz')}@example.com` : (await t.newSubaccount()).email;
  }
  return { t, key: op.auth === 'manager' ? t.managerKey! : t.key, overrides };
}

describe('negative fuzzing: a missing required field is refused with the error body; other deviations may be refused or ignored (warnings)', () => {
  for (const op of OPERATIONS) {
    const name =
      `op:${op.operationId}: invalid requests drawn from its ` +
      `schema${chargesIfAccepted(op) ? ' (needs real-delivery: a wrongly accepted body would deliver and charge, no sandbox)' : ''}`;
    // Operations whose schema accepts any object (shape not shown, 4.5 reset, 4.15) yield no invalid body.
    const found = requestSchemaOf(op);
    const collected = found && planInvalidRequests(found.schema, found.carrier, { maxCases: 8, seed: 1 });
    if (!collected || collected.cases.length === 0) continue;
    req(
      // The rules its refusals are judged against: a required field left out, 7.3's row of the current OTP (fuzz-run.ts).
      [...idsFor(op), ...refusalRulesNamed(op, collected)],
      name,
      async () => {
        const context = await contextFor(op);
        const plan = planFor(op, context)!;
        await sendInvalidRequests(op, plan, context, (c) => {
          if (op.operationId === 'subaccounts/add' && typeof c.fields.email === 'string') {
            const email = c.fields.email;
            t.onCleanup(() => t.api('subaccounts/archive', { key: t.managerKey!, json: { email } }));
          }
        });
      },
      { operation: op.operationId, ...(chargesIfAccepted(op) ? { needs: ['real-delivery' as const] } : {}) },
    );
  }
});
