/**
 * The machinery of the declarative flag tables (certify-flags.ts, discover-flags.ts,
 * serve-flags.ts, mutants-flags.ts): a table is data, one entry per flag, and everything a flag
 * needs is read from it: the parser of the command line (argv and MC_* variables → typed
 * arguments), the checker of the programmatic API's options (the same checks, no argv round trip),
 * the --help text, the usage synopsis and the markdown reference of docs/cli.md.
 *
 * Light on purpose: node:path, node:util and cli-errors.ts only, so that harness/cli.ts answers --help and
 * every usage error before any command module, vitest or the reference server is loaded. A check
 * that needs a big registry (requirement ids, mutant ids) names a catalogue, which the caller
 * supplies only when that flag is given (harness/flag-catalogues.ts).
 *
 * Every usage error is a UsageError: one line, exit code 2 (cli-errors.ts).
 */
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './cli-errors.ts';

/** The registries a flag's value may be checked against, loaded only when needed. */
export type CatalogueName = 'mutant' | 'requirement';
export type Catalogues = Partial<Record<CatalogueName, (id: string) => boolean>>;

/** What a kind's checks may consult. */
interface ParseContext {
  catalogues: Catalogues;
}

/**
 * What a flag's value is. `In` is what the API takes, `Out` what the parsed arguments hold;
 * `Absent` what a flag that is not given stands for, unless its entry names a default.
 */
export interface ValueKind<In, Out, Absent = undefined> {
  /** After the flag in the help (`URL`, `N`, `default|alternate`); none for a toggle. */
  readonly placeholder: string | undefined;
  /** The value of a flag not given (false for a toggle, true for a negated one), computed when parsing. */
  absent(): Absent;
  /** The catalogue its check needs, if any. */
  readonly catalogue?: CatalogueName;
  /** What the API option takes, in the docs' table (`string`, `number`, `boolean`, `string[]`). */
  readonly apiType: string;
  /** Reads the command line's text (a toggle's presence is read as the text ''). */
  fromText(text: string, flag: string, ctx: ParseContext): Out;
  /** Checks a value given to the API. */
  fromValue(value: In, flag: string, ctx: ParseContext): Out;
}

/** One flag: the whole of what is declared about it. */
export interface FlagSpec<In = unknown, Out = unknown, Absent = unknown> {
  /** As typed, without the dashes: `max-credits`. */
  readonly flag: string;
  readonly kind: ValueKind<In, Out, Absent>;
  /** What it does, one line of the help. */
  readonly help: string;
  /** Its default in words (what the help and the docs say). */
  readonly defaultHelp: string;
  /** The variable read when the flag is absent (command line only: the API reads none). */
  readonly env?: string;
  /** The parsed value when absent (instead of the kind's `absent`). */
  readonly default?: Out;
  /** The command refuses to run without it. */
  readonly required?: boolean;
  /** Repeatable: the values of every occurrence, in order. */
  readonly multiple?: boolean;
  /** Not an option of the programmatic API (a flag of the command line only). */
  readonly cliOnly?: boolean;
}

/** A table: the API option name of each flag → its entry, in the order of the help. */
export type FlagTable = Readonly<Record<string, FlagSpec<never, unknown, unknown>>>;

type OutOf<S> =
  S extends FlagSpec<never, infer O, infer A> ? (S extends { multiple: true } ? O[] : S extends { default: O } | { required: true } ? O : O | A) : never;
type InOf<S> = S extends { kind: ValueKind<infer I, unknown, unknown> } ? (S extends { multiple: true } ? readonly I[] : I) : never;

/** The parsed arguments of a table: each API option name with its checked value. */
export type ArgsOf<T extends FlagTable> = { -readonly [K in keyof T]: OutOf<T[K]> };

type ApiKeys<T extends FlagTable> = { [K in keyof T]: T[K] extends { cliOnly: true } ? never : K }[keyof T];
type RequiredKeys<T extends FlagTable> = { [K in ApiKeys<T>]: T[K] extends { required: true } ? K : never }[ApiKeys<T>];

/** The programmatic API's options of a table: its required flags required, the others optional. */
export type OptionsOf<T extends FlagTable> = { -readonly [K in RequiredKeys<T>]: InOf<T[K]> } & {
  -readonly [K in Exclude<ApiKeys<T>, RequiredKeys<T>>]?: InOf<T[K]>;
};

/** A rule that involves several flags: refused when `refuses` holds, with `message`. */
export interface FlagRule<A> {
  refuses(args: A, given: ReadonlySet<string>): boolean;
  message: string;
}

