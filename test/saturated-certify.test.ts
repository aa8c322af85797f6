/**
 * Verdicts that do not depend on the machine's load: `serve` (no test hooks, real time), `discover`,
 * then `certify` with the written profile twice with the same seed, once as the machine is and once
 * with every core saturated by spinning processes (test/cpu-burner.ts, bounded, stopped by PID), as
 * on a shared CI runner. Both runs: 0 failed, 0 broken, and the same verdict for every test.
 *
 * The run as the machine is, is discover-target.test.ts's when it ran earlier in the same vitest
 * run (the same server options, discover and flags: shared-runs.ts); alone, this file makes it.
 */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference/server.ts';
import type { Summary } from '../harness/report/summary.ts';
import { cli } from './cli-child.ts';
import { startCpuBurner } from './cpu-burner.ts';
import { junitVerdicts, verdictDifferences } from './junit-verdicts.ts';
import { fileScratchDir } from './scratch-dir.ts';
import { DISCOVERED_DEFAULT_RUN, sharedRun } from './shared-runs.ts';

const dir = fileScratchDir('mc-saturated-');

describe('serve, discover, certify: the same verdicts on a saturated machine', () => {
  it('idle and saturated runs with one seed: 0 failed, 0 broken, every test the same verdict', async () => {
    const server = await startReferenceServer({ allowLoopbackWebhooks: true, testClock: false });
    try {
      const keys = ['--target', server.baseUrl, '--api-key', server.keys.account, '--manager-key', server.keys.manager];
      const profile = join(dir, 'profile.yaml');
      const discovered = await cli(['discover', ...keys, '--write-profile', profile], 240_000);
      expect(discovered.status, discovered.output.slice(-2000)).toBe(0);
      const certify = async (name: string) => {
        const out = join(dir, name);
        const run = await cli(['certify', ...keys, '--profile', profile, '--out', out, '--no-html', '--seed', DISCOVERED_DEFAULT_RUN.seed], 600_000);
        const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
        const failed = summary.requirements.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.reason}`);
        expect(failed, `${name}: failed requirements`).toEqual([]);
        expect(summary.totals.broken, `${name}: broken tests`).toBe(0);
        expect(run.status, run.output.slice(-3000)).toBe(0);
        return junitVerdicts(join(out, 'junit.xml'));
      };
      const kept = sharedRun<[string, string][]>(DISCOVERED_DEFAULT_RUN.name);
      const idle = kept === undefined ? await certify('idle') : new Map(kept);
      expect(idle.size, 'tests in the run as the machine is').toBeGreaterThan(0);
      const burner = startCpuBurner(900);
      let saturated: Map<string, string>;
      try {
        saturated = await certify('saturated');
      } finally {
        await burner.stop();
      }
      expect(verdictDifferences(idle, saturated), 'tests whose verdict changed under load').toEqual([]);
    } finally {
      await server.close();
    }
  }, 1_500_000);
});
