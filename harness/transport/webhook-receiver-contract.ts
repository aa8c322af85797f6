/**
 * What the webhook receiver (webhook-receiver.ts) records and how a test scripts its answers: a
 * delivery as it arrived (the registration GET of 4.14, the HEAD check and events of section 6),
 * an endpoint's script, and the receiver's options. The receiver itself is in webhook-receiver.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';

/**
 * - head-check: HEAD, "The URL must accept HEAD (checked before delivery)" (6).
 * - registration: GET without a `type` parameter, the check of POST /webhook/add (4.14).
 * - event: GET with `type` in the query, or POST whose form body has `type` (6).
 * - other: anything else (a JSON POST, PUT, ...), kept so that a wrong delivery shows up.
 */
export type DeliveryKind = 'head-check' | 'registration' | 'event' | 'other';
export type EventType = 'confirmation' | 'response';

export interface Answer {
  status: number;
  delayMs?: number;
  /** Sent as the Location header (redirects). */
  location?: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
}
/** A status alone, or a full answer. */
export type AnswerSpec = number | Answer;

export interface Delivery {
  /** Arrival order across the whole receiver (all endpoints). */
  readonly seq: number;
  readonly method: string;
  /** The request target as received (path and query). */
  readonly url: string;
  readonly path: string;
  /** The path relative to the endpoint that received it ('/' for the endpoint URL itself). */
  readonly endpointPath: string;
  /** Query parameters; for a repeated name the last value. */
  readonly query: Readonly<Record<string, string>>;
  readonly headers: IncomingHttpHeaders;
  /** The raw body, UTF-8. */
  readonly body: string;
  /** Form fields when the body is application/x-www-form-urlencoded. */
  readonly form: Readonly<Record<string, string>> | undefined;
  readonly kind: DeliveryKind;
  /** The event's parameters (form for POST, query for GET, section 6); undefined unless an event. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** Epoch ms on the endpoint's clock (real time plus its advances) when the request arrived. */
  readonly receivedAt: number;
  /** Milliseconds the endpoint's clock had been advanced in all when the request arrived (0 in real time). */
  readonly advancedMs: number;
  /** The answer the script chose, decided on arrival. */
  readonly answer: Readonly<Answer> & { readonly delayMs: number };
  /** 'client-gone' when the sender gave up before the (delayed) answer, e.g. the 5 s of 4.14. */
  readonly outcome: 'pending' | 'answered' | 'client-gone';
  /**
   * Once answered: real ms from the request reaching the receiver's code to its answer leaving,
   * and the longest stall of the receiver's event loop (loop-stalls.ts) from a second before it
   * arrived to then. A target that gave up on a slow answer retries the event rightly (6.3).
   */
  readonly answeredAfterMs?: number;
  readonly loopStallMs?: number;
}

export type EventDelivery = Delivery & { readonly kind: 'event'; readonly fields: Readonly<Record<string, string>> };

export const isEventDelivery = (d: Delivery): d is EventDelivery => d.kind === 'event' && d.fields !== undefined;

export interface ScriptSpec {
  /** Default answer per method (uppercase); 200 when not given. */
  methods?: Readonly<Record<string, AnswerSpec>>;
  /** Answers per endpoint-relative path, for every method; they win over everything else. */
  paths?: Readonly<Record<string, AnswerSpec>>;
  /** Answers for the next event deliveries, one each; the method default once it runs out. */
  events?: readonly AnswerSpec[];
  /** Answer to registration GETs. */
  registration?: AnswerSpec;
  /** Delay per kind of request ('any' for all); an answer's own delayMs wins. */
  delays?: Readonly<Partial<Record<DeliveryKind | 'any', number>>>;
}

/**
 * How an endpoint answers. Precedence: a path answer, then the kind's (the head of the event
 * queue, the registration answer), then the method default, then 200.
 */
export interface Script {
  /** Applies the parts of `spec` that are given, replacing what was there. */
  (spec: ScriptSpec): void;
  method(method: string, answer: AnswerSpec): void;
  path(path: string, answer: AnswerSpec): void;
  /** Replaces the event queue: `events([500, 500, 500])` fails three deliveries, then the default. */
  events(answers: readonly AnswerSpec[]): void;
  /** `registration(404)` makes POST /webhook/add fail verification (add_webhook_06, 4.14). */
  registration(answer: AnswerSpec): void;
  /** `delay(6000, 'registration')` outlasts the 5 s verification timeout of 4.14. */
  delay(ms: number, kind?: DeliveryKind | 'any'): void;
  /** Answers `from` with a redirect to `to` (both endpoint-relative); 4.14: not followed. */
  redirect(from: string, to: string, status?: 301 | 302 | 303 | 307 | 308): void;
}

export interface WaitForOptions {
  /** Default 5000. */
  timeoutMs?: number;
  /** How many matching deliveries to wait for; default 1. */
  count?: number;
  /** Names the predicate in the timeout message. */
  label?: string;
}

export interface WebhookEndpoint {
  /** The URL to register: under publicUrl when one was given, else the loopback URL. */
  readonly url: string;
  readonly localUrl: string;
  /** A snapshot of this endpoint's deliveries, in arrival order. */
  readonly deliveries: readonly Delivery[];
  readonly script: Script;
  events(): EventDelivery[];
  eventsOfType(type: EventType): EventDelivery[];
  /** Resolves with the matching deliveries once `count` have arrived; rejects listing what arrived. */
  waitFor(predicate: (d: Delivery) => boolean, options?: WaitForOptions): Promise<Delivery[]>;
  /** Forgets this endpoint's deliveries and script (not other endpoints'). */
  reset(): void;
  /** The endpoint's clock, epoch ms: real time plus every `advance`. */
  now(): number;
  /** Milliseconds the endpoint's clock has been advanced in all. */
  advanced(): number;
  /**
   * Moves the endpoint's clock `ms` forward without real waiting (the target's test clock moved by
   * as much): delayed answers that fall due are sent.
   */
  advance(ms: number): void;
  /** A sub-URL `<url>/<name>` whose deliveries and script are kept apart from this endpoint's. */
  endpoint(name: string): WebhookEndpoint;
}

export interface WebhookReceiver extends WebhookEndpoint {
  close(): Promise<void>;
}

export interface WebhookReceiverOptions {
  /** A loopback address; anything else is refused. */
  host?: string;
  /** The URL a tunnel exposes for this receiver; `url` is built from it. */
  publicUrl?: string;
  /** A path prefix for the receiver's own URL, e.g. '/suite-a'. */
  pathPrefix?: string;
}
