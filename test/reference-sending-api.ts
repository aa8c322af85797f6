/**
 * What the self-tests of the reference server's sending operations share (reference-sending-*.test.ts):
 * a server per describe with calls under its keys and its balance (2.7), and the checks of the
 * envelope's successes and errors (2.1, 7.1) and of v1's Codigo (4.16, 7.4).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { formatMexicoDate } from '../schemas/formats.ts';
import type { ReferenceServerOptionsInput } from '../reference/options.ts';
import { startReferenceServer, type ReferenceKeys, type RunningReferenceServer } from '../reference/server.ts';

export type Body = Record<string, unknown>;
export interface Answer {
  status: number;
  body: Body;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Distinct 10-digit national numbers. */
export const nationalNumbers = (count: number, prefix = '55'): string[] => Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(8, '0')}`);

export interface Api {
  keys(): ReferenceKeys;
  server(): RunningReferenceServer;
  post(path: string, body: unknown, key?: string | null): Promise<Answer>;
  get(path: string, query: Record<string, string>, key?: string | null): Promise<Answer>;
  /** 2.7: the available balance, converted before arithmetic. */
  credit(key?: string): Promise<number>;
}

/** One reference server for the enclosing describe. */
export function useServer(options: ReferenceServerOptionsInput = {}): Api {
  let running: RunningReferenceServer | undefined;
  beforeAll(async () => {
    running = await startReferenceServer({ rateLimit: 0, ...options });
  });
  afterAll(async () => {
    await running?.close();
  });
  const server = (): RunningReferenceServer => {
    if (!running) throw new Error('server not started');
    return running;
  };
  const answer = async (res: Response): Promise<Answer> => ({ status: res.status, body: (await res.json()) as Body });
  const headers = (key: string | null | undefined): Record<string, string> => {
    const k = key === undefined ? server().keys.account : key;
    return k === null ? {} : { apikey: k };
  };
  const api: Api = {
    keys: () => server().keys,
    server,
    async post(path, body, key) {
      const res = await fetch(`${server().baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers(key) },
        body: JSON.stringify(body),
      });
      return answer(res);
    },
    async get(path, query, key) {
      const res = await fetch(`${server().baseUrl}${path}?${new URLSearchParams(query).toString()}`, { headers: headers(key) });
      return answer(res);
    },
    async credit(key) {
      const { body } = await api.post('/credits/consult', undefined, key);
      expect(body.code).toBe('credit_01');
      return Number(body.credit);
    },
  };
  return api;
}

/** 2.1: a success in the envelope with the given code and message. */
export function expectSuccess(a: Answer, code: string, message: string): void {
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  expect(a.body).toMatchObject({ success: true, status: 200, code, message });
  expect(a.body.request_id).toMatch(UUID);
}

/** 2.1, 7.1: an error in the envelope, never a 500. */
export function expectError(a: Answer, code: string): void {
  expect(a.body, JSON.stringify(a.body)).toMatchObject({ success: false, code });
  expect(typeof a.body.message).toBe('string');
  expect(a.body.request_id).toMatch(UUID);
  expect(a.status).toBeLessThan(500);
}

/** 4.16, 7.4: Estatus=error with Codigo. */
export function expectCodigo(a: Answer, codigo: string): void {
  expect(a.body, JSON.stringify(a.body)).toMatchObject({ Estatus: 'error', Codigo: codigo });
  expect(typeof a.body.mensaje).toBe('string');
  expect(a.status).toBe(200);
}

export const references = (a: Answer) => a.body.references as { reference: string; number: string }[];
export const todayInMexico = () => formatMexicoDate(Date.now());
