/**
 * What makes a test `broken` rather than failed: the kit could not talk to the target, so nothing
 * was learned about the requirement the test checks. A reset or refused connection, a connection
 * closed mid-answer, a deadline that passed, an answer larger than the kit reads, or an answer of
 * the kit's own protocol that the kit could not read. Any of these anywhere in an error's cause chain is transport trouble
 * (`isTransportError`), and every report shows such a test apart from the failures.
 *
 * Deliberately narrow: an answer that arrived whole but is not what the document says (a body that
 * is not JSON where section 2.1 promises JSON, a wrong status) is a verdict on the target, and the
 * HTTP client hands it to the test as it came (http-client.ts parses leniently and never throws on
 * a body). Only where the kit itself needs an answer to go on and cannot read it (the test clock's
 * `{now}`, a kit protocol outside the document) is an unreadable answer transport trouble, thrown
 * as `UnreadableAnswerError`.
 *
 * The check goes by name and code, not `instanceof`: errors cross from vitest's workers to the
 * reporters serialized (plain objects keeping name, message, code and cause), and undici's own
 * errors (thrown by kit code that calls undici directly) are classes of another module.
 */

/** The target could not be reached or stopped answering: the run cannot go on against it. */
export class TargetUnreachableError extends Error {
  override readonly name: string = 'TargetUnreachableError';
}

/** One request got no complete answer within its deadline: "POST /sms/send timed out after 30 s". */
export class TargetTimeoutError extends TargetUnreachableError {
  override readonly name = 'TargetTimeoutError';
}

/**
 * An answer the kit needed to go on and could not read (a kit protocol's JSON that does not parse):
 * not a verdict on the document's API, whose answers the tests judge themselves.
 */
export class UnreadableAnswerError extends Error {
  override readonly name: string = 'UnreadableAnswerError';
}

/**
 * An answer larger than the kit reads (profile `limits.answerBytes`, default 4 MiB): the kit
 * stopped reading, closed the connection and kept none of it. Transport trouble, not a verdict: no
 * answer the document describes comes near that size, and one that large is a proxy's error page, a
 * runaway body or a hostile target, none of which says anything about the requirement under test.
 */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
}

/** The names of the errors above, as they survive serialization. */
const TRANSPORT_ERROR_NAMES: ReadonlySet<string> = new Set(['TargetUnreachableError', 'TargetTimeoutError', 'UnreadableAnswerError', 'AnswerTooLargeError']);

/**
 * A call abandoned because the run was interrupted (SIGINT, SIGTERM): the kit's own decision, so no
 * transport trouble and no verdict. Only clients given an interrupt signal throw it (discover's
 * probes that may be cut short).
 */
export class RunInterruptedError extends Error {
  override readonly name = 'RunInterruptedError';
}

/**
 * Codes of a failed connection, from Node's sockets and from undici when kit code calls it directly
 * (the test clock): the connection failed, not the target's answer. UND_ERR_ABORTED is not among
 * them: an abort is the kit's own decision, and its deadline says TimeoutError.
 */
const TRANSPORT_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);

/** How deep the cause chain is followed: wrappers are few, and a cycle must not hang the check. */
const MAX_CAUSE_DEPTH = 8;

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

const isTransportLink = (link: ErrorShape): boolean =>
  (typeof link.name === 'string' && (TRANSPORT_ERROR_NAMES.has(link.name) || link.name === 'TimeoutError')) ||
  (typeof link.code === 'string' && TRANSPORT_CODES.has(link.code));

/** The first transport error of `error`'s cause chain (the outermost), or undefined. */
function transportLinkOf(error: unknown): ErrorShape | undefined {
  let link: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && link !== null && typeof link === 'object'; depth += 1) {
    const shape = link as ErrorShape;
    if (isTransportLink(shape)) return shape;
    if (shape.cause === link) return undefined;
    link = shape.cause;
  }
  return undefined;
}

/** Whether `error` or one of its causes is transport trouble: the test that met it is broken, not failed. */
export const isTransportError = (error: unknown): boolean => transportLinkOf(error) !== undefined;

/**
 * The one-line reason of the transport trouble in `error` (the first line of the outermost
 * transport error's message, already redacted by the client that wrote it); undefined when none.
 */
export function transportFailureOf(error: unknown): string | undefined {
  const link = transportLinkOf(error);
  if (link === undefined) return undefined;
  const message = typeof link.message === 'string' && link.message.trim() !== '' ? link.message : String(link.code ?? link.name);
  return message.split('\n')[0]!.trim();
}
