/**
 * Provoking and catching the events of section 6: a send that emits a confirmation (6.1, 6.3
 * "Emitted by: sends"), a customer reply that emits a response (6.2, capability reply-simulation),
 * and bounded waits for deliveries (or for their absence) within the profile's time budgets.
 */
import { expect } from 'vitest';
import {
  awaitDeliveries,
  type Delivery,
  type EventDelivery,
  type EventType,
  expectSuccess,
  Inconclusive,
  isEventDelivery,
  judge,
  letTimePass,
  NOT_TESTABLE_PREFIX,
  SkipTest,
  type Target,
  type WebhookEndpoint,
} from '../../harness/kit/index.ts';
import { SendResult } from '../../schemas/sms.ts';

export interface SentMessage {
  reference: string;
  /** The 10-digit number the send was addressed to (4.2). */
  national: string;
  /** The recipient as the send answered it (2.2: with country code). */
  number: string;
  message: string;
}

/**
 * POST /sms/send to one number (4.2); sandbox=1 delivers nothing and charges nothing. A real send
 * goes to t.deliverableNumber() (capability real-delivery). The message has no accents (4.2).
 */
export async function sendSms(t: Target, key: string, message: string, options: { sandbox?: boolean } = {}): Promise<SentMessage> {
  const national = options.sandbox ? t.phone() : t.deliverableNumber();
  const json = { numbers: national, message, ...(options.sandbox ? { sandbox: 1 } : {}) };
  const body = expectSuccess(await t.api('sms/send', { key, json }), 'sms/send', SendResult);
  // Every send's references are 2.2's, whichever rule the send is made for (as support/sending-helpers.ts `expectSent`).
  judge('rule:sms.references-per-recipient', 'sms/send: one reference per recipient (2.2)', () =>
    expect(body.references, 'one reference per recipient (2.2)').toHaveLength(1),
  );
  const [ref] = body.references;
  return { reference: ref!.reference, number: ref!.number, national, message };
}

/**
 * Seconds allowed for an event to reach the receiver, and so the length of a wait for silence (6
 * gives no delivery time: profile timeBudgets.webhookDeliverySeconds, else untimedWaitSeconds).
 */
export const deliveryBudgetSeconds = (t: Target): number => t.config.profile.timeBudgets.webhookDeliverySeconds;
/**
 * Seconds spent observing the retries of one event (6.3: "up to 25 retries", no schedule: profile
 * timeBudgets.eventRetriesSeconds, else untimedWaitSeconds). What arrives within it is judged.
 */
export const retriesBudgetSeconds = (t: Target): number => t.config.profile.timeBudgets.eventRetriesSeconds;

const isEventOf =
  (type: EventType, reference: string) =>
  (d: Delivery): boolean =>
    isEventDelivery(d) && d.fields.type === type && d.fields.reference === reference;

/** The event deliveries of `type` for `reference` that `endpoint` received so far. */
export const eventsOf = (endpoint: WebhookEndpoint, type: EventType, reference: string): EventDelivery[] =>
  endpoint.events().filter((d) => d.fields.type === type && d.fields.reference === reference);

/**
 * An answer that left the receiver within this long of the request reaching it, with its event loop
 * never held longer meanwhile, is one any target waiting a sane time saw: the document gives no
 * time a target waits for the 200 (6.3), and a target that gave up sooner retries rightly.
 */
const PROMPT_ANSWER_MS = 1_000;

/**
 * 6.3 "If the endpoint does not answer HTTP 200 the event is retried": once the receiver answered a
 * delivery of the event 200 (promptly, by its own clock), the event is not delivered again.
 * Deliveries before it (the sender gave up on an answer) are retries 6.3 asks for; a delivery
 * after a 200 that left the receiver late, or while its loop was held up (a busy machine), may be
 * a retry of a target that stopped waiting: that decides nothing either way (Inconclusive). Judged
 * as 6.3's "Emitted by" (one event per send or reply), whichever test catches the event.
 */
