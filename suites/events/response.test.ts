/**
 * 6.2: the type=response event a customer reply emits (6.3 "Emitted by: customer replies"), each
 * field of 6.2 in its format and with its meaning, and no request_id (6). The reply is to the first
 * of two confirmed sends (support/event-fixtures.ts); it needs a real send (capability
 * real-delivery) and a way to make a customer reply (capability reply-simulation, protocol in
 * support/webhook-events.ts).
 */
import { beforeAll, describe, expect } from 'vitest';
import { expectSchema, judge, req, useTarget } from '../../harness/kit/index.ts';
import { ResponseEvent, WebhookEvent } from '../../schemas/events.ts';
import { eventFixtures, expectRecentDate, type ResponseFixture } from '../support/event-fixtures.ts';
import { expectDeliveredOnce } from '../support/webhook-events.ts';
import { clearWebhook } from '../support/webhook-ops.ts';

const t = useTarget();
const fixtures = eventFixtures(t);

beforeAll(() => {
  t.onCleanup(() => clearWebhook(t, t.key));
});

const RESPONSE_FIELDS = Object.keys(ResponseEvent.shape) as (keyof typeof ResponseEvent.shape)[];

/** What 6.2 says of each response field beyond its format, judged as that field's requirement. */
const responseChecks: Record<(typeof RESPONSE_FIELDS)[number], (r: ResponseFixture) => void> = {
  type: (r) => judge('event:response.type', 'type (6.2)', () => expect(r.event.fields.type, 'type').toBe('response')),
  reference: (r) =>
    judge('event:response.reference', 'reference: the original message (6.2)', () =>
      expect(r.event.fields.reference, 'reference of the original message').toBe(r.sent.reference),
    ),
  number: (r) =>
    judge('event:response.number', 'number: the number that replied (6.2)', () =>
      expect(r.event.fields.number, `number that replied: ${r.sent.national}`).toMatch(new RegExp(`${r.sent.national}$`)),
    ),
  message: (r) =>
    judge('event:response.message', 'message: the message sent (6.2)', () => expect(r.event.fields.message, 'message originally sent').toBe(r.sent.message)),
  response: (r) => judge('event:response.response', 'response: the reply (6.2)', () => expect(r.event.fields.response, 'reply content').toBe(r.reply)),
  send_date: (r) => {
    expectRecentDate('event:response.send_date', r.event.fields.send_date, r.now, 'send_date: the original send time');
    judge('event:response.send_date', 'send_date before the reply and the confirmation (6.2)', () => {
      expect(r.event.fields.send_date! < r.event.fields.response_date!, 'the original send precedes the reply (2 s later)').toBe(true);
      expect(r.event.fields.send_date! <= r.confirmedAt, `the original send precedes its confirmation (${r.confirmedAt})`).toBe(true);
    });
  },
  response_date: (r) => {
    expectRecentDate('event:response.response_date', r.event.fields.response_date, r.now, 'response_date: the reply time');
    judge('event:response.response_date', 'response_date after the send (6.2)', () =>
      expect(r.event.fields.response_date! > r.event.fields.send_date!, 'the reply follows the original send (2 s later)').toBe(true),
    );
  },
};

describe('type=response events (6.2)', () => {
  for (const field of RESPONSE_FIELDS) {
    req(
      [`event:response.${field}`],
      `a response carries ${field} in the documented format (6.2)`,
      async () => {
        const r = await fixtures.responses();
        expectSchema(`event:response.${field}`, ResponseEvent.shape[field], r.event.fields[field], `response ${field}`);
        responseChecks[field](r);
      },
      { needs: ['real-delivery', 'webhook-reachable'] },
    );
  }

  req(
    ['event:delivery.emitted-by', 'event:delivery.type-selects-kind', 'event:delivery.no-request-id'],
    'a customer reply emits one type=response event, a whole event of 6.2 without request_id (6.3)',
    async () => {
      const r = await fixtures.responses();
      const parsed = expectSchema('event:delivery.emitted-by', WebhookEvent, r.event.fields, 'the reply event');
      judge('event:delivery.type-selects-kind', 'type response for a reply (6, 6.3)', () =>
        expect(parsed.type, 'type selects the kind: a reply responds').toBe('response'),
      );
      judge('event:delivery.no-request-id', 'no request_id (6)', () => expect(Object.keys(r.event.fields), 'event parameters').not.toContain('request_id'));
      const { endpoint } = await fixtures.confirmations();
      expectDeliveredOnce(endpoint, 'response', r.sent.reference);
    },
    { needs: ['real-delivery', 'reply-simulation'] },
  );
});
