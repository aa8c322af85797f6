/**
 * The road to a target that does not sit on the open internet: the headers a gateway in front of
 * it wants on every request, the certificate authority its TLS certificate is signed by, the client
 * certificate a mutual-TLS edge asks for, and the HTTP proxy between this machine and it. The
 * document's API is the same behind all of them (section 5 says how a key travels, not how the
 * connection is made); what changes is only how the kit's requests reach it.
 *
 * One dispatcher per client carries the road (`routeDispatcher`): undici's Agent with the TLS
 * options, or its EnvHttpProxyAgent, which picks the proxy per origin as curl does (HTTPS_PROXY for
 * https, HTTP_PROXY for http, NO_PROXY's hosts and domains bypass it), with the values the command
 * resolved (config/target-route.ts) instead of the process's variables, so that a suite worker goes
 * the same road whatever its environment. The webhook receiver (webhook-receiver.ts) is a server and
 * takes none of this: the target's posts come to it, its answers go back on their connection.
 *
 * Every value of the road that opens something (a header's value, the client key's passphrase, a
 * proxy's credentials) is a secret of the run (5.2 treats a key so; these open the same door):
 * `routeSecrets` lists them for the redaction, and a recorded exchange names the road by the
 * variables a reader sets to replay it (`ReplayRoute`, curl-line.ts), never by those values.
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import type { ReplayRoute } from './exchange.ts';

export type { ReplayRoute } from './exchange.ts';

/** A header sent on every request to the target (certify --header, the profile's headers). */
interface ExtraHeader {
  /** As given; sent lower-case, as every header of the client. */
  name: string;
  value: string;
  /** The shell variable the replay line writes for its value: MC_HEADER_X_GATEWAY_KEY, or the profile's {env: NAME}. */
  variable: string;
}

export interface RouteTls {
  /** PEM file of a certificate authority trusted for the target besides the system's (certify --ca-file). */
  caFile?: string | undefined;
  /** PEM files of the client certificate and its key, for a target that asks for one (mutual TLS). */
  clientCert?: string | undefined;
  clientKey?: string | undefined;
  /** The client key's passphrase (read from MC_CLIENT_KEY_PASSPHRASE, never a flag). */
  passphrase?: string | undefined;
  /** certify --insecure: the target's certificate is not verified. */
  insecure?: boolean | undefined;
}

export interface RouteProxy {
  /** The proxy of http targets and of https targets, "" or absent for none (HTTP_PROXY, HTTPS_PROXY, or --proxy for both). */
  httpProxy?: string | undefined;
  httpsProxy?: string | undefined;
  /** Hosts and domains reached directly, comma-separated as NO_PROXY writes them. */
  noProxy?: string | undefined;
  /** The variable the proxy was read from (MC_PROXY, HTTPS_PROXY, ...), which the replay line writes when the URL holds credentials. */
  httpVariable?: string | undefined;
  httpsVariable?: string | undefined;
}

/** How the kit's requests reach the target. Every part optional: absent, a request goes straight to it. */
export interface TargetRoute {
  headers?: readonly ExtraHeader[] | undefined;
  tls?: RouteTls | undefined;
  proxy?: RouteProxy | undefined;
}

/** The system's certificate authorities, and those of NODE_EXTRA_CA_CERTS: giving `ca` replaces Node's own list, so it is given whole. */
function trustedAuthorities(caFile: string): string[] {
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  const fromEnvironment: string[] = [];
  if (extra)
    try {
      fromEnvironment.push(readFileSync(extra, 'utf8'));
    } catch {
      // Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS; so does nothing here.
    }
  return [...rootCertificates, ...fromEnvironment, readFileSync(caFile, 'utf8')];
}

/** The options of tls.connect that the road's TLS part stands for. */
export interface TlsConnectOptions {
  ca?: string[];
  cert?: string;
  key?: string;
  passphrase?: string;
  rejectUnauthorized?: boolean;
}

export function tlsConnectOptions(tls: RouteTls | undefined): TlsConnectOptions {
  if (tls === undefined) return {};
  return {
    ...(tls.caFile !== undefined ? { ca: trustedAuthorities(tls.caFile) } : {}),
    ...(tls.clientCert !== undefined ? { cert: readFileSync(tls.clientCert, 'utf8') } : {}),
    ...(tls.clientKey !== undefined ? { key: readFileSync(tls.clientKey, 'utf8') } : {}),
    ...(tls.passphrase !== undefined ? { passphrase: tls.passphrase } : {}),
    ...(tls.insecure ? { rejectUnauthorized: false } : {}),
  };
}

const hasProxy = (proxy: RouteProxy | undefined): boolean => Boolean(proxy?.httpProxy || proxy?.httpsProxy);

/**
 * The dispatcher of a client of the target: `options` (timeouts, keep-alive) and the road. With a
 * proxy, https targets are reached through a CONNECT tunnel and http targets by asking the proxy for
 * the absolute URL, as curl does; the TLS options then apply inside the tunnel (undici's requestTls).
 */
