/**
 * Events (section 6): the confirmation events of 6.1 emitted by sends, the response events of 6.2
 * emitted by customer replies, and the delivery rules of 6 and 6.3 (one URL per account, GET or
 * form-urlencoded POST, HEAD checked before delivery, no request_id, retries until HTTP 200 with at
 * most 25 retries), with the silence of 3.2 while the webhook is disabled or after it is deleted.
 *
 * Events are caught by the suite's loopback receiver (capability webhook-reachable); a confirmation
 * needs a real send (capability real-delivery); a response needs a customer reply (capability
 * reply-simulation, protocol in support/webhook-events.ts). The document times none of these waits:
 * each is bounded by the profile's time budgets (untimedWaitSeconds, 30 s by default), what arrives
 * within it is judged and what could not be seen is recorded as not observed; tests that
 * wait run concurrently, each in an account of its own, so that their waits overlap.
 *
 * Starts first in a run (declared in harness/run/suite-schedule.ts; its waits: event retries and silences of 6.3).
 */
import { beforeAll, describe, expect } from 'vitest';
import {
  arrivalResolutionSeconds,
  type EventDelivery,
  expectSchema,
  observe,
  optionsToAccept,
  req,
  useTarget,
  type WebhookEndpoint,
} from '../harness/kit/index.ts';
import { ConfirmationEvent, ResponseEvent, WebhookEvent, deliveryStatusMeaning } from '../schemas/events.ts';
import { parseCompactDateTime } from '../schemas/formats.ts';
import { limitById } from '../schemas/limits.ts';
import { withOwnAccount } from './support/webhook-accounts.ts';
import { expectRetriedWithin, recordNotObserved, retriesStop, STOPPED_SILENCE_FACTOR } from './support/event-retries.ts';
import {
  deliveriesWithin,
  deliveryBudgetSeconds,
  eventsOf,
  expectDeliveredOnce,
  quietWindow,
  retriesBudgetSeconds,
  sendSms,
  simulateReply,
  waitForEvent,
  type SentMessage,
} from './support/webhook-events.ts';
import { clearWebhook, freshEndpoint, registerWebhook, setWebhookStatus } from './support/webhook-ops.ts';

const t = useTarget();

beforeAll(() => {
  t.onCleanup(() => clearWebhook(t, t.key));
});

const DELIVERY_S = deliveryBudgetSeconds(t);
const RETRIES_S = retriesBudgetSeconds(t);
/** How precisely arrival times within the retries budget are known (a test clock moved in steps). */
const ARRIVAL_RESOLUTION_S = arrivalResolutionSeconds(t.clock, RETRIES_S);
/** 6.3: "up to 25 retries per event". */
const MAX_RETRIES = limitById('event-retries').max!;
/** Test timeouts: the waits of a test plus room for its calls. */
const WAITING_TEST_MS = (2 * DELIVERY_S + 2 * RETRIES_S) * 1000 + 30_000;

/** "The time a date names": dates of 6.1 and 6.2 carry no zone, so a day either side is allowed. */
const DATE_TOLERANCE_MS = 26 * 3600_000;

function expectRecentDate(text: string | undefined, now: number, what: string): void {
  const epoch = text === undefined ? undefined : parseCompactDateTime(text);
  expect(epoch, `${what}: YYYYMMDDHHMMSS (${text})`).toBeTypeOf('number');
  expect(Math.abs(epoch! - now), `${what} ${text} is the time of the event (target now ${new Date(now).toISOString()})`).toBeLessThanOrEqual(DATE_TOLERANCE_MS);
}

// ---------------------------------------------------------------------------------------------
// Fixtures: two sends to a fresh URL and their confirmations; a reply to the first.
// ---------------------------------------------------------------------------------------------

interface Caught {
  sent: SentMessage;
  event: EventDelivery;
  /** The target's time when the event had arrived. */
  now: number;
}

interface ConfirmationFixture {
  endpoint: WebhookEndpoint;
  caught: Caught[];
}

