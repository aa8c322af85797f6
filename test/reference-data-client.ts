/**
 * What the self-tests of the reference server's data areas share (reference-data-*.test.ts): the
 * two servers they call, one with the default option of each ambiguity these areas follow and one
 * with the other, and the calls and checks of a success (against the registry's schemas) and of an
 * error in the common envelope of 2.1.
 */
import { expect } from 'vitest';
import { ErrorBody, operationById } from '../schemas/index.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** The server with the default option of every ambiguity; set by startDataServers. */
export let srv: RunningReferenceServer;
/** The same server with the other option of each ambiguity these areas follow. */
export let alt: RunningReferenceServer;

/** Starts both servers: a test file calls it in its beforeAll, and closeDataServers in its afterAll. */
export async function startDataServers(): Promise<void> {
  srv = await startReferenceServer({ rateLimit: 0 });
  alt = await startReferenceServer({
    rateLimit: 0,
    allowLoopbackWebhooks: true,
    webhookVerifyTimeoutMs: 2000,
    ambiguities: {
      'agendas-delete-success-code': 'rename-values',
      'webhook-status-success-values': 'add-values',
      'subaccount-credits-manage-success-message': 'subaccount_archived',
      'contactlist-find-paging': 'record-only',
    },
  });
}

export async function closeDataServers(): Promise<void> {
  await srv.close();
  await alt.close();
}

export async function call(path: string, body: unknown = {}, key: string = srv.keys.account, server: RunningReferenceServer = srv): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function find(query: Record<string, string>, key: string = srv.keys.account, server: RunningReferenceServer = srv): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}/contactlist/find?${new URLSearchParams(query)}`, { headers: { apikey: key } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A success of `operationId` whose body fits the registry's success schema. */
export function expectSuccess(operationId: string, a: Answer): Record<string, unknown> {
  expect(a.body.success, JSON.stringify(a.body)).toBe(true);
  expect(a.status).toBe(200);
  const parsed = operationById(operationId).success.schema.safeParse(a.body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return a.body;
}

/** An error in the common envelope (2.1) with `code`. */
export function expectError(a: Answer, code: string): void {
  expect(a.body.code, JSON.stringify(a.body)).toBe(code);
  expect(ErrorBody.safeParse(a.body).success).toBe(true);
  expect(a.status).toBeLessThan(500);
}
