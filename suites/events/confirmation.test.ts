/**
 * 6.1: the type=confirmation events a send emits (6.3 "Emitted by: sends"), each field of 6.1 in its
 * format and with its meaning, the delivery codes 0 to 12, and no request_id on an event (6). The
 * events are two sends' confirmations to a fresh URL (support/event-fixtures.ts), caught by the
 * suite's loopback receiver; a confirmation needs a real send (capability real-delivery). The
 * document times no delivery: the wait is the profile's budget (timeBudgets.webhookDeliverySeconds).
 */
import { beforeAll, describe, expect } from 'vitest';
import { expectSchema, judge, req, useTarget } from '../../harness/kit/index.ts';
import { ConfirmationEvent, WebhookEvent, deliveryStatusMeaning } from '../../schemas/events.ts';
import { type Caught, eventFixtures, expectRecentDate } from '../support/event-fixtures.ts';
import { expectDeliveredOnce } from '../support/webhook-events.ts';
import { clearWebhook } from '../support/webhook-ops.ts';

const t = useTarget();
const fixtures = eventFixtures(t);

beforeAll(() => {
  t.onCleanup(() => clearWebhook(t, t.key));
});

const CONFIRMATION_FIELDS = Object.keys(ConfirmationEvent.shape) as (keyof typeof ConfirmationEvent.shape)[];

/** What 6.1 says of each confirmation field beyond its format, judged as that field's requirement. */
const confirmationChecks: Record<(typeof CONFIRMATION_FIELDS)[number], (c: Caught) => void> = {
  type: (c) => judge('event:confirmation.type', 'type (6.1)', () => expect(c.event.fields.type, 'type').toBe('confirmation')),
  reference: (c) =>
    judge('event:confirmation.reference', 'reference (6.1)', () =>
      expect(c.event.fields.reference, 'reference: the message reference returned by the send').toBe(c.sent.reference),
    ),
  status: (c) =>
    judge('event:confirmation.status', 'status (6.1)', () =>
      expect(deliveryStatusMeaning(c.event.fields.status ?? ''), `status ${c.event.fields.status}: a delivery code of 6.1`).toBeDefined(),
    ),
  number: (c) =>
    judge('event:confirmation.number', 'number (6.1)', () =>
      expect(c.event.fields.number, `number: the recipient ${c.sent.national}`).toMatch(new RegExp(`${c.sent.national}$`)),
    ),
  date: (c) => expectRecentDate('event:confirmation.date', c.event.fields.date, c.now, 'date: the confirmation time'),
  // 6.1 lists extra_params among the parameters of every confirmation. How it is supplied at send
  // time is not shown (6.3), so with none supplied only its presence and format are checked.
  extra_params: (c) =>
    judge('event:confirmation.extra_params', 'extra_params (6.1)', () =>
      expect(c.event.fields, 'extra_params is a parameter of the confirmation (6.1)').toHaveProperty('extra_params'),
    ),
};

describe('type=confirmation events (6.1)', () => {
  for (const field of CONFIRMATION_FIELDS) {
    req(
      [`event:confirmation.${field}`],
      `a confirmation carries ${field} in the documented format (6.1)`,
      async () => {
        for (const c of (await fixtures.confirmations()).caught) {
          expectSchema(
            `event:confirmation.${field}`,
            ConfirmationEvent.shape[field],
            c.event.fields[field],
            `confirmation ${field} (reference ${c.sent.reference})`,
          );
          confirmationChecks[field](c);
        }
      },
      { needs: ['real-delivery'] },
    );
  }

  req(
    ['event:status-codes', 'event:confirmation.status'],
    'the status of a confirmation is one of the delivery codes 0 to 12 (6.1)',
    async () => {
      for (const { event } of (await fixtures.confirmations()).caught) {
        const status = event.fields.status ?? '';
        judge('event:status-codes', 'a delivery code 0 to 12 (6.1)', () =>
          expect(deliveryStatusMeaning(status), `status "${status}" is a delivery code of 6.1`).toBeDefined(),
        );
        judge('event:confirmation.status', 'status is a number (6.1)', () =>
          expect(String(Number(status)), 'status is a number (6.1), written without padding').toBe(status),
        );
      }
    },
    { needs: ['real-delivery'] },
  );

  req(
    ['event:delivery.emitted-by', 'event:delivery.type-selects-kind'],
    'every send emits one type=confirmation event for its reference (6.3), a whole event of 6.1',
    async () => {
      const { endpoint, caught } = await fixtures.confirmations();
      for (const c of caught) {
        const parsed = expectSchema('event:delivery.emitted-by', WebhookEvent, c.event.fields, `the event for ${c.sent.reference}`);
        judge('event:delivery.type-selects-kind', 'type confirmation for a send (6, 6.3)', () =>
          expect(parsed.type, 'type selects the kind: a send confirms').toBe('confirmation'),
        );
        expectDeliveredOnce(endpoint, 'confirmation', c.sent.reference);
      }
    },
    { needs: ['real-delivery'] },
  );

  req(
    ['event:delivery.no-request-id'],
    'events carry no request_id (6)',
    async () => {
      const { endpoint } = await fixtures.confirmations();
      for (const d of endpoint.events()) {
        judge('event:delivery.no-request-id', 'no request_id in the parameters (6)', () => {
          expect(Object.keys(d.fields), `event #${d.seq} parameters`).not.toContain('request_id');
          expect(Object.keys(d.query), `event #${d.seq} query`).not.toContain('request_id');
        });
      }
    },
    { needs: ['real-delivery'] },
  );
});
