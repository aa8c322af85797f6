/**
 * The documented path for a target: a reference server that accepts loopback webhooks and has no
 * test hooks (what `serve --allow-loopback-webhooks` starts), then `discover`, then
 * `certify --target ... --profile <the discovered one>`: 0 failed, on both personalities. The
 * discovered profile marks every ambiguity discover can decide on that server as observed, with the
 * server's own option; discover charges nothing and leaves the account as it found it.
 *
 * Real time throughout (no test clock): about a minute and a half per personality, run side by side.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { ambiguityById, type AmbiguityChoices, type AmbiguityId } from '../schemas/ambiguities.ts';
import type { Personality } from '../schemas/latitudes.ts';
import type { ProbeContext } from '../harness/discovery/discovery-probes.ts';
import { DISCOVERY_STEPS } from '../harness/discovery/discovery-steps.ts';
import { WEBHOOK_SESSION_STEP } from '../harness/discovery/discovery-webhook-session.ts';
import { createHttpClient, isJsonObject } from '../harness/transport/http-client.ts';
import { parseProfile } from '../harness/config/profile.ts';
import { createRedactor } from '../harness/transport/redaction.ts';
import type { Summary } from '../harness/report/summary.ts';
import { startWebhookReceiver } from '../harness/transport/webhook-receiver.ts';
import { cli } from './cli-child.ts';
import { junitVerdicts } from './junit-verdicts.ts';
import { fileScratchDir } from './scratch-dir.ts';
import { DISCOVERED_DEFAULT_RUN, keepSharedRun } from './shared-runs.ts';

const dir = fileScratchDir('mc-discover-target-');

/** The ambiguities a discovery step covers: what discover may decide. */
const COVERED = [...new Set(DISCOVERY_STEPS.flatMap((s) => s.covers))];

/**
 * Where the server's option leaves room (record-only, any-array) and it behaves more narrowly,
 * discover rightly reports the narrower option it saw (reference/personality.ts, handlers).
 */
const NARROWER: Record<Personality, Partial<AmbiguityChoices>> = {
  default: {
    'business-error-http-status': 'http-200',
    'otp-verify-error-slugs': 'conventional',
    'response-language': 'locale-honoured',
    'otp-state-after-verified-restart': 'pending',
    'agendas-get-contacts-field': 'result',
    'sms-accented-text': 'stripped',
  },
  alternate: {},
};

/**
 * Not decidable on that server without a charge: the default personality's sandbox sends emit no
 * event (6.3), so how events are delivered needs a real send; and no event within a window is not
 * proof of none.
 */
const UNDECIDABLE: Record<Personality, readonly AmbiguityId[]> = {
  default: ['sandbox-sends-emit-events', 'webhook-delivery-method', 'webhook-head-check'],
  alternate: [],
};

async function accountState(server: RunningReferenceServer): Promise<Record<string, unknown>> {
  const post = async (path: string, key: string) => {
    const r = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { apikey: key } });
    const json: unknown = await r.json();
    return isJsonObject(json) ? json : {};
  };
  return {
    credits: (await post('/credits/consult', server.keys.account)).credit,
    managerCredits: (await post('/credits/consult', server.keys.manager)).credit,
    webhook: (await post('/webhook/get', server.keys.account)).result,
    lists: (await post('/agendas/get', server.keys.account)).result,
  };
}

