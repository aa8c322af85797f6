/**
 * Before any test runs, calls to /credits/consult (4.1) tell whether the target is reachable and
 * accepts the key, and how fast it answers. Every failure is a one-line UsageError (exit 2): an
 * unreachable target or a refused key would otherwise show up as hundreds of failed tests.
 *
 * Three calls, one after the other (4.1 is read-only and free): their median latency scales the
 * run's timeouts (latency-scale.ts), and one slow call of a flaky network does not. A 429
 * rate_01 (7.1, 8: refused before it was processed; a busy shared key meets it) is waited out after
 * its Retry-After and asked again, a bounded number of times, as every call of the run does
 * (http-client.ts rateLimitSignalOf); its wait is not latency.
 *
 * The calls take the run's road (transport/target-route.ts: a gateway's headers, a private
 * certificate authority, a client certificate, a proxy), so that a road that does not lead to the
 * target fails here, in one line that names the check that failed, the host and the flag that fixes
 * it (transport/route-trouble.ts), not in every test.
 */
import { performance } from 'node:perf_hooks';
import { request, type Dispatcher } from 'undici';
import { UsageError } from '../config/cli-errors.ts';
import { describeNetworkError, isJsonObject, OverLimit, rateLimitSignalOf, readBounded, timedOutAfter, timeoutPhaseAfter } from '../transport/http-client.ts';
import { MAX_RETRY_AFTER_MS, parseRetryAfterMs } from '../transport/pacer.ts';
import { RATE_LIMIT_MAX_RETRIES } from '../config/pacing-defaults.ts';
import { diagnoseTls, routeTroubleText } from '../transport/route-trouble.ts';
import { proxyFor, proxyShown, routeDispatcher, type TargetRoute } from '../transport/target-route.ts';

export interface PreflightResult {
  credits: number;
  /** The median time of the calls that were answered without rate_01, ms. */
  latencyMs: number;
}

/** Calls whose latency is measured. */
const MEASURED_CALLS = 3;
/** rate_01 answers waited out before the preflight gives up: as many as a paced call resends (pacing-defaults.ts). */
const MAX_RATE_LIMITED = RATE_LIMIT_MAX_RETRIES;
/** The wait when a rate_01 gives no Retry-After; one that does is honoured up to the pacer's MAX_RETRY_AFTER_MS. */
const DEFAULT_RETRY_AFTER_MS = 1_000;
/** The largest preflight answer read: a balance is a few hundred bytes (2.7, 4.1). */
const PREFLIGHT_ANSWER_LIMIT = 64 * 1024;

interface Consult {
  status: number;
  text: string;
  json: unknown;
  headers: Record<string, string>;
  ms: number;
}

/** The road of the preflight's calls: its dispatcher and its headers. */
interface Road {
  route: TargetRoute | undefined;
  dispatcher: Dispatcher;
  headers: Record<string, string>;
}

/** Why a call that reached nothing failed, in one line: the road's fault when it is one, else the network's. */
async function unreachableText(error: unknown, baseUrl: string, route: TargetRoute | undefined): Promise<string> {
  const origin = new URL(baseUrl).origin;
  const known = routeTroubleText(error, baseUrl, route);
  if (known !== undefined) return `target ${origin} cannot be reached: ${known}; preflight POST /credits/consult failed`;
  const through = proxyFor(baseUrl, route?.proxy);
  // A closed connection on https may be a TLS 1.3 alert the HTTP client did not read: one handshake reads it.
  if (through === undefined && baseUrl.startsWith('https:') && /closed|reset|ECONNRESET|UND_ERR_SOCKET/.test(describeNetworkError(error))) {
    const code = await diagnoseTls(baseUrl, route);
    const diagnosed = code === undefined ? undefined : routeTroubleText({ code }, baseUrl, route);
    if (diagnosed !== undefined) return `target ${origin} cannot be reached: ${diagnosed}; preflight POST /credits/consult failed`;
  }
  return `target ${origin} is unreachable (${describeNetworkError(error)}${through ? `, through the proxy ${proxyShown(through.url)}` : ''}); preflight POST /credits/consult failed`;
}

