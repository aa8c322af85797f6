/**
 * Flag parsing shared by the commands: node's strict parseArgs, its errors turned into one-line
 * UsageErrors (exit 2), and the http(s) URL check of --target and --webhook-public-url.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './cli-errors.ts';

type Options = NonNullable<ParseArgsConfig['options']>;
/** Named, so that the compiled declarations (npm run build) can state parseFlags' result. */
type FlagValues<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: false }>>['values'];

/** Parses `args` strictly (no positionals); an unknown or malformed flag is a UsageError naming `hint`. */
export function parseFlags<O extends Options>(args: string[], options: O, hint: string): FlagValues<O> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw new UsageError(`${(e as Error).message.split('\n')[0]} (${hint})`);
  }
}

/** An http(s) URL without its trailing slashes, or a UsageError naming the flag. */
export function httpUrlFlag(flag: string, text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new UsageError(`${flag} must be an http(s) URL, got "${text}"`);
  return text.replace(/\/+$/, '');
}
