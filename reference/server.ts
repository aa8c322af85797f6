/**
 * The reference server: every operation of the registry (schemas/operations.ts) on fastify, with
 * the seeded accounts. `startReferenceServer(options)` listens on port 0 by default and returns the
 * base URL, the keys and close().
 */
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { TEST_CLOCK_DOMAIN_HEADER } from '../schemas/capabilities.ts';
import { OPERATIONS, type Operation } from '../schemas/index.ts';
import { AccountBook, newApiKey, toHundredths } from './accounts.ts';
import { createClock } from './clock.ts';
import { DECLARED_VALUES, declaredCapabilities, type DeclaredCapabilities, type DeclaredValues } from './declared-values.ts';
import type { Reply, ServerContext } from './handler.ts';
import { HANDLERS } from './handlers/index.ts';
import { Messaging } from './messaging.ts';
import { resolveOptions, type ReferenceServerOptionsInput, type ResolvedOptions } from './options.ts';
import { Pipeline } from './pipeline.ts';
import { takesAlternate } from './personality.ts';
import { answerClientError, answerConnect, CONNECTION_TIMEOUTS, connectionCap } from './connection-limits.ts';
import { protocolError } from './protocol-errors.ts';
import { BODY_LIMIT_BYTES } from './size-limits.ts';
import { registerTestHooks } from './test-hooks.ts';
import { UnreadableBody } from './unreadable-body.ts';
import { WebhookService } from './webhook-service.ts';

export interface ReferenceKeys {
  /** The manager (administrator) account: master_credit, subaccounts (4.11). */
  manager: string;
  /** A normal account. */
  account: string;
  /** A normal account whose IP allow-list excludes loopback (5.4, auth_04). */
  restricted: string;
}

export interface RunningReferenceServer {
  baseUrl: string;
  keys: ReferenceKeys;
  options: ResolvedOptions;
  /** What the server does where the document is silent: a profile declaring this server states these. */
  declared: DeclaredValues;
  /** What it offers beyond the documented API, as a profile declares capabilities (declared-values.ts). */
  capabilities: DeclaredCapabilities;
  /**
   * Every API key the server has issued so far, the seeded ones and subaccounts' (archived
   * included): the secrets a report must not contain.
   */
  issuedKeys(): string[];
  /** The server's state, for the reference's own tests and benchmarks; a target's user needs none of it. */
  context: ServerContext;
  close(): Promise<void>;
}

function seedAccounts(options: ResolvedOptions): { accounts: AccountBook; keys: ReferenceKeys } {
  const accounts = new AccountBook();
  const keys: ReferenceKeys = { manager: options.managerKey ?? newApiKey(), account: options.accountKey ?? newApiKey(), restricted: newApiKey() };
  accounts.create({
    kind: 'manager',
    apiKey: keys.manager,
    email: 'manager@reference.test',
    balance: toHundredths(options.managerCredits),
    pool: toHundredths(options.managerPool),
  });
  accounts.create({ kind: 'normal', apiKey: keys.account, email: 'account@reference.test', balance: toHundredths(options.accountCredits), pool: null });
  accounts.create({
    kind: 'normal',
    apiKey: keys.restricted,
    email: 'restricted@reference.test',
    balance: toHundredths(options.accountCredits),
    pool: null,
    ipAllowList: options.restrictedAllowList,
  });
  return { accounts, keys };
}

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function send(reply: FastifyReply, r: Reply): FastifyReply {
  reply.code(r.status);
  if (r.headers) reply.headers(r.headers);
  return reply.send(r.body);
}

/** The paths of the registry as the router matches them: a parameter is one segment. */
const pathPattern = (path: string): RegExp => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);

export function buildReferenceApp(options: ResolvedOptions, context: ServerContext): FastifyInstance {
  const app = createFastify();
  registerBodyParsers(app);
  const servedPaths = registerOperations(app, operationsByPath(options), new Pipeline(context, HANDLERS));
  if (options.testClock) {
    // Test hook: a request naming a clock domain runs (with all it starts) on that domain's clock.
    app.addHook('onRequest', (request, _reply, done) => {
      const domain = request.headers[TEST_CLOCK_DOMAIN_HEADER];
      context.clock.inDomain(typeof domain === 'string' && domain.length <= 100 ? domain : undefined, done);
    });
    registerTestHooks(app, context);
  }
  registerFallbacks(app, servedPaths);
  return app;
}

/**
 * Bounded bodies, time limits on every phase of a connection, envelope answers for malformed HTTP
 * and bad URLs, and a Host header not required (a request without one is answered like any other
 * rather than with node's bare 400).
 */
function createFastify(): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: CONNECTION_TIMEOUTS.requestMs,
    keepAliveTimeout: CONNECTION_TIMEOUTS.keepAliveMs,
    connectionTimeout: CONNECTION_TIMEOUTS.inactivityMs,
    http: {
      headersTimeout: CONNECTION_TIMEOUTS.headersMs,
      requestTimeout: CONNECTION_TIMEOUTS.requestMs,
      connectionsCheckingInterval: CONNECTION_TIMEOUTS.checkEveryMs,
      requireHostHeader: false,
    },
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => {
      send(reply, { status: 400, body: protocolError(400, 'bad_request', error.message ?? `Malformed request ${request.method} ${request.url}`) });
    },
  });
  app.server.maxConnections = connectionCap();
  app.server.on('connect', answerConnect);
  return app;
}

/**
 * JSON bodies: an empty body is an empty object (POST operations with "no body", 4.1 etc.). A body
 * that cannot be read is handed on as such: the key is checked before the body is refused (5).
 */
