/**
 * The path of every request: request_id (2.1), the rate limit (8), authentication (5), validation
 * against the operation's schema (the registry's), then the operation's handler. A fault anywhere
 * is an answer in the envelope, never a crash.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Operation } from '../schemas/index.ts';
import { authenticate, presentedKey } from './auth.ts';
import { coerceStringFields } from './form-coercion.ts';
import type { Account } from './accounts.ts';
import type { OperationHandler, RawRequest, Reply, RequestContext, ServerContext } from './handler.ts';
import { RateLimiter } from './rate-limiter.ts';
import { lenientFields } from './lenient-input.ts';
import { inCheckOrder } from './personality.ts';
import { fail, invalidParameters, otpFail, v1Fail } from './replies.ts';
import { fieldTooLong, oversizeField } from './size-limits.ts';
import { UnreadableBody } from './unreadable-body.ts';

export interface IncomingRequest {
  method: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
  params: Record<string, string>;
  /** True when the body came form-urlencoded (all values strings). */
  formBody: boolean;
}

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/**
 * A copy without prototype: every name a client sends is an own field and nothing else is, so that
 * toString, constructor or __proto__ are ordinary unknown names.
 */
const ownFields = (...sources: Record<string, unknown>[]): Record<string, unknown> => Object.assign(Object.create(null) as Record<string, unknown>, ...sources);

/**
 * The fields of a request: the query for query operations, the body (or, for DELETE, either)
 * otherwise; an UnreadableBody when the body is no object (malformed JSON, another content type, a
 * JSON array or scalar), so that the key is checked before the body is refused (5).
 */
function fieldsOf(op: Operation, incoming: IncomingRequest, server: ServerContext): Record<string, unknown> | UnreadableBody {
  if (op.request.query || op.method === 'GET') return ownFields(incoming.query);
  if (incoming.body instanceof UnreadableBody) return incoming.body;
  // 0, 4: "Bodies are JSON unless a section says otherwise" (the form fields of 4 are read alike).
  const read = incoming.formBody || server.seams.at('envelope.json-bodies-read', true, { area: op.area });
  const body = !read || incoming.body === undefined || incoming.body === null || incoming.body === '' ? {} : asRecord(incoming.body);
  if (!body) return new UnreadableBody('The body must be a JSON object or form fields');
  // DELETE /v2/otp: request shape not shown (ambiguity otp-delete-request-shape): body or query
  // under 'json-body', the query alone under 'query'.
  if (op.method === 'DELETE' && server.options.choices['otp-delete-request-shape'] === 'query') return ownFields(incoming.query);
  return op.method === 'DELETE' ? ownFields(incoming.query, body) : ownFields(body);
}

/** The request with its account and parsed input, field by field (see Pipeline.run). */
function withAccount<T>(req: RawRequest, account: Account, input: T): RequestContext<T> {
  return {
    op: req.op,
    server: req.server,
    requestId: req.requestId,
    ip: req.ip,
    headers: req.headers,
    query: req.query,
    params: req.params,
    fields: req.fields,
    account,
    input,
  };
}

/** A generic validation answer for operations whose validation codes the document does not name (7.1). */
export function genericInvalid(req: RawRequest, issues: readonly z.core.$ZodIssue[]): Reply {
  const detail = issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  if (req.op.errorBody === 'otp-v2') return otpFail(req, 400, 'otp_invalid_param', { state: 'none', message: 'Invalid parameters', hint: detail });
  if (req.op.errorBody === 'legacy-v1') return v1Fail(req, '02', `Parametros invalidos: ${detail}`);
  // Latitudes unnamed-codes and check-order: the code names the field checked first.
  return invalidParameters(req, inCheckOrder(req.server.options, issues)[0]?.path[0]?.toString(), detail);
}

/** An unreadable body: 7.3's 400 on the current OTP set, else the envelope with its status, or 7.1's validation error. */
function refuseUnreadable(req: RawRequest, unreadable: UnreadableBody): Reply {
  if (req.op.errorBody !== 'otp-v2' && unreadable.protocol)
    return fail(req, unreadable.protocol.code, unreadable.reason, { status: unreadable.protocol.status });
  if (req.op.errorBody !== 'otp-v2') return fail(req, 'invalid_parameters', unreadable.reason);
  return genericInvalid(req, [{ code: 'custom', path: [], message: unreadable.reason, input: undefined }]);
}

