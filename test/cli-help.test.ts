/**
 * CLI manners: `--help` of each command is its flag table's render, every flag with what it does
 * and its default (and its variable where one stands for it); `--version` prints the package's
 * version; docs/cli.md holds exactly the rendered table of each command; the API's options go
 * through the same table as the flags, with the same results and the same refusals.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCertifyArgs } from '../harness/commands/certify-command.ts';
import { CLI_DOC_PATH, withFlagTables } from '../harness/commands/cli-doc-command.ts';
import { CLI_COMMANDS, commandHelpText, DOCUMENTED_COMMANDS, flagMarkers, flagReferenceMarkdown } from '../harness/commands/cli-help.ts';
import { CERTIFY_FLAGS, DEFAULT_MAX_DURATION_SECONDS } from '../harness/config/certify-flags.ts';
import { UsageError } from '../harness/config/cli-errors.ts';
import { DISCOVER_FLAGS } from '../harness/config/discover-flags.ts';
import { parseOptions } from '../harness/config/flag-table.ts';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { DEFAULT_SANDBOX_BUDGET } from '../harness/discovery/discovery-sandbox-limit.ts';
import { isMutantId } from '../reference/mutants.ts';
import { isRequirementId } from '../schemas/requirements.ts';

const BIN = join(PACKAGE_ROOT, 'bin', 'messaging-conformance.js');
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
const CATALOGUES = { mutant: isMutantId, requirement: isRequirementId };

describe.each(DOCUMENTED_COMMANDS.map((c) => [c.command, c] as const))('%s flags', (_name, command) => {
  it('gives every flag what it does and its default', () => {
    for (const spec of Object.values(command.flags)) {
      expect(spec.help.length, spec.flag).toBeGreaterThan(10);
      expect(spec.defaultHelp.length, spec.flag).toBeGreaterThan(0);
    }
  });

  it('docs/cli.md holds exactly the rendered table, between its markers', () => {
    const doc = readFileSync(CLI_DOC_PATH, 'utf8');
    const { start, end } = flagMarkers(command.command);
    const from = doc.indexOf(start);
    const to = doc.indexOf(end);
    expect(from, `${start} in docs/cli.md`).toBeGreaterThanOrEqual(0);
    expect(to, `${end} in docs/cli.md`).toBeGreaterThan(from);
    // On a difference, `npm run docs:cli` writes the tables.
    expect(doc.slice(from + start.length, to).trim(), 'npm run docs:cli').toBe(flagReferenceMarkdown(command));
  });
});

describe('npm run docs:cli', () => {
  it('writes each table between its markers and keeps the prose around them', () => {
    const doc = readFileSync(CLI_DOC_PATH, 'utf8');
    const { start, end } = flagMarkers('serve');
    const stale = doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n| an old table |\n${end}`);
    expect(stale).not.toBe(doc);
    expect(withFlagTables(stale)).toBe(doc);
    expect(() => withFlagTables(doc.replace(start, ''))).toThrow(/no <!-- flags:serve:start -->/);
  });
});

describe.each(CLI_COMMANDS.map((c) => [c.command, c] as const))('%s --help', (name, command) => {
  it('is printed by the CLI, with the variables', () => {
    const r = cli(name, '--help');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(commandHelpText(command));
    for (const spec of Object.values(command.flags)) {
      expect(r.stdout, spec.flag).toContain(`--${spec.flag}`);
      if (spec.env) expect(r.stdout).toContain(`env: ${spec.env}`);
    }
  });
});

describe('defaults said in words', () => {
  it('are the defaults the commands use', () => {
    expect(DISCOVER_FLAGS.flags.sandboxBudget.defaultHelp.startsWith(`${DEFAULT_SANDBOX_BUDGET} `)).toBe(true);
    expect(parseCertifyArgs([], {}).maxDuration).toBe(DEFAULT_MAX_DURATION_SECONDS);
    expect(CERTIFY_FLAGS.flags.maxDuration.defaultHelp.startsWith(`${DEFAULT_MAX_DURATION_SECONDS} `)).toBe(true);
  });
});

describe('the program', () => {
  it('--version prints the version of package.json', () => {
    const { version } = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = cli('--version');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
  });

  it('--help lists the commands and how to reach their flags', () => {
    const r = cli('--help');
    expect(r.status).toBe(0);
    for (const command of ['certify', 'discover', 'serve', '--version']) expect(r.stdout).toContain(command);
  });
});

describe("certify()'s options: the flags' table, on the object itself", () => {
  it('give what the same flags give', () => {
    const fromOptions = parseOptions(
      CERTIFY_FLAGS,
      {
        only: ['sms', 'credits'],
        maxCredits: 12.5,
        html: false,
        allowCharges: true,
        out: '-odd-dir',
        personality: 'alternate',
        maxDuration: 90,
        seed: 7,
        requirements: ['op:credits/consult'],
      },
      CATALOGUES,
    );
    const fromFlags = parseCertifyArgs(
      [
        '--only',
        'sms,credits',
        '--max-credits',
        '12.5',
        '--no-html',
        '--allow-charges',
        '--out=-odd-dir',
        '--personality',
        'alternate',
        '--max-duration',
        '90',
        '--seed',
        '7',
        '--requirements',
        'op:credits/consult',
      ],
      {},
    );
    expect(fromOptions).toEqual(fromFlags);
    expect(fromOptions).toMatchObject({ only: ['sms', 'credits'], html: false, out: join(process.cwd(), '-odd-dir'), maxDuration: 90, target: undefined });
    expect(parseOptions(CERTIFY_FLAGS, {}, CATALOGUES)).toEqual(parseCertifyArgs([], {}));
  });

  it.each([
    [{ only: ['nope'] }, /^--only: unknown area nope/],
    [{ maxCredits: -5 }, /^--max-credits takes a number of credits, got -5$/],
    [{ seed: 1.5 }, /^--seed takes a whole number from 0 to 2147483647, got 1.5$/],
    [{ target: 'ftp://x', apiKey: 'k' }, /http\(s\) URL/],
    [{ apiKey: 'k' }, /need --target/],
    [{ failOn: 'regression' }, /^--fail-on regression needs --baseline/],
    [{ requirements: ['no_such_requirement'] }, /unknown requirement id no_such_requirement/],
    [{ targets: 'http://x' }, /^certify: unknown option targets/],
  ])('refuses %j as the flags are refused', (options, message) => {
    expect(() => parseOptions(CERTIFY_FLAGS, options, CATALOGUES)).toThrow(UsageError);
    expect(() => parseOptions(CERTIFY_FLAGS, options, CATALOGUES)).toThrow(message);
  });
});
