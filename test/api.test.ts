/**
 * The programmatic API (harness/api.ts, the package's main export) in this process: discover()
 * resolves to the profile a target matches and writes nothing; the API reads no MC_* variables;
 * its errors are the CLI's. certify() itself runs vitest, so it is exercised from the installed
 * package (package-install.test.ts), not inside this vitest run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certify, discover, startReferenceServer, UsageError, type RunningReferenceServer } from '../harness/api.ts';
import { DEFAULT_AMBIGUITY_CHOICES } from '../schemas/index.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ ambiguities: { 'auth-error-http-status': 'body-200' } });
});
afterAll(() => server.close());

describe('discover()', () => {
  it('resolves to the profile of the target, with the options its probes observed', async () => {
    const profile = await discover({ target: server.baseUrl, apiKey: server.keys.account, managerKey: server.keys.manager });
    expect(Object.keys(profile.ambiguities).sort()).toEqual(Object.keys(DEFAULT_AMBIGUITY_CHOICES).sort());
    expect(profile.ambiguities['auth-error-http-status']).toBe('body-200');
    expect(profile.capabilities['manager-key']).toBe(true);
  }, 60_000);

  it('refuses what the CLI refuses, with the same error type', async () => {
    await expect(discover({ target: 'ftp://x', apiKey: 'k' })).rejects.toThrow(UsageError);
    await expect(discover({ target: server.baseUrl, apiKey: '' })).rejects.toThrow(UsageError);
  });
});

describe('certify()', () => {
  it('checks its options before anything runs: a bad area is a UsageError, as on the command line', async () => {
    await expect(certify({ only: ['nope' as 'sms'] })).rejects.toThrow(/unknown area nope/);
    await expect(certify({ apiKey: 'k' })).rejects.toThrow(UsageError);
  });

  it('ignores MC_* variables: a program passes what it means', async () => {
    process.env.MC_TARGET = 'http://127.0.0.1:1';
    try {
      // With MC_TARGET read, this would need an api key; without, a bad area is the only fault.
      await expect(certify({ only: ['nope' as 'sms'] })).rejects.toThrow(/unknown area/);
    } finally {
      delete process.env.MC_TARGET;
    }
  });
});