function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const body = typeof text === 'string' ? text : text.toString('utf8');
    if (body.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(body));
    } catch {
      done(null, new UnreadableBody('Malformed JSON body', { status: 400, code: 'invalid_request' }));
    }
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, _text, done) => {
    const type = request.headers['content-type'] ?? 'of no content type';
    done(null, new UnreadableBody(`The body is ${type}, neither JSON nor form fields`, { status: 415, code: 'unsupported_media_type' }));
  });
  void app.register(formbody);
}

/** The operations the personality serves, by path. */
function operationsByPath(options: ResolvedOptions): Map<string, Operation[]> {
  const byPath = new Map<string, Operation[]>();
  // Latitude passing-paths (4.15: "named in passing ...; their shapes: not shown"): the alternate
  // personality does not serve them, so they answer 404 not_found like any unknown path, before
  // authentication; the default answers them authenticated, with a success envelope.
  for (const op of OPERATIONS) if (op.area !== 'other' || !takesAlternate(options)) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  if (options.choices['credits-consult-method'] === 'both') {
    const consult = OPERATIONS.find((o) => o.operationId === 'credits/consult')!;
    byPath.get(consult.path)!.push({ ...consult, method: 'GET' });
  }
  return byPath;
}

/** A request as the pipeline reads it. */
const toIncoming = (request: FastifyRequest) => ({
  method: request.method,
  ip: request.ip,
  headers: request.headers,
  query: (request.query ?? {}) as Record<string, unknown>,
  body: request.body,
  params: (request.params ?? {}) as Record<string, string>,
  formBody: (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'),
});

/**
 * One route per operation, so that the router picks the operation; a method a path does not
 * serve answers 405 with Allow (the not-found handler, registerFallbacks). Handlers answer
 * synchronously when the operation did (most do): no promise per request on the hot path.
 * Returns each served path with the methods it allows.
 */
function registerOperations(app: FastifyInstance, byPath: ReadonlyMap<string, Operation[]>, pipeline: Pipeline): { pattern: RegExp; allow: string }[] {
  const servedPaths: { pattern: RegExp; allow: string }[] = [];
  for (const [path, ops] of byPath) {
    for (const op of ops)
      app.route({
        method: op.method,
        url: fastifyPath(path),
        handler: (request: FastifyRequest, reply: FastifyReply) => {
          const r = pipeline.run(op, toIncoming(request));
          if (r instanceof Promise) return r.then((answer) => send(reply, answer));
          return send(reply, r);
        },
      });
    servedPaths.push({ pattern: pathPattern(path), allow: ops.map((o) => o.method).join(', ') });
  }
  return servedPaths;
}

/** What no route answers: a wrong method or an unknown path, and the framework's errors as envelopes. */
function registerFallbacks(app: FastifyInstance, servedPaths: readonly { pattern: RegExp; allow: string }[]): void {
  // Any method on a served path that no route takes (PUT, TRACE, OPTIONS, HEAD of a POST path, ...)
  // is a wrong method: 405 with Allow; anything else is an unknown path.
  const unrouted = (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    const served = servedPaths.find((p) => p.pattern.test(path));
    if (served)
      return {
        status: 405,
        body: protocolError(405, 'method_not_allowed', `${request.method} is not allowed on ${path}`),
        headers: { allow: served.allow },
      };
    return { status: 404, body: protocolError(404, 'not_found', `No operation at ${request.method} ${path}`) };
  };
  app.setNotFoundHandler((request, reply) => send(reply, unrouted(request)));
  app.setErrorHandler((error: { statusCode?: number; code?: string; message?: string }, request, reply) => {
    // A request no route takes is a wrong method or an unknown path whatever its body: the framework
    // reads the body of a method it knows to carry one (QUERY without Content-Type) before it finds no route.
    if (request.is404) return send(reply, unrouted(request));
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const code = status === 500 ? 'server_01' : status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'invalid_request';
    // Latitude size-limits: the body limit is stated in the answer (the framework's text names no size).
    const message =
      status === 500
        ? 'Internal error'
        : status === 413
          ? `The request body is larger than ${BODY_LIMIT_BYTES} bytes (1 MiB), the limit of the reference server`
          : (error.message ?? 'Invalid request');
    return send(reply, { status, body: protocolError(status, code, message) });
  });
}

/** A reference server built but not listening: requests reach it through `app.inject` (light-my-request), no socket. */
export interface ReferenceServerApp extends Omit<RunningReferenceServer, 'baseUrl'> {
  app: FastifyInstance;
}

/** The server of startReferenceServer, not yet listening (in-process tests inject requests into `app`). */
export function createReferenceServer(input: ReferenceServerOptionsInput = {}): ReferenceServerApp {
  const options = resolveOptions(input);
  const clock = createClock(options.testClock);
  const webhooks = new WebhookService(options, clock);
  const messaging = new Messaging(options, clock, webhooks);
  const { accounts, keys } = seedAccounts(options);
  const context: ServerContext = { options, clock, accounts, messaging, webhooks, seams: options.seams };
  const app = buildReferenceApp(options, context);
  return {
    app,
    keys,
    options,
    declared: DECLARED_VALUES,
    capabilities: declaredCapabilities(options),
    issuedKeys: () => [...accounts.all()].map((a) => a.apiKey),
    context,
    async close() {
      clock.stop();
      await app.close();
    },
  };
}

export async function startReferenceServer(input: ReferenceServerOptionsInput = {}): Promise<RunningReferenceServer> {
  const { app, ...server } = createReferenceServer(input);
  const address = await app.listen({ host: server.options.host, port: server.options.port });
  const url = new URL(address);
  return { baseUrl: `${url.protocol}//${url.host}`, ...server };
}
