/**
 * `serve --write-profile FILE`: the profile it writes is one certify reads (config/profile.ts), it
 * declares exactly what the started server offers (each capability checked against the server
 * itself, not against the writer's own table), and it holds no key (5.2).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseProfile, type TargetProfile } from '../harness/config/profile.ts';
import { RESTRICTED_KEY_VARIABLE, SERVE_PROFILE_NUMBERS, serveProfileYaml } from '../harness/commands/serve-profile.ts';
import type { ReferenceServerOptionsInput } from '../reference/options.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { CAPABILITY_IDS } from '../schemas/capabilities.ts';
import { testScratchDir } from './scratch-dir.ts';

const BIN = fileURLToPath(new URL('../bin/messaging-conformance.js', import.meta.url));

const servers: RunningReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function started(options: ReferenceServerOptionsInput): Promise<RunningReferenceServer> {
  const server = await startReferenceServer(options);
  servers.push(server);
  return server;
}

/** The written profile as certify loads it, the restricted key given the way the file names it. */
function loaded(yaml: string, restricted: string): TargetProfile {
  const before = process.env[RESTRICTED_KEY_VARIABLE];
  process.env[RESTRICTED_KEY_VARIABLE] = restricted;
  try {
    return parseProfile(parse(yaml), 'written profile');
  } finally {
    if (before === undefined) delete process.env[RESTRICTED_KEY_VARIABLE];
    else process.env[RESTRICTED_KEY_VARIABLE] = before;
  }
}

const post = async (server: RunningReferenceServer, path: string, key: string | undefined, json: unknown = {}) => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key !== undefined ? { apikey: key } : {}) },
    body: JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
};

describe('serve --write-profile', () => {
  it.each<[string, ReferenceServerOptionsInput]>([
    ['default personality, documented API only', { personality: 'default' }],
    [
      'alternate personality, loopback receivers, test hooks, an ambiguity overridden',
      {
        personality: 'alternate',
        allowLoopbackWebhooks: true,
        testClock: true,
        ambiguities: { 'sandbox-daily-limit': '100' },
      },
    ],
    ['an allow-list that admits this machine', { restrictedAllowList: ['127.0.0.1'] }],
  ])('%s: validates, and declares what the server offers', async (_, options) => {
    const server = await started(options);
    const yaml = serveProfileYaml(server, 'profile.yaml');
    for (const key of Object.values(server.keys)) expect(yaml, 'no key in the file (5.2)').not.toContain(key);
    const profile = loaded(yaml, server.keys.restricted);

    // Ambiguities: the server's own choices (personality, then --ambiguity), each declared.
    expect(profile.ambiguities).toEqual(server.options.choices);
    expect(new Set(Object.values(profile.ambiguityProvenance ?? {}))).toEqual(new Set(['declared']));
    if (options.ambiguities) expect(profile.ambiguities['sandbox-daily-limit']).toBe('100');

    const caps = profile.capabilities;
    // Hooks: declared exactly when the server answers them.
    const clock = await fetch(`${server.baseUrl}/__test/clock`);
    expect(caps['test-clock'], 'test-clock iff GET /__test/clock answers').toBe(clock.status === 200);
    // The hook answers an unknown reference itself ("unknown apikey or reference"); without it the path is not found at all.
    const reply = await post(server, '/__test/reply', server.keys.account, { apikey: server.keys.account, reference: 'none', response: 'x' });
    expect(caps['reply-simulation'], 'reply-simulation iff POST /__test/reply exists').toBe(reply.body.message === 'unknown apikey or reference');
    expect(caps['webhook-reachable']).toBe(options.allowLoopbackWebhooks === true);
    // The restricted key, read through the variable the file names, is refused from here exactly when ip-allow-list is declared.
    const restricted = await post(server, '/credits/consult', profile.keys?.restricted ?? server.keys.restricted);
    expect(caps['ip-allow-list'], `auth_04 from this machine: ${JSON.stringify(restricted.body)}`).toBe(restricted.body.code === 'auth_04');
    if (caps['ip-allow-list']) expect(profile.keys?.restricted).toBe(server.keys.restricted);
    else expect(profile.keys).toBeUndefined();
    // The manager account is seeded: its key passes 5.3's manager check, where the account key is refused.
    expect(caps['manager-key']).toBe(true);
    const lookUp = (key: string) => post(server, '/manager/subaccount/get_apikey', key, { email: 'nobody@example.com' });
    expect(String((await lookUp(server.keys.manager)).body.code)).not.toMatch(/^auth_/);
    expect(String((await lookUp(server.keys.account)).body.code)).toMatch(/^auth_/);
    // The limits the server states (reference/declared-values.ts).
    expect(caps).toMatchObject({
      'legacy-otp-attempt-limit': true,
      legacyOtpAttemptLimit: server.declared.legacyOtpAttemptsPerHour,
      'legacy-otp-company-limit': true,
      legacyOtpCompanyMax: server.declared.legacyOtpCompanyMax,
      'real-delivery': true,
      'report-request-limit': true,
    });
    // What it has no trigger or resource for is not declared.
    for (const id of ['fault-injection', 'delivery-failure', 'campaign-processing', 'disabled-administrator', 'v1-unauthorized-user'] as const)
      expect(caps[id], id).toBe(false);
    expect(CAPABILITY_IDS.filter((id) => caps[id] && !(id in server.capabilities)).sort()).toEqual(
      ['manager-key', 'report-request-limit'].filter((id) => caps[id as keyof typeof caps]),
    );

    // Numbers to charge (this server delivers to none): distinct, none a Mexican area code's (no leading 1 in 4.5's numbers).
    expect(profile.phoneNumbers).toHaveLength(SERVE_PROFILE_NUMBERS);
    expect(new Set(profile.phoneNumbers).size).toBe(SERVE_PROFILE_NUMBERS);
    expect(profile.phoneNumbers.every((n) => n.startsWith('1'))).toBe(true);
    expect(profile.pacing.requestsPerSecond).toBeLessThanOrEqual(server.options.rateLimit || 100);
  });

  it('a profile naming an unset variable for the restricted key is refused with the variable named', async () => {
    const server = await started({});
    const before = process.env[RESTRICTED_KEY_VARIABLE];
    delete process.env[RESTRICTED_KEY_VARIABLE];
    try {
      expect(() => parseProfile(parse(serveProfileYaml(server, 'p.yaml')), 'p.yaml')).toThrow(
        `p.yaml: keys.restricted: names the environment variable ${RESTRICTED_KEY_VARIABLE}, which is not set`,
      );
    } finally {
      if (before !== undefined) process.env[RESTRICTED_KEY_VARIABLE] = before;
    }
  });

  it('the command writes the file and prints one line per capability and the certify command', async () => {
    const file = join(testScratchDir('serve-profile'), 'profile.yaml');
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--allow-loopback-webhooks', '--write-profile', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toMatch(/--profile .*profile\.yaml\n/);
    } finally {
      child.kill('SIGTERM');
    }
    for (const id of CAPABILITY_IDS) expect(output).toMatch(new RegExp(`^  ${id}: +(yes|no) `, 'm'));
    expect(output).toMatch(/^ {2}webhook-reachable: +yes /m);
    expect(output).toMatch(/^ {2}test-clock: +no /m);
    const restricted = /^restricted key: (\S+)/m.exec(output)![1]!;
    expect(output).toContain(`${RESTRICTED_KEY_VARIABLE}=${restricted} npx messaging-conformance certify --target http://127.0.0.1:`);
    expect(loaded(readFileSync(file, 'utf8'), restricted).capabilities['webhook-reachable']).toBe(true);
  }, 60_000);
});
