/**
 * 4.14 "public URL, HTTPS recommended, no local hosts or private networks": every family of
 * forbidden hosts (schemas/webhooks.ts FORBIDDEN_HOST_FAMILIES) refused on POST /webhook/add with
 * add_webhook_03 (7.2) for its usual spellings and refused for any other (latitude host-forms), never
 * registered; hosts only a reading of "private networks" covers (site-local fec0::/10) a warning;
 * an https URL on a public host passes to the registration check. Forbidden, private and public
 * hosts appear only as strings sent to the target: it is asked to reach none of them.
 */
import { beforeAll, describe, expect } from 'vitest';
import { type Answer, expectError, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { DISPUTED_PRIVATE_HOSTS, FORBIDDEN_HOST_FAMILIES, WebhookAddResponse } from '../../schemas/webhooks.ts';
import { expectNotRegistered, URL_PAIR } from '../support/webhook-refusals.ts';
import { LOOPBACK_FAMILIES, addWebhook, clearWebhook, expectPairedCode, targetAcceptsLoopbackWebhooks } from '../support/webhook-ops.ts';

const t = useTarget();

beforeAll(() => {
  t.onCleanup(() => clearWebhook(t, t.key));
});

// The tests of this file were in one describe with those of add.test.ts: it keeps its title, so that they keep their names.
describe('POST /webhook/add (4.14)', () => {
  // 4.14 "no local hosts or private networks": every family. Its usual spellings are refused as a
  // forbidden host (add_webhook_03, 7.2); other spellings of the same hosts may also be refused as
  // failing verification (latitude host-forms); none is ever registered.
  for (const family of FORBIDDEN_HOST_FAMILIES) {
    const disputedIds = DISPUTED_PRIVATE_HOSTS.some((d) => d.readAs === family.id)
      ? ['rule:webhooks.disputed-private-hosts', 'rule:envelope.no-server-error']
      : [];
    req(
      [`webhook:forbidden-host.${family.id}`, 'err:add_webhook_03', ...disputedIds],
      `forbidden host ${family.id}: add_webhook_03 for its usual spellings, refused for any other, never registered (4.14, 7.2)`,
      async () => {
        // A target that delivers to this run's loopback receiver accepts loopback URLs against 4.14
        // (the embedded server): for those families the refusal can only be a failed verification.
        const loopbackAccepted = targetAcceptsLoopbackWebhooks(t) && LOOPBACK_FAMILIES.includes(family.id);
        const refusedAs = (url: string, codes: readonly string[], answer: Answer) => {
          const code = answer.body.code;
          judge(`webhook:forbidden-host.${family.id}`, `${url}: refused (4.14 no local hosts or private networks)`, () =>
            expect(codes, `${url}: refused with ${codes.join(' or ')}; ${answer.text.slice(0, 200)}`).toContain(code),
          );
          expectError(`webhook:forbidden-host.${family.id}`, answer, String(code), 'webhooks/add');
        };
        for (const url of family.examples) {
          const answer = await addWebhook(t, t.key, { url, status: '1' });
          if (loopbackAccepted) refusedAs(url, ['add_webhook_03', 'add_webhook_06'], answer);
          else expectPairedCode(t, `webhook:forbidden-host.${family.id}`, answer, 'add_webhook_03', URL_PAIR, 'webhooks/add');
        }
        for (const url of family.otherSpellings) {
          const answer = await addWebhook(t, t.key, { url, status: '1' });
          refusedAs(url, ['add_webhook_02', 'add_webhook_03', 'add_webhook_06'], answer);
          judge('host-forms', `${url} (latitude host-forms)`, String(answer.body.code));
        }
        await expectNotRegistered(t, t.key, `webhook:forbidden-host.${family.id}`, [...family.examples, ...family.otherSpellings]);
        // Hosts this family covers only under a reading of "private networks" (site-local fec0::/10
        // is not fc00::/7): a registration is a warning, the refusal's code is recorded (latitude host-forms).
        for (const disputed of DISPUTED_PRIVATE_HOSTS.filter((d) => d.readAs === family.id))
          for (const url of disputed.examples) {
            const answer = await addWebhook(t, t.key, { url, status: '1' });
            judge('host-forms', `${url}, ${disputed.id} (latitude host-forms)`, answer.body.success === true ? 'accepted' : String(answer.body.code));
            judge('rule:envelope.no-server-error', `${url}: never a server error`, () => expect(answer.status).toBeLessThan(500));
            const got = await t.api('webhooks/get', { key: t.key });
            const registered = got.body.success === true ? (got.body.result as { url?: unknown } | undefined) : undefined;
            judge(
              'rule:webhooks.disputed-private-hosts',
              `${url} (${disputed.id}): refused and not registered, reading 4.14's private networks to cover it`,
              () => {
                expect(answer.body.success, `${url}: ${answer.text.slice(0, 200)}`).not.toBe(true);
                expect(registered?.url, `${url}: the registered webhook`).not.toBe(url);
              },
            );
          }
      },
    );
  }

  req(['rule:webhooks.https-recommended'], 'an https URL on a public host passes validation to the registration check (4.14)', async () => {
    const url = `https://hooks.example.com/${t.name('https')}`;
    const answer = await addWebhook(t, t.key, { url, status: '1' });
    // Accepted for the check: registered, or failed verification (the host is not ours); never
    // refused as malformed or forbidden.
    if (answer.body.success === true) expectSuccess(answer, 'webhooks/add', WebhookAddResponse);
    else expectError('rule:webhooks.https-recommended', answer, 'add_webhook_06', 'webhooks/add');
  });
});
