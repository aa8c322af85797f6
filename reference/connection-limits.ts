/**
 * Time limits and the connection cap of the reference server, and the answers it writes on a
 * connection the HTTP layer gives up on. The document states none of these (latitude size-limits);
 * without them slow or silent clients held connections for ever and, past the process's file
 * descriptors, every normal request failed. docs/reference-server.md lists the values.
 *
 * Every answer that can still be written is the envelope of 2.1 (protocol-errors.ts), also for
 * malformed HTTP, over-size headers and timeouts; past the cap a connection is closed unanswered
 * (nothing of it has been read).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { rawProtocolAnswer } from './protocol-errors.ts';

export const CONNECTION_TIMEOUTS = {
  /** From the first byte of a request to the end of its headers; past it 408 request_timeout. */
  headersMs: 15_000,
  /** From the first byte of a request to the end of its body (a body that stops arriving); past it 408 request_timeout. */
  requestMs: 30_000,
  /** An idle keep-alive connection between two requests is closed after this. */
  keepAliveMs: 10_000,
  /** A connection with no traffic either way (a client that stops reading an answer) is closed after this. */
  inactivityMs: 60_000,
  /** How often open connections are checked against headersMs and requestMs (node's default is 30 s). */
  checkEveryMs: 1_000,
} as const;

/** The cap when the process's descriptor limit is unknown or large. */
export const MAX_CONNECTIONS = 4_096;
/** Descriptors left for everything else (files, outgoing webhook connections, the test clock). */
const RESERVED_DESCRIPTORS = 256;

/** The process's open-file limit (Linux /proc), or undefined where it cannot be read. */
function openFileLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft !== undefined && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    return undefined;
  }
}

/** Open connections allowed at once: MAX_CONNECTIONS, or less when the descriptor limit is lower. */
export function connectionCap(limit: number | undefined = openFileLimit()): number {
  if (limit === undefined) return MAX_CONNECTIONS;
  return Math.max(64, Math.min(MAX_CONNECTIONS, limit - RESERVED_DESCRIPTORS));
}

/** A socket the HTTP server owns; `_httpMessage` is the answer in progress on it, if any. */
type ServerSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

/** Writes `answer` unless an answer has already started on the socket, then closes it. */
function answerAndClose(socket: ServerSocket, answer: string): void {
  if (socket.destroyed) return;
  if (!socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(answer, () => socket.destroy());
}

/** What the HTTP parser or a timeout reports, as a status, a code and a message. */
function describeClientError(error: { code?: string }): [status: number, code: string, message: string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [
      408,
      'request_timeout',
      `The request did not arrive in time (headers within ${CONNECTION_TIMEOUTS.headersMs / 1000} ` +
        `s, the whole request within ${CONNECTION_TIMEOUTS.requestMs / 1000} s)`,
    ];
  if (error.code === 'HPE_HEADER_OVERFLOW') return [431, 'headers_too_large', 'The request line and headers are larger than 16 KiB'];
  return [400, 'bad_request', `Malformed HTTP request${error.code ? ` (${error.code})` : ''}`];
}

/** fastify's clientErrorHandler: malformed HTTP, over-size headers, timeouts (the 'clientError' event of node's server). */
export function answerClientError(error: { code?: string }, socket: ServerSocket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, code, message] = describeClientError(error);
  answerAndClose(socket, rawProtocolAnswer(status, code, message));
}

/** CONNECT (the 'connect' event): no operation is a tunnel; node would close the socket unanswered. */
export function answerConnect(request: IncomingMessage, socket: ServerSocket): void {
  answerAndClose(socket, rawProtocolAnswer(405, 'method_not_allowed', `${request.method ?? 'CONNECT'} is not allowed`));
}
