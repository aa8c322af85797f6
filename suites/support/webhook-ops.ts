/**
 * Webhook management as the document states it (4.14, 2.9, 3.2, 7.2), for the webhook and event
 * suites: registering, reading and clearing the account's webhook, observing its state of 3.2, and
 * the two contradictions of 4.14 / 7.2 (success values of /webhook/status, order of paired codes).
 */
import { expect } from 'vitest';
import { type Answer, expectError, expectSuccess, Inconclusive, judge, type Target, type WebhookEndpoint } from '../../harness/kit/index.ts';
import {
  WebhookAddResponse,
  WebhookGetResponse,
  WebhookStatusResponse,
  type ForbiddenHostFamilyId,
  type WebhookState,
  type WebhookStatus,
} from '../../schemas/webhooks.ts';

/** A fresh endpoint of the file's receiver: a URL no other test registers. */
export async function freshEndpoint(t: Target, label: string): Promise<WebhookEndpoint> {
  return (await t.receiver()).endpoint(t.name(label));
}

/**
 * 4.14 forbids local hosts, yet the run relies on the target delivering to the loopback receiver
 * (webhook-reachable without --webhook-public-url: the embedded server, started to accept loopback
 * URLs). On such a target the loopback families cannot be certified as refused by add_webhook_03;
 * their URLs must still never be registered (see the forbidden-host tests).
 */
export const targetAcceptsLoopbackWebhooks = (t: Target): boolean => t.has('webhook-reachable') && t.config.webhookPublicUrl === undefined;

/** The forbidden-host families a loopback receiver's URL can fall in (localhost, 127/8, ::1). */
export const LOOPBACK_FAMILIES: readonly ForbiddenHostFamilyId[] = ['localhost', 'loopback-ipv4', 'loopback-ipv6'];

/** POST /webhook/add with the fields given (an absent field is left out of the body). */
export function addWebhook(t: Target, key: string, fields: { url?: unknown; status?: unknown }): Promise<Answer> {
  const json: Record<string, unknown> = {};
  if (fields.url !== undefined) json.url = fields.url;
  if (fields.status !== undefined) json.status = fields.status;
  return t.api('webhooks/add', { key, json });
}

/** 4.14: registers `url` with `status`; the success contract (add_webhook_01, url_added_success). */
export async function registerWebhook(t: Target, key: string, url: string, status: WebhookStatus = '1'): Promise<void> {
  expectSuccess(await addWebhook(t, key, { url, status }), 'webhooks/add', WebhookAddResponse);
}

/**
 * The cleanup of a test that registered a webhook: POST /webhook/delete, its answer otherwise
 * unasserted (with no webhook left its refusal is expected). A 5xx is server_01, a fault of the
 * service (7.1): the webhook may still be there, and the error names what is left on the target,
 * which the kit's teardown reports as a failed cleanup; no test is judged by it.
 */
export async function clearWebhook(t: Target, key: string): Promise<Answer> {
  const answer = await t.api('webhooks/delete', { key });
  if (answer.status >= 500)
    throw new Error(
      `deleting the account's webhook (POST /webhook/delete, 4.14) answered HTTP ${answer.status} ${answer.text.slice(0, 200)}; ` +
        "left on the target: the account's webhook, if one was registered",
    );
  return answer;
}

/**
 * Arranges the state none of 3.2 (the webhook deleted) for the step a test then proves. A 5xx is
 * server_01, a fault of the service (7.1) that leaves the state unknown: the test cannot reach the
 * state it needs and ends without a verdict (Inconclusive), never judged on a state it did not reach.
 */
export async function arrangeNoWebhook(t: Target, key: string): Promise<void> {
  const answer = await t.api('webhooks/delete', { key });
  if (answer.status >= 500)
    throw new Inconclusive(`POST /webhook/delete answered HTTP ${answer.status} (${answer.text.slice(0, 200)}): the state none of 3.2 could not be arranged`);
}

/** 4.14: POST /webhook/get, its success contract; the configured {url, status}. */
export async function readWebhook(t: Target, key: string): Promise<WebhookGetResponse['result']> {
  return expectSuccess(await t.api('webhooks/get', { key }), 'webhooks/get', WebhookGetResponse).result;
}

/**
 * 4.14: a success of /webhook/status. Ambiguity webhook-status-success-values: code
 * status_webhook_01 as the text says, or the add values (add_webhook_01, url_added_success) as
 * the sample shows. Judged as the operation's success contract, whichever test sets the status.
 */
