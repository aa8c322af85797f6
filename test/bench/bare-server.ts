/**
 * Benchmark child: a bare node:http server answering a small JSON "hello" to anything, the ceiling
 * the reference server's throughput is compared to (same machine, same run, same load).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveMemoryRequests, type ReadyMessage } from './server-process.ts';

const HELLO = JSON.stringify({ success: true, message: 'hello' });

const server = createServer((req, res) => {
  // Read the body before answering, as any real handler must (keep-alive stays in step).
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(HELLO) });
    res.end(HELLO);
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  serveMemoryRequests();
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
  const ready: ReadyMessage = { type: 'ready', baseUrl: `http://127.0.0.1:${port}` };
  process.send?.(ready);
});