export class Pipeline {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly server: ServerContext,
    private readonly handlers: Readonly<Record<string, OperationHandler>>,
  ) {
    this.limiter = new RateLimiter(server.options.rateLimit, server.seams);
  }

  /** Answers synchronously unless the operation's handler is asynchronous. */
  run(op: Operation, incoming: IncomingRequest): Reply | Promise<Reply> {
    // Objects here are written out field by field: on this V8 a literal that starts with a spread
    // and adds fields costs about a microsecond, a tenth of a cheap request (benchmark).
    const server = this.server;
    const fields = fieldsOf(op, incoming, server);
    const unreadable = fields instanceof UnreadableBody ? fields : undefined;
    const req: RawRequest = {
      op,
      server,
      requestId: randomUUID(),
      ip: incoming.ip,
      headers: incoming.headers,
      query: incoming.query,
      params: incoming.params,
      // 5.1: a key "given as a body field" is read from a body that is an object only.
      fields: unreadable ? ownFields() : (fields as Record<string, unknown>),
    };

    const refusedByRate = this.rateLimited(req);
    if (refusedByRate) return refusedByRate;
    const auth = authenticate(req, server.accounts);
    if (!auth.ok) return auth.reply;
    // The body is refused only once the key is known good (5 before 4).
    if (unreadable) return refuseUnreadable(withAccount(req, auth.account, undefined), unreadable);
    // 4: "the reference also shows form-style fields for the same operations".
    if (incoming.formBody && !server.seams.at('envelope.form-bodies-accepted', true)) return fail(req, 'invalid_parameters', 'The body must be JSON');

    const entry = this.handlers[op.operationId];
    if (!entry) return fail(req, 'not_implemented', `No handler for ${op.operationId}`);
    return handleFields(req, auth.account, entry, incoming.formBody);
  }

  /**
   * 8: the limit applies to all endpoints, per key: counted on the account the key names, so that
   * nothing is kept for unknown keys. The 429 rate_01 answer once the key's account is over it.
   */
  private rateLimited(req: RawRequest): Reply | undefined {
    const server = this.server;
    const now = server.clock.now();
    const limited = server.seams.at('rate-limit.applies', true, { area: req.op.area });
    const key = limited ? presentedKey(req) : undefined;
    const holder = key === undefined ? undefined : server.accounts.byApiKey(key);
    if (!holder || this.limiter.take(holder, now)) return undefined;
    const r = fail(req, server.seams.at('rate-limit.code', 'rate_01'), 'Rate limit exceeded; retry with exponential backoff', { status: 429 });
    const status = server.options.choices['rate-limit-http-status'] === 'body-429' ? 200 : 429;
    return { status, body: r.body, headers: { 'retry-after': String(RateLimiter.retryAfter(now)) } };
  }
}

/** The fields of an authenticated request read as the operation's schema reads them, then handed to its handler, or refused. */
function handleFields(req: RawRequest, account: Account, entry: OperationHandler, formBody: boolean): Reply | Promise<Reply> {
  const { op, server } = req;
  const schema = op.request.body ?? op.request.query;
  req.fields = formBody || op.method === 'GET' ? coerceStringFields(schema, req.fields) : req.fields;
  // Latitude invalid-input: the alternate personality coerces or ignores what the document does not say is refused.
  req.fields = lenientFields(op, schema, req.fields, server.options);
  // Latitude size-limits: a text field past the server's bound is refused before anything stores it.
  const oversize = oversizeField(op, schema, req.fields);
  if (oversize !== undefined) return fieldTooLong(withAccount(req, account, undefined), oversize);
  if (!schema) return entry.handle(withAccount(req, account, req.fields as never));
  const parsed = schema.safeParse(req.fields);
  if (!parsed.success) {
    // 4, 8: a body past a bound its field table or section 8 states is refused as it came. Fields
    // that differ once checked are checked afresh (the conformant server hands them back as sent).
    const checked = server.seams.at('request.checked-fields', req.fields, { operationId: op.operationId });
    const retried = checked === req.fields ? undefined : schema.safeParse(checked);
    if (retried?.success) {
      req.fields = checked;
      return entry.handle(withAccount(req, account, retried.data as never));
    }
    return (entry.onInvalid ?? genericInvalid)(withAccount(req, account, undefined), parsed.error.issues);
  }
  return entry.handle(withAccount(req, account, parsed.data as never));
}
