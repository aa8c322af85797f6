/**
 * What the webhook suites send to be refused (4.14, 2.9, 7.2) and how they check that a refusal
 * registered nothing: the malformed URLs and bad statuses, the pairs of codes a missing or malformed
 * value may answer (ambiguity paired-code-order), and the webhook left as it was.
 */
import { expect } from 'vitest';
import { Inconclusive, judge, type Target } from '../../harness/kit/index.ts';

/** 7.2 add_webhook_03 "URL ... malformed": texts that are no absolute URL at all. */
export const MALFORMED_URLS = ['not a url', 'http://', 'https://exa mple.com/hook', 'https://hooks.example.com:99999/hook', 'hooks example com'];
/** 7.2 add_webhook_05 / status_webhook_03 "not 0/1". */
export const BAD_STATUSES = ['2', '10', '-1', 'enabled'];

export const URL_PAIR = ['add_webhook_02', 'add_webhook_03'] as const;
export const ADD_STATUS_PAIR = ['add_webhook_04', 'add_webhook_05'] as const;
export const SET_STATUS_PAIR = ['status_webhook_02', 'status_webhook_03'] as const;

/**
 * The URL must not have been registered: /webhook/get does not answer it (4.14, 2.9). A 5xx of that
 * read is server_01, a fault of the service (7.1) that shows no webhook at all: whether the refused
 * URL was registered cannot be read, and the test ends without a verdict (Inconclusive). Judged as
 * `requirement`, the rule whose refusal registers nothing (the caller's: a forbidden host, a failed
 * verification, a refused value).
 */
export async function expectNotRegistered(t: Target, key: string, requirement: string, urls: readonly string[]): Promise<void> {
  const got = await t.api('webhooks/get', { key });
  if (got.status >= 500)
    throw new Inconclusive(`POST /webhook/get answered HTTP ${got.status} (${got.text.slice(0, 200)}): whether the refused URL was registered cannot be read`);
  if (got.body.success !== true) return;
  const result = got.body.result as { url?: unknown } | undefined;
  judge(requirement, 'a refused URL is not registered (4.14, 2.9)', () =>
    expect(urls, 'a refused URL is not the registered webhook').not.toContain(result?.url),
  );
}
