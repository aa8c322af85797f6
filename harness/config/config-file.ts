/**
 * Reading the CLI's YAML or JSON configuration files (profiles, expected failures, ambiguity
 * files of `serve`) into one-line UsageErrors that name the file and the path of the bad field,
 * so that the CLI can print them and exit 2 (cli-errors.ts).
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { UsageError } from './cli-errors.ts';

/** Reads `path` and parses it as YAML (JSON is YAML); `what` names the file in the error. */
export function readConfigFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${what} ${path}${code ? ` (${code})` : ''}`);
  }
  try {
    return parseYaml(text);
  } catch (e) {
    // The yaml package appends a multi-line excerpt of the source; the first line has the position.
    throw new UsageError(`${path} is not valid YAML or JSON: ${(e as Error).message.split('\n')[0]!.replace(/:$/, '')}`);
  }
}

const KIND_NAMES: Partial<Record<string, string>> = {
  object: 'a mapping',
  record: 'a mapping',
  array: 'a list',
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};

/**
 * Error messages in the style of the CLI ("must be at most 100", "required"), used for every issue
 * whose schema does not carry its own message.
 */
const configErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required';
      return `must be ${KIND_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big':
      if (issue.origin === 'array') return `must have at most ${issue.maximum} entries`;
      if (issue.origin === 'string') return `must have at most ${issue.maximum} characters`;
      return issue.inclusive === false ? `must be less than ${issue.maximum}` : `must be at most ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
      if (issue.origin === 'array') return `must have at least ${issue.minimum} entries`;
      if (issue.origin === 'string') return `must have at least ${issue.minimum} characters`;
      return issue.inclusive === false ? `must be more than ${issue.minimum}` : `must be at least ${issue.minimum}`;
    default:
      return undefined;
  }
};

/** `ambiguities.sandbox-daily-limit`, `phoneNumbers[1]`, `[2].reason`. */
function formatPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

/** One issue as `<path>: <message>`; an unknown field at its own path, one entry per unknown field. */
function describeIssue(issue: z.core.$ZodIssue): string[] {
  const at = (path: readonly PropertyKey[]) => {
    const where = formatPath(path);
    return `${where ? `${where}: ` : ''}${issue.message}`;
  };
  return issue.code === 'unrecognized_keys' ? issue.keys.map((key) => at([...issue.path, key])) : [at(issue.path)];
}

/**
 * Parses `data` with `schema`; every issue is named, on one line: `<source>: <path>: <message>;
 * <path>: <message>` (a file with two bad fields named only the first).
 */
export function parseConfig<S extends z.ZodType>(schema: S, data: unknown, source: string): z.output<S> {
  const result = schema.safeParse(data, { error: configErrorMap });
  if (result.success) return result.data;
  throw new UsageError(`${source}: ${result.error.issues.flatMap(describeIssue).join('; ')}`);
}

/** A mapping that refuses unknown fields (a typo must not silently fall back to a default). */
export function strictMapping<T extends z.core.$ZodLooseShape>(shape: T, fields = Object.keys(shape).join(', ')) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return `unknown field (fields: ${fields})`;
      if (issue.code === 'invalid_type' && issue.input !== undefined) return `must be a mapping (fields: ${fields})`;
      return undefined;
    },
  });
}
