/**
 * The flags of the road to a target that sits behind a gateway, a private certificate authority, a
 * mutual-TLS edge or a proxy, shared by `certify` and `discover` (their tables spread them): extra
 * headers, a certificate authority, a client certificate and key, --insecure, a proxy. What they
 * resolve to, with the profile's headers and the proxy variables, is target-route.ts.
 *
 * Section 5 places the key in the header apikey (5.1) and refuses a token header (5.6); a route
 * header must not replace either, nor the body's Content-Type and Content-Length the kit sets for
 * each request (4: JSON or form bodies): such a header is a usage error, before anything starts.
 */
import { UsageError } from './cli-errors.ts';
import { httpUrl, path, toggle, type FlagRule, type ValueKind } from './flag-table.ts';

/** Header names a route header may not take, lower-case: the key's (5.1), the refused token's (5.6), and the body's own. */
const RESERVED_HEADER_NAMES: readonly string[] = ['apikey', 'token', 'content-type', 'content-length'];

/** RFC 9110 5.1: a field name is a token. */
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface HeaderArg {
  name: string;
  value: string;
}

/** Checks a header's name (a token, not one the kit sets itself) and value (one line); `where` names the flag or the profile's field. */
export function checkedHeader(name: string, value: string, where: string): HeaderArg {
  if (!FIELD_NAME.test(name)) throw new UsageError(`${where}: "${name}" is not a header name (letters, digits and -, as "X-Gateway-Key: value")`);
  if (RESERVED_HEADER_NAMES.includes(name.toLowerCase()))
    throw new UsageError(
      `${where}: ${name} is a header the kit sets itself (the key in apikey, 5.1; token, 5.6; the body's Content-Type and Content-Length); choose another name`,
    );
  if (/[\r\n\0]/.test(value)) throw new UsageError(`${where}: the value of ${name} must be one line`);
  return { name, value: value.trim() };
}

/** `Name: value`, as curl -H writes it. */
function headerLine(): ValueKind<string, HeaderArg> {
  const check = (flag: string, text: unknown): HeaderArg => {
    if (typeof text !== 'string') throw new UsageError(`--${flag} takes "Name: value", got ${JSON.stringify(text)}`);
    const colon = text.indexOf(':');
    // The value is a secret of the run (5.2): never repeated in a message.
    if (colon <= 0) throw new UsageError(`--${flag} takes "Name: value" (as curl -H), got a text without a name and a colon`);
    return checkedHeader(text.slice(0, colon).trim(), text.slice(colon + 1), `--${flag}`);
  };
  return {
    placeholder: "'NAME: VALUE'",
    absent: () => undefined,
    apiType: 'string[]',
    fromText: (t, flag) => check(flag, t),
    fromValue: (v, flag) => check(flag, v),
  };
}

/** The environment variable the client key's passphrase is read from: a flag would show it in the process list and the shell's history. */
export const PASSPHRASE_ENV = 'MC_CLIENT_KEY_PASSPHRASE';

export const ROUTE_FLAGS = {
  // A gateway's own credential travels beside the document's (5.1): on every request, never on the webhook receiver's answers.
  header: {
    flag: 'header',
    kind: headerLine(),
    multiple: true,
    help:
      'a header sent on every request to the target (a gateway key: "X-Gateway-Key: value"), repeatable; its value is a ' +
      'secret of the run, redacted everywhere; apikey, token, Content-Type and Content-Length are refused',
    defaultHelp: "none (the profile's headers)",
  },
  caFile: {
    flag: 'ca-file',
    kind: path('PEM'),
    help: "a certificate authority trusted for the target's TLS certificate besides the system's (a private CA)",
    defaultHelp: "the system's authorities",
  },
  clientCert: {
    flag: 'client-cert',
    kind: path('PEM'),
    help: `the client certificate for a target that asks for one (mutual TLS); with --client-key (its passphrase from ${PASSPHRASE_ENV})`,
    defaultHelp: 'none',
  },
  clientKey: {
    flag: 'client-key',
    kind: path('PEM'),
    help: `the key of --client-cert; an encrypted key's passphrase is read from ${PASSPHRASE_ENV}, never from a flag`,
    defaultHelp: 'none',
  },
  insecure: {
    flag: 'insecure',
    kind: toggle(),
    help: "do not verify the target's TLS certificate; every report's first line then says the target's identity was not checked",
    defaultHelp: 'off',
  },
  proxy: {
    flag: 'proxy',
    kind: httpUrl(),
    env: 'MC_PROXY',
    help: 'the HTTP proxy of every request to the target (credentials as http://user:password@host:port, redacted), instead of HTTPS_PROXY and HTTP_PROXY; NO_PROXY still applies',
    defaultHelp: 'HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as curl reads them',
  },
} as const;

/** The parsed values of the route flags, as both commands' arguments hold them. */
export interface RouteArgs {
  header: HeaderArg[];
  caFile: string | undefined;
  clientCert: string | undefined;
  clientKey: string | undefined;
  insecure: boolean;
  proxy: string | undefined;
}

const isHttps = (target: string | undefined): boolean => target?.startsWith('https:') === true;

/** The combinations the route flags refuse; `target` is the command's --target (absent: certify's embedded server). */
export function routeRules<A extends RouteArgs & { target?: string | undefined }>(): FlagRule<A>[] {
  return [
    { refuses: (a) => (a.clientCert === undefined) !== (a.clientKey === undefined), message: '--client-cert and --client-key go together' },
    {
      refuses: (a) => (a.caFile !== undefined || a.clientCert !== undefined || a.insecure) && !isHttps(a.target),
      message: '--ca-file, --client-cert, --client-key and --insecure apply to an https --target',
    },
    {
      refuses: (a) => a.insecure && a.caFile !== undefined,
      message: '--insecure verifies no certificate, so --ca-file would not be read: give one of them',
    },
    { refuses: (a, given) => a.target === undefined && given.has('proxy'), message: '--proxy applies to a --target (the embedded server is on loopback)' },
  ];
}
