/**
 * 4.14: the GET to the URL that registers it. A 404 fails verification (add_webhook_06, 7.2) and
 * registers nothing; any other answer passes, redirects included (they are not followed); an answer
 * must come within 5 seconds. The window is waited out in real time; on a test clock the target's
 * time and the endpoint's move together past the delay. The URLs are endpoints of the suite's
 * loopback receiver (capability webhook-reachable).
 *
 * Starts first in a run (declared in harness/run/suite-schedule.ts for the area: the 5-second
 * verification window of 4.14 in real time).
 */
import { beforeAll, describe, expect } from 'vitest';
import { type Answer, expectError, expectSuccess, judge, letTimePass, req, useTarget, type WebhookEndpoint } from '../../harness/kit/index.ts';
import { WebhookAddResponse } from '../../schemas/webhooks.ts';
import { withOwnAccount } from '../support/webhook-accounts.ts';
import { expectNotRegistered } from '../support/webhook-refusals.ts';
import { addWebhook, clearWebhook, freshEndpoint, readWebhook } from '../support/webhook-ops.ts';

const t = useTarget();

beforeAll(() => {
  t.onCleanup(() => clearWebhook(t, t.key));
});

/** 4.14: "any answer other than 404 within 5 seconds ... passes". */
const VERIFICATION_SECONDS = 5;
/** Margins around the 5 s of 4.14 for network and scheduling jitter. */
const EARLY_ANSWER_MS = (VERIFICATION_SECONDS - 2) * 1000;
const LATE_ANSWER_MS = (VERIFICATION_SECONDS + 2.5) * 1000;

/** Steps of a test clock past a delayed answer: well inside the margins above, so the earlier of timeout and answer comes first. */
const WINDOW_STEP_SECONDS = 0.5;

/** 4.14: answers to the registration GET other than 404 (neighbours of 404 included). */
const NON_404_ANSWERS = [200, 201, 204, 400, 401, 403, 405, 410, 500, 503] as const;
const REDIRECTS = [301, 302, 303, 307, 308] as const;

// The tests of this file were in one describe with those of add.test.ts: it keeps its title, so that they keep their names.
describe('POST /webhook/add (4.14)', () => {
  req(
    ['err:add_webhook_06', 'rule:webhooks.verification-404-fails'],
    'a 404 to the registration GET fails verification: add_webhook_06, not registered (4.14)',
    async () => {
      const ep = await freshEndpoint(t, 'notfound');
      ep.script.registration(404);
      expectError('err:add_webhook_06', await addWebhook(t, t.key, { url: ep.url, status: '1' }), 'add_webhook_06', 'webhooks/add');
      // add_webhook_06 without the GET is no verification that met a 404: the GET of registration is missing (4.14).
      judge('rule:webhooks.registration-get', 'a GET to the URL on registration (4.14)', () =>
        expect(
          ep.deliveries.some((d) => d.method === 'GET'),
          'the verification GET reached the URL',
        ).toBe(true),
      );
      await expectNotRegistered(t, t.key, 'rule:webhooks.verification-404-fails', [ep.url]);
    },
    { needs: ['webhook-reachable'] },
  );

  req(
    ['rule:webhooks.verification-non-404-passes', 'op:webhooks/add'],
    `any answer but 404 passes: ${NON_404_ANSWERS.join(', ')} (4.14)`,
    async () => {
      for (const status of NON_404_ANSWERS) {
        const ep = await freshEndpoint(t, `ans${status}`);
        ep.script.registration(status);
        const answer = await addWebhook(t, t.key, { url: ep.url, status: '1' });
        judge('rule:webhooks.verification-non-404-passes', `an answer ${status} passes (4.14)`, () =>
          expect(answer.body.code, `registration GET answered ${status}: ${answer.text.slice(0, 200)}`).toBe('add_webhook_01'),
        );
        expectSuccess(answer, 'webhooks/add', WebhookAddResponse);
        const read = await readWebhook(t, t.key);
        judge('rule:webhooks.verification-non-404-passes', `registered after an answer ${status} (4.14)`, () =>
          expect(read, `registered after a ${status}`).toEqual({ url: ep.url, status: '1' }),
        );
      }
    },
    { needs: ['webhook-reachable'] },
  );

  req(
    ['rule:webhooks.no-redirects'],
    `the registration GET does not follow redirects: ${REDIRECTS.join(', ')} to a 404 pass (4.14)`,
    async () => {
      for (const status of REDIRECTS) {
        const ep = await freshEndpoint(t, `redir${status}`);
        // Followed, the redirect would meet a 404 and fail; not followed, the redirect itself is a non-404 answer.
        ep.script.redirect('/', '/moved', status);
        ep.script.path('/moved', 404);
        const answer = await addWebhook(t, t.key, { url: ep.url, status: '1' });
        judge('rule:webhooks.no-redirects', `redirect ${status} not followed, the URL registered (4.14)`, () => {
          expect(
            ep.deliveries.filter((d) => d.endpointPath === '/moved'),
            `redirect ${status} was followed`,
          ).toEqual([]);
          expect(answer.body.code, `redirect ${status}: ${answer.text.slice(0, 200)}`).toBe('add_webhook_01');
        });
        expectSuccess(answer, 'webhooks/add', WebhookAddResponse);
      }
    },
    { needs: ['webhook-reachable'] },
  );
});