async function consult(baseUrl: string, apiKey: string, timeoutMs: number, road: Road): Promise<Consult> {
  const url = `${baseUrl.replace(/\/+$/, '')}/credits/consult`;
  const start = performance.now();
  let headersArrived = false;
  try {
    const response = await request(url, {
      method: 'POST',
      dispatcher: road.dispatcher,
      headers: { ...road.headers, apikey: apiKey, 'content-type': 'application/json' },
      body: '{}',
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    headersArrived = true;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    // A balance answer is small: past PREFLIGHT_ANSWER_LIMIT bytes the target is not the API (or is hostile).
    const text = await readBounded(response.body, headers, PREFLIGHT_ANSWER_LIMIT).catch((error: unknown) => {
      if (error instanceof OverLimit)
        throw new UsageError(
          `target ${new URL(baseUrl).origin} answered the preflight POST /credits/consult ` +
            `with more than ${PREFLIGHT_ANSWER_LIMIT / 1024} KiB: is --target the API's base URL?`,
        );
      throw error;
    });
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, text, json, headers, ms: performance.now() - start };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // A target that accepts the connection and never answers is a timeout, said as such.
    const phase = timeoutPhaseAfter(error, headersArrived);
    if (phase !== undefined)
      throw new UsageError(`target ${new URL(baseUrl).origin} did not answer: preflight POST /credits/consult ${timedOutAfter(timeoutMs)} (${phase})`);
    throw new UsageError(await unreachableText(error, baseUrl, road.route));
  }
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A gateway's refusal: the answer of a front that did not pass the request on (RFC 9110 15.5.2, 15.5.4). */
const GATEWAY_REFUSALS = new Set([401, 403, 407]);

export async function preflight(baseUrl: string, apiKey: string, timeoutMs = 10_000, route?: TargetRoute): Promise<PreflightResult> {
  const road: Road = {
    route,
    dispatcher: routeDispatcher(route, { connect: { timeout: timeoutMs } }),
    headers: Object.fromEntries((route?.headers ?? []).map((h) => [h.name.toLowerCase(), h.value])),
  };
  try {
    return await measure(baseUrl, apiKey, timeoutMs, road);
  } finally {
    await road.dispatcher.close();
  }
}

async function measure(baseUrl: string, apiKey: string, timeoutMs: number, road: Road): Promise<PreflightResult> {
  const origin = new URL(baseUrl).origin;
  const times: number[] = [];
  let credits = Number.NaN;
  for (let rateLimited = 0; times.length < MEASURED_CALLS; ) {
    const answer = await consult(baseUrl, apiKey, timeoutMs, road);
    if (rateLimitSignalOf(answer.status, answer.headers, answer.json).rateLimited) {
      rateLimited += 1;
      if (rateLimited > MAX_RATE_LIMITED)
        throw new UsageError(
          `target ${origin} answered rate_01 (7.1) to ${rateLimited} preflight calls of POST /credits/consult in a row: its key is over the rate limit (8)`,
        );
      const told = parseRetryAfterMs(answer.headers['retry-after'], Date.now()) ?? DEFAULT_RETRY_AFTER_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.min(told, MAX_RETRY_AFTER_MS)));
      continue;
    }
    const body = isJsonObject(answer.json) ? answer.json : undefined;
    if (typeof body?.code === 'string' && body.code.startsWith('auth_'))
      throw new UsageError(`target ${origin} refused the API key (${body.code}, HTTP ${answer.status}); check --api-key or MC_API_KEY`);
    // 2.7: a decimal string with two places ("1500.00").
    if (body === undefined) {
      const type = answer.headers['content-type']?.split(';')[0]?.trim();
      // A front that refuses before the API answers (a gateway wanting its key) answers so: its header is the likelier want.
      const hint = GATEWAY_REFUSALS.has(answer.status)
        ? Object.keys(road.headers).length > 0
          ? ` a gateway in front of it may want another header than ${Object.keys(road.headers).join(', ')} (--header 'Name: value'), or is --target the API's base URL?`
          : " a gateway in front of it may want a header of its own (--header 'Name: value'), or is --target the API's base URL?"
        : " is --target the API's base URL?";
      throw new UsageError(
        `target ${origin} answered POST /credits/consult with HTTP ${answer.status} and a body that is not a JSON object ` +
          `(${type ? `${type.slice(0, 60)}, ` : ''}${answer.text.length} characters):${hint}`,
      );
    }
    credits = Number(body.credit);
    if (body.credit === undefined || body.credit === null || Number.isNaN(credits))
      throw new UsageError(
        `target ${origin} answered POST /credits/consult with HTTP ${answer.status} and a ` +
          `JSON body without a numeric credit field (2.7, 4.1): is --target the API's base URL?`,
      );
    times.push(answer.ms);
  }
  return { credits, latencyMs: median(times) };
}
