/**
 * Isolation between accounts (1, 5.2) of the webhook (3.2, 4.14, 6: "one webhook per account"):
 * another account's key neither reads, changes, replaces nor deletes the webhook of this account,
 * and its own webhook does not replace this one.
 *
 * The resource is made in the file's account (its own subaccount when the manager key isolates the
 * file) and checked to exist there first; then the key of a second account (a fresh subaccount:
 * the manager key creates it, 4.11) acts on it, and the test checks that the resource is neither
 * shown, verified nor changed, and that its owner still has it as it was. Every rule here is a
 * reading (warn level): the document speaks of data per account without stating that another
 * account's key is refused. Without the manager key there is no second account: the tests skip
 * (capability manager-key, through the requirements).
 */
import { describe, expect } from 'vitest';
import { Inconclusive, judge, req, useTarget } from '../../harness/kit/index.ts';
import { expectAnswered, strangerKeyOf } from '../support/isolation-accounts.ts';
import { freshEndpoint, readWebhook, registerWebhook } from '../support/webhook-ops.ts';

const t = useTarget();
const strangerKey = strangerKeyOf(t);

describe('The webhook belongs to its account (1, 3.2, 6)', () => {
  req(
    ['rule:isolation.webhooks', 'rule:envelope.no-server-error'],
    "another account's key neither reads, changes, replaces nor deletes the webhook of this account",
    async () => {
      const mine = await freshEndpoint(t, 'isomine');
      await registerWebhook(t, t.key, mine.url, '1');
      t.onCleanup(() => t.api('webhooks/delete', {}));
      // The premise: the webhook reads back as registered (4.14); what another key does to it is judged below.
      const registered = await readWebhook(t, t.key);
      if (registered.url !== mine.url || registered.status !== '1')
        throw new Inconclusive(`/webhook/get with this account's key does not show the webhook it registered (status ${String(registered.status)})`);
      const key = await strangerKey();
      const receiverUrl = (await t.receiver()).url;

      const seen = await t.api('webhooks/get', { key });
      expectAnswered(seen, '/webhook/get with the other key');
      const shownUrl = (seen.body.result as { url?: unknown } | undefined)?.url;
      judge('rule:isolation.webhooks', '/webhook/get with another key (4.14, 5.2)', () => {
        expect(seen.text, "the other account's /webhook/get does not show this account's URL").not.toContain(mine.url);
        expect(
          typeof shownUrl === 'string' && shownUrl.startsWith(receiverUrl),
          `the other account, which registered none, is shown no webhook of this run (${String(shownUrl)})`,
        ).toBe(false);
      });
      expectAnswered(await t.api('webhooks/set-status', { key, json: { status: '0' } }), '/webhook/status with the other key');
      expectAnswered(await t.api('webhooks/delete', { key }), '/webhook/delete with the other key');
      const afterTheirCalls = await readWebhook(t, t.key);
      judge('rule:isolation.webhooks', "this account's webhook after another key's calls (4.14, 5.2)", () =>
        expect(afterTheirCalls, "unchanged after the other account's /webhook/status and /webhook/delete").toEqual({ url: mine.url, status: '1' }),
      );

      // One webhook per account: the other account's own does not replace this one.
      const theirs = await freshEndpoint(t, 'isotheirs');
      await registerWebhook(t, key, theirs.url, '0');
      t.onCleanup(() => t.api('webhooks/delete', { key }));
      const theirOwn = await readWebhook(t, key);
      const afterTheirs = await readWebhook(t, t.key);
      judge('rule:isolation.webhooks', 'one webhook per account (1, 3.2)', () => {
        expect(theirOwn, "the other account's own webhook").toEqual({ url: theirs.url, status: '0' });
        expect(afterTheirs, 'unchanged after the other account registered its own').toEqual({ url: mine.url, status: '1' });
      });
    },
    { needs: ['webhook-reachable'] },
  );
});