export function routeDispatcher(route: TargetRoute | undefined, options: Agent.Options = {}): Dispatcher {
  const tls = tlsConnectOptions(route?.tls);
  const connect = { ...(typeof options.connect === 'object' ? options.connect : {}), ...tls };
  const proxy = route?.proxy;
  if (!hasProxy(proxy)) return new Agent({ ...options, connect });
  return new EnvHttpProxyAgent({
    ...options,
    connect,
    requestTls: { ...connect },
    // Explicit, even when empty: the process's own variables are not read here (the command resolved them).
    httpProxy: proxy?.httpProxy ?? '',
    httpsProxy: proxy?.httpsProxy ?? '',
    noProxy: proxy?.noProxy ?? '',
    proxyTunnel: false,
  });
}

/**
 * Whether a request to `url` goes through a proxy of `proxy`, and which: NO_PROXY read as undici's
 * EnvHttpProxyAgent reads it (the dispatcher's own decision): `*` bypasses every host; an entry is a
 * host or a domain (a leading `.` or `*.` dropped) with an optional port, and bypasses that host and
 * every host below it.
 */
export function proxyFor(url: string, proxy: RouteProxy | undefined): { url: string; variable: string | undefined } | undefined {
  if (!hasProxy(proxy)) return undefined;
  const target = new URL(url);
  const chosen = target.protocol === 'https:' ? proxy?.httpsProxy || proxy?.httpProxy : proxy?.httpProxy;
  const variable = target.protocol === 'https:' && proxy?.httpsProxy ? proxy.httpsVariable : proxy?.httpVariable;
  if (!chosen) return undefined;
  const noProxy = (proxy?.noProxy ?? '').trim();
  if (noProxy === '*') return undefined;
  const host = target.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(target.port, 10) || (target.protocol === 'https:' ? 443 : 80);
  for (const entry of noProxy.split(/[,\s]/).filter(Boolean)) {
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const name = (parsed ? parsed[1]! : entry).replace(/^\*?\./, '').toLowerCase();
    if (parsed && Number.parseInt(parsed[2]!, 10) !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return undefined;
  }
  return { url: chosen, variable };
}

/** A proxy URL as a report may show it: without the credentials it may hold. */
export function proxyShown(proxyUrl: string): string {
  try {
    const url = new URL(proxyUrl);
    if (url.username === '' && url.password === '') return url.origin;
    return `${url.protocol}//[credentials]@${url.host}`;
  } catch {
    return '(a proxy URL that does not parse)';
  }
}

/** Whether the proxy URL holds credentials (user:password@). */
const holdsCredentials = (proxyUrl: string): boolean => {
  try {
    const url = new URL(proxyUrl);
    return url.username !== '' || url.password !== '';
  } catch {
    return true;
  }
};

/** The secrets a proxy URL holds: its password, its user with the password, decoded and as written. */
function proxySecrets(proxyUrl: string | undefined): string[] {
  if (!proxyUrl) return [];
  try {
    const url = new URL(proxyUrl);
    if (url.username === '' && url.password === '') return [];
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    return [password, `${user}:${password}`, `${url.username}:${url.password}`, Buffer.from(`${user}:${password}`).toString('base64')];
  } catch {
    return [proxyUrl];
  }
}

/**
 * The secrets of the road: every header's value, the client key's passphrase, the proxies'
 * credentials. The client key itself never enters a text of the kit (only tls.connect reads it);
 * the leak check searches the reports for it all the same (run/leak-check.ts).
 */
export function routeSecrets(route: TargetRoute | undefined): string[] {
  if (route === undefined) return [];
  const secrets = [
    ...(route.headers ?? []).map((h) => h.value),
    route.tls?.passphrase,
    ...proxySecrets(route.proxy?.httpProxy),
    ...proxySecrets(route.proxy?.httpsProxy),
  ];
  return [...new Set(secrets.filter((s): s is string => s !== undefined && s.trim() !== ''))];
}

/** The variable the replay line sets the client key's passphrase from: the one certify reads it from. */
const PASSPHRASE_VARIABLE = 'MC_CLIENT_KEY_PASSPHRASE';

/** What a replay of a request to `baseUrl` needs of the road (curl-line.ts), or undefined when the road is the plain one. */
export function replayRouteOf(route: TargetRoute | undefined, baseUrl: string): ReplayRoute | undefined {
  if (route === undefined) return undefined;
  const through = proxyFor(baseUrl, route.proxy);
  const tls = route.tls ?? {};
  const headers = Object.fromEntries((route.headers ?? []).map((h) => [h.name.toLowerCase(), h.variable]));
  const replay: ReplayRoute = {
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(tls.caFile !== undefined ? { caFile: tls.caFile } : {}),
    ...(tls.clientCert !== undefined ? { clientCert: tls.clientCert } : {}),
    ...(tls.clientKey !== undefined ? { clientKey: tls.clientKey } : {}),
    ...(tls.passphrase !== undefined ? { passphraseVariable: PASSPHRASE_VARIABLE } : {}),
    ...(tls.insecure ? { insecure: true } : {}),
    ...(through !== undefined ? (holdsCredentials(through.url) ? { proxyVariable: through.variable ?? 'MC_PROXY' } : { proxy: proxyShown(through.url) }) : {}),
  };
  return Object.keys(replay).length > 0 ? replay : undefined;
}
