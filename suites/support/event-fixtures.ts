/**
 * The events the checks of 6.1 and 6.2 read, provoked once per suite file: a webhook on a fresh URL,
 * two sends one after the other and each one's confirmation (6.1, 6.3 "Emitted by: sends"), and a
 * reply of the first message's customer (6.2, capability reply-simulation). The dates of 6.1 and
 * 6.2 are judged against the target's time (`expectRecentDate`).
 */
import { expect } from 'vitest';
import { type EventDelivery, judge, type Target, type WebhookEndpoint } from '../../harness/kit/index.ts';
import { parseCompactDateTime } from '../../schemas/formats.ts';
import { type SentMessage, deliveryBudgetSeconds, retriesBudgetSeconds, sendSms, simulateReply, waitForEvent } from './webhook-events.ts';
import { freshEndpoint, registerWebhook } from './webhook-ops.ts';

export interface Caught {
  sent: SentMessage;
  event: EventDelivery;
  /** The target's time when the event had arrived. */
  now: number;
}

interface ConfirmationFixture {
  endpoint: WebhookEndpoint;
  caught: Caught[];
}

export interface ResponseFixture {
  sent: SentMessage;
  /** The date of the message's confirmation (6.1). */
  confirmedAt: string;
  reply: string;
  event: EventDelivery;
  now: number;
}

export interface EventFixtures {
  /** 6.1, 6.3: a webhook on a fresh URL, two sends one after the other, each one's confirmation; made once, on the first ask. */
  confirmations(): Promise<ConfirmationFixture>;
  /** 6.2, 6.3: the customer of the first confirmed message replies (capability reply-simulation); made once, on the first ask. */
  responses(): Promise<ResponseFixture>;
}

/** The fixtures of one suite file, in its account (t.key). */
export function eventFixtures(t: Target): EventFixtures {
  const deliverySeconds = deliveryBudgetSeconds(t);
  let confirmations: Promise<ConfirmationFixture> | undefined;
  let responses: Promise<ResponseFixture> | undefined;
  const fixtures: EventFixtures = {
    confirmations: () => {
      confirmations ??= (async () => {
        const endpoint = await freshEndpoint(t, 'conf');
        await registerWebhook(t, t.key, endpoint.url, '1');
        const caught: Caught[] = [];
        for (const n of [1, 2]) {
          const sent = await sendSms(t, t.key, `Conformance confirmation ${n}`);
          const [event] = await waitForEvent(t, endpoint, 'confirmation', sent.reference, deliverySeconds);
          caught.push({ sent, event: event!, now: await t.clock.now() });
        }
        return { endpoint, caught };
      })();
      return confirmations;
    },
    responses: () => {
      responses ??= (async () => {
        const { endpoint, caught } = await fixtures.confirmations();
        const sent = caught[0]!.sent;
        await registerWebhook(t, t.key, endpoint.url, '1');
        // The customer answers a little later, so that the reply time is after the send time (6.2).
        await t.clock.wait(2);
        const reply = 'Si gracias 123';
        await simulateReply(t, t.key, sent.reference, reply);
        const [event] = await waitForEvent(t, endpoint, 'response', sent.reference, deliverySeconds);
        return { sent, confirmedAt: caught[0]!.event.fields.date ?? '', reply, event: event!, now: await t.clock.now() };
      })();
      return responses;
    },
  };
  return fixtures;
}

/** The requirements of the dates of 6.1 and 6.2, each judged by `expectRecentDate`. */
type EventDateRequirement = 'event:confirmation.date' | 'event:response.send_date' | 'event:response.response_date';

/** "The time a date names": dates of 6.1 and 6.2 carry no zone, so a day either side is allowed. */
const DATE_TOLERANCE_MS = 26 * 3600_000;

/**
 * A date of 6.1 or 6.2: YYYYMMDDHHMMSS, naming the target's time of the event within a day either
 * side; judged as `requirement`, the field's own (event:confirmation.date, event:response.send_date, ...).
 */
export function expectRecentDate(requirement: EventDateRequirement, text: string | undefined, now: number, what: string): void {
  const epoch = text === undefined ? undefined : parseCompactDateTime(text);
  judge(requirement, `${what} (6.1, 6.2)`, () => {
    expect(epoch, `${what}: YYYYMMDDHHMMSS (${text})`).toBeTypeOf('number');
    expect(Math.abs(epoch! - now), `${what} ${text} is the time of the event (target now ${new Date(now).toISOString()})`).toBeLessThanOrEqual(
      DATE_TOLERANCE_MS,
    );
  });
}

/** The timeout of a test that waits for events or for their absence: its waits (deliveries and retries, twice each) plus room for its calls. */
export const waitingTestMs = (t: Target): number => (2 * deliveryBudgetSeconds(t) + 2 * retriesBudgetSeconds(t)) * 1000 + 30_000;
