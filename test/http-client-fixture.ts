/**
 * The harness's HTTP clients and pacers as the tests of its HTTP layer make them: clients closed
 * after the test that made them, pacers with the embedded profile's pace and retries (8).
 */
import { EMBEDDED_REQUESTS_PER_SECOND, RATE_LIMIT_MAX_RETRIES } from '../harness/config/pacing-defaults.ts';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../harness/transport/http-client.ts';
import { createPacer, type PacerOptions } from '../harness/transport/pacer.ts';

/** A pacer with the embedded profile's pace and the profile's retries unless a test says otherwise. */
export const pacerWith = (options: Partial<PacerOptions> = {}) =>
  createPacer({ requestsPerSecond: EMBEDDED_REQUESTS_PER_SECOND, maxRetries: RATE_LIMIT_MAX_RETRIES, ...options });

/** Clients made by a test, closed after it. */
const clients: HttpClient[] = [];
export function client(options: HttpClientOptions): HttpClient {
  const c = createHttpClient(options);
  clients.push(c);
  return c;
}

/** Closes the clients a test made: a test file's afterEach. */
export async function closeClients(): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => c.close()));
}
