/**
 * A scripted webhook receiver for the conformance suites: a loopback HTTP server that records every
 * request a target sends to its webhook URL and answers as a test scripts it.
 *
 * What it has to observe comes from the document: the registration GET of 4.14 (any answer but 404
 * within 5 seconds passes, redirects are not followed), the HEAD check and the event deliveries of
 * section 6 (form-urlencoded POST, or GET with the parameters in the query, `type` selecting the
 * kind) and the retries of 6.3 (until HTTP 200, up to 25). So the script can answer 404 to the
 * registration, delay past the timeout, redirect, and fail a queue of event deliveries.
 *
 * The receiver records what arrived as it arrived: checking events against ConfirmationEvent and
 * ResponseEvent (schemas/events.ts) is the suites' job, so a malformed event is kept, not dropped.
 *
 * It listens on loopback only. `publicUrl` is for a tunnel a tester runs in front of it; the
 * receiver never opens a connection itself.
 *
 * Each endpoint keeps a clock of its own: real time plus what `advance` added. A target with a test
 * clock lets time pass without real waiting; the test that moves the target's clock moves its
 * endpoints' by as much, so that a scripted delay (the 5 s of 4.14) and the arrival times of
 * deliveries (the intervals between the retries of 6.3) are measured in the target's time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { watchLoopStalls, type LoopStalls } from './loop-stalls.ts';
import {
  isEventDelivery,
  type Answer,
  type AnswerSpec,
  type Delivery,
  type DeliveryKind,
  type EventDelivery,
  type EventType,
  type Script,
  type ScriptSpec,
  type WaitForOptions,
  type WebhookEndpoint,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from './webhook-receiver-contract.ts';

// What it records and how a test scripts it are in webhook-receiver-contract.ts; importers take them from here.
export { isEventDelivery, type Delivery, type EventDelivery, type EventType, type WebhookEndpoint, type WebhookReceiver, type WebhookReceiverOptions };

const DEFAULT_TIMEOUT_MS = 5000;
/** A stall of the loop this long before a request reached the receiver's code may have held it in the socket. */
const STALL_LOOKBACK_MS = 1_000;
/** Bodies past this are cut: events are a few hundred bytes (6.1, 6.2). */
const MAX_BODY_BYTES = 1024 * 1024;
const NAME = /^[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/;

const isLoopbackHost = (host: string): boolean => host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

function toAnswer(spec: AnswerSpec): Answer {
  const answer = typeof spec === 'number' ? { status: spec } : { ...spec };
  if (!Number.isInteger(answer.status) || answer.status < 200 || answer.status > 599)
    throw new RangeError(`webhook receiver: status ${answer.status} is not 200 to 599`);
  if (answer.delayMs !== undefined && !(answer.delayMs >= 0)) throw new RangeError(`webhook receiver: delayMs ${answer.delayMs} is negative`);
  return answer;
}

const record = (params: URLSearchParams): Record<string, string> => Object.fromEntries(params);

interface ScriptState {
  methods: Map<string, Answer>;
  paths: Map<string, Answer>;
  events: Answer[];
  registration?: Answer;
  delays: Map<DeliveryKind | 'any', number>;
}
const freshScript = (): ScriptState => ({ methods: new Map(), paths: new Map(), events: [], delays: new Map() });

interface Waiter {
  predicate: (d: Delivery) => boolean;
  count: number;
  resolve(matches: Delivery[]): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

type MutableDelivery = { -readonly [K in keyof Delivery]: Delivery[K] };

/** A delayed answer: sent once the endpoint's clock reaches dueAt (in real time, or by an advance). */
interface HeldAnswer {
  dueAt: number;
  send(): void;
  timer: NodeJS.Timeout;
}

function summarize(d: Delivery): string {
  const what = d.kind === 'event' ? `event type=${d.fields?.type ?? ''}${d.fields?.reference ? ` reference=${d.fields.reference}` : ''}` : d.kind;
  const gone = d.outcome === 'client-gone' ? ', sender gave up' : '';
  return `#${d.seq} ${d.method} ${d.endpointPath} [${what}] -> ${d.answer.status}${gone}`;
}

/** What the server shares with its endpoints. */
class Hub {
  readonly endpoints = new Map<string, Endpoint>();
  readonly timers = new Set<NodeJS.Timeout>();
  seq = 0;
  closed = false;

  /** The endpoint with the longest prefix that contains `path`; the root otherwise. */
  route(path: string, root: Endpoint): Endpoint {
    let best = root;
    for (const [prefix, ep] of this.endpoints) if ((path === prefix || path.startsWith(`${prefix}/`)) && prefix.length > best.prefix.length) best = ep;
    return best;
  }
}

class Endpoint implements WebhookEndpoint {
  private list: MutableDelivery[] = [];
  private state = freshScript();
  private readonly waiters = new Set<Waiter>();
  private readonly held = new Set<HeldAnswer>();
  /** Milliseconds the endpoint's clock is ahead of real time. */
  private advancedMs = 0;
  readonly script: Script;

  constructor(
    private readonly hub: Hub,
    readonly prefix: string,
    readonly url: string,
    readonly localUrl: string,
  ) {
    this.script = this.buildScript();
  }

  get deliveries(): readonly Delivery[] {
    return [...this.list];
  }

  events(): EventDelivery[] {
    return this.list.filter(isEventDelivery);
  }

  eventsOfType(type: EventType): EventDelivery[] {
    return this.events().filter((d) => d.fields.type === type);
  }

  reset(): void {
    this.list = [];
    this.state = freshScript();
  }

  now(): number {
    return Date.now() + this.advancedMs;
  }

  advanced(): number {
    return this.advancedMs;
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`webhook receiver: advance ${ms} is negative`);
    this.advancedMs += ms;
    for (const h of [...this.held]) if (h.dueAt <= this.now()) this.release(h);
  }

  /** Sends `send` once the endpoint's clock has run `delayMs` from now; returns a cancel function. */
  hold(delayMs: number, send: () => void): () => void {
    const h: HeldAnswer = { dueAt: this.now() + delayMs, send, timer: setTimeout(() => this.release(h), delayMs) };
    this.held.add(h);
    this.hub.timers.add(h.timer);
    return () => {
      clearTimeout(h.timer);
      this.hub.timers.delete(h.timer);
      this.held.delete(h);
    };
  }

  private release(h: HeldAnswer): void {
    if (!this.held.delete(h)) return;
    clearTimeout(h.timer);
    this.hub.timers.delete(h.timer);
    h.send();
  }

  endpoint(name: string): WebhookEndpoint {
    // Dot segments would be normalised away by senders and land on another endpoint.
    if (!NAME.test(name) || name.split('/').some((seg) => /^\.+$/.test(seg)))
      throw new Error(`webhook receiver: endpoint name "${name}" must be path segments of letters, digits and . _ ~ -`);
    const prefix = `${this.prefix}/${name}`;
    if (this.hub.endpoints.has(prefix)) throw new Error(`webhook receiver: endpoint ${prefix} exists already; each test takes its own`);
    const ep = new Endpoint(this.hub, prefix, `${this.url}/${name}`, `${this.localUrl}/${name}`);
    this.hub.endpoints.set(prefix, ep);
    return ep;
  }

  waitFor(predicate: (d: Delivery) => boolean, options: WaitForOptions = {}): Promise<Delivery[]> {
    const { timeoutMs = DEFAULT_TIMEOUT_MS, count = 1 } = options;
    const label = options.label ?? (predicate.name || 'the predicate');
    if (!Number.isInteger(count) || count < 1) return Promise.reject(new RangeError(`waitFor: count ${count} must be a whole number of at least 1`));
    return new Promise<Delivery[]>((resolve, reject) => {
      if (this.hub.closed) return reject(new Error(`webhook receiver ${this.localUrl}: closed`));
      // No polling loop: a waiter is re-checked on each arrival and answer (notify), and a single
      // timer ends it, so waiting costs no CPU.
      const waiter: Waiter = {
        predicate,
        count,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          const all = this.list;
          const matched = all.filter((d) => predicate(d)).length;
          const shown = all.slice(-20).map((d) => `  ${summarize(d)}`);
          const arrived =
            all.length === 0
              ? 'nothing arrived'
              : `${all.length} arrived${all.length > shown.length ? ` (last ${shown.length} shown)` : ''}:\n${shown.join('\n')}`;
          reject(new Error(`waitFor(${label}) timed out after ${timeoutMs} ms at ${this.localUrl}: wanted ${count} matching, ${matched} matched; ${arrived}`));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
      this.check(waiter);
    });
  }

  /** Rejects pending waiters when the receiver closes. */
  abandon(): void {
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.reject(new Error(`webhook receiver ${this.localUrl}: closed while waiting`));
    }
    this.waiters.clear();
  }

  notify(): void {
    for (const w of [...this.waiters]) this.check(w);
  }

  private check(w: Waiter): void {
    let matches: Delivery[];
    try {
      matches = this.list.filter((d) => w.predicate(d));
    } catch (e) {
      this.waiters.delete(w);
      clearTimeout(w.timer);
      w.reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    if (matches.length < w.count) return;
    this.waiters.delete(w);
    clearTimeout(w.timer);
    w.resolve(matches);
  }

  /** Records a request and decides its answer (precedence of Script). */
  accept(d: Omit<MutableDelivery, 'answer' | 'outcome' | 'receivedAt' | 'advancedMs'>, arrivedRealMs: number): MutableDelivery {
    const s = this.state;
    const chosen = s.paths.get(d.endpointPath) ??
      (d.kind === 'event' ? s.events.shift() : undefined) ??
      (d.kind === 'registration' ? s.registration : undefined) ??
      s.methods.get(d.method) ?? { status: 200 };
    const delayMs = chosen.delayMs ?? s.delays.get(d.kind) ?? s.delays.get('any') ?? 0;
    const delivery: MutableDelivery = {
      ...d,
      receivedAt: arrivedRealMs + this.advancedMs,
      advancedMs: this.advancedMs,
      answer: { ...chosen, delayMs },
      outcome: 'pending',
    };
    this.list.push(delivery);
    this.notify();
    return delivery;
  }

  private buildScript(): Script {
    const apply = (spec: ScriptSpec): void => {
      const s = this.state;
      if (spec.methods) s.methods = new Map(Object.entries(spec.methods).map(([m, a]) => [m.toUpperCase(), toAnswer(a)]));
      if (spec.paths) s.paths = new Map(Object.entries(spec.paths).map(([p, a]) => [p, toAnswer(a)]));
      if (spec.events) s.events = spec.events.map(toAnswer);
      if (spec.registration !== undefined) s.registration = toAnswer(spec.registration);
      if (spec.delays) s.delays = new Map(Object.entries(spec.delays) as [DeliveryKind | 'any', number][]);
    };
    return Object.assign(apply, {
      method: (method: string, answer: AnswerSpec) => void this.state.methods.set(method.toUpperCase(), toAnswer(answer)),
      path: (path: string, answer: AnswerSpec) => void this.state.paths.set(path, toAnswer(answer)),
      events: (answers: readonly AnswerSpec[]) => void (this.state.events = answers.map(toAnswer)),
      registration: (answer: AnswerSpec) => void (this.state.registration = toAnswer(answer)),
      delay: (ms: number, kind: DeliveryKind | 'any' = 'any') => {
        if (!(ms >= 0)) throw new RangeError(`webhook receiver: delay ${ms} is negative`);
        this.state.delays.set(kind, ms);
      },
      redirect: (from: string, to: string, status: 301 | 302 | 303 | 307 | 308 = 302) =>
        void this.state.paths.set(from, { status, location: `${this.prefix}${to}` }),
    });
  }
}

/** Section 6: `type` marks an event, in the query for GET and in the form body for POST. */
function classify(
  method: string,
  query: URLSearchParams,
  form: Record<string, string> | undefined,
): { kind: DeliveryKind; fields: Record<string, string> | undefined } {
  if (method === 'HEAD') return { kind: 'head-check', fields: undefined };
  if (method === 'GET') return query.has('type') ? { kind: 'event', fields: record(query) } : { kind: 'registration', fields: undefined };
  if (method === 'POST' && form && Object.hasOwn(form, 'type')) return { kind: 'event', fields: form };
  return { kind: 'other', fields: undefined };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size < MAX_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_BODY_BYTES - size));
      size += chunk.length;
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const { host, prefix, publicBase } = receiverPlace(options);
  const hub = new Hub();
  let root: Endpoint | undefined;
  const stalls = watchLoopStalls();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => answerRequest({ hub, root, stalls }, req, res));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const localUrl = `${origin}${prefix}`;
  root = new Endpoint(hub, prefix, publicBase ?? localUrl, localUrl);
  const rootEndpoint = root;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      hub.closed = true;
      stalls.stop();
      for (const t of hub.timers) clearTimeout(t);
      hub.timers.clear();
      rootEndpoint.abandon();
      for (const ep of hub.endpoints.values()) ep.abandon();
      // Delayed answers and keep-alive sockets of the sender would hold close() otherwise.
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };

  return Object.assign(rootEndpoint, { close });
}