/** A command's flags, its combination rules, and how its help opens. */
export interface CommandFlags<T extends FlagTable> {
  /** As typed after the program: `certify`. */
  readonly command: string;
  /** How the command line is typed, after `messaging-conformance` (`npm run mutants --` for the matrix). */
  readonly invocation?: string;
  readonly synopsis: string;
  readonly flags: T;
  readonly rules: readonly FlagRule<ArgsOf<T>>[];
}

/** Declares a table, its types kept (each entry's kind, default and required-ness). */
export const defineCommand = <const T extends FlagTable>(command: CommandFlags<T>): CommandFlags<T> => command;

// ---------------------------------------------------------------------------------------------
// Value kinds.
// ---------------------------------------------------------------------------------------------

const refuse = (flag: string, takes: string, got: unknown): never => {
  throw new UsageError(`--${flag} takes ${takes}, got ${typeof got === 'string' ? `"${got}"` : JSON.stringify(got)}`);
};

const textOf = (flag: string, value: unknown, takes = 'a text'): string => (typeof value === 'string' ? value : refuse(flag, takes, value));

/** Free text: a key, a host, a path kept as given. */
export function text(placeholder: string, options: { minLength?: number } = {}): ValueKind<string, string> {
  const check = (flag: string, value: string): string => {
    if (options.minLength !== undefined && value.length < options.minLength) refuse(flag, `at least ${options.minLength} characters`, value);
    return value;
  };
  return {
    placeholder,
    absent: () => undefined,
    apiType: 'string',
    fromText: (t, flag) => check(flag, t),
    fromValue: (v, flag) => check(flag, textOf(flag, v)),
  };
}

/**
 * A path, made absolute from the current directory (what a later `cd` cannot change); `fallback`,
 * when given, is the path a flag not given stands for (resolved when parsing, not when loading).
 */
export function path(placeholder: string): ValueKind<string, string>;
export function path(placeholder: string, fallback: string): ValueKind<string, string, string>;
export function path(placeholder: string, fallback?: string): ValueKind<string, string, string | undefined> {
  const check = (flag: string, value: string): string => (value === '' ? refuse(flag, 'a path', value) : resolve(value));
  return {
    placeholder,
    absent: () => (fallback === undefined ? undefined : resolve(fallback)),
    apiType: 'string',
    fromText: (t, flag) => check(flag, t),
    fromValue: (v, flag) => check(flag, textOf(flag, v)),
  };
}

/** An http(s) URL, without its trailing slashes. */
export function httpUrl(): ValueKind<string, string> {
  const check = (flag: string, value: string): string => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new UsageError(`--${flag} must be an http(s) URL, got "${value}"`);
    return value.replace(/\/+$/, '');
  };
  return {
    placeholder: 'URL',
    absent: () => undefined,
    apiType: 'string',
    fromText: (t, flag) => check(flag, t),
    fromValue: (v, flag) => check(flag, textOf(flag, v, 'an http(s) URL')),
  };
}

export interface NumberRange {
  /** A whole number only. */
  whole?: boolean;
  min?: number;
  /** Strictly greater than this. */
  above?: number;
  max?: number;
  /** The words of the error: `--seed takes <takes>, got "x"`. */
  takes: string;
}

/** A number in decimal digits (no sign, no exponent: `-5` and `1e3` are refused with the flag's own message). */
export function number(placeholder: string, range: NumberRange): ValueKind<number, number> {
  const inRange = (n: number): boolean =>
    Number.isFinite(n) &&
    (!range.whole || Number.isInteger(n)) &&
    (range.min === undefined || n >= range.min) &&
    (range.above === undefined || n > range.above) &&
    (range.max === undefined || n <= range.max);
  const syntax = range.whole ? /^\d+$/ : /^\d+(\.\d+)?$/;
  return {
    placeholder,
    absent: () => undefined,
    apiType: 'number',
    fromText: (t, flag) => (syntax.test(t) && inRange(Number(t)) ? Number(t) : refuse(flag, range.takes, t)),
    fromValue: (v, flag) => (typeof v === 'number' && inRange(v) ? v : refuse(flag, range.takes, v)),
  };
}

/** One of a few words. */
export function oneOf<const V extends string>(values: readonly V[]): ValueKind<V, V> {
  const words = values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : values.join('');
  const check = (flag: string, value: unknown): V => ((values as readonly unknown[]).includes(value) ? (value as V) : refuse(flag, words, value));
  return {
    placeholder: values.join('|'),
    absent: () => undefined,
    apiType: values.map((v) => `'${v}'`).join(' | '),
    fromText: (t, flag) => check(flag, t),
    fromValue: (v, flag) => check(flag, v),
  };
}

/** A flag without a value; `negated` for `--no-x`, whose API option `x` is true unless set false. */
export function toggle(negated = false): ValueKind<boolean, boolean, boolean> {
  return {
    placeholder: undefined,
    absent: () => negated,
    apiType: 'boolean',
    fromText: () => !negated,
    fromValue: (v, flag) => (typeof v === 'boolean' ? v : refuse(flag, 'true or false', v)),
  };
}

