/**
 * Flag parsing shared by the commands: node's strict parseArgs, its errors turned into one-line
 * UsageErrors (exit 2), and the http(s) URL check of --target and --webhook-public-url.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './cli-errors.ts';

type Options = NonNullable<ParseArgsConfig['options']>;
/** Named, so that the compiled declarations (npm run build) can state parseFlags' result. */
type FlagValues<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: false }>>['values'];

/**
 * `--flag -5` as `--flag=-5` for a flag that takes a value: node's parseArgs refuses a value that
 * starts with a dash as "ambiguous", so a negative number would get that message instead of the
 * flag's own check (issue 19: `--max-credits -5` said "argument is ambiguous").
 */
function joinNegativeNumbers(args: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    if (name !== undefined && Object.hasOwn(options, name) && options[name]!.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** Parses `args` strictly (no positionals); an unknown or malformed flag is a UsageError naming `hint`. */
export function parseFlags<O extends Options>(args: string[], options: O, hint: string): FlagValues<O> {
  try {
    return parseArgs({ args: joinNegativeNumbers(args, options), options, strict: true, allowPositionals: false }).values;
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
