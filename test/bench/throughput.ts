/**
 * One throughput measurement: autocannon against a loopback server with fixed connections and a
 * fixed duration (or a fixed number of requests), after a short warm-up that is thrown away so
 * that JIT compilation and connection setup do not count.
 */
import autocannon, { type Request } from 'autocannon';

export interface LoadSettings {
  connections: number;
  /** Measured seconds (ignored when `amount` is given). */
  durationSeconds: number;
  /** Discarded seconds before the measurement (0: none). */
  warmupSeconds: number;
  /** A fixed number of requests instead of a duration. */
  amount?: number;
}

export interface Measurement {
  /** Completed requests per second over the measured run. */
  rps: number;
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

function run(baseUrl: string, requests: Request[], connections: number, limit: { duration: number } | { amount: number }): Promise<autocannon.Result> {
  return autocannon({ url: baseUrl, connections, pipelining: 1, requests, ...limit });
}

export async function measure(baseUrl: string, requests: Request[], settings: LoadSettings): Promise<Measurement> {
  if (settings.warmupSeconds > 0) await run(baseUrl, requests, settings.connections, { duration: settings.warmupSeconds });
  const limit = settings.amount !== undefined ? { amount: settings.amount } : { duration: settings.durationSeconds };
  const result = await run(baseUrl, requests, settings.connections, limit);
  const requestsDone = result.requests.total;
  return {
    rps: result.duration > 0 ? requestsDone / result.duration : 0,
    requests: requestsDone,
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
  };
}