export function expectStatusSuccess(t: Target, answer: Answer): void {
  const body = expectSuccess(answer, 'webhooks/set-status', WebhookStatusResponse);
  const choice = t.choices['webhook-status-success-values'];
  const matches = choice === 'add-values' ? body.code === 'add_webhook_01' && body.message === 'url_added_success' : body.code === 'status_webhook_01';
  judge('webhook-status-success-values', `code ${body.code}, message ${body.message}`, matches);
  judge('op:webhooks/set-status', '/webhook/status success code (4.14; ambiguity webhook-status-success-values)', () => {
    if (choice === 'add-values') {
      expect(body.code, '/webhook/status success code (profile webhook-status-success-values=add-values)').toBe('add_webhook_01');
      expect(body.message, '/webhook/status success message (profile webhook-status-success-values=add-values)').toBe('url_added_success');
    } else {
      expect(body.code, '/webhook/status success code (4.14)').toBe('status_webhook_01');
    }
  });
}

/** POST /webhook/status with `status`, asserted as a success. */
export async function setWebhookStatus(t: Target, key: string, status: WebhookStatus): Promise<void> {
  expectStatusSuccess(t, await t.api('webhooks/set-status', { key, json: { status } }));
}

/**
 * 7.2 names causes by pairs of codes ("add_webhook_02, _03 URL missing, malformed or forbidden
 * host"; "_04, _05 status missing or not 0/1"; "status_webhook_02, _03"). Ambiguity
 * paired-code-order: in-order (the first code is "missing", the second the other causes) or
 * either (either code of the pair for either cause). The refusal itself is judged as `requirement`,
 * the caller's requirement the refusal proves.
 */
export function expectPairedCode(t: Target, requirement: string, answer: Answer, expected: string, pair: readonly [string, string], operationId: string): void {
  const choice = t.choices['paired-code-order'];
  const code = typeof answer.body.code === 'string' ? answer.body.code : `(no code, HTTP ${answer.status})`;
  judge(
    'paired-code-order',
    `${operationId}: ${code} where the in-order reading gives ${expected}`,
    choice === 'either' ? pair.includes(code) : code === expected,
  );
  if (choice === 'either' && pair.includes(code)) expectError(requirement, answer, code, operationId);
  else expectError(requirement, answer, expected, operationId);
}

/** The state of 3.2 a URL is expected to be in after an operation. */
export type ExpectedState = WebhookState;

/**
 * Observes the account's webhook state (3.2) with documented calls only:
 *  - enabled / disabled: /webhook/get answers {url, status '1' / '0'} (4.14, 2.9);
 *  - none: /webhook/get does not answer the removed `url` (what it answers with no webhook is not
 *    shown), and /webhook/status answers status_webhook_04 "no webhook registered" (7.2).
 * The state read back is judged as `requirement`: the transition or the rule the caller proves.
 */
export async function expectWebhookState(t: Target, key: string, requirement: string, expected: ExpectedState, url?: string): Promise<void> {
  if (expected === 'none') {
    const got = await t.api('webhooks/get', { key });
    // What /webhook/get answers with no webhook is not shown (4.14): a 5xx is that answer, judged as the server
    // error it is (7.1 server_01, a reading: warn); the state itself is decided by the probe below (7.2).
    judge('rule:envelope.no-server-error', '/webhook/get with no webhook: not a server error', () =>
      expect(got.status, `HTTP ${got.status} ${got.text.slice(0, 200)}`).toBeLessThan(500),
    );
    if (url !== undefined && got.body.success === true) {
      const result = got.body.result as { url?: unknown } | undefined;
      judge(requirement, 'no webhook configured (3.2)', () =>
        expect(result?.url, 'a removed webhook is not answered by /webhook/get (3.2: no webhook configured)').not.toBe(url),
      );
    }
    const probe = await t.api('webhooks/set-status', { key, json: { status: '0' } });
    expectError(requirement, probe, 'status_webhook_04', 'webhooks/set-status');
    return;
  }
  const result = await readWebhook(t, key);
  judge(requirement, `the webhook ${expected} (3.2)`, () =>
    expect(result, `/webhook/get after the transition (3.2: ${expected})`).toEqual({ url, status: expected === 'enabled' ? '1' : '0' }),
  );
}

/** Arranges a start state of 3.2 on `url` (none: whatever was configured is deleted). */
export async function bringToState(t: Target, key: string, state: WebhookState, url: string): Promise<void> {
  if (state === 'none') {
    await arrangeNoWebhook(t, key);
    return;
  }
  await registerWebhook(t, key, url, state === 'enabled' ? '1' : '0');
}
