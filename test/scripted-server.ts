/**
 * A scripted loopback server for tests of the harness's HTTP layer: answers from a queue per path
 * (the last answer repeats), records each request's path, arrival time and body.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

interface Arrival {
  path: string;
  at: number;
  body: string;
}

export interface ScriptedServer {
  baseUrl: string;
  arrivals: Arrival[];
  script(path: string, ...answers: Scripted[]): void;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const queues = new Map<string, Scripted[]>();
  const arrivals: Arrival[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      arrivals.push({ path, at, body });
      const queue = queues.get(path) ?? [];
      // The last answer of a script repeats; /echo answers the request body inside a message.
      const answer = queue.length > 1 ? queue.shift()! : (queue[0] ?? { status: 200, body: JSON.stringify({ success: true, message: `echo ${body}` }) });
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    arrivals,
    script: (path, ...answers) => queues.set(path, answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const rate01 = (headers: Record<string, string> = {}): Scripted => ({
  status: 429,
  headers,
  body: JSON.stringify({ success: false, status: 429, code: 'rate_01', message: 'Rate limit exceeded' }),
});
export const ok200: Scripted = { status: 200, body: JSON.stringify({ success: true, status: 200, code: 'ok' }) };
