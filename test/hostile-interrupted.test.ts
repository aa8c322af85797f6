/**
 * certify and discover interrupted mid-run, end to end (docs/certifying.md "What the kit guarantees
 * about secrets, HTML, sizes and signals"): on SIGINT and SIGTERM, partial reports marked incomplete,
 * the run's subaccounts emptied and archived (4.11), one line on stderr, exit 2. Each certify runs a
 * few areas in a child process (the servers stay in this one).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedTarget, type EmbeddedTarget } from '../harness/run/embedded-target.ts';
import { startWebhookReceiver } from '../harness/transport/webhook-receiver.ts';
import { BIN, certify, concurrentScratchDir, type Run, summaryOf, withProxy } from './hostile-runs.ts';
import { remoteFlags } from './remote-target.ts';

describe('certify interrupted mid-run', () => {
  const targets: EmbeddedTarget[] = [];
  afterAll(async () => {
    for (const t of targets) await t.server.close();
  });

  /**
   * Certify through a proxy that slows every request, interrupted with `signal` `afterMs` after it
   * started (and at least 3 s after the run's first subaccount exists: files are in flight).
   */
  async function interrupted(signal: NodeJS.Signals, afterMs: number, out: string) {
    const target = await startEmbeddedTarget({}, { testClock: true, personality: 'default' });
    targets.push(target);
    const before = new Set(target.server.issuedKeys());
    return withProxy(target, { delayShare: 1, delayMs: 150 }, async (proxy) => {
      let sentAt = 0;
      const startedAt = Date.now();
      const profile = join(out, 'profile.json');
      writeFileSync(profile, JSON.stringify(target.profile));
      const run = await certify([...remoteFlags(target, proxy.url, profile, 'credits,agendas,contacts,reports'), '--no-html'], {
        out: join(out, 'reports'),
        started: (child) => {
          const poll = setInterval(() => {
            if (target.server.issuedKeys().length > before.size) {
              clearInterval(poll);
              setTimeout(
                () => {
                  sentAt = Date.now();
                  child.kill(signal);
                },
                Math.max(3_000, afterMs - (Date.now() - startedAt)),
              );
            }
          }, 100);
          child.once('close', () => clearInterval(poll));
        },
      });
      return { run, target, before, sentAt, startedAt };
    });
  }

  it.concurrent.for<[NodeJS.Signals, number]>([
    ['SIGINT', 20_000],
    ['SIGTERM', 8_000],
  ])(
    '%s at %i ms: reports present and marked incomplete, the subaccounts of the run emptied and archived, one line on stderr, exit 2',
    { timeout: 180_000 },
    async ([signal, afterMs], context) => {
      const { run, target, before, sentAt, startedAt } = await interrupted(signal, afterMs, concurrentScratchDir(context, 'mc-hostile-signal-'));
      console.log(
        `${signal} sent ${((sentAt - startedAt) / 1000).toFixed(1)} s after certify started; certify ` +
          `ended ${(run.seconds - (sentAt - startedAt) / 1000).toFixed(1)} s after it (exit ${run.exit})`,
      );
      expect(sentAt, 'the signal was sent').toBeGreaterThan(0);
      expect(run.exit, run.stderr).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^messaging-conformance: certification incomplete: interrupted by ${signal}; \\d+ tests did not finish`));
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      for (const file of ['summary.json', 'summary.md', 'junit.xml']) expect(existsSync(join(run.out, file)), file).toBe(true);
      const summary = summaryOf(run);
      expect(summary.incomplete).toMatch(new RegExp(`^interrupted by ${signal}`));
      expect(summary.ok).toBe(false);
      expect(readFileSync(join(run.out, 'summary.md'), 'utf8').split('\n')[0]).toMatch(/^# Conformance summary: INCOMPLETE/);
      expect(readFileSync(join(run.out, 'junit.xml'), 'utf8')).toContain(`certification incomplete: interrupted by ${signal}`);
      // Teardown on the target: every subaccount the run created is emptied and archived (4.11).
      const created = [...target.server.context.accounts.all()].filter((a) => a.kind === 'subaccount' && !before.has(a.apiKey));
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(created.map((a) => ({ email: a.email, archived: a.archived, balance: a.balance }))).toEqual(
        created.map((a) => ({ email: a.email, archived: true, balance: 0 })),
      );
      // Interrupted, not abandoned: the process ended within the grace.
      expect((Date.now() - sentAt) / 1000).toBeLessThan(25);
    },
  );
});

describe('discover interrupted mid-run', () => {
  /** discover in a child process, sent `signal` shortly after `when` (given its output so far) holds. */
  function discoverUntil(args: string[], when: (stdout: string) => boolean, signal: NodeJS.Signals, out: string): Promise<Run> {
    const begun = Date.now();
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, 'discover', ...args, '--sandbox-budget', '0', '--write-profile', join(out, 'profile.yaml')], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, MC_TARGET: '', MC_API_KEY: '', MC_MANAGER_KEY: '', MC_PROFILE: '' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const poll = setInterval(() => {
        if (!when(stdout)) return;
        clearInterval(poll);
        setTimeout(() => child.kill(signal), 300);
      }, 20);
      const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.on('error', reject);
      child.on('close', (exit, ended) => {
        clearInterval(poll);
        clearTimeout(killer);
        resolve({ exit, signal: ended, stdout, stderr, out, seconds: (Date.now() - begun) / 1000, peakRss: 0 });
      });
    });
  }

  const webhookOf = async (server: EmbeddedTarget['server']): Promise<unknown> => {
    const answer = await fetch(`${server.baseUrl}/webhook/get`, { method: 'POST', headers: { apikey: server.keys.account } });
    return ((await answer.json()) as { result?: unknown }).result;
  };

  it.concurrent.for<[string, boolean]>([
    ['with a manager key: its subaccount emptied and archived', true],
    ["without one: the account's own webhook put back", false],
  ])('SIGINT, %s; no profile written, one line on stderr, exit 2', { timeout: 120_000 }, async ([, withManager], context) => {
    const target = await startEmbeddedTarget({}, { testClock: false, personality: 'default' });
    // The account's own webhook, on loopback (4.14: registering it makes the target call it).
    const theirs = await startWebhookReceiver();
    try {
      const own = await fetch(`${target.server.baseUrl}/webhook/add`, {
        method: 'POST',
        headers: { apikey: target.server.keys.account, 'content-type': 'application/json' },
        body: JSON.stringify({ url: theirs.endpoint('own').url, status: '0' }),
      });
      expect(((await own.json()) as { success?: unknown }).success).toBe(true);
      const webhookBefore = await webhookOf(target.server);
      const before = new Set(target.server.issuedKeys());
      const keys = [
        '--target',
        target.server.baseUrl,
        '--api-key',
        target.server.keys.account,
        ...(withManager ? ['--manager-key', target.server.keys.manager] : []),
      ];
      // With a manager key: once its subaccount exists and a probe ran in it. Without: once the
      // probe before the webhook session ended, so that the signal comes while discover's own
      // webhook replaces the account's (4.14).
      const run = await discoverUntil(
        keys,
        (stdout) =>
          withManager
            ? target.server.issuedKeys().length > before.size && stdout.includes('auth-error-http-status')
            : stdout.includes('business-error-http-status'),
        'SIGINT',
        concurrentScratchDir(context, 'mc-hostile-discover-'),
      );
      expect(run.exit, `${run.stdout.slice(-1500)}\n${run.stderr}`).toBe(2);
      expect(run.stderr).toMatch(/^messaging-conformance: discover interrupted by SIGINT: no profile written; /);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(join(run.out, 'profile.yaml'))).toBe(false);
      expect(run.stderr).toContain(withManager ? 'emptied and archived' : "webhook: the account's previous webhook was registered again with status 0");
      expect(await webhookOf(target.server)).toEqual(webhookBefore);
      const created = [...target.server.context.accounts.all()].filter((a) => a.kind === 'subaccount' && !before.has(a.apiKey));
      if (withManager) expect(created.length).toBeGreaterThanOrEqual(1);
      expect(created.map((a) => ({ email: a.email, archived: a.archived, balance: a.balance }))).toEqual(
        created.map((a) => ({ email: a.email, archived: true, balance: 0 })),
      );
    } finally {
      await theirs.close();
      await target.server.close();
    }
  });
});
