/**
 * Answers to what never reaches an operation (unknown path, wrong method, unreadable or over-size
 * body, malformed HTTP, timeouts), in the envelope of 2.1: success=false, message, status, code and
 * request_id, which "is stated to be present in every JSON response".
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';

export interface ProtocolErrorBody {
  success: false;
  message: string;
  status: number;
  code: string;
  request_id: string;
  [field: string]: unknown;
}

export const protocolError = (status: number, code: string, message: string): ProtocolErrorBody => ({
  success: false,
  message,
  status,
  code,
  request_id: randomUUID(),
});

/**
 * The same answer as raw HTTP/1.1 bytes, for a socket the HTTP layer gave up on (framing errors,
 * timeouts, CONNECT): the connection closes after it.
 */
export function rawProtocolAnswer(status: number, code: string, message: string): string {
  const body = JSON.stringify(protocolError(status, code, message));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; ` +
    `charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}