let confirmations: Promise<ConfirmationFixture> | undefined;

/** 6.1, 6.3: a webhook on a fresh URL, two sends one after the other, each one's confirmation. */
function confirmationFixture(): Promise<ConfirmationFixture> {
  confirmations ??= (async () => {
    const endpoint = await freshEndpoint(t, 'conf');
    await registerWebhook(t, t.key, endpoint.url, '1');
    const caught: Caught[] = [];
    for (const n of [1, 2]) {
      const sent = await sendSms(t, t.key, `Conformance confirmation ${n}`);
      const [event] = await waitForEvent(t, endpoint, 'confirmation', sent.reference, DELIVERY_S);
      caught.push({ sent, event: event!, now: await t.clock.now() });
    }
    return { endpoint, caught };
  })();
  return confirmations;
}

interface ResponseFixture {
  sent: SentMessage;
  /** The date of the message's confirmation (6.1). */
  confirmedAt: string;
  reply: string;
  event: EventDelivery;
  now: number;
}

let responses: Promise<ResponseFixture> | undefined;

/** 6.2, 6.3: the customer of the first confirmed message replies (capability reply-simulation). */
function responseFixture(): Promise<ResponseFixture> {
  responses ??= (async () => {
    const { endpoint, caught } = await confirmationFixture();
    const sent = caught[0]!.sent;
    await registerWebhook(t, t.key, endpoint.url, '1');
    // The customer answers a little later, so that the reply time is after the send time (6.2).
    await t.clock.wait(2);
    const reply = 'Si gracias 123';
    await simulateReply(t, t.key, sent.reference, reply);
    const [event] = await waitForEvent(t, endpoint, 'response', sent.reference, DELIVERY_S);
    return { sent, confirmedAt: caught[0]!.event.fields.date ?? '', reply, event: event!, now: await t.clock.now() };
  })();
  return responses;
}

const CONFIRMATION_FIELDS = Object.keys(ConfirmationEvent.shape) as (keyof typeof ConfirmationEvent.shape)[];
const RESPONSE_FIELDS = Object.keys(ResponseEvent.shape) as (keyof typeof ResponseEvent.shape)[];

/** What 6.1 says of each confirmation field beyond its format. */
const confirmationChecks: Record<(typeof CONFIRMATION_FIELDS)[number], (c: Caught) => void> = {
  type: (c) => expect(c.event.fields.type, 'type').toBe('confirmation'),
  reference: (c) => expect(c.event.fields.reference, 'reference: the message reference returned by the send').toBe(c.sent.reference),
  status: (c) => expect(deliveryStatusMeaning(c.event.fields.status ?? ''), `status ${c.event.fields.status}: a delivery code of 6.1`).toBeDefined(),
  number: (c) => expect(c.event.fields.number, `number: the recipient ${c.sent.national}`).toMatch(new RegExp(`${c.sent.national}$`)),
  date: (c) => expectRecentDate(c.event.fields.date, c.now, 'date: the confirmation time'),
  // 6.1 lists extra_params among the parameters of every confirmation. How it is supplied at send
  // time is not shown (6.3), so with none supplied only its presence and format are checked.
  extra_params: (c) => expect(c.event.fields, 'extra_params is a parameter of the confirmation (6.1)').toHaveProperty('extra_params'),
};

