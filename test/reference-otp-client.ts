/**
 * A client of the reference server for the OTP self-tests (reference-otp-*.test.ts): calls through
 * HTTP with one key, the account's balance, and the virtual clock of the test hook.
 */
import { expect } from 'vitest';
import type { RunningReferenceServer } from '../reference/server.ts';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export type Fields = Record<string, unknown>;

/** A client for one server and key. */
export class Client {
  constructor(
    private readonly server: RunningReferenceServer,
    private readonly key: string = server.keys.account,
  ) {}

  async call(method: string, path: string, body?: Fields, query?: Record<string, string>): Promise<Answer> {
    const url = new URL(path, this.server.baseUrl);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: { apikey: this.key, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
  }

  post = (path: string, body: Fields): Promise<Answer> => this.call('POST', path, body);

  async credit(): Promise<number> {
    return Number((await this.post('/credits/consult', {})).body.credit);
  }

  async now(): Promise<number> {
    const res = await fetch(new URL('/__test/clock', this.server.baseUrl));
    return ((await res.json()) as { now: number }).now;
  }

  async advance(seconds: number): Promise<void> {
    const res = await fetch(new URL('/__test/clock/advance', this.server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    expect(res.status).toBe(200);
  }
}

let serial = 0;
/** A fresh 10-digit number per scenario, so that scenarios do not share verifications. */
export const freshNumber = (prefix = '55'): string => `${prefix}${String(++serial).padStart(8, '0')}`;
