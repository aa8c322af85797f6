/**
 * Optional test hooks, off by default (`--test-clock`): outside the documented API, under /__test.
 * They only make runs faster or provoke what a real network would (a customer reply, 6.2); the
 * conformance suite never needs them.
 */
import type { FastifyInstance } from 'fastify';
import { formatCompactDateTime } from '../schemas/index.ts';
import type { ServerContext } from './handler.ts';

export function registerTestHooks(app: FastifyInstance, context: ServerContext): void {
  app.get('/__test/clock', async () => ({ now: context.clock.now() }));

  app.post('/__test/clock/advance', async (request, reply) => {
    const seconds = Number((request.body as { seconds?: unknown } | undefined)?.seconds);
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > 30 * 86_400)
      return reply.code(400).send({ success: false, message: 'seconds must be a number from 0 to 2592000' });
    await context.clock.advance(seconds * 1000);
    return { success: true, now: context.clock.now() };
  });

  /** 6.2: a customer reply to a sent message, delivered as a type=response event. */
  app.post('/__test/reply', async (request, reply) => {
    const body = (request.body ?? {}) as { apikey?: unknown; reference?: unknown; response?: unknown };
    const account = typeof body.apikey === 'string' ? context.accounts.byApiKey(body.apikey) : undefined;
    const msg = account && typeof body.reference === 'string' ? context.messaging.findByReference(account, body.reference) : undefined;
    if (!account || !msg) return reply.code(404).send({ success: false, message: 'unknown apikey or reference' });
    const at = context.clock.now();
    void context.webhooks.emit(account, {
      type: 'response',
      reference: msg.reference,
      number: msg.number,
      message: msg.message,
      response: typeof body.response === 'string' ? body.response : 'OK',
      send_date: formatCompactDateTime(msg.sendAt),
      // 6.2 YYYYMMDDHHMMSS.
      response_date: context.seams.at('events.response-date', formatCompactDateTime(at), { at }),
    });
    return { success: true };
  });
}