describe.concurrent('serve --allow-loopback-webhooks, discover, certify --target', () => {
  for (const personality of ['default', 'alternate'] as const) {
    it(`${personality} personality: discover marks what it can decide observed, with the server's option; certify with that profile: 0 failed`, async () => {
      const server = await startReferenceServer({ allowLoopbackWebhooks: true, testClock: false, personality });
      try {
        const keys = ['--target', server.baseUrl, '--api-key', server.keys.account, '--manager-key', server.keys.manager];
        const before = await accountState(server);
        const profilePath = join(dir, `${personality}.yaml`);
        const discovered = await cli(['discover', ...keys, '--write-profile', profilePath], 180_000);
        expect(discovered.status, discovered.output).toBe(0);
        // No charge and no lasting effect in the account certify uses (or the manager's balance).
        expect(await accountState(server)).toEqual(before);

        const profile = parseProfile(parseYaml(readFileSync(profilePath, 'utf8')), profilePath);
        const wrong: string[] = [];
        for (const id of COVERED) {
          const undecidable = UNDECIDABLE[personality].includes(id);
          const expected = undecidable ? ambiguityById(id).default : (NARROWER[personality][id] ?? server.options.choices[id]);
          const provenance = profile.ambiguityProvenance?.[id];
          if (profile.ambiguities[id] !== expected || provenance !== (undecidable ? 'defaulted' : 'observed'))
            wrong.push(`${id}: ${profile.ambiguities[id]} (${provenance}), expected ${expected} (${undecidable ? 'defaulted' : 'observed'})`);
        }
        expect(wrong, discovered.output).toEqual([]);
        expect(profile.capabilities['webhook-reachable']).toBe(true);

        const out = join(dir, `report-${personality}`);
        const certified = await cli(['certify', ...keys, '--profile', profilePath, '--out', out, '--no-html', '--seed', DISCOVERED_DEFAULT_RUN.seed], 420_000);
        const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
        const failed = summary.requirements.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.reason}`);
        expect(failed, 'failed requirements').toEqual([]);
        expect(summary.totals.failed).toBe(0);
        expect(certified.status, certified.output.slice(-3000)).toBe(0);
        // The README path's former failures: the loopback forbidden-host tests and the sandbox fuzzing
        // of sends now run and hold (a warning is a reading that did not hold, never a failure).
        const status = (id: string) => summary.requirements.find((r) => r.id === id)?.status;
        for (const id of [
          'webhook:forbidden-host.localhost',
          'webhook:forbidden-host.loopback-ipv4',
          'webhook:forbidden-host.loopback-ipv6',
          'op:sms/send',
          'op:otp-v2/create',
          'op:legacy-v1/send-multi',
        ])
          expect(['passed', 'warning'], id).toContain(status(id));
        // The run as the machine is, which the saturated run of saturated-certify.test.ts must repeat test for test.
        if (personality === 'default') keepSharedRun(DISCOVERED_DEFAULT_RUN.name, [...junitVerdicts(join(out, 'junit.xml'))]);
      } finally {
        await server.close();
      }
    }, 600_000);
  }
});

describe("discover's webhook session", () => {
  it("registers its receiver, then puts back the account's own webhook with its status", async () => {
    const server = await startReferenceServer({ allowLoopbackWebhooks: true });
    const theirs = await startWebhookReceiver();
    const redactor = createRedactor([server.keys.account]);
    const client = createHttpClient({ baseUrl: server.baseUrl, redactor });
    try {
      const url = theirs.endpoint('own').url;
      const add = await fetch(`${server.baseUrl}/webhook/add`, {
        method: 'POST',
        headers: { apikey: server.keys.account, 'content-type': 'application/json' },
        body: JSON.stringify({ url, status: '0' }),
      });
      expect(((await add.json()) as { success?: unknown }).success).toBe(true);
      const lines: string[] = [];
      const ctx: ProbeContext = {
        client,
        burstClient: client,
        quotaClient: client,
        apiKey: server.keys.account,
        managerKey: undefined,
        work: { key: server.keys.account, subaccountEmail: undefined },
        prefix: 'mctest1',
        findings: new Map(),
        sandboxBudget: 0,
        eventWaitMs: 500,
        progress: (line) => lines.push(line),
        learnSecret: (secret) => redactor.learn(secret),
      };
      const outcome = await WEBHOOK_SESSION_STEP.run(ctx);
      expect(outcome.capabilities?.['webhook-reachable']?.value).toBe(true);
      expect(outcome.findings['webhook-status-success-values']?.option).toBe('status_webhook_01');
      expect(outcome.records).toContain("webhook: the account's previous webhook was registered again with status 0");
      const after = await fetch(`${server.baseUrl}/webhook/get`, { method: 'POST', headers: { apikey: server.keys.account } });
      expect(((await after.json()) as { result?: unknown }).result).toEqual({ url, status: '0' });
    } finally {
      await client.close();
      await theirs.close();
      await server.close();
    }
  });
});
