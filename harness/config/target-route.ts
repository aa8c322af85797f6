/**
 * The road to the target as a run is told it (the route flags of route-flags.ts, the profile's
 * headers, the proxy variables), resolved once in the command's process and handed to the suite
 * workers in the run configuration (run-config.ts): a worker goes the same road whatever its own
 * environment. transport/target-route.ts takes it (its TargetRoute has this shape) and builds the
 * dispatcher.
 *
 * Everything is checked before a request is made, each fault one line (exit 2): a file that cannot
 * be read or holds no PEM, a client key its passphrase does not open or that is not the key of the
 * certificate, a proxy variable that is no http(s) URL. The values that open something (a header's
 * value, the passphrase, a proxy's credentials) are never written in a message.
 */
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { z } from 'zod';
import { UsageError } from './cli-errors.ts';
import { PASSPHRASE_ENV, type HeaderArg, type RouteArgs } from './route-flags.ts';

export const TargetRoute = z.object({
  headers: z.array(z.object({ name: z.string().min(1), value: z.string(), variable: z.string().min(1) })).optional(),
  tls: z
    .object({
      caFile: z.string().optional(),
      clientCert: z.string().optional(),
      clientKey: z.string().optional(),
      passphrase: z.string().optional(),
      insecure: z.boolean().optional(),
    })
    .optional(),
  proxy: z
    .object({
      httpProxy: z.string().optional(),
      httpsProxy: z.string().optional(),
      noProxy: z.string().optional(),
      httpVariable: z.string().optional(),
      httpsVariable: z.string().optional(),
    })
    .optional(),
});
export type TargetRoute = z.infer<typeof TargetRoute>;

/** A header of the profile: its value, and the variable it was read from when the profile wrote {env: NAME}. */
export interface ProfileHeader {
  value: string;
  env?: string | undefined;
}

/** The variable a replay line writes for a header given on the command line: X-Gateway-Key is MC_HEADER_X_GATEWAY_KEY. */
const headerVariable = (name: string): string => `MC_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

type Env = Readonly<Record<string, string | undefined>>;

/** The first of `names` set (and not empty) in `env`, with its name; undici reads the lower-case one first, as curl does. */
function firstSet(env: Env, names: readonly string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return { name, value: value.trim() };
  }
  return undefined;
}

function checkedProxy(value: string, source: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  // The value may hold credentials: only where it came from is named.
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError(`${source} must be an http(s) URL of a proxy (http://host:port, credentials as http://user:password@host:port)`);
  return value;
}

/**
 * The proxy of the run: --proxy (MC_PROXY) for every request, else HTTPS_PROXY for https targets and
 * HTTP_PROXY for http ones; NO_PROXY (or no_proxy) in both cases, as curl applies it to -x too.
 */
function resolveProxy(flag: string | undefined, env: Env): TargetRoute['proxy'] {
  const noProxy = firstSet(env, ['no_proxy', 'NO_PROXY'])?.value;
  if (flag !== undefined) return { httpProxy: flag, httpsProxy: flag, httpVariable: 'MC_PROXY', httpsVariable: 'MC_PROXY', ...(noProxy ? { noProxy } : {}) };
  const http = firstSet(env, ['http_proxy', 'HTTP_PROXY']);
  const https = firstSet(env, ['https_proxy', 'HTTPS_PROXY']);
  if (http === undefined && https === undefined) return undefined;
  return {
    ...(http ? { httpProxy: checkedProxy(http.value, http.name), httpVariable: http.name } : {}),
    ...(https ? { httpsProxy: checkedProxy(https.value, https.name), httpsVariable: https.name } : {}),
    ...(noProxy ? { noProxy } : {}),
  };
}

