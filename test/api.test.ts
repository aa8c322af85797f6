/**
 * The programmatic API (harness/api.ts, the package's main export) in this process: discover()
 * resolves to the profile a target matches and writes nothing; the API reads no MC_* variables;
 * its errors are the CLI's. certify() itself runs vitest, so a certification runs in a child
 * process (and from the installed package in package-install.test.ts), not inside this vitest run.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { testScratchDir } from './scratch-dir.ts';
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

describe('certify() prints nothing of its own', () => {
  it('gives every line of the run to onProgress, and nothing to stdout or stderr', () => {
    const out = join(testScratchDir('mc-api-silent-'), 'reports');
    const program = `
      const { certify } = await import(${JSON.stringify(join(PACKAGE_ROOT, 'harness', 'api.ts'))});
      const lines = [];
      const summary = await certify({ only: ['credits'], html: false, out: ${JSON.stringify(out)}, onProgress: (line) => lines.push(line) });
      process.stdout.write(JSON.stringify({ ok: summary.ok, lines }));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { cwd: PACKAGE_ROOT, encoding: 'utf8', timeout: 180_000 });
    expect(r.stderr).toBe('');
    // The one write is the program's own: anything the run printed would come before it.
    const { ok, lines } = JSON.parse(r.stdout) as { ok: boolean; lines: string[] };
    expect(ok).toBe(true);
    expect(lines[0]).toMatch(/^certifying embedded reference server/);
    expect(lines.some((l) => l.includes('credits/consult.test.ts') && l.includes('[1/1 files'))).toBe(true);
    expect(lines.some((l) => /^verdict: PASS \(exit 0\): \d+ of \d+ tests decided \(\d+ %\)/.test(l))).toBe(true);
  }, 200_000);
});
