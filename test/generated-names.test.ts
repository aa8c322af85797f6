/**
 * The numbers a suite file sends to (harness/kit/generated-names.ts): new within a run, and never
 * one of the profile's own numbers, which carry the state of the tests that send to them.
 */
import { describe, expect, it } from 'vitest';
import { parseProfile } from '../harness/config/profile.ts';
import type { RunConfig } from '../harness/config/run-config.ts';
import { GeneratedNames } from '../harness/kit/generated-names.ts';

const configWith = (phoneNumbers: string[]): RunConfig => ({
  baseUrl: 'http://127.0.0.1:1',
  apiKey: 'account-key',
  embedded: false,
  profile: parseProfile({ phoneNumbers }, 'p.yaml'),
  allowCharges: true,
  runId: 'abcd12',
  seed: 1,
  outDir: '/tmp/x',
});
const file = { tag: 'otplegacy', index: 11 };
const phones = (names: GeneratedNames, count: number) => Array.from({ length: count }, () => names.phone());

describe('generated phone numbers', () => {
  it('are ten digits, distinct within a file, in the block of the run and the file', () => {
    const numbers = phones(new GeneratedNames(configWith([]), file), 50);
    expect(new Set(numbers).size).toBe(50);
    for (const n of numbers) expect(n).toMatch(/^55\d{2}11\d{4}$/);
  });

  it("pass over the profile's own numbers (a run whose block held one read another test's pending code)", () => {
    const plain = phones(new GeneratedNames(configWith([]), file), 4);
    const reserved = [plain[0]!, plain[2]!];
    const numbers = phones(new GeneratedNames(configWith(reserved), file), 3);
    expect(numbers).toEqual([plain[1], plain[3], expect.any(String)]);
    for (const n of reserved) expect(numbers).not.toContain(n);
  });
});