describe('type=confirmation events (6.1)', () => {
  for (const field of CONFIRMATION_FIELDS) {
    req(
      [`event:confirmation.${field}`],
      `a confirmation carries ${field} in the documented format (6.1)`,
      async () => {
        for (const c of (await confirmationFixture()).caught) {
          expectSchema(ConfirmationEvent.shape[field], c.event.fields[field], `confirmation ${field} (reference ${c.sent.reference})`);
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
      for (const { event } of (await confirmationFixture()).caught) {
        const status = event.fields.status ?? '';
        expect(deliveryStatusMeaning(status), `status "${status}" is a delivery code of 6.1`).toBeDefined();
        expect(String(Number(status)), 'status is a number (6.1), written without padding').toBe(status);
      }
    },
    { needs: ['real-delivery'] },
  );

  req(
    ['event:delivery.emitted-by', 'event:delivery.type-selects-kind'],
    'every send emits one type=confirmation event for its reference (6.3), a whole event of 6.1',
    async () => {
      const { endpoint, caught } = await confirmationFixture();
      for (const c of caught) {
        const parsed = expectSchema(WebhookEvent, c.event.fields, `the event for ${c.sent.reference}`);
        expect(parsed.type, 'type selects the kind: a send confirms').toBe('confirmation');
        expectDeliveredOnce(endpoint, 'confirmation', c.sent.reference);
      }
    },
    { needs: ['real-delivery'] },
  );

  req(
    ['event:delivery.no-request-id'],
    'events carry no request_id (6)',
    async () => {
      const { endpoint } = await confirmationFixture();
      for (const d of endpoint.events()) {
        expect(Object.keys(d.fields), `event #${d.seq} parameters`).not.toContain('request_id');
        expect(Object.keys(d.query), `event #${d.seq} query`).not.toContain('request_id');
      }
    },
    { needs: ['real-delivery'] },
  );

  req(
    ['event:delivery.delivery-get-or-post', 'event:delivery.post-form-urlencoded'],
    'events arrive by GET (query) or by form-urlencoded POST (6; ambiguity webhook-delivery-method)',
    async () => {
      const { endpoint } = await confirmationFixture();
      const choice = t.choices['webhook-delivery-method'];
      // 6 "Delivery is by GET or POST (chosen in the panel)": both are the document's. An option that
      // discover observed or the profile declared narrows it; a defaulted one (probed or not) accepts either.
      const accepted = optionsToAccept(t.config.profile, 'webhook-delivery-method', ['post', 'get']).map((o) => o.toUpperCase());
      const methods = new Set<string>();
      // Every request to the URL that carries event parameters, whatever the receiver made of it.
      for (const d of endpoint.deliveries.filter((x) => x.kind === 'event' || x.kind === 'other')) {
        methods.add(d.method);
        expect(['GET', 'POST'], `delivery #${d.seq}: method (6: GET or POST)`).toContain(d.method);
        if (d.method === 'POST') {
          expect(String(d.headers['content-type'] ?? ''), `delivery #${d.seq}: POST uses application/x-www-form-urlencoded (6)`).toMatch(
            /^application\/x-www-form-urlencoded\b/i,
          );
          expect(d.form?.type, `delivery #${d.seq}: the parameters are in the form body`).toBeDefined();
        } else {
          expect(d.query.type, `delivery #${d.seq}: the parameters are in the query`).toBeDefined();
        }
      }
      const observed = [...methods].join(', ') || 'no delivery';
      observe('webhook-delivery-method', observed, methods.size === 1 && methods.has(choice.toUpperCase()));
      // One method per URL (chosen in the panel), and one the profile's option accepts.
      expect(methods.size, `one delivery method (6: chosen in the panel); seen ${observed}`).toBe(1);
      expect(accepted, `delivery method ${observed} (profile webhook-delivery-method=${choice})`).toContain([...methods][0]);
    },
    { needs: ['real-delivery'] },
  );

  req(
    ['event:delivery.head-before-delivery'],
    'the URL is checked with HEAD before delivery (6; ambiguity webhook-head-check)',
    async () => {
      const { endpoint, caught } = await confirmationFixture();
      const all = endpoint.deliveries;
      const heads = all.filter((d) => d.method === 'HEAD');
      const firstEvent = caught[0]!.event;
      const choice = t.choices['webhook-head-check'];
      // Per event delivery: a HEAD of its own before it. A target may check and deliver several
      // events at once (HEAD, HEAD, then both deliveries): the k-th delivery needs k HEADs before it.
      const events = all.filter((d) => d.kind === 'event');
      const checked = caught.map((c) => {
        const deliveriesSoFar = events.filter((d) => d.seq <= c.event.seq).length;
        return heads.filter((h) => h.seq < c.event.seq).length >= deliveriesSoFar;
      });
      observe(
        'webhook-head-check',
        `${heads.length} HEAD for ${caught.length} deliveries; HEAD before each: ${checked.join(', ')}`,
        choice === 'before-each-delivery' ? checked.every(Boolean) : checked[0] === true,
      );
      expect(
        heads.some((h) => h.seq < firstEvent.seq),
        'a HEAD reached the URL before the first delivery (6)',
      ).toBe(true);
      // A defaulted option (probed or not) holds a target to what both options share: a HEAD before the first delivery.
      const accepted = optionsToAccept(t.config.profile, 'webhook-head-check', ['before-each-delivery', 'before-first-delivery']);
      if (!accepted.includes('before-first-delivery'))
        expect(checked, 'a HEAD before every delivery (profile webhook-head-check=before-each-delivery)').toEqual(caught.map(() => true));
    },
    { needs: ['real-delivery'] },
  );
});

/** What 6.2 says of each response field beyond its format. */
const responseChecks: Record<(typeof RESPONSE_FIELDS)[number], (r: ResponseFixture) => void> = {
  type: (r) => expect(r.event.fields.type, 'type').toBe('response'),
  reference: (r) => expect(r.event.fields.reference, 'reference of the original message').toBe(r.sent.reference),
  number: (r) => expect(r.event.fields.number, `number that replied: ${r.sent.national}`).toMatch(new RegExp(`${r.sent.national}$`)),
  message: (r) => expect(r.event.fields.message, 'message originally sent').toBe(r.sent.message),
  response: (r) => expect(r.event.fields.response, 'reply content').toBe(r.reply),
  send_date: (r) => {
    expectRecentDate(r.event.fields.send_date, r.now, 'send_date: the original send time');
    expect(r.event.fields.send_date! < r.event.fields.response_date!, 'the original send precedes the reply (2 s later)').toBe(true);
    expect(r.event.fields.send_date! <= r.confirmedAt, `the original send precedes its confirmation (${r.confirmedAt})`).toBe(true);
  },
  response_date: (r) => {
    expectRecentDate(r.event.fields.response_date, r.now, 'response_date: the reply time');
    expect(r.event.fields.response_date! > r.event.fields.send_date!, 'the reply follows the original send (2 s later)').toBe(true);
  },
};

describe('type=response events (6.2)', () => {
  for (const field of RESPONSE_FIELDS) {
    req(
      [`event:response.${field}`],
      `a response carries ${field} in the documented format (6.2)`,
      async () => {
        const r = await responseFixture();
        expectSchema(ResponseEvent.shape[field], r.event.fields[field], `response ${field}`);
        responseChecks[field](r);
      },
      { needs: ['real-delivery', 'webhook-reachable'] },
    );
  }

  req(
    ['event:delivery.emitted-by', 'event:delivery.type-selects-kind', 'event:delivery.no-request-id'],
    'a customer reply emits one type=response event, a whole event of 6.2 without request_id (6.3)',
    async () => {
      const r = await responseFixture();
      const parsed = expectSchema(WebhookEvent, r.event.fields, 'the reply event');
      expect(parsed.type, 'type selects the kind: a reply responds').toBe('response');
      expect(Object.keys(r.event.fields), 'event parameters').not.toContain('request_id');
      const { endpoint } = await confirmationFixture();
      expectDeliveredOnce(endpoint, 'response', r.sent.reference);
    },
    { needs: ['real-delivery', 'reply-simulation'] },
  );
});

// ---------------------------------------------------------------------------------------------
// Tests that wait for silence or for retries: concurrent, each in an account of its own.
// ---------------------------------------------------------------------------------------------

/**
 * 6.3 "does not answer HTTP 200": server errors, other 2xx answers and a client error. Two errors
 * come first, so that a target that stops at the first other 2xx has shown a cadence of retries
 * before its silence (retriesStop needs two intervals to tell "stopped" from "slow").
 */
const RETRIED_ANSWERS = [500, 503, 204, 201, 404];

/**
 * Arrival times that judge a schedule of retries (6.3): on a test clock the target's time as the
 * kit gave it (the sum of its steps: a stall of this machine between two steps is no interval of
 * the target's schedule, whose timers run on that clock), else the endpoint's clock.
 */
const onSchedule = (deliveries: readonly EventDelivery[]): EventDelivery[] => deliveries.map((d) => (t.clock.virtual ? { ...d, receivedAt: d.advancedMs } : d));
const scheduleNow = (endpoint: WebhookEndpoint): number => (t.clock.virtual ? endpoint.advanced() : endpoint.now());

/** A quiet period after the last of `deliveries`: three times the last gap, at least 1 s, within `cap`. */
function quietAfter(deliveries: readonly EventDelivery[], cap: number): number {
  const gaps = deliveries.slice(1).map((d, i) => (d.receivedAt - deliveries[i]!.receivedAt) / 1000);
  return Math.min(cap, Math.max(1, 3 * (gaps.at(-1) ?? 0)));
}

describe('delivery rules over time (6, 6.3, 3.2)', () => {
  req(
    ['event:delivery.retry-until-200'],
    `an event answered ${RETRIED_ANSWERS.join(', ')} is retried until the 200, then no more (6.3; judged on what arrives within the retries budget)`,
    async () => {
      await withOwnAccount(t, 1, async (key) => {
        const endpoint = await freshEndpoint(t, 'retry');
        await registerWebhook(t, key, endpoint.url, '1');
        endpoint.script.events(RETRIED_ANSWERS);
        const started = scheduleNow(endpoint);
        const sent = await sendSms(t, key, 'Conformance retry');
        const expected = [...RETRIED_ANSWERS, 200];
        const attempts = await deliveriesWithin(t, endpoint, 'confirmation', sent.reference, RETRIES_S, expected.length);
        expectRetriedWithin(attempts, RETRIES_S, RETRIED_ANSWERS[0]!);
        // What arrived: in the script's order, every answer but 200 retried, nothing after the 200.
        expect(
          attempts.map((d) => d.answer.status),
          'every answer but 200 is retried, until the 200',
        ).toEqual(expected.slice(0, attempts.length));
        for (const a of attempts) expectSchema(ConfirmationEvent, a.fields, `attempt #${a.seq}`);
        expect(new Set(attempts.map((a) => JSON.stringify({ ...a.fields }))).size, 'a retry repeats the same event').toBe(1);
        if (attempts.length < expected.length) {
          // Fewer within the budget: stopped after a non-200 answer (a cadence, then a long silence), or still coming.
          const stop = retriesStop(onSchedule(attempts), scheduleNow(endpoint), ARRIVAL_RESOLUTION_S);
          expect(
            stop.stopped,
            `the retries stopped after the answer ${attempts.at(-1)?.answer.status}, which is not 200: none for ${stop.silenceSeconds.toFixed(1)} ` +
              `s, over ${STOPPED_SILENCE_FACTOR} times the longest interval between them (${stop.longestIntervalSeconds.toFixed(1)} s)`,
          ).toBe(false);
          recordNotObserved(`6.3 retries until the 200 (answers ${expected.join(', ')}), and none after it`, onSchedule(attempts), RETRIES_S);
          return;
        }
        await quietWindow(t, [endpoint], quietAfter(onSchedule(attempts), Math.max(1, RETRIES_S - (scheduleNow(endpoint) - started) / 1000)));
        expect(eventsOf(endpoint, 'confirmation', sent.reference), 'no retry after the 200 (6.3: retried only when the answer is not 200)').toHaveLength(
          expected.length,
        );
      });
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );

  req(
    ['limit:event-retries', 'event:delivery.retry-until-200'],
    `an event never answered 200 is retried ${MAX_RETRIES} times, not more (6.3, limit event-retries; judged on what arrives within the retries budget)`,
    async () => {
      await withOwnAccount(t, 1, async (key) => {
        const endpoint = await freshEndpoint(t, 'limit');
        await registerWebhook(t, key, endpoint.url, '1');
        // Every event delivery fails (HEAD and the registration GET keep the default 200).
        endpoint.script.events(Array.from({ length: MAX_RETRIES + 10 }, () => 500));
        const started = scheduleNow(endpoint);
        const sent = await sendSms(t, key, 'Conformance retry limit');
        const attempts = await deliveriesWithin(t, endpoint, 'confirmation', sent.reference, RETRIES_S, 1 + MAX_RETRIES);
        expectRetriedWithin(attempts, RETRIES_S, 500);
        expect(attempts.length, `one delivery and at most ${MAX_RETRIES} retries`).toBeLessThanOrEqual(1 + MAX_RETRIES);
        if (attempts.length === 1 + MAX_RETRIES) {
          // All 25 seen: no 26th after them.
          await quietWindow(t, [endpoint], quietAfter(onSchedule(attempts), Math.max(1, RETRIES_S - (scheduleNow(endpoint) - started) / 1000)));
          expect(eventsOf(endpoint, 'confirmation', sent.reference).length, `one delivery and at most ${MAX_RETRIES} retries`).toBe(1 + MAX_RETRIES);
          return;
        }
        // Fewer within the budget: stopped early (a cadence, then a long silence), or still coming.
        const stop = retriesStop(onSchedule(attempts), scheduleNow(endpoint), ARRIVAL_RESOLUTION_S);
        expect(
          stop.stopped,
          `the retries stopped after ${attempts.length - 1} of ${MAX_RETRIES}: none for ${stop.silenceSeconds.toFixed(1)} s, ` +
            `over ${STOPPED_SILENCE_FACTOR} times the longest interval between them (${stop.longestIntervalSeconds.toFixed(1)} s)`,
        ).toBe(false);
        recordNotObserved(`6.3 up to ${MAX_RETRIES} retries: the ${MAX_RETRIES}th retry and none after it`, onSchedule(attempts), RETRIES_S);
      });
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );

  req(
    ['event:delivery.head-before-delivery'],
    'a URL that does not accept HEAD gets no delivery (6: "The URL must accept HEAD (checked before delivery)")',
    async () => {
      await withOwnAccount(t, 1, async (key) => {
        const endpoint = await freshEndpoint(t, 'nohead');
        await registerWebhook(t, key, endpoint.url, '1');
        endpoint.script.method('HEAD', 405);
        const sent = await sendSms(t, key, 'Conformance head refused');
        await quietWindow(t, [endpoint], DELIVERY_S);
        expect(
          endpoint.deliveries.some((d) => d.method === 'HEAD'),
          'the URL was checked with HEAD',
        ).toBe(true);
        expect(eventsOf(endpoint, 'confirmation', sent.reference), 'no delivery while the HEAD check fails').toEqual([]);
      });
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );

  req(
    ['event:delivery.single-url-per-account', 'rule:webhooks.single-url'],
    "events go to the account's single URL: the one that replaced the former (6, 1)",
    async () => {
      await withOwnAccount(t, 1, async (key) => {
        const former = await freshEndpoint(t, 'former');
        const current = await freshEndpoint(t, 'current');
        await registerWebhook(t, key, former.url, '1');
        await registerWebhook(t, key, current.url, '1');
        const sent = await sendSms(t, key, 'Conformance single url');
        await waitForEvent(t, current, 'confirmation', sent.reference, DELIVERY_S);
        await quietWindow(t, [former, current], DELIVERY_S);
        expect(former.events(), 'the replaced URL receives no event').toEqual([]);
        expect(eventsOf(current, 'confirmation', sent.reference), 'the current URL receives the event once').toHaveLength(1);
      });
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );

  req(
    ['rule:webhooks.disabled-no-events', 'webhook:any-add-disabled', 'webhook:enabled-status-disabled', 'webhook:disabled-status-enabled'],
    'no events while the webhook is disabled, by add or by status; enabled again, they arrive (3.2, 6)',
    async () => {
      // Two accounts side by side, so that the two waits for silence overlap (long waits
      // overlap); without the manager key withOwnAccount runs them one after the other.
      const addedDisabled = withOwnAccount(t, 1, async (key) => {
        const endpoint = await freshEndpoint(t, 'addedoff');
        await registerWebhook(t, key, endpoint.url, '0');
        const sent = await sendSms(t, key, 'Conformance disabled 1');
        await quietWindow(t, [endpoint], DELIVERY_S);
        expect(endpoint.events(), `added with status 0: no event (the send ${sent.reference})`).toEqual([]);
      });
      const statusDisabled = withOwnAccount(t, 2, async (key) => {
        const endpoint = await freshEndpoint(t, 'disabled');
        await registerWebhook(t, key, endpoint.url, '0');
        await setWebhookStatus(t, key, '1');
        const whileEnabled = await sendSms(t, key, 'Conformance disabled 2');
        await waitForEvent(t, endpoint, 'confirmation', whileEnabled.reference, DELIVERY_S);

        await setWebhookStatus(t, key, '0');
        const seen = endpoint.events().length;
        const whileStatusDisabled = await sendSms(t, key, 'Conformance disabled 3');
        await quietWindow(t, [endpoint], DELIVERY_S);
        expect(endpoint.events().slice(seen), `status 0: no event at all while disabled (the send ${whileStatusDisabled.reference})`).toEqual([]);
      });
      const outcomes = await Promise.allSettled([addedDisabled, statusDisabled]);
      for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );

  req(
    ['rule:webhooks.deleted-no-events', 'webhook:configured-delete'],
    'no events after the webhook is deleted (3.2, 6)',
    async () => {
      await withOwnAccount(t, 2, async (key) => {
        const endpoint = await freshEndpoint(t, 'deleted');
        await registerWebhook(t, key, endpoint.url, '1');
        const before = await sendSms(t, key, 'Conformance deleted 1');
        await waitForEvent(t, endpoint, 'confirmation', before.reference, DELIVERY_S);
        await clearWebhook(t, key);
        const seen = endpoint.events().length;
        const after = await sendSms(t, key, 'Conformance deleted 2');
        await quietWindow(t, [endpoint], DELIVERY_S);
        expect(endpoint.events().slice(seen), `no event after the delete (the send ${after.reference})`).toEqual([]);
      });
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );

  req(
    ['event:delivery.emitted-by'],
    'sandbox sends and confirmation events (4.2, 6.3; ambiguity sandbox-sends-emit-events)',
    async () => {
      await withOwnAccount(t, 0, async (key) => {
        const endpoint = await freshEndpoint(t, 'sandbox');
        await registerWebhook(t, key, endpoint.url, '1');
        const sent = await sendSms(t, key, 'Conformance sandbox', { sandbox: true });
        const choice = t.choices['sandbox-sends-emit-events'];
        if (choice === 'events') await waitForEvent(t, endpoint, 'confirmation', sent.reference, DELIVERY_S).catch(() => []);
        else await quietWindow(t, [endpoint], DELIVERY_S);
        const events = eventsOf(endpoint, 'confirmation', sent.reference);
        for (const e of events) expectSchema(ConfirmationEvent, e.fields, 'a sandbox confirmation');
        observe(
          'sandbox-sends-emit-events',
          events.length > 0 ? `${events.length} confirmation(s)` : 'no event',
          choice === 'events' ? events.length > 0 : events.length === 0,
        );
        if (choice === 'events') expect(events.length, 'a sandbox send emits a confirmation (profile sandbox-sends-emit-events=events)').toBeGreaterThan(0);
        if (choice === 'no-events') expect(events, 'a sandbox send emits no event (profile sandbox-sends-emit-events=no-events)').toEqual([]);
      });
    },
    { needs: ['webhook-reachable'], concurrent: true, timeout: WAITING_TEST_MS },
  );
});
