/**
 * The least a user can give: `serve` (no test hooks, real time), then `certify --target URL
 * --api-key KEY` with no profile and no manager key, so every suite file shares the one account and
 * its sandbox quota (8): 0 failed, 0 broken. What the run cannot set up (a subaccount, sandbox
 * budget, a card) is skipped with its reason, never failed, and the remedies name --manager-key.
 * With a manager key the README's paths are discover-target.test.ts (discover, then certify with
 * its profile) and readme-own-server.test.ts (the profile serve writes), whose remedies never name
 * what the run had.
 */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference/server.ts';
import type { Summary } from '../harness/report/summary.ts';
import { cli } from './cli-child.ts';
import { fileScratchDir } from './scratch-dir.ts';

const dir = fileScratchDir('mc-readme-target-');

describe('serve, then certify --target URL --api-key KEY', () => {
  it('without a manager key: 0 failed, 0 broken', async () => {
    const server = await startReferenceServer({ testClock: false });
    try {
      const out = join(dir, 'account');
      const run = await cli(['certify', '--target', server.baseUrl, '--api-key', server.keys.account, '--out', out, '--no-html'], 900_000);
      const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
      const failed = summary.requirements.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.reason}`);
      expect(failed, 'failed requirements').toEqual([]);
      expect(summary.totals.broken, 'broken tests').toBe(0);
      expect(run.status, run.output.slice(-3000)).toBe(0);
      // Nothing the run could not set up is hidden: every skip says why.
      expect(summary.requirements.filter((r) => r.status === 'skipped' && !r.reason).map((r) => r.id)).toEqual([]);
      // The verdict states its reach, and what would run the skipped tests: a manager key among them.
      const { tests, skipGroups } = summary.coverage;
      const reach = `${tests.decided} of ${tests.total} tests decided (${tests.percent} %); ${tests.skipped} skipped`;
      expect(readFileSync(join(out, 'summary.md'), 'utf8').split('\n')[0]).toBe(`# Conformance summary: PASS: ${reach}`);
      expect(run.output).toContain(`verdict: PASS (exit 0): ${reach}`);
      expect(skipGroups.reduce((n, g) => n + g.count, 0)).toBe(tests.skipped);
      expect(skipGroups.map((g) => g.remedy ?? '').filter((r) => r.includes('--manager-key')).length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 1_200_000);
});