/** Where the ids of a list or an id come from: a fixed list, or a catalogue loaded on demand. */
export interface KnownIds<Id extends string> {
  /** In the error: `unknown <noun> x`. */
  noun: string;
  ids?: readonly Id[];
  catalogue?: CatalogueName;
  /** After the error, in parentheses: where to find the ids. */
  hint: string;
}

function isKnown<Id extends string>(known: KnownIds<Id>, id: string, ctx: ParseContext): id is Id {
  if (known.ids) return (known.ids as readonly string[]).includes(id);
  const lookup = known.catalogue === undefined ? undefined : ctx.catalogues[known.catalogue];
  if (!lookup) throw new Error(`flag-table: the ${known.catalogue ?? '(unnamed)'} catalogue was not supplied`);
  return lookup(id);
}

/** Ids separated by commas (`sms,otp-v2`), each a known one; at least one. */
export function idList<Id extends string>(placeholder: string, known: KnownIds<Id>): ValueKind<readonly Id[], Id[]> {
  const check = (flag: string, ids: readonly string[], ctx: ParseContext): Id[] => {
    const unknown = ids.filter((id) => !isKnown(known, id, ctx));
    if (ids.length === 0 || unknown.length > 0)
      throw new UsageError(`--${flag}: unknown ${known.noun} ${unknown.join(', ') || '(none given)'} (${known.hint})`);
    return ids as Id[];
  };
  return {
    placeholder,
    absent: () => undefined,
    ...(known.catalogue ? { catalogue: known.catalogue } : {}),
    apiType: 'string[]',
    fromText: (t, flag, ctx) => check(flag, splitList(t), ctx),
    fromValue: (v, flag, ctx) =>
      check(flag, Array.isArray(v) && v.every((id) => typeof id === 'string') ? v : refuse(flag, `a list of ${known.noun}s`, v), ctx),
  };
}

/** One known id. */
export function id<Id extends string>(placeholder: string, known: KnownIds<Id>): ValueKind<string, Id> {
  const check = (flag: string, value: string, ctx: ParseContext): Id => {
    if (!isKnown(known, value, ctx)) throw new UsageError(`--${flag}: unknown ${known.noun} "${value}" (${known.hint})`);
    return value;
  };
  return {
    placeholder,
    absent: () => undefined,
    ...(known.catalogue ? { catalogue: known.catalogue } : {}),
    apiType: 'string',
    fromText: (t, flag, ctx) => check(flag, t, ctx),
    fromValue: (v, flag, ctx) => check(flag, textOf(flag, v), ctx),
  };
}

/** Free items separated by commas (addresses), blanks dropped. */
export function textList(placeholder: string): ValueKind<readonly string[], string[]> {
  return {
    placeholder,
    absent: () => undefined,
    apiType: 'string[]',
    fromText: (t) => splitList(t),
    fromValue: (v, flag) => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? [...v] : refuse(flag, 'a list of texts', v)),
  };
}

/** Numbers separated by commas (`10,30,60`), at least one. */
export function numberList(placeholder: string, takes: string): ValueKind<readonly number[], number[]> {
  const fine = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
  return {
    placeholder,
    absent: () => undefined,
    apiType: 'number[]',
    fromText: (t, flag) => {
      const parts = t.split(',').map((s) => s.trim());
      return parts.every((p) => /^\d+(\.\d+)?$/.test(p)) ? parts.map(Number) : refuse(flag, takes, t);
    },
    fromValue: (v, flag) => (Array.isArray(v) && v.length > 0 && v.every(fine) ? [...v] : refuse(flag, takes, v)),
  };
}

const splitList = (t: string): string[] =>
  t
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

// ---------------------------------------------------------------------------------------------
// Parsing.
// ---------------------------------------------------------------------------------------------

type Entry = readonly [option: string, spec: FlagSpec<never, unknown, unknown>];
const entries = (flags: FlagTable): Entry[] => Object.entries(flags);

/** The catalogues the given command line needs: those of its flags that name one and are given. */
export function cataloguesNeeded(command: CommandFlags<FlagTable>, argv: readonly string[]): Set<CatalogueName> {
  const needed = new Set<CatalogueName>();
  for (const [, spec] of entries(command.flags)) {
    const c = spec.kind.catalogue;
    if (c !== undefined && argv.some((a) => a === `--${spec.flag}` || a.startsWith(`--${spec.flag}=`))) needed.add(c);
  }
  return needed;
}

