/**
 * 6: how the events of two sends reach the account's URL: by GET (query) or by form-urlencoded POST,
 * one method per URL (ambiguity webhook-delivery-method), and checked with HEAD before delivery
 * (ambiguity webhook-head-check). The events are two sends' confirmations to a fresh URL
 * (support/event-fixtures.ts); a confirmation needs a real send (capability real-delivery).
 */
import { beforeAll, describe, expect } from 'vitest';
import { type Delivery, judge, optionsToAccept, req, useTarget } from '../../harness/kit/index.ts';
import { eventFixtures } from '../support/event-fixtures.ts';
import { clearWebhook } from '../support/webhook-ops.ts';

const t = useTarget();
const fixtures = eventFixtures(t);

beforeAll(() => {
  t.onCleanup(() => clearWebhook(t, t.key));
});

/**
 * One request to the URL that carries event parameters (6): GET with them in the query, or POST with
 * them in an application/x-www-form-urlencoded body.
 */
function judgeDeliveryRequest(d: Delivery): void {
  judge('event:delivery.delivery-get-or-post', 'GET or POST (6)', () =>
    expect(['GET', 'POST'], `delivery #${d.seq}: method (6: GET or POST)`).toContain(d.method),
  );
  if (d.method === 'POST')
    judge('event:delivery.post-form-urlencoded', 'POST is form-urlencoded (6)', () => {
      expect(String(d.headers['content-type'] ?? ''), `delivery #${d.seq}: POST uses application/x-www-form-urlencoded (6)`).toMatch(
        /^application\/x-www-form-urlencoded\b/i,
      );
      expect(d.form?.type, `delivery #${d.seq}: the parameters are in the form body`).toBeDefined();
    });
  else
    judge('event:delivery.delivery-get-or-post', 'GET carries the query (6)', () =>
      expect(d.query.type, `delivery #${d.seq}: the parameters are in the query`).toBeDefined(),
    );
}

// The tests of this file were in one describe with those of confirmation.test.ts: it keeps its title,
// so that they keep their names.
describe('type=confirmation events (6.1)', () => {
  req(
    ['event:delivery.delivery-get-or-post', 'event:delivery.post-form-urlencoded'],
    'events arrive by GET (query) or by form-urlencoded POST (6; ambiguity webhook-delivery-method)',
    async () => {
      const { endpoint } = await fixtures.confirmations();
      const choice = t.choices['webhook-delivery-method'];
      // 6 "Delivery is by GET or POST (chosen in the panel)": both are the document's. An option that
      // discover observed or the profile declared narrows it; a defaulted one (probed or not) accepts either.
      const accepted = optionsToAccept(t.config.profile, 'webhook-delivery-method', ['post', 'get']).map((o) => o.toUpperCase());
      const methods = new Set<string>();
      // Every request to the URL that carries event parameters, whatever the receiver made of it.
      for (const d of endpoint.deliveries.filter((x) => x.kind === 'event' || x.kind === 'other')) {
        methods.add(d.method);
        judgeDeliveryRequest(d);
      }
      const observed = [...methods].join(', ') || 'no delivery';
      judge('webhook-delivery-method', observed, methods.size === 1 && methods.has(choice.toUpperCase()));
      // One method per URL (chosen in the panel), and one the profile's option accepts.
      judge('event:delivery.delivery-get-or-post', 'one method, chosen in the panel (6)', () => {
        expect(methods.size, `one delivery method (6: chosen in the panel); seen ${observed}`).toBe(1);
        expect(accepted, `delivery method ${observed} (profile webhook-delivery-method=${choice})`).toContain([...methods][0]);
      });
    },
    { needs: ['real-delivery'] },
  );

  req(
    ['event:delivery.head-before-delivery'],
    'the URL is checked with HEAD before delivery (6; ambiguity webhook-head-check)',
    async () => {
      const { endpoint, caught } = await fixtures.confirmations();
      const all = endpoint.deliveries;
      const heads = all.filter((d) => d.method === 'HEAD');
      const firstEvent = caught[0]!.event;
      const choice = t.choices['webhook-head-check'];
      // Per event delivery: a HEAD of its own before it. A target may check and deliver several
      // events at once (HEAD, HEAD, then both deliveries): the k-th delivery needs k HEADs before it.
      const events = all.filter((d) => d.kind === 'event');
      const checked = caught.map((c) => {
        const deliveriesSoFar = events.filter((d) => d.seq <= c.event.seq).length;
        return heads.filter((h) => h.seq < c.event.seq).length >= deliveriesSoFar;
      });
      judge(
        'webhook-head-check',
        `${heads.length} HEAD for ${caught.length} deliveries; HEAD before each: ${checked.join(', ')}`,
        choice === 'before-each-delivery' ? checked.every(Boolean) : checked[0] === true,
      );
      judge('event:delivery.head-before-delivery', 'a HEAD before the first delivery (6)', () =>
        expect(
          heads.some((h) => h.seq < firstEvent.seq),
          'a HEAD reached the URL before the first delivery (6)',
        ).toBe(true),
      );
      // A defaulted option (probed or not) holds a target to what both options share: a HEAD before the first delivery.
      const accepted = optionsToAccept(t.config.profile, 'webhook-head-check', ['before-each-delivery', 'before-first-delivery']);
      if (!accepted.includes('before-first-delivery'))
        judge('event:delivery.head-before-delivery', 'a HEAD before every delivery (6; ambiguity webhook-head-check)', () =>
          expect(checked, 'a HEAD before every delivery (profile webhook-head-check=before-each-delivery)').toEqual(caught.map(() => true)),
        );
    },
    { needs: ['real-delivery'] },
  );
});
