/**
 * The road to a staging server, module by module: the route flags and their refusals, how the
 * proxy variables and NO_PROXY resolve (as curl and undici's EnvHttpProxyAgent read them), the
 * client's route headers (on every request, a call's own header winning, [REDACTED] in the record),
 * the curl line that replays the road, the leak check of a client key's lines, and one line for each
 * failed check of the road.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCertifyArgs } from '../harness/commands/certify-command.ts';
import { UsageError } from '../harness/config/cli-errors.ts';
import { resolveRoute } from '../harness/config/target-route.ts';
import { parseProfile } from '../harness/config/profile.ts';
import { findLeakPlaces } from '../harness/run/leak-check.ts';
import { curlLine } from '../harness/transport/curl-line.ts';
import { createHttpClient } from '../harness/transport/http-client.ts';
import { createRedactor } from '../harness/transport/redaction.ts';
import { routeTroubleText } from '../harness/transport/route-trouble.ts';
import { proxyFor, replayRouteOf, routeSecrets } from '../harness/transport/target-route.ts';
import { exchangeOf } from './exchange-fixture.ts';

const TARGET = ['--target', 'https://staging.example.com', '--api-key', 'staging-api-key-0001'];

function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('no usage error');
}

describe('the route flags', () => {
  it('read --header as curl -H does, repeatable', () => {
    const args = parseCertifyArgs([...TARGET, '--header', 'X-Gateway-Key: abc: def ', '--header', 'X-Tenant:acme'], {});
    expect(args.header).toEqual([
      { name: 'X-Gateway-Key', value: 'abc: def' },
      { name: 'X-Tenant', value: 'acme' },
    ]);
  });

  it.each(['apikey', 'Token', 'Content-Type', 'content-length'])('refuse a header that would replace %s, in one line without its value', (name) => {
    const message = usageError(() => parseCertifyArgs([...TARGET, '--header', `${name}: secret-value-123`], {}));
    expect(message).toContain(`${name} is a header the kit sets itself`);
    expect(message).not.toContain('secret-value-123');
    expect(message).not.toContain('\n');
  });

  it('refuse what does not go together', () => {
    expect(usageError(() => parseCertifyArgs([...TARGET, '--client-cert', 'c.pem'], {}))).toBe('--client-cert and --client-key go together');
    expect(usageError(() => parseCertifyArgs(['--target', 'http://x', '--api-key', 'k', '--ca-file', 'ca.pem'], {}))).toContain('apply to an https --target');
    expect(usageError(() => parseCertifyArgs([...TARGET, '--insecure', '--ca-file', 'ca.pem'], {}))).toContain('--insecure verifies no certificate');
    expect(usageError(() => parseCertifyArgs(['--proxy', 'http://proxy:3128'], {}))).toContain('--proxy applies to a --target');
    expect(usageError(() => parseCertifyArgs([...TARGET, '--header', 'no colon'], {}))).toContain('takes "Name: value"');
  });

  it('take the profile’s headers, checked as the flag’s, by value or by variable', () => {
    process.env.MC_TEST_GATEWAY_KEY = 'from-the-environment-1';
    try {
      const profile = parseProfile({ headers: { 'X-Gateway-Key': { env: 'MC_TEST_GATEWAY_KEY' }, 'X-Tenant': 'acme' } }, 'p.yaml');
      expect(profile.headers).toEqual({ 'X-Gateway-Key': { value: 'from-the-environment-1', env: 'MC_TEST_GATEWAY_KEY' }, 'X-Tenant': { value: 'acme' } });
      expect(usageError(() => parseProfile({ headers: { apikey: 'x' } }, 'p.yaml'))).toContain(
        'p.yaml: headers.apikey: apikey is a header the kit sets itself',
      );
      const args = parseCertifyArgs([...TARGET, '--header', 'X-Tenant: beta'], {});
      const route = resolveRoute(args, args.target, profile.headers, {});
      expect(route?.headers).toEqual([
        { name: 'X-Gateway-Key', value: 'from-the-environment-1', variable: 'MC_TEST_GATEWAY_KEY' },
        { name: 'X-Tenant', value: 'beta', variable: 'MC_HEADER_X_TENANT' },
      ]);
    } finally {
      delete process.env.MC_TEST_GATEWAY_KEY;
    }
  });
});

describe('the proxy, as curl reads the variables', () => {
  const args = parseCertifyArgs(TARGET, {});

  it('HTTPS_PROXY for https, HTTP_PROXY for http, the lower-case variable first, --proxy over both; NO_PROXY in every case', () => {
    const env = { HTTPS_PROXY: 'http://upper:3128', https_proxy: 'http://lower:3128', HTTP_PROXY: 'http://plain:8080', NO_PROXY: '.internal,10.0.0.1:8443' };
    expect(resolveRoute(args, args.target, {}, env)?.proxy).toEqual({
      httpProxy: 'http://plain:8080',
      httpVariable: 'HTTP_PROXY',
      httpsProxy: 'http://lower:3128',
      httpsVariable: 'https_proxy',
      noProxy: '.internal,10.0.0.1:8443',
    });
    const flagged = parseCertifyArgs([...TARGET, '--proxy', 'http://flag:1'], {});
    expect(resolveRoute(flagged, flagged.target, {}, env)?.proxy).toMatchObject({
      httpProxy: 'http://flag:1',
      httpsProxy: 'http://flag:1',
      noProxy: env.NO_PROXY,
    });
    expect(resolveRoute(args, undefined, {}, env)).toBeUndefined();
    expect(usageError(() => resolveRoute(args, args.target, {}, { HTTPS_PROXY: 'not a url with:secret' }))).toBe(
      'HTTPS_PROXY must be an http(s) URL of a proxy (http://host:port, credentials as http://user:password@host:port)',
    );
  });

  it('bypasses the hosts and domains of NO_PROXY, with their port when given, and every host for *', () => {
    const proxy = { httpsProxy: 'http://p:1', httpProxy: 'http://q:2', noProxy: 'internal.example, .corp,10.0.0.1:8443' };
    expect(proxyFor('https://api.internal.example/x', proxy)).toBeUndefined();
    expect(proxyFor('https://internal.example', proxy)).toBeUndefined();
    expect(proxyFor('https://a.b.corp', proxy)).toBeUndefined();
    expect(proxyFor('https://10.0.0.1:8443', proxy)).toBeUndefined();
    expect(proxyFor('https://10.0.0.1', proxy)?.url).toBe('http://p:1');
    expect(proxyFor('http://staging.example.com', proxy)?.url).toBe('http://q:2');
    expect(proxyFor('https://notinternal.example', proxy)?.url).toBe('http://p:1');
    expect(proxyFor('https://x', { ...proxy, noProxy: '*' })).toBeUndefined();
  });

  it('counts the proxy’s credentials among the secrets, and replays it by its variable', () => {
    const route = { proxy: { httpsProxy: 'http://user:p%40ss-word-1@proxy:3128', httpsVariable: 'HTTPS_PROXY' } };
    expect(routeSecrets(route)).toEqual(expect.arrayContaining(['p@ss-word-1', 'user:p@ss-word-1']));
    expect(replayRouteOf(route, 'https://staging.example.com')).toEqual({ proxyVariable: 'HTTPS_PROXY' });
    expect(replayRouteOf({ proxy: { httpsProxy: 'http://proxy:3128' } }, 'https://staging.example.com')).toEqual({ proxy: 'http://proxy:3128' });
  });
});

describe('the client on the road', () => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('content-type', 'application/json');
    // A gateway that echoes its header in the answer: the record must not keep it.
    res.end(JSON.stringify({ echoed: req.headers['x-gateway-key'] ?? null }));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the route headers on every request, a call’s own header winning, and records them [REDACTED] with the variable that replays them', async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const route = { headers: [{ name: 'X-Gateway-Key', value: 'gateway-value-0001', variable: 'MC_HEADER_X_GATEWAY_KEY' }] };
    const client = createHttpClient({ baseUrl, redactor: createRedactor(['client-api-key-0001']), route });
    try {
      const first = await client.call({ method: 'POST', path: '/credits/consult', apiKey: 'client-api-key-0001', json: {} });
      const second = await client.call({ method: 'GET', path: '/x', headers: { 'X-Gateway-Key': 'the-call-own-value' } });
      expect(seen.map((h) => h['x-gateway-key'])).toEqual(['gateway-value-0001', 'the-call-own-value']);
      expect(first.exchange.requestHeaders['x-gateway-key']).toBe('[REDACTED]');
      expect(first.exchange.responseBody).not.toContain('gateway-value-0001');
      expect(second.exchange.requestHeaders['x-gateway-key']).toBe('the-call-own-value');
      expect(curlLine(first.exchange)).toBe(
        `curl -H 'x-gateway-key: '"$MC_HEADER_X_GATEWAY_KEY" -H 'apikey: '"$MC_OTHER_KEY" -H 'content-type: application/json' --data-binary '{}' ${baseUrl}/credits/consult`,
      );
    } finally {
      await client.close();
    }
  });

  it('writes the certificate files, the passphrase variable, --insecure and the proxy into the curl line', () => {
    const route = replayRouteOf(
      { tls: { caFile: '/ca.pem', clientCert: '/c.pem', clientKey: '/k.pem', passphrase: 'x', insecure: true }, proxy: { httpsProxy: 'http://proxy:3128' } },
      'https://staging.example.com',
    );
    const exchange = exchangeOf({ url: 'https://staging.example.com/x', ...(route ? { route } : {}) });
    expect(curlLine(exchange)).toBe(
      'curl --cacert /ca.pem --cert /c.pem --key /k.pem --pass "$MC_CLIENT_KEY_PASSPHRASE" --insecure -x http://proxy:3128 https://staging.example.com/x',
    );
  });
});

describe('what the road leaves to find and to say', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mc-staging-units-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the leak check finds a line of the client key, whole, in any report', () => {
    const line = 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgq1w2e3r4t5y6u7i8';
    writeFileSync(join(dir, 'summary.md'), `a report\nthe key: ${line}\n`);
    writeFileSync(join(dir, 'clean.md'), `only a piece: ${line.slice(0, 30)}\n`);
    expect(findLeakPlaces(dir, [], [], [], [line]).map((f) => `${f.file}: ${f.place}`)).toEqual(['summary.md: line 2']);
  });

  it('names the failed check, the host and the flag that fixes it', () => {
    const base = 'https://staging.example.com:8443';
    expect(routeTroubleText({ code: 'SELF_SIGNED_CERT_IN_CHAIN' }, base, undefined)).toContain('--ca-file PEM');
    expect(routeTroubleText({ code: 'SELF_SIGNED_CERT_IN_CHAIN' }, base, { tls: { caFile: '/ca.pem' } })).toContain(
      'not signed by the authority of --ca-file /ca.pem',
    );
    expect(routeTroubleText({ code: 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED' }, base, undefined)).toContain('--client-cert PEM --client-key PEM');
    expect(routeTroubleText({ code: 'CERT_HAS_EXPIRED' }, base, undefined)).toContain('--insecure');
    expect(routeTroubleText({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' }, base, undefined)).toContain('does not name staging.example.com');
    const proxied = { proxy: { httpsProxy: 'http://user:secret-pass-1@proxy:3128' } };
    const refused = routeTroubleText(new Error('Proxy response (407) !== 200 when HTTP Tunneling'), base, proxied);
    expect(refused).toContain('proxy: http://[credentials]@proxy:3128 refused the request for staging.example.com:8443 (HTTP 407');
    expect(refused).not.toContain('secret-pass-1');
    expect(routeTroubleText({ code: 'ECONNREFUSED' }, base, proxied)).toContain('cannot reach the proxy');
    expect(routeTroubleText({ code: 'ECONNREFUSED' }, base, undefined)).toBeUndefined();
  });
});
