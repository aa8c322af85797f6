/**
 * Wall time of `certify` against a target that offers only the documented API:
 * the reference server started as a user starts one (`serve --allow-loopback-webhooks`, a process
 * of its own, no test hooks: every wait is real) whose event retries follow a slow schedule
 * (`--event-retry-schedule 10,30,60`: the document gives none, 6.3), certified with a profile of 2
 * phone numbers and `--allow-charges`, as a real target with few numbers is. The waits the document
 * does not time are bounded by the profile's budget (30 s by default), so the run's floor is the
 * 30 s OTP resend cooldown (8), the one wait the document does time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { personalityChoices } from '../../reference/personality.ts';
import { timeCertifyWith, tsxCli, type CertifyTiming } from './certify-timing.ts';
import { PROJECT_ROOT, stopProcess } from './server-process.ts';
import { declaredCapabilities } from '../../reference/declared-values.ts';
import { RESTRICTED_KEY_VARIABLE } from '../../harness/commands/serve-profile.ts';

/** Seconds before each successive retry of an event (serve --event-retry-schedule). */
export const SLOW_RETRY_SCHEDULE = [10, 30, 60] as const;
/** 8: the OTP resend cooldown, the longest wait the document times: no certification in real time is shorter. */
export const COOLDOWN_FLOOR_SECONDS = 30;

interface Serving {
  child: ChildProcess;
  baseUrl: string;
  keys: { manager: string; account: string; restricted: string };
}

/** Starts `serve` and reads its base URL and keys from the lines it prints. */
function startServe(args: readonly string[]): Promise<Serving> {
  const child = spawn(process.execPath, [tsxCli(), 'harness/cli.ts', 'serve', ...args], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error(`serve printed no keys within 30 s: ${text.slice(0, 300)}`)), 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      void stopProcess(child).then(() => reject(error));
    };
    child.once('exit', (code) => fail(new Error(`serve exited (code ${code}) before it listened: ${text.slice(0, 300)}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const baseUrl = /listening on (\S+)/.exec(text)?.[1];
      const manager = /manager key:\s+(\S+)/.exec(text)?.[1];
      const account = /account key:\s+(\S+)/.exec(text)?.[1];
      const restricted = /restricted key:\s+(\S+)/.exec(text)?.[1];
      if (baseUrl && manager && account && restricted) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ child, baseUrl, keys: { manager, account, restricted } });
      }
    });
  });
}

/** What that server offers beyond the documented API, as its operator would declare it; 2 numbers. */
function profileFor(serving: Serving): string {
  return stringify({
    ambiguities: personalityChoices('default'),
    // The served process's own declaration (its ready value lives in that process: the same function).
    capabilities: declaredCapabilities({ testClock: false, allowLoopbackWebhooks: true }),
    keys: { restricted: serving.keys.restricted },
    phoneNumbers: ['5511110001', '5511110002'],
    pacing: { requestsPerSecond: 80 },
  });
}

export async function timeCertifySlowRetries(): Promise<CertifyTiming> {
  const serving = await startServe(['--allow-loopback-webhooks', '--event-retry-schedule', SLOW_RETRY_SCHEDULE.join(',')]);
  // The profile holds the restricted key: beside the reports, never in them (certify looks for keys there).
  const profileDir = mkdtempSync(join(tmpdir(), 'mc-bench-profile-'));
  try {
    const profile = join(profileDir, 'profile.yaml');
    writeFileSync(profile, profileFor(serving));
    const flags = [
      '--target',
      serving.baseUrl,
      '--api-key',
      serving.keys.account,
      '--manager-key',
      serving.keys.manager,
      '--profile',
      profile,
      '--allow-charges',
      '--max-credits',
      '900',
    ];
    return await timeCertifyWith('slow-retries', flags);
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
    await stopProcess(serving.child);
  }
}

/**
 * The README's try-out on one machine, as a user runs it: `serve --allow-loopback-webhooks
 * --write-profile FILE` in a process of its own (no test hooks, real time), then the certify command
 * it prints: account and manager keys, --allow-charges, that profile (every capability the server
 * offers, the loopback webhook receiver reachable), the restricted key in its variable. The event
 * tests wait for real deliveries here: the figure shows what declaring more capabilities costs.
 */
export async function timeCertifyServeProfile(): Promise<CertifyTiming> {
  const profileDir = mkdtempSync(join(tmpdir(), 'mc-bench-serve-profile-'));
  const profile = join(profileDir, 'profile.yaml');
  const serving = await startServe(['--allow-loopback-webhooks', '--write-profile', profile]);
  try {
    const flags = [
      '--target',
      serving.baseUrl,
      '--api-key',
      serving.keys.account,
      '--manager-key',
      serving.keys.manager,
      '--allow-charges',
      '--profile',
      profile,
    ];
    return await timeCertifyWith('serve-profile', flags, { [RESTRICTED_KEY_VARIABLE]: serving.keys.restricted });
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
    await stopProcess(serving.child);
  }
}
