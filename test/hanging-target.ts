/**
 * A fake target for the certify deadlines: on loopback, it answers the preflight
 * (POST /credits/consult, 4.1, with a credit of 2.7's form) and then never answers anything else,
 * holding every other request open until it is closed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-listener.ts';

export interface HangingTarget {
  baseUrl: string;
  /** Requests that were left unanswered, as "METHOD /path". */
  readonly held: string[];
  close(): Promise<void>;
}

export async function startHangingTarget(): Promise<HangingTarget> {
  const held: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'POST' && request.url === '/credits/consult') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          success: true,
          message: 'available_credits',
          status: 200,
          code: 'credit_01',
          credit: '100.00',
          request_id: '00000000-0000-4000-8000-000000000000',
        }),
      );
      return;
    }
    held.push(`${request.method} ${request.url?.split('?')[0]}`);
    // Read the body, answer nothing.
    request.resume();
  });
  const listening = await listenOnLoopback(server);
  return { baseUrl: listening.url, held, close: listening.close };
}
