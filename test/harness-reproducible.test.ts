/**
 * Reproducible verdicts in the small: the run's seed decides every random choice that is
 * asserted (and nothing else does), a failure message carries the test's last exchanges redacted
 * and survives the reports' cut, and timeouts follow the measured latency within a bound.
 */
import { describe, expect, it } from 'vitest';
import { exchangeLines, RESPONSE_BODY_SHOWN } from '../harness/kit/failure-exchanges.ts';
import type { Exchange } from '../harness/transport/http-client.ts';
import { MAX_TIMEOUT_SCALE, scaledTimeout, timeoutScale } from '../harness/config/latency-scale.ts';
import { createRedactor, REDACTED } from '../harness/transport/redaction.ts';
import { FAILURE_HEAD_CHARS, FAILURE_TAIL_CHARS, failureText } from '../harness/report/result-collector.ts';
import { MAX_SEED, seedFor } from '../harness/config/run-seed.ts';
import { operationById } from '../schemas/operations.ts';
import { planInvalidRequests, requestSchemaOf } from '../suites/support/fuzz-bodies.ts';

describe('seeds (certify --seed)', () => {
  it("a generator's seed depends on the run's seed and its purpose only, within fast-check's range", () => {
    expect(seedFor(1, 'fuzz:sms/send')).toBe(seedFor(1, 'fuzz:sms/send'));
    expect(seedFor(1, 'fuzz:sms/send')).not.toBe(seedFor(2, 'fuzz:sms/send'));
    expect(seedFor(1, 'fuzz:sms/send')).not.toBe(seedFor(1, 'fuzz:voice/send'));
    for (const seed of [0, 1, 7, MAX_SEED]) {
      const derived = seedFor(seed, 'otp-v2 model: waits 0,0.5');
      expect(Number.isInteger(derived) && derived >= 0 && derived < MAX_SEED, String(derived)).toBe(true);
    }
  });

  it('the invalid requests of an operation are the same for the same seed and differ for another', () => {
    const found = requestSchemaOf(operationById('agendas/add'));
    if (!found) throw new Error('agendas/add has a request schema');
    const plan = (seed: number) => planInvalidRequests(found.schema, found.carrier, { maxCases: 8, seed, number: () => '5512345678' });
    const cases = (seed: number) => JSON.stringify(plan(seed).cases);
    expect(plan(seedFor(1, 'fuzz:agendas/add')).cases.length).toBeGreaterThan(0);
    expect(cases(seedFor(1, 'fuzz:agendas/add'))).toBe(cases(seedFor(1, 'fuzz:agendas/add')));
    // Among a few seeds the draws differ: the seed is what decides them.
    const seen = new Set([1, 2, 3, 4, 5].map((s) => cases(seedFor(s, 'fuzz:agendas/add'))));
    expect(seen.size).toBeGreaterThan(1);
  });
});

const exchange = (overrides: Partial<Exchange> = {}): Exchange => ({
  method: 'POST',
  url: 'http://127.0.0.1:9/v2/otp?apikey=[REDACTED]',
  requestHeaders: { apikey: REDACTED },
  requestBody: '{"phone_number":"5512345678"}',
  status: 429,
  responseHeaders: {},
  responseBody: '{"success":false,"status":429,"code":"rate_01"}',
  startedAt: new Date(0).toISOString(),
  durationMs: 12.4,
  attempt: 1,
  ...overrides,
});

describe('the exchanges of a failure (failure-exchanges.ts)', () => {
  it('name the method, the path, the HTTP status and the response body', () => {
    const lines = exchangeLines(exchange(), (t) => t).join('\n');
    expect(lines).toContain('POST /v2/otp?apikey=[REDACTED] → HTTP 429 in 12 ms');
    expect(lines).toContain('request body: {"phone_number":"5512345678"}');
    expect(lines).toContain('response body: {"success":false,"status":429,"code":"rate_01"}');
  });

  it('say when the answer came from a resend after rate_01, and show an empty body as such', () => {
    const lines = exchangeLines(exchange({ attempt: 2, status: 502, responseBody: '' }), (t) => t).join('\n');
    expect(lines).toContain('→ HTTP 502 in 12 ms (attempt 2, resent after rate_01)');
    expect(lines).toContain('response body: (empty)');
  });

  it('redact again with what the redactor learned since, and cut a long body on one line', () => {
    const key = 'sub-key-learned-later-0001';
    const redactor = createRedactor([]);
    const long = `{"apikey_echo":"${key}","pad":"${'x'.repeat(2 * RESPONSE_BODY_SHOWN)}"}\n<html>`;
    redactor.learn(key);
    const lines = exchangeLines(exchange({ responseBody: long }), (t) => redactor.redact(t));
    const body = lines.find((l) => l.includes('response body:'))!;
    expect(body).not.toContain(key);
    expect(body).toContain(REDACTED);
    expect(body).toMatch(new RegExp(`… \\(${long.length - key.length + REDACTED.length} characters\\)$`));
    expect(lines.every((l) => !l.includes('\n'))).toBe(true);
    // A key across the cut is not shown in part.
    const across = exchangeLines(exchange({ responseBody: `${'y'.repeat(RESPONSE_BODY_SHOWN - 6)}${key}${'y'.repeat(50)}` }), (t) => redactor.redact(t)).join(
      '\n',
    );
    expect(across).not.toContain(key.slice(0, 6));
  });
});

describe('failure messages in the reports (result-collector.ts)', () => {
  it('are kept whole up to the bound, and past it keep their head and their tail', () => {
    expect(failureText('short\nmessage')).toBe('short\nmessage');
    const message =
      `expected 201, got 429\n${'counterexample '.repeat(2000)}\nthe HTTP exchange of ` +
      `the test before it failed:\n  POST /v2/otp → HTTP 429\nthe document says: "..."`;
    const kept = failureText(message);
    expect(kept.length).toBeLessThan(FAILURE_HEAD_CHARS + FAILURE_TAIL_CHARS + 100);
    expect(kept.startsWith('expected 201, got 429\n')).toBe(true);
    expect(kept).toContain('characters cut');
    expect(kept.endsWith('POST /v2/otp → HTTP 429\nthe document says: "..."')).toBe(true);
  });
});

describe('timeouts and latency (latency-scale.ts)', () => {
  it('keep their value for a fast target, grow in proportion for a slow one, within a bound', () => {
    expect(timeoutScale(undefined)).toBe(1);
    expect(timeoutScale(3)).toBe(1);
    expect(scaledTimeout(60_000, 40)).toBe(60_000);
    expect(scaledTimeout(60_000, 150)).toBe(180_000);
    expect(timeoutScale(60_000)).toBe(MAX_TIMEOUT_SCALE);
    expect(timeoutScale(Number.NaN)).toBe(1);
  });
});