/** The loopback host, the path prefix and the public base URL of the options, checked: loopback only, a prefix of path characters. */
function receiverPlace(options: WebhookReceiverOptions): { host: string; prefix: string; publicBase: string | undefined } {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new Error(`webhook receiver: host ${host} is not a loopback address; the receiver listens on loopback only`);
  const prefix = (options.pathPrefix ?? '').replace(/\/+$/, '');
  if (prefix !== '' && !/^\/[A-Za-z0-9._~/-]+$/.test(prefix))
    throw new Error(`webhook receiver: pathPrefix "${options.pathPrefix}" must start with / and hold only path characters`);
  let publicBase: string | undefined;
  if (options.publicUrl !== undefined) {
    const u = new URL(options.publicUrl);
    // Endpoint URLs are built by appending path segments, which a query or fragment would break.
    if (!/^https?:$/.test(u.protocol) || u.search || u.hash)
      throw new Error(`webhook receiver: publicUrl ${options.publicUrl} must be http(s) without query or fragment`);
    publicBase = u.href.replace(/\/+$/, '');
  }
  return { host, prefix, publicBase };
}

/** What a request is answered with: the hub, the root endpoint once listening (undefined before), the loop's stall watch. */
interface ReceiverState {
  hub: Hub;
  root: Endpoint | undefined;
  stalls: LoopStalls;
}

