/**
 * Benchmark child: a bare node:http server answering a small JSON "hello" to anything: the
 * platform's ceiling, reported beside the bare fastify server the target is judged against.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HELLO, announceReady } from './bare-hello.ts';

const text = JSON.stringify(HELLO);
const server = createServer((req, res) => {
  // Read the body before answering, as any real handler must (keep-alive stays in step).
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
});
server.listen(0, '127.0.0.1', () => announceReady(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => server.close()));
