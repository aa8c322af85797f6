/**
 * The README's try-out on your own machine, as it shows it: `serve --allow-loopback-webhooks
 * --write-profile profile.yaml` (no test hooks, real time), then the certify command it prints
 * (account and manager keys, --allow-charges, the profile, the restricted key in MC_RESTRICTED_KEY).
 * On both personalities: 0 failed, 0 broken, at most 25 tests skipped, and each of those for a
 * hook no real target has or as not testable (report/skip-remedies.ts reads the reasons), never
 * for something the command already gave.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESTRICTED_KEY_VARIABLE, serveProfileYaml } from '../harness/commands/serve-profile.ts';
import { needsOf } from '../harness/report/skip-remedies.ts';
import type { Summary } from '../harness/report/summary.ts';
import { startReferenceServer } from '../reference/server.ts';
import { BIN } from './cli-child.ts';
import { fileScratchDir } from './scratch-dir.ts';

const dir = fileScratchDir('mc-readme-own-server-');

/** What the run may still skip: hooks outside the documented API, and what no real target can run. */
const HOOK_NEEDS = new Set(['no-real-target', 'test-clock', 'reply-simulation', 'campaign-processing', 'unsupported-area-code']);

function certify(args: readonly string[], env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, MC_TARGET: '', MC_API_KEY: '', MC_MANAGER_KEY: '', MC_PROFILE: '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** Every skipped test of junit.xml with its reason (XML-escaped as written). */
function skipsOf(junit: string): { name: string; reason: string }[] {
  const xmlText = (s: string) =>
    s
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return junit
    .split('<testcase ')
    .slice(1)
    .flatMap((testcase) => {
      const name = /^[^>]*name="([^"]*)"/.exec(testcase)?.[1];
      const reason = /<skipped message="([^"]*)"/.exec(testcase.split('</testcase>')[0]!)?.[1];
      return name !== undefined && reason !== undefined ? [{ name: xmlText(name), reason: xmlText(reason) }] : [];
    });
}

describe.concurrent('serve --write-profile, then the certify command it prints (README)', () => {
  for (const personality of ['default', 'alternate'] as const) {
    it(`${personality} personality: 0 failed, at most 25 skipped, each for a hook no real target has`, async () => {
      const server = await startReferenceServer({ personality, allowLoopbackWebhooks: true });
      try {
        const profile = join(dir, `${personality}.yaml`);
        writeFileSync(profile, serveProfileYaml(server, profile));
        const out = join(dir, personality);
        const run = await certify(
          ['certify', '--target', server.baseUrl, '--api-key', server.keys.account, '--manager-key', server.keys.manager, '--allow-charges'].concat([
            '--profile',
            profile,
            '--out',
            out,
            '--no-html',
          ]),
          { [RESTRICTED_KEY_VARIABLE]: server.keys.restricted },
        );
        const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
        expect(summary.requirements.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
        expect(summary.totals.broken, 'broken tests').toBe(0);
        expect(run.status, run.output.slice(-3000)).toBe(0);
        const skips = skipsOf(readFileSync(join(out, 'junit.xml'), 'utf8'));
        const unlike = skips.filter((s) => !needsOf(s.reason).every((need) => HOOK_NEEDS.has(need)));
        expect(unlike, 'skips for something other than a hook no real target has').toEqual([]);
        expect(skips.length, skips.map((s) => `${s.name}: ${s.reason}`).join('\n')).toBeLessThanOrEqual(25);
        // What the command gave is never asked for again.
        for (const s of skips) expect(s.reason, s.name).not.toMatch(/--allow-charges was not given|no --manager-key given|give --manager-key/);
      } finally {
        await server.close();
      }
    }, 1_200_000);
  }
});
