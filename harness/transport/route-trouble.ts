/**
 * A failed connection to a target behind a private certificate authority, a mutual-TLS edge or a
 * proxy, in one line a person can act on: which check failed, for which host, and the flag that
 * fixes it (the preflight says it before any test runs, commands/preflight.ts). undici and OpenSSL
 * name the fault by a code (UNABLE_TO_VERIFY_LEAF_SIGNATURE, a CONNECT answered 407); the line says
 * what it means here.
 *
 * A TLS 1.3 server that wants a client certificate finishes the handshake and then closes the
 * connection with an alert, which reaches the HTTP client as a plain "other side closed": when an
 * https target closes so, one more handshake (`diagnoseTls`) reads the alert, so that the line can
 * say that a client certificate is wanted instead of guessing.
 */
import { connect as tlsConnect } from 'node:tls';
import { proxyFor, proxyShown, tlsConnectOptions, type TargetRoute } from './target-route.ts';

interface ErrorFacts {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** Every code and message of `error` and its causes, most outer first. */
function factsOf(error: unknown): { codes: string[]; messages: string[] } {
  const codes: string[] = [];
  const messages: string[] = [];
  for (let e = error as ErrorFacts | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as ErrorFacts | undefined, depth++) {
    if (typeof e.code === 'string') codes.push(e.code);
    if (typeof e.message === 'string') messages.push(e.message.split('\n')[0]!);
  }
  return { codes, messages };
}

/** OpenSSL's and Node's codes of a certificate the client could not verify: no trusted authority signed it. */
const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_CHAIN_TOO_LONG',
]);
const OUT_OF_DATE = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
/** The alerts of a server that wanted a client certificate, or did not accept the one given. */
const CLIENT_CERT_ALERTS = new Set([
  'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
  'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
  'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
  'ERR_SSL_TLSV1_ALERT_ACCESS_DENIED',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN',
]);

/**
 * The one-line account of a connection that failed for a reason of the road, or undefined when it
 * is none of those (a refused connection to the target itself, a timeout: the caller says those).
 */
export function routeTroubleText(error: unknown, baseUrl: string, route: TargetRoute | undefined): string | undefined {
  const target = new URL(baseUrl);
  const host = target.host;
  const { codes, messages } = factsOf(error);
  const has = (set: ReadonlySet<string>) => codes.find((c) => set.has(c));
  const tls = route?.tls;
  const through = proxyFor(baseUrl, route?.proxy);
  const proxyName = through === undefined ? undefined : proxyShown(through.url);

  const tunnel = messages.map((m) => /Proxy response \((\d+)\) !== 200/.exec(m)).find((m) => m !== null);
  const proxyAuth = messages.some((m) => /Proxy Authentication Required \(407\)/.test(m));
  if (proxyName !== undefined && (tunnel || proxyAuth)) {
    const status = tunnel ? Number(tunnel[1]) : 407;
    return status === 407
      ? `proxy: ${proxyName} refused the request for ${host} (HTTP 407: it wants credentials): give them in the proxy's URL, http://user:password@host:port, of --proxy or HTTPS_PROXY`
      : `proxy: ${proxyName} answered HTTP ${status} when asked for a tunnel to ${host}: it cannot reach the target, or refuses it (NO_PROXY lists the hosts reached directly)`;
  }
  if (proxyName !== undefined && codes.some((c) => ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EHOSTUNREACH'].includes(c)) && !has(UNTRUSTED))
    return `proxy: cannot reach the proxy ${proxyName} (${codes[0]}) for ${host}: check --proxy, HTTPS_PROXY or HTTP_PROXY (NO_PROXY lists the hosts reached directly)`;

  const untrusted = has(UNTRUSTED);
  if (untrusted !== undefined)
    return tls?.caFile !== undefined
      ? `TLS: the certificate of ${host} is not signed by the authority of --ca-file ${tls.caFile} nor one this machine trusts (${untrusted}): give the authority that signed it`
      : `TLS: the certificate of ${host} is not signed by an authority this machine trusts (${untrusted}): ` +
          "give the private authority's certificate with --ca-file PEM (or skip the check with --insecure)";
  const outOfDate = has(OUT_OF_DATE);
  if (outOfDate !== undefined)
    return `TLS: the certificate of ${host} is out of its dates (${outOfDate}): renew it, or skip the check with --insecure (the reports then say the target's identity was not checked)`;
  if (codes.includes('ERR_TLS_CERT_ALTNAME_INVALID'))
    return `TLS: the certificate of ${host} does not name ${target.hostname} (ERR_TLS_CERT_ALTNAME_INVALID): give --target by a name the certificate holds, or skip the check with --insecure`;
  const alert = has(CLIENT_CERT_ALERTS);
  if (alert !== undefined)
    return tls?.clientCert !== undefined
      ? `TLS: ${host} refused the client certificate --client-cert ${tls.clientCert} (${alert}): give one its authority accepts`
      : `TLS: ${host} asks for a client certificate (${alert}): give it with --client-cert PEM --client-key PEM (an encrypted key's passphrase in MC_CLIENT_KEY_PASSPHRASE)`;
  if (codes.includes('ERR_SSL_WRONG_VERSION_NUMBER') || messages.some((m) => /wrong version number/.test(m)))
    return `TLS: ${host} does not answer TLS (ERR_SSL_WRONG_VERSION_NUMBER): is the target http:// rather than https://?`;
  return undefined;
}

/**
 * One TLS handshake with `baseUrl`'s host, straight (not through a proxy), with the road's TLS
 * options, held open a moment for the alert a TLS 1.3 server sends after it: the code of what
 * failed (a client certificate wanted, an untrusted certificate), or undefined when nothing did.
 */
export function diagnoseTls(baseUrl: string, route: TargetRoute | undefined, waitMs = 1_500): Promise<string | undefined> {
  const target = new URL(baseUrl);
  if (target.protocol !== 'https:') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let done = false;
    const finish = (code: string | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(code);
    };
    const isIp = /^[\d.]+$|:/.test(target.hostname);
    const socket = tlsConnect({
      host: target.hostname.replace(/^\[|\]$/g, ''),
      port: Number(target.port) || 443,
      ...(isIp ? {} : { servername: target.hostname }),
      ...tlsConnectOptions(route?.tls),
    });
    const timer = setTimeout(() => finish(undefined), waitMs);
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? 'TLS_ERROR'));
    socket.on('close', () => finish(undefined));
    // A TLS 1.3 server's verdict on the client's certificate comes after the handshake: read it.
    socket.on('secureConnect', () => socket.write('HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    socket.on('data', () => finish(undefined));
  });
}
