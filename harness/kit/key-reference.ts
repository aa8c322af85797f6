/**
 * Which of the run's keys a request carried, named by the shell variable a reader sets to send it
 * again (transport/curl-line.ts). The record of an exchange is redacted (5.2), so the name must be
 * decided here, where the request is still in the kit's hands: the account key (5.1) is
 * `$MC_API_KEY` and the manager key (5.3) `$MC_MANAGER_KEY`, the variables certify reads them from;
 * the profile's restricted key and the suite file's own subaccount (4.11, created by the run and
 * archived at its end) get names of their own; any other key (a wrong one sent on purpose, another
 * subaccount's) is `$MC_OTHER_KEY`.
 */
import type { RunConfig } from '../config/run-config.ts';
import type { CallOptions } from '../transport/http-client.ts';
import type { KeyReference } from '../transport/exchange.ts';
import { UNNAMED_KEY_VARIABLE } from '../transport/curl-line.ts';
import { REDACTED, redactKnown } from '../transport/redaction.ts';

export interface NamedKey {
  variable: string;
  value: string | undefined;
}

/** The keys of a run a request may carry, most specific first (the file's subaccount may be the account's key when there is no manager). */
export function namedKeysOf(config: RunConfig, fileSubaccountKey: string | undefined): NamedKey[] {
  return [
    { variable: 'MC_API_KEY', value: config.apiKey },
    { variable: 'MC_MANAGER_KEY', value: config.managerKey },
    { variable: 'MC_RESTRICTED_KEY', value: config.profile.keys?.restricted },
    { variable: 'MC_SUBACCOUNT_KEY', value: fileSubaccountKey },
  ];
}

/** Headers whose whole value the redactor blanks (5.1 apikey; token, 5.6; authorization, sent on purpose by the 5.1 Bearer tests). */
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['apikey', 'token', 'authorization']);

/** The credential of a header value: "Bearer abc" is abc. */
const credentialOf = (value: string): string => value.replace(/^\s*(bearer|basic|token)\s+/i, '').trim();

/** Every text of the request a key may stand in: the key given, headers, body and query. */
function carriedTexts(call: CallOptions): string[] {
  const texts = [...Object.values(call.headers ?? {})];
  if (call.apiKey !== undefined) texts.push(call.apiKey);
  if (call.body !== undefined) texts.push(call.body);
  for (const value of [call.json, call.form, call.query]) if (value !== undefined) texts.push(JSON.stringify(value));
  return texts;
}

/**
 * The key `call` carried, named; undefined when it carried none. A credential header that holds a
 * scheme before the key ("Bearer <key>") is kept with [REDACTED] where the key stood, unless
 * anything secret is left in it (then the line has the variable alone).
 */
export function keyReferenceOf(call: CallOptions, keys: readonly NamedKey[]): KeyReference | undefined {
  const texts = carriedTexts(call);
  const named = keys.find((k) => k.value !== undefined && k.value !== '' && (call.apiKey === k.value || texts.some((t) => t.includes(k.value!))));
  const credentialHeaders = Object.entries(call.headers ?? {}).filter(([name]) => CREDENTIAL_HEADERS.has(name.toLowerCase()));
  const carried = named?.value ?? call.apiKey ?? credentialHeaders.map(([, value]) => credentialOf(value)).find((c) => c !== '');
  if (carried === undefined || carried === '') return undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of credentialHeaders) {
    // Only a header whose credential is the key, and whose scheme is all the rest ("Bearer "): nothing else of it is shown.
    if (credentialOf(value) !== carried) continue;
    const at = value.lastIndexOf(carried);
    const written = `${value.slice(0, at)}${REDACTED}${value.slice(at + carried.length)}`;
    if (written !== REDACTED && redactKnown(written) === written) headers[name.toLowerCase()] = written;
  }
  return { variable: named?.variable ?? UNNAMED_KEY_VARIABLE, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
}
