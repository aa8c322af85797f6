/**
 * Benchmark child: the reference server on loopback with the rate limit lifted (rateLimit 0, the
 * option that exists for benchmarks: 8's 100 per second would otherwise be what is measured), a
 * balance no run can exhaust (every OTP send charges, 2.2), and one contact list for /contacts/add.
 */
import { createList } from '../../reference/contact-book.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { serveMemoryRequests, type ReadyMessage } from './server-process.ts';

const server = await startReferenceServer({ host: '127.0.0.1', port: 0, rateLimit: 0, accountCredits: 1_000_000_000 });
const account = server.context.accounts.byApiKey(server.keys.account);
if (!account) throw new Error('the seeded account is missing');
const list = createList(account, server.context.clock.now(), { name: 'bench', description: 'benchmark list', labels: {} });

serveMemoryRequests();
process.once('SIGTERM', () => void server.close().finally(() => process.exit(0)));
const ready: ReadyMessage = { type: 'ready', baseUrl: server.baseUrl, apiKey: server.keys.account, listKey: list.key };
process.send?.(ready);
