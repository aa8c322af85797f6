/**
 * The curl command that sends a recorded request again, as Schemathesis prints one beside a failing
 * check: a reader pastes it into a shell to see the target answer for themselves.
 *
 * It is built from the redacted record (exchange.ts), so it never holds a key (5.2: a key "gives
 * full access to the account and balance"): every [REDACTED] of the request (the header apikey and
 * the body field apikey of 5.1, the v1 query parameter of 5.5, a key the redactor found anywhere
 * else in the request) is written as a shell variable the reader sets, `"$MC_API_KEY"` for the
 * account key, `"$MC_MANAGER_KEY"` for the manager key (5.3), the variables certify reads them from.
 * Which variable is the kit's to say (exchange.key); a request whose key the kit could not name gets
 * `$MC_OTHER_KEY`.
 *
 * Quoting is POSIX: each argument in single quotes (a quote inside written '\''), the variables
 * outside them in double quotes so that the shell expands them and nothing else. A body with line
 * breaks keeps them inside its quotes (the command then spans lines, and still sends those bytes).
 * A key is assumed to need no escaping where it stands (JSON string, form value): keys are tokens.
 *
 * A request that took another road than the plain one (exchange.route: certify --header, --ca-file,
 * --client-cert, --insecure, a proxy) is sent again the same way: a route header as `-H` with its
 * value as the variable that holds it, `--cacert`, `--cert` and `--key` with the files' paths, the
 * passphrase as `--pass "$MC_CLIENT_KEY_PASSPHRASE"`, `--insecure`, and `-x` with the proxy (as the
 * variable it was read from when its URL holds credentials).
 */
import type { Exchange, ReplayRoute } from './exchange.ts';
import { REDACTED } from './redaction.ts';

/** The variable of a key the kit could not name (a made-up wrong key, a key the target issued to another subaccount). */
export const UNNAMED_KEY_VARIABLE = 'MC_OTHER_KEY';

/**
 * The longest request body written into the line, in characters: the kit's own bodies are small
 * (a 500-number batch is about 10 KB); past this the line says where the whole body is instead of
 * growing a report by the size of a fuzzed body.
 */
export const CURL_BODY_MAX_CHARS = 64 * 1024;

/** Characters no POSIX shell gives a meaning to: a word of only these is written bare. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * `text` in single quotes (the shell takes every character inside literally; a quote is closed,
 * escaped and reopened), or bare when nothing in it needs them.
 */
const singleQuoted = (text: string): string => (PLAIN_WORD.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/** `text` as one shell word, every [REDACTED] in it written as "$variable" (expanded), the rest literal. */
export function shellWord(text: string, variable: string): string {
  const word = text
    .split(REDACTED)
    .map((part) => (part === '' ? '' : singleQuoted(part)))
    .join(`"$${variable}"`);
  return word === '' ? "''" : word;
}

/**
 * The request's headers as sent, a credential header as the kit wrote it (with [REDACTED] only where
 * the key stood), a route header with the variable of its value.
 */
function headerWords(exchange: Exchange, variable: string): string[] {
  return Object.entries(exchange.requestHeaders).map(([name, value]) => {
    const routeVariable = exchange.route?.headers?.[name];
    if (routeVariable !== undefined && value === REDACTED) return `-H ${shellWord(`${name}: ${REDACTED}`, routeVariable)}`;
    const sent = exchange.key?.headers?.[name] ?? value;
    return `-H ${shellWord(`${name}: ${sent}`, variable)}`;
  });
}

/** The words that send the request down the same road: certificate authority, client certificate, proxy. */
export function routeWords(route: ReplayRoute | undefined): string[] {
  if (route === undefined) return [];
  const words: string[] = [];
  if (route.caFile !== undefined) words.push('--cacert', singleQuoted(route.caFile));
  if (route.clientCert !== undefined) words.push('--cert', singleQuoted(route.clientCert));
  if (route.clientKey !== undefined) words.push('--key', singleQuoted(route.clientKey));
  if (route.passphraseVariable !== undefined) words.push('--pass', `"$${route.passphraseVariable}"`);
  if (route.insecure) words.push('--insecure');
  if (route.proxyVariable !== undefined) words.push('-x', `"$${route.proxyVariable}"`);
  else if (route.proxy !== undefined) words.push('-x', singleQuoted(route.proxy));
  return words;
}

function methodWords(method: string, hasBody: boolean): string[] {
  if (method === 'HEAD') return ['--head'];
  // curl sends GET without a body and POST with one: the method is written only where it differs.
  if ((method === 'GET' && !hasBody) || (method === 'POST' && hasBody)) return [];
  return ['-X', singleQuoted(method)];
}

/** The curl command that sends `exchange`'s request again; keys as shell variables, never their values. */
export function curlLine(exchange: Exchange): string {
  const variable = exchange.key?.variable ?? UNNAMED_KEY_VARIABLE;
  const body = exchange.requestBody;
  const hasBody = body !== undefined && body !== '';
  const words = ['curl', ...routeWords(exchange.route), ...methodWords(exchange.method, hasBody), ...headerWords(exchange, variable)];
  if (hasBody && body.length <= CURL_BODY_MAX_CHARS) words.push('--data-binary', shellWord(body, variable));
  // A URL with brackets or braces (a redacted value, a fuzzed parameter) is not a curl glob.
  if (/[[\]{}]/.test(exchange.url.split(REDACTED).join(''))) words.push('--globoff');
  words.push(shellWord(exchange.url, variable));
  const line = words.join(' ');
  return hasBody && body.length > CURL_BODY_MAX_CHARS
    ? `${line} --data-binary @request-body.txt  # the request body (${body.length} characters) ` +
        `is too long for this line: save it from the exchange's "request body" as request-body.txt`
    : line;
}