/**
 * POST /webhook/add of `ep`, whose answer to the registration GET the script delays. In real time
 * the delay is real. With a test clock the 5 s of 4.14 and the delay both run on the target's time:
 * once the GET has arrived, the kit moves the target's clock and the endpoint's together past the
 * delay, in steps, so that whichever comes first (the target's timeout or the answer) comes first.
 */
async function addWithDelayedCheck(key: string, ep: WebhookEndpoint, delayMs: number): Promise<Answer> {
  const answer = addWebhook(t, key, { url: ep.url, status: '1' });
  if (!t.clock.virtual) return answer;
  const answered = answer.then(
    () => 'answered' as const,
    () => 'answered' as const,
  );
  // A target that answers without the GET (a fault) is judged on its answer.
  const arrived = ep
    .waitFor((d) => d.kind === 'registration', { timeoutMs: 30_000, label: 'the registration GET' })
    .then(
      () => 'arrived' as const,
      () => 'answered' as const,
    );
  if ((await Promise.race([answered, arrived])) === 'arrived') await letTimePass(t.clock, [ep], delayMs / 1000, { stepSeconds: WINDOW_STEP_SECONDS });
  return answer;
}

describe('POST /webhook/add: the 5-second verification window (4.14)', () => {
  req(
    ['rule:webhooks.verification-timeout', 'err:add_webhook_06'],
    `no answer within ${VERIFICATION_SECONDS} s fails verification (answer after ${LATE_ANSWER_MS / 1000} s)`,
    async () => {
      await withOwnAccount(t, 0, async (key) => {
        const ep = await freshEndpoint(t, 'late');
        ep.script.registration({ status: 200, delayMs: LATE_ANSWER_MS });
        expectError('err:add_webhook_06', await addWithDelayedCheck(key, ep, LATE_ANSWER_MS), 'add_webhook_06', 'webhooks/add');
        await expectNotRegistered(t, key, 'rule:webhooks.verification-timeout', [ep.url]);
      });
    },
    { needs: ['webhook-reachable'], concurrent: true, timeout: 60_000 },
  );

  req(
    ['rule:webhooks.verification-timeout', 'rule:webhooks.verification-non-404-passes'],
    `an answer within ${VERIFICATION_SECONDS} s passes (answer after ${EARLY_ANSWER_MS / 1000} s)`,
    async () => {
      await withOwnAccount(t, 0, async (key) => {
        const ep = await freshEndpoint(t, 'early');
        ep.script.registration({ status: 200, delayMs: EARLY_ANSWER_MS });
        expectSuccess(await addWithDelayedCheck(key, ep, EARLY_ANSWER_MS), 'webhooks/add', WebhookAddResponse);
        const read = await readWebhook(t, key);
        // A 200 after 3 s is registered: the window of "within 5 seconds" is not shorter (4.14).
        judge('rule:webhooks.verification-timeout', 'an answer within 5 s passes (4.14)', () => expect(read).toEqual({ url: ep.url, status: '1' }));
      });
    },
    { needs: ['webhook-reachable'], concurrent: true, timeout: 60_000 },
  );
});
