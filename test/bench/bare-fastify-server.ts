/**
 * Benchmark child: a bare fastify server answering a small JSON "hello" on the cheap operation's
 * route (POST /credits/consult). The reference server is a fastify application, so this is the
 * ceiling its own work is measured against ("a bare fastify or node:http hello server").
 */
import Fastify from 'fastify';
import { HELLO, announceReady } from './bare-hello.ts';

const app = Fastify({ logger: false });
app.post('/credits/consult', (_request, reply) => reply.send(HELLO));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
announceReady(address, () => void app.close());