/**
 * `--flag -5` as `--flag=-5` for a flag that takes a value: node's parseArgs refuses a value that
 * starts with a dash as "ambiguous", so a negative number would get that message instead of the
 * flag's own check (`--max-credits -5` said "argument is ambiguous").
 */
function joinNegativeNumbers(args: readonly string[], takesValue: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    if (name !== undefined && takesValue(name) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** The command's help, named in a usage error: where to read the right flags. */
const helpHint = (command: CommandFlags<FlagTable>): string => `usage: ${command.invocation ?? `messaging-conformance ${command.command}`} --help`;

function finish<T extends FlagTable>(command: CommandFlags<T>, values: Map<string, unknown>, given: ReadonlySet<string>): ArgsOf<T> {
  const args = Object.fromEntries(values) as ArgsOf<T>;
  for (const rule of command.rules) if (rule.refuses(args, given)) throw new UsageError(rule.message);
  return args;
}

const requiredMessage = (command: CommandFlags<FlagTable>, spec: FlagSpec<never, unknown, unknown>, api: boolean, option: string): string =>
  api
    ? `${command.command} needs the option ${option}`
    : `${command.command} needs ` +
      `--${spec.flag}${spec.kind.placeholder ? ` ${spec.kind.placeholder}` : ''}${spec.env ? ` (or ${spec.env})` : ''} (${helpHint(command)})`;

/**
 * The command line's flags, then for each absent one its variable (an empty variable counts as
 * unset: CI templates often export empty secrets), checked by its kind, then the combination
 * rules. Positionals and unknown flags are refused.
 */
export function parseArgv<T extends FlagTable>(
  command: CommandFlags<T>,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  catalogues: Catalogues,
): ArgsOf<T> {
  const byFlag = new Map(entries(command.flags).map(([option, spec]) => [spec.flag, { option, spec }]));
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [flag, { spec }] of byFlag)
    options[flag] = { type: spec.kind.placeholder === undefined ? 'boolean' : 'string', ...(spec.multiple ? { multiple: true } : {}) };
  let raw: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    raw = parseArgs({
      args: joinNegativeNumbers(argv, (name) => byFlag.get(name)?.spec.kind.placeholder !== undefined),
      options,
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    throw new UsageError(`${(e as Error).message.split('\n')[0]} (${helpHint(command)})`);
  }
  const ctx: ParseContext = { catalogues };
  const values = new Map<string, unknown>();
  const given = new Set<string>();
  for (const [flag, { option, spec }] of byFlag) {
    const typed = raw[flag];
    const fromEnv = spec.env === undefined ? undefined : env[spec.env] || undefined;
    const read = (t: string | boolean) => spec.kind.fromText(typeof t === 'string' ? t : '', flag, ctx);
    if (typed !== undefined) given.add(option);
    if (Array.isArray(typed)) values.set(option, typed.map(read));
    else if (typed !== undefined) values.set(option, read(typed));
    else if (fromEnv !== undefined) values.set(option, read(fromEnv));
    else if (spec.required) throw new UsageError(requiredMessage(command, spec, false, option));
    else values.set(option, spec.multiple ? [] : 'default' in spec ? spec.default : spec.kind.absent());
  }
  return finish(command, values, given);
}

/**
 * The programmatic API's options, checked as the command line's flags are, with the same
 * messages; no variable is read (a program passes what it means). An option the table does not
 * know is refused: a JavaScript caller's typo must not pass silently.
 */
export function parseOptions<T extends FlagTable>(command: CommandFlags<T>, options: Readonly<Record<string, unknown>>, catalogues: Catalogues): ArgsOf<T> {
  const apiEntries = entries(command.flags).filter(([, spec]) => !spec.cliOnly);
  const known = new Set(apiEntries.map(([option]) => option));
  const stray = Object.keys(options).filter((k) => !known.has(k) && options[k] !== undefined);
  if (stray.length > 0) throw new UsageError(`${command.command}: unknown option ${stray.join(', ')} (options: ${[...known].join(', ')})`);
  const ctx: ParseContext = { catalogues };
  const values = new Map<string, unknown>();
  const given = new Set<string>();
  for (const [option, spec] of entries(command.flags)) {
    const value = spec.cliOnly ? undefined : options[option];
    if (value !== undefined) {
      given.add(option);
      const items: readonly unknown[] = spec.multiple ? (Array.isArray(value) ? value : refuse(spec.flag, 'a list', value)) : [value];
      const checked = items.map((v) => spec.kind.fromValue(v as never, spec.flag, ctx));
      values.set(option, spec.multiple ? checked : checked[0]);
    } else if (spec.required && !spec.cliOnly) throw new UsageError(requiredMessage(command, spec, true, option));
    else values.set(option, spec.multiple ? [] : 'default' in spec ? spec.default : spec.kind.absent());
  }
  return finish(command, values, given);
}