/** Records a request at the endpoint that contains its path, then answers it as the endpoint's script says, at once or held. */
function answerRequest({ hub, root, stalls }: ReceiverState, req: IncomingMessage, res: ServerResponse): void {
  const receivedAt = Date.now();
  res.on('error', () => undefined);
  readBody(req).then(
    (body) => {
      if (!root || hub.closed) return void res.destroy();
      const { ep, delivery } = recordRequest(hub, root, req, body, receivedAt);
      let cancelHeld: (() => void) | undefined;
      res.on('finish', () => {
        delivery.outcome = 'answered';
        const answeredAt = Date.now();
        delivery.answeredAfterMs = answeredAt - receivedAt;
        delivery.loopStallMs = stalls.longestWithin(receivedAt - STALL_LOOKBACK_MS, answeredAt);
        ep.notify();
      });
      // The sender may give up first (4.14: 5 s for the registration GET); record that.
      res.on('close', () => {
        cancelHeld?.();
        if (delivery.outcome !== 'pending') return;
        delivery.outcome = 'client-gone';
        ep.notify();
      });
      const send = () => {
        const { status, location, headers, body: text } = delivery.answer;
        res.writeHead(status, { 'content-type': 'text/plain', ...headers, ...(location ? { location } : {}) });
        res.end(delivery.method === 'HEAD' ? undefined : (text ?? ''));
      };
      if (delivery.answer.delayMs === 0) return send();
      // The delay runs on the endpoint's clock: real time, or a test clock's advance.
      cancelHeld = ep.hold(delivery.answer.delayMs, () => {
        if (!res.destroyed) send();
      });
    },
    () => res.destroy(),
  );
}

/** The request as a delivery of the endpoint whose prefix contains its path (the root otherwise), its answer chosen on arrival. */
function recordRequest(hub: Hub, root: Endpoint, req: IncomingMessage, body: string, receivedAt: number): { ep: Endpoint; delivery: MutableDelivery } {
  const target = new URL(req.url ?? '/', 'http://receiver.invalid');
  const method = (req.method ?? 'GET').toUpperCase();
  const isForm = String(req.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
  const form = isForm ? record(new URLSearchParams(body)) : undefined;
  const ep = hub.route(target.pathname, root);
  const inside = ep.prefix === '' || target.pathname === ep.prefix || target.pathname.startsWith(`${ep.prefix}/`);
  const rel = inside ? target.pathname.slice(ep.prefix.length) : target.pathname;
  const delivery = ep.accept(
    {
      seq: ++hub.seq,
      method,
      url: req.url ?? '/',
      path: target.pathname,
      endpointPath: rel === '' ? '/' : rel,
      query: record(target.searchParams),
      headers: req.headers,
      body,
      form,
      ...classify(method, target.searchParams, form),
    },
    receivedAt,
  );
  return { ep, delivery };
}
