/**
 * A staging server where it lives, on loopback: the reference server (as `serve` runs it: no test
 * hooks, real time) behind a TLS front signed by a private certificate authority, behind a front
 * that asks for a client certificate, behind a gateway that refuses requests without its header,
 * and reached through a CONNECT proxy. Each front certifies with its flags (`--only credits`: the
 * road is under test, not the suite) and fails the preflight in one line without them; the proxy
 * carries every connection when HTTPS_PROXY names it and none when NO_PROXY names the host. No
 * header value, client key, passphrase or proxy credential is in any report or HAR: the run's own
 * leak check passes, and this file searches the output again with the same check.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import type { HarLog } from '../harness/transport/har-entry.ts';
import type { Summary } from '../harness/report/summary.ts';
import { findLeakPlaces } from '../harness/run/leak-check.ts';
import { preflight } from '../harness/commands/preflight.ts';
import { UsageError } from '../harness/config/cli-errors.ts';
import type { TargetRoute } from '../harness/transport/target-route.ts';
import { BIN } from './cli-child.ts';
import { fileScratchDir } from './scratch-dir.ts';
import { makeStagingMaterial, startCountingProxy, startFront, type CountingProxy, type Front, type StagingMaterial } from './staging-fronts.ts';

const dir = fileScratchDir('mc-staging-road-');
const GATEWAY_KEY = `gw-${Math.random().toString(36).slice(2)}-key-value`;
const PROXY_USER = 'staging-user';
const PROXY_PASSWORD = `pw-${Math.random().toString(36).slice(2)}-secret`;

/** The variables of a road, emptied unless the test sets them: the caller's own proxy must not take part. */
const ROAD_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy', 'MC_PROXY', 'MC_CLIENT_KEY_PASSPHRASE'];

