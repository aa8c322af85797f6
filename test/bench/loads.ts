/**
 * The requests the benchmark sends: a cheap read (/credits/consult, 4.1), and two state-changing
 * operations, /contacts/add (4.6) and POST /v2/otp (4.4). OTP creates go to distinct numbers, since
 * a second create on a number within 30 s is throttled (8) and would measure the 429 path instead.
 */
import type { Request } from 'autocannon';
import { formatMexicoDateTime } from '../../schemas/formats.ts';

export type OperationName = 'credits/consult' | 'contacts/add' | 'otp-v2/create';
export const OPERATION_NAMES: readonly OperationName[] = ['credits/consult', 'contacts/add', 'otp-v2/create'];

export interface Target {
  baseUrl: string;
  apiKey: string;
  listKey: string;
}

let numberCounter = 0;
/** A national number never used before in this process (10 digits, Mexico: 4.4, 4.6). */
function distinctNumber(): string {
  numberCounter = (numberCounter + 1) % 100_000_000;
  return `55${String(numberCounter).padStart(8, '0')}`;
}

const json = (apiKey: string) => ({ apikey: apiKey, 'content-type': 'application/json' });

/** A request whose body is made anew for each send. */
function dynamic(path: string, apiKey: string, body: () => Record<string, unknown>): Request {
  return { method: 'POST', path, headers: json(apiKey), setupRequest: (request: Request) => ({ ...request, body: JSON.stringify(body()) }) };
}

export interface OtpCreateOptions {
  /** Seconds until the code expires (4.4 expiration_date); the server's default (24 h) when absent. */
  expiresInSeconds?: number;
}

let expiryCache = { second: -1, text: '' };
/** 4.4 expiration_date (Mexico City wall time, to the second), recomputed once per second. */
function expiryText(inSeconds: number): string {
  const second = Math.floor(Date.now() / 1000);
  if (expiryCache.second !== second) expiryCache = { second, text: formatMexicoDateTime((second + inSeconds) * 1000) };
  return expiryCache.text;
}

export function otpCreate(target: Target, options: OtpCreateOptions = {}): Request {
  return dynamic('/v2/otp', target.apiKey, () => ({
    phone_number: distinctNumber(),
    country_code: '52',
    company: 'Bench',
    message: '{{company}}: tu codigo es {{code}}',
    ...(options.expiresInSeconds !== undefined ? { expiration_date: expiryText(options.expiresInSeconds) } : {}),
  }));
}

export interface ContactAddOptions {
  /** Cycle over this many numbers (updates, 4.6) instead of adding a new contact each time. */
  rotateOver?: number;
}

export function contactAdd(target: Target, options: ContactAddOptions = {}): Request {
  let i = 0;
  const number = () => (options.rotateOver === undefined ? distinctNumber() : `56${String(i++ % options.rotateOver).padStart(8, '0')}`);
  return dynamic('/contacts/add', target.apiKey, () => ({ list_key: target.listKey, number: number(), name: 'Bench Contact', email: 'bench@example.com' }));
}

function creditsConsult(target: Target): Request {
  return { method: 'POST', path: '/credits/consult', headers: { apikey: target.apiKey } };
}

export function requestsFor(operation: OperationName, target: Target): Request[] {
  switch (operation) {
    case 'credits/consult':
      return [creditsConsult(target)];
    case 'contacts/add':
      return [contactAdd(target)];
    case 'otp-v2/create':
      return [otpCreate(target)];
  }
}
