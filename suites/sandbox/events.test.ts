/**
 * Sandbox events (4.2, 6.3): whether a sandbox send emits a confirmation (ambiguity
 * sandbox-sends-emit-events; the document is silent), against a control send that is not sandbox.
 *
 * Starts first in a run (declared in harness/run/suite-schedule.ts; its wait: untimedWaitSeconds for a sandbox event that may never come).
 */
import { describe, expect } from 'vitest';
import { awaitDeliveries, type Delivery, expectSuccess, isEventDelivery, judge, req, useTarget } from '../../harness/kit/index.ts';
import { overlaps, sandboxSends } from '../support/sandbox-sends.ts';
import { withOwnAccount } from '../support/webhook-accounts.ts';
import { expectSent, plainText, withCountryCode } from '../support/sending-helpers.ts';

const t = useTarget();

const OVERLAP = overlaps(t);
const { sandboxSms, sendSms } = sandboxSends(t);

describe('sandbox events (4.2, 6.3)', { concurrent: OVERLAP }, () => {
  req(
    ['rule:sandbox.events'],
    'whether a sandbox send emits a confirmation (ambiguity sandbox-sends-emit-events)',
    () =>
      withOwnAccount(t, 1, async (key) => {
        const receiver = await t.receiver();
        const hook = receiver.endpoint(t.name('hook'));
        // withOwnAccount deletes the account's webhook afterwards.
        expectSuccess(await t.api('webhooks/add', { key, json: { url: hook.url, status: '1' } }), 'webhooks/add');
        const budgetMs = t.config.profile.timeBudgets.webhookDeliverySeconds * 1000;
        const confirmationOf = (reference: string) => (d: Delivery) =>
          isEventDelivery(d) && d.fields.type === 'confirmation' && d.fields.reference === reference;
        // Control: a send that is not sandbox is confirmed (6.3 "Emitted by: sends"), so the webhook works.
        if (t.has('real-delivery')) {
          const number = t.deliverableNumber();
          const real = expectSent(await sendSms({ numbers: number, message: plainText(t, 'ctl') }, key), 'sms/send', [withCountryCode(number)]);
          await awaitDeliveries(t.clock, hook, confirmationOf(real.references[0]!.reference), {
            seconds: budgetMs / 1000,
            label: 'confirmation of the control send',
          });
        }
        const number = t.phone();
        const sandbox = expectSent(await sendSms(sandboxSms([number]), key), 'sms/send', [withCountryCode(number)]);
        const reference = sandbox.references[0]!.reference;
        // The wait follows the target's clock: with a test clock its budget passes without real waiting.
        const arrived = await awaitDeliveries(t.clock, hook, confirmationOf(reference), { seconds: budgetMs / 1000 }).then(
          () => true,
          () => false,
        );
        const choice = t.choices['sandbox-sends-emit-events'];
        judge(
          'sandbox-sends-emit-events',
          arrived ? 'a confirmation arrived' : `no confirmation within ${budgetMs / 1000} s`,
          choice === 'events' ? arrived : choice === 'no-events' ? !arrived : null,
        );
        // The document is silent (4.2, 6.3): what the target did against the profile's option is recorded.
        if (choice === 'events')
          judge('rule:sandbox.events', 'a sandbox send emits a confirmation (profile)', () =>
            expect(arrived, 'a sandbox send emits a confirmation (profile)').toBe(true),
          );
        if (choice === 'no-events')
          judge('rule:sandbox.events', 'a sandbox send emits no event (profile)', () => expect(arrived, 'a sandbox send emits no event (profile)').toBe(false));
      }),
    { timeout: 120_000 },
  );
});