function certify(args: readonly string[], env: Record<string, string> = {}, area = 'credits'): Promise<{ status: number | null; output: string }> {
  const cleared = Object.fromEntries([...ROAD_VARIABLES, 'MC_TARGET', 'MC_API_KEY', 'MC_MANAGER_KEY', 'MC_PROFILE'].map((name) => [name, '']));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'certify', '--only', area, '--no-html', ...args], { env: { ...process.env, ...cleared, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 240_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

let material: StagingMaterial;
let server: RunningReferenceServer;
let tlsFront: Front;
let mutualFront: Front;
let gatewayFront: Front;
/** A server with the test clock's hooks behind the same kind of gateway: the hooks take the road too. */
let clockServer: RunningReferenceServer;
let clockGatewayFront: Front;
let proxy: CountingProxy;

beforeAll(async () => {
  material = makeStagingMaterial();
  server = await startReferenceServer({ testClock: false });
  tlsFront = await startFront(server.baseUrl, { tls: material });
  mutualFront = await startFront(server.baseUrl, { tls: material, requireClientCert: true });
  gatewayFront = await startFront(server.baseUrl, { tls: material, gatewayHeader: { name: 'X-Gateway-Key', value: GATEWAY_KEY } });
  clockServer = await startReferenceServer({ testClock: true });
  clockGatewayFront = await startFront(clockServer.baseUrl, { tls: material, gatewayHeader: { name: 'X-Gateway-Key', value: GATEWAY_KEY } });
  proxy = await startCountingProxy();
}, 60_000);

afterAll(async () => {
  await Promise.all([tlsFront?.close(), mutualFront?.close(), gatewayFront?.close(), clockGatewayFront?.close(), proxy?.close()]);
  await clockServer?.close();
  await server?.close();
  material?.remove();
});

/** What a run with the road must show: exit 0, the credits tests decided, none failed or broken, nothing of the road's secrets anywhere. */
function expectCertified(run: { status: number | null; output: string }, out: string): Summary {
  expect(run.status, run.output.slice(-2000)).toBe(0);
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
  expect(summary.totals.failed + summary.totals.broken).toBe(0);
  expect(summary.coverage.tests.decided).toBeGreaterThan(0);
  expect(summary.leakCheck?.passed).toBe(true);
  const secrets = [GATEWAY_KEY, material.passphrase, PROXY_PASSWORD, `${PROXY_USER}:${PROXY_PASSWORD}`, server.keys.account];
  expect(findLeakPlaces(out, secrets, [`${out}.har`], [], material.clientKeyLines)).toEqual([]);
  expect(run.output).not.toContain(GATEWAY_KEY);
  expect(run.output).not.toContain(PROXY_PASSWORD);
  return summary;
}

const harOf = (out: string): HarLog => JSON.parse(readFileSync(`${out}.har`, 'utf8')) as HarLog;

/**
 * The preflight's refusal without the road's flag: a usage error (the command prints it as its one
 * line and exits 2, test/preflight.test.ts) naming the check, the host and the fixing flag. In this
 * process: a child per refusal would cost a CLI start each.
 */
async function expectRefused(target: string, route: TargetRoute | undefined, words: readonly string[]): Promise<void> {
  const error = await preflight(target, server.keys.account, 10_000, route).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UsageError);
  const message = (error as Error).message;
  expect(message).not.toContain('\n');
  for (const word of [new URL(target).host, ...words]) expect(message).toContain(word);
}

describe.concurrent('a staging server behind a private CA, a client certificate, a gateway and a proxy', () => {
  it('a private CA: --ca-file certifies through HTTPS_PROXY, whose tunnel carries every connection; without it, the preflight says so in one line', async () => {
    const host = new URL(tlsFront.url).host;
    await expectRefused(tlsFront.url, undefined, ['TLS:', 'not signed by an authority this machine trusts', '--ca-file']);
    const out = join(dir, 'ca');
    const tunnelsBefore = proxy.tunnels.filter((t) => t === host).length;
    const connectionsBefore = tlsFront.connections.length;
    const proxyUrl = `http://${PROXY_USER}:${PROXY_PASSWORD}@${new URL(proxy.url).host}`;
    const run = await certify(['--target', tlsFront.url, '--api-key', server.keys.account, '--ca-file', material.caFile, '--out', out, '--har', `${out}.har`], {
      HTTPS_PROXY: proxyUrl,
    });
    expectCertified(run, out);
    // Every connection the front accepted during the run came out of the proxy's tunnels to it.
    const connections = tlsFront.connections.slice(connectionsBefore);
    expect(connections.length).toBeGreaterThan(0);
    expect(proxy.tunnels.filter((t) => t === host).length - tunnelsBefore).toBe(connections.length);
    for (const port of connections) expect(proxy.upstreamPorts).toContain(port);
    expect(proxy.authorizations.length).toBeGreaterThan(0);
    // The HAR says how to send each request again the same way: the authority, and the proxy by the variable that holds its credentials.
    const entries = harOf(out).log.entries;
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry._route?.curlOptions).toBe(`--cacert ${material.caFile} -x "$HTTPS_PROXY"`);
  }, 600_000);

  it('a front that asks for a client certificate: --client-cert/--client-key certify (NO_PROXY bypasses the proxy); without them, one line', async () => {
    const host = new URL(mutualFront.url).host;
    await expectRefused(mutualFront.url, { tls: { caFile: material.caFile } }, ['TLS:', 'asks for a client certificate', '--client-cert']);
    const out = join(dir, 'cert');
    // The other tests use the same proxy at the same time: only tunnels to this front count.
    const tunnelsTo = () => proxy.tunnels.filter((t) => t === host).length;
    const tunnelsBefore = tunnelsTo();
    const args = ['--target', mutualFront.url, '--api-key', server.keys.account, '--ca-file', material.caFile, '--out', out, '--har', `${out}.har`];
    const run = await certify([...args, '--client-cert', material.clientCert, '--client-key', material.clientKey], {
      MC_CLIENT_KEY_PASSPHRASE: material.passphrase,
      HTTPS_PROXY: proxy.url,
      NO_PROXY: 'localhost,127.0.0.1',
    });
    expectCertified(run, out);
    expect(mutualFront.forwarded).toBeGreaterThan(0);
    expect(tunnelsTo() - tunnelsBefore, 'tunnels opened for a host in NO_PROXY').toBe(0);
    for (const entry of harOf(out).log.entries)
      expect(entry._route?.curlOptions).toBe(
        `--cacert ${material.caFile} --cert ${material.clientCert} --key ${material.clientKey} --pass "$MC_CLIENT_KEY_PASSPHRASE"`,
      );
  }, 600_000);

  it('a gateway that refuses requests without X-Gateway-Key: --header certifies (here with --insecure, said first); without it, one line', async () => {
    await expectRefused(gatewayFront.url, { tls: { caFile: material.caFile } }, ['HTTP 401', '--header']);
    const refusedBefore = gatewayFront.refused;
    const out = join(dir, 'header');
    const run = await certify(
      [
        '--target',
        gatewayFront.url,
        '--api-key',
        server.keys.account,
        '--insecure',
        '--header',
        `X-Gateway-Key: ${GATEWAY_KEY}`,
        '--out',
        out,
        '--har',
        `${out}.har`,
      ],
      {},
    );
    const summary = expectCertified(run, out);
    expect(gatewayFront.refused - refusedBefore, 'requests the gateway refused').toBe(0);
    // --insecure: every first line says the target's identity was not checked.
    expect(summary.identityNotChecked).toContain("the target's identity was not checked");
    expect(readFileSync(join(out, 'summary.md'), 'utf8').split('\n')[0]).toContain("the target's identity was not checked");
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('<!-- NOTE: the target');
    expect(run.output).toMatch(/verdict: PASS \(exit 0\): the target's identity was not checked/);
    // The header travels on every request, [REDACTED] in the record, replayed from its variable.
    for (const entry of harOf(out).log.entries) {
      expect(entry.request.headers).toContainEqual({ name: 'x-gateway-key', value: '[REDACTED]' });
      expect(entry._route?.curlOptions).toBe('--insecure -H "x-gateway-key: $MC_HEADER_X_GATEWAY_KEY"');
    }
  }, 600_000);
  it("a gateway before a target with the test clock: the clock's hooks carry --header too, and the gateway refuses nothing", async () => {
    const out = join(dir, 'clock-header');
    const profile = join(dir, 'clock-profile.yaml');
    writeFileSync(profile, 'capabilities:\n  test-clock: true\n');
    const args = ['--target', clockGatewayFront.url, '--api-key', clockServer.keys.account, '--profile', profile, '--insecure'];
    const run = await certify([...args, '--header', `X-Gateway-Key: ${GATEWAY_KEY}`, '--out', out], {}, 'reports');
    expectCertified(run, out);
    expect(clockGatewayFront.refused, 'requests the gateway refused (a clock hook without the header among them)').toBe(0);
  }, 600_000);
});
