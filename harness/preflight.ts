/**
 * Before any test runs, one call to /credits/consult (4.1) tells whether the target is reachable
 * and accepts the key. Every failure is a one-line UsageError (exit 2): an unreachable target or a
 * refused key would otherwise show up as hundreds of failed tests.
 */
import { request } from 'undici';
import { UsageError } from './cli-errors.ts';
import { describeNetworkError, timedOutAfter, timeoutPhaseAfter } from './http-client.ts';

export interface PreflightResult {
  credits: number;
}

export async function preflight(baseUrl: string, apiKey: string, timeoutMs = 10_000): Promise<PreflightResult> {
  const url = `${baseUrl.replace(/\/+$/, '')}/credits/consult`;
  let status: number;
  let text: string;
  let headersArrived = false;
  try {
    const response = await request(url, {
      method: 'POST',
      headers: { apikey: apiKey, 'content-type': 'application/json' },
      body: '{}',
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    headersArrived = true;
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    // A target that accepts the connection and never answers is a timeout, said as such (issue 19).
    const phase = timeoutPhaseAfter(error, headersArrived);
    if (phase !== undefined) throw new UsageError(`target ${new URL(baseUrl).origin} did not answer: preflight POST /credits/consult ${timedOutAfter(timeoutMs)} (${phase})`);
    throw new UsageError(`target ${new URL(baseUrl).origin} is unreachable (${describeNetworkError(error)}); preflight POST /credits/consult failed`);
  }
  let body: { credit?: unknown; code?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  if (typeof body?.code === 'string' && body.code.startsWith('auth_'))
    throw new UsageError(`target ${new URL(baseUrl).origin} refused the API key (${body.code}, HTTP ${status}); check --api-key or MC_API_KEY`);
  // 2.7: a decimal string with two places ("1500.00").
  const credits = Number(body?.credit);
  if (body?.credit === undefined || body.credit === null || Number.isNaN(credits))
    throw new UsageError(`target ${new URL(baseUrl).origin} answered POST /credits/consult with HTTP ${status} and no numeric credit: is --target the API's base URL?`);
  return { credits };
}
