/**
 * discover's rate probe (section 8) on made-up targets of one second's counting: it must find the
 * limit of a target whose fixed window boundary falls inside the burst (a burst of 130 split 65 / 65
 * met no rate_01 on the reference server in CI), tell HTTP 429 from a body-only rate_01, and decide
 * nothing on a target that has no limit.
 */
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_PROBE, type ProbeContext } from '../harness/discovery/discovery-probes.ts';
import { createHttpClient } from '../harness/transport/http-client.ts';
import { createRedactor } from '../harness/transport/redaction.ts';
import { listenOnLoopback } from './loopback-listener.ts';

type Refusal = 'http-429' | 'body' | 'none';

/**
 * 100 per window; the first window closes after `boundaryAfter` requests, as a fixed window does
 * when a burst starts just before the second turns; later windows never close within the test.
 */
async function fixedWindowTarget(boundaryAfter: number, refusal: Refusal) {
  let seen = 0;
  let inWindow = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen += 1;
      inWindow = seen === boundaryAfter + 1 ? 1 : inWindow + 1;
      const over = refusal !== 'none' && inWindow > 100;
      res.writeHead(over && refusal === 'http-429' ? 429 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(over ? { success: false, code: 'rate_01', message: 'Rate limit exceeded' } : { success: true, credit: 10 }));
    });
  });
  const listener = await listenOnLoopback(server);
  return { ...listener, seen: () => seen };
}

/** The probe's finding on a made-up target, and how many requests that target saw. */
async function probeOn(refusal: Refusal, boundaryAfter = 65) {
  const target = await fixedWindowTarget(boundaryAfter, refusal);
  const redactor = createRedactor(['rate-probe-key']);
  const client = createHttpClient({ baseUrl: target.url, redactor });
  const ctx: ProbeContext = {
    client,
    burstClient: client,
    quotaClient: client,
    apiKey: 'rate-probe-key',
    managerKey: undefined,
    work: { key: 'rate-probe-key', subaccountEmail: undefined },
    prefix: 'mcrate1',
    findings: new Map(),
    sandboxBudget: 0,
    eventWaitMs: 0,
    progress: () => undefined,
    learnSecret: () => undefined,
  };
  try {
    return { finding: await RATE_LIMIT_PROBE.run(ctx), seen: target.seen() };
  } finally {
    await client.close();
    await target.close();
  }
}

describe("discover's rate probe (8)", () => {
  it('finds the limit of a fixed window whose boundary falls inside the burst', async () => {
    expect((await probeOn('http-429')).finding).toEqual({ option: 'http-429', note: 'rate_01 with HTTP 429' });
  });

  it('reads a rate_01 answered with HTTP 200 as body-429', async () => {
    expect((await probeOn('body')).finding).toEqual({ option: 'body-429', note: 'rate_01 with HTTP 200' });
  });

  it('decides nothing on a target that never refuses, and says how many requests it sent', async () => {
    const { finding, seen } = await probeOn('none');
    expect(finding.option).toBeUndefined();
    expect(finding.note).toMatch(/^401 requests at once \(\d+ ms, at most \d+ may pass\): no rate_01/);
    expect(seen % 401).toBe(0);
  });
});
