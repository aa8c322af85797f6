/**
 * One recorded exchange for unit tests of what is made of exchanges (curl lines, redaction,
 * reports): an answered request with empty headers and bodies, and the fields a test is about.
 */
import type { Exchange } from '../harness/transport/exchange.ts';

export const exchangeOf = (fields: Partial<Exchange> = {}): Exchange => ({
  method: 'GET',
  url: 'http://127.0.0.1/x',
  requestHeaders: {},
  requestBody: undefined,
  status: 200,
  responseHeaders: {},
  responseBody: '',
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
  attempt: 1,
  ...fields,
});