export function expectDeliveredOnce(endpoint: WebhookEndpoint, type: EventType, reference: string): void {
  const all = eventsOf(endpoint, type, reference);
  // A delivery still pending is being answered (the wait ends on its arrival, before its answer leaves).
  const acknowledged = all.findIndex((d) => d.outcome !== 'client-gone' && d.answer.status === 200);
  judge('event:delivery.emitted-by', `the type=${type} event arrived (6.3)`, () =>
    expect(acknowledged, `a delivery of the type=${type} event for ${reference} was answered 200`).toBeGreaterThanOrEqual(0),
  );
  const again = all.slice(acknowledged + 1);
  if (again.length === 0) return;
  const ack = all[acknowledged]!;
  const late = Math.max(ack.answeredAfterMs ?? Number.POSITIVE_INFINITY, ack.loopStallMs ?? 0);
  if (late > PROMPT_ANSWER_MS)
    throw new Inconclusive(
      `the type=${type} event for ${reference} arrived ${again.length} more time(s) after the receiver answered it 200, but that ` +
        `answer left ${Math.round(ack.answeredAfterMs ?? 0)} ms after the request reached the receiver's code, its loop held up to ` +
        `${Math.round(ack.loopStallMs ?? 0)} ms (a busy machine): the target may have stopped waiting for it and retried (6.3), as it may`,
    );
  judge('event:delivery.emitted-by', `one type=${type} event per ${type === 'confirmation' ? 'send' : 'reply'} (6.3)`, () =>
    expect(
      again.map((d) => `#${d.seq}`),
      `answered 200 within ${PROMPT_ANSWER_MS} ms, the type=${type} event arrived once`,
    ).toEqual([]),
  );
}

/**
 * Waits (at most `seconds` of the target's time: real, or its test clock) until `count` deliveries
 * of the event arrived; returns them. The document gives no delivery time (6): past the budget the
 * wait fails, saying which budget bounds it.
 */
export async function waitForEvent(
  t: Target,
  endpoint: WebhookEndpoint,
  type: EventType,
  reference: string,
  seconds: number,
  count = 1,
): Promise<EventDelivery[]> {
  const label = `${count} type=${type} event(s) for reference ${reference}`;
  const found = await awaitDeliveries(t.clock, endpoint, isEventOf(type, reference), { seconds, count, label }).catch((error: unknown) => {
    throw new Error(
      `${label}: not delivered within ${seconds} s (profile timeBudgets.webhookDeliverySeconds, else untimedWaitSeconds: the document ` +
        `gives no delivery time, raise the budget for a slower target); ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  });
  return found.filter(isEventDelivery);
}

/**
 * The deliveries of one event that arrive within `seconds` of the target's time (at most `enough`
 * are waited for: the wait ends once they are there). Unlike waitForEvent, running out of time is
 * not an error: the caller judges what was seen (a wait the document does not time is bounded).
 */
export async function deliveriesWithin(
  t: Target,
  endpoint: WebhookEndpoint,
  type: EventType,
  reference: string,
  seconds: number,
  enough: number,
): Promise<EventDelivery[]> {
  await awaitDeliveries(t.clock, endpoint, isEventOf(type, reference), { seconds, count: enough }).catch(() => undefined);
  return eventsOf(endpoint, type, reference);
}

/**
 * Lets `seconds` pass on the target and on the endpoints watched (test clock, or real time), so
 * that an event that was going to be delivered in that window has arrived; used before asserting
 * that none did. On a test clock the deliveries of its last step are let cross the network too.
 */
export async function quietWindow(t: Target, endpoints: readonly WebhookEndpoint[], seconds: number): Promise<void> {
  await letTimePass(t.clock, endpoints, seconds);
}

/**
 * Capability reply-simulation, its protocol: the target offers `POST /__test/reply` with a JSON
 * body {apikey, reference, response}, outside the documented API (the test hook of the reference
 * server). It makes the customer of the message `reference` of the account `apikey` reply
 * `response`, which the document says emits a type=response event (6.2, 6.3).
 */
export async function simulateReply(t: Target, key: string, reference: string, response: string): Promise<void> {
  const answer = await t.http({ method: 'POST', path: '/__test/reply', json: { apikey: key, reference, response } });
  // A target that declares the capability without offering this protocol (its customers reply by
  // other means, a person with a phone): the kit cannot make the reply, so the tests that need it
  // are not testable, not failed.
  if (ROUTE_ABSENT.includes(answer.status))
    throw new SkipTest(
      `${NOT_TESTABLE_PREFIX} the profile declares reply-simulation, but the target does not offer the kit's protocol ` +
        `for it (POST /__test/reply answered HTTP ${answer.status}); the document gives no way to make a customer reply`,
    );
  // The hook is the kit's way to a reply, not the documented API: a reply it could not make decides nothing of 6.2.
  if (answer.status !== 200)
    throw new Inconclusive(
      `POST /__test/reply (capability reply-simulation) answered HTTP ${answer.status}, not 200: the customer reply was not made ` +
        `(${answer.text.slice(0, 200)})`,
    );
}

/** Statuses of a path or method the target does not have. */
const ROUTE_ABSENT: readonly number[] = [404, 405, 501];