function readPem(path: string, flag: string, holds: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--${flag} ${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (!/-----BEGIN [A-Z0-9 ]+-----/.test(text)) throw new UsageError(`--${flag} ${path}: no PEM block in it (${holds})`);
  return text;
}

/** The certificate files, read and tried in a TLS context as a connection will use them: a fault is the flag's line, not a failed handshake. */
function checkTlsFiles(tls: NonNullable<TargetRoute['tls']>): void {
  if (tls.caFile !== undefined) {
    const ca = readPem(tls.caFile, 'ca-file', "a certificate authority's certificate, -----BEGIN CERTIFICATE-----");
    try {
      createSecureContext({ ca });
    } catch (error) {
      throw new UsageError(`--ca-file ${tls.caFile}: not a certificate (${(error as Error).message.split('\n')[0]})`);
    }
  }
  if (tls.clientCert === undefined || tls.clientKey === undefined) return;
  const cert = readPem(tls.clientCert, 'client-cert', 'a certificate, -----BEGIN CERTIFICATE-----');
  const key = readPem(tls.clientKey, 'client-key', 'a private key, -----BEGIN PRIVATE KEY----- or an encrypted one');
  try {
    createSecureContext({ cert, key, ...(tls.passphrase !== undefined ? { passphrase: tls.passphrase } : {}) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const message = (error as Error).message.split('\n')[0] ?? '';
    if (/BAD_DECRYPT|bad decrypt|interrupted or cancelled|bad password|DECODER/i.test(`${code} ${message}`))
      throw new UsageError(
        `--client-key ${tls.clientKey}: cannot be read${tls.passphrase === undefined ? ` (an encrypted key: set its passphrase in ${PASSPHRASE_ENV})` : ` with the passphrase of ${PASSPHRASE_ENV}`}`,
      );
    if (/KEY_VALUES_MISMATCH|key values mismatch/i.test(`${code} ${message}`))
      throw new UsageError(`--client-key ${tls.clientKey} is not the key of --client-cert ${tls.clientCert}`);
    throw new UsageError(`--client-cert ${tls.clientCert} with --client-key ${tls.clientKey}: ${code || message}`);
  }
}

/**
 * The road of a run to `target` (undefined: the embedded server, which no route reaches), or
 * undefined when it is the plain one. The profile's headers first, the flags' over them (a flag
 * names what this run wants).
 */
export function resolveRoute(
  args: RouteArgs,
  target: string | undefined,
  profileHeaders: Readonly<Record<string, ProfileHeader>> = {},
  env: Env = process.env,
): TargetRoute | undefined {
  const headers = new Map<string, { name: string; value: string; variable: string }>();
  for (const [name, header] of Object.entries(profileHeaders))
    headers.set(name.toLowerCase(), { name, value: header.value, variable: header.env ?? headerVariable(name) });
  for (const { name, value } of args.header as readonly HeaderArg[]) headers.set(name.toLowerCase(), { name, value, variable: headerVariable(name) });
  const passphrase = firstSet(env, [PASSPHRASE_ENV]);
  const tls =
    args.caFile !== undefined || args.clientCert !== undefined || args.insecure
      ? {
          ...(args.caFile !== undefined ? { caFile: args.caFile } : {}),
          ...(args.clientCert !== undefined ? { clientCert: args.clientCert } : {}),
          ...(args.clientKey !== undefined ? { clientKey: args.clientKey } : {}),
          // Read exactly as set: a passphrase may begin or end with a space.
          ...(args.clientKey !== undefined && passphrase !== undefined ? { passphrase: env[PASSPHRASE_ENV]! } : {}),
          ...(args.insecure ? { insecure: true } : {}),
        }
      : undefined;
  if (tls !== undefined) checkTlsFiles(tls);
  const proxy = target === undefined ? undefined : resolveProxy(args.proxy, env);
  const route: TargetRoute = {
    ...(headers.size > 0 ? { headers: [...headers.values()] } : {}),
    ...(tls !== undefined ? { tls } : {}),
    ...(proxy !== undefined ? { proxy } : {}),
  };
  return Object.keys(route).length > 0 ? route : undefined;
}
