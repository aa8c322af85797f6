/**
 * CLI manners (issue 16): `--help` of each command lists every flag its parser reads, each with
 * what it does and its default (and its variable where one stands for it); `--version` prints the
 * package's version. The flag lists are compared with each command's usage synopsis, which sits
 * beside its parser, and every documented flag is fed to the parser, so neither can drift alone.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { certifyFlags } from '../harness/api.ts';
import { CERTIFY_USAGE, parseCertifyArgs } from '../harness/commands/certify-command.ts';
import { CERTIFY_HELP, commandHelpText, DISCOVER_HELP, SERVE_HELP, type CommandHelp } from '../harness/commands/cli-help.ts';
import { DISCOVER_USAGE, parseDiscoverArgs } from '../harness/commands/discover-command.ts';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { parseServeArgs, SERVE_USAGE } from '../harness/commands/serve-command.ts';

const BIN = join(PACKAGE_ROOT, 'bin', 'messaging-conformance.js');
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
const flagNames = (text: string) => new Set([...text.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!));
const documented = (help: CommandHelp) => new Set(help.flags.map((f) => /^--([a-z-]+)/.exec(f.flag)![1]!));

describe.each([
  ['certify', CERTIFY_HELP, CERTIFY_USAGE, (flag: string, value: string[]) => parseCertifyArgs([flag, ...value], {})],
  ['discover', DISCOVER_HELP, DISCOVER_USAGE, (flag: string, value: string[]) => parseDiscoverArgs([flag, ...value], {})],
  ['serve', SERVE_HELP, SERVE_USAGE, (flag: string, value: string[]) => parseServeArgs([flag, ...value])],
] as const)('%s --help', (name, help, usage, parse) => {
  it('documents exactly the flags of the usage synopsis', () => {
    expect(documented(help)).toEqual(flagNames(usage));
  });

  it('gives every flag what it does and its default', () => {
    for (const f of help.flags) {
      expect(f.does.length, f.flag).toBeGreaterThan(10);
      expect(f.default.length, f.flag).toBeGreaterThan(0);
    }
  });

  it('names no flag the parser does not read', () => {
    for (const f of help.flags) {
      const takesValue = / [A-Z]|[a-z]\|[a-z]/.test(f.flag);
      const attempt = () => parse(f.flag.split(' ')[0]!, takesValue ? ['x'] : []);
      // Other checks may refuse the value or the combination; only "Unknown option" means the parser lacks the flag.
      let message = '';
      try {
        attempt();
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message, f.flag).not.toMatch(/Unknown option/);
    }
  });

  it('is printed by the CLI, with the variables', () => {
    const r = cli(name, '--help');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(commandHelpText(help));
    for (const f of help.flags) if (f.env) expect(r.stdout).toContain(`env: ${f.env}`);
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

describe('certify() options as flags (harness/api.ts)', () => {
  it('maps each option to its flag, values joined with =, so that a value may start with a dash', () => {
    expect(certifyFlags({ only: ['sms', 'credits'], maxCredits: 12.5, html: false, allowCharges: true, out: '-odd-dir', personality: 'alternate', maxDuration: 90, seed: 7 })).toEqual([
      '--out=-odd-dir',
      '--only=sms,credits',
      '--allow-charges',
      '--max-credits=12.5',
      '--no-html',
      '--personality=alternate',
      '--max-duration=90',
      '--seed=7',
    ]);
    expect(certifyFlags({ baseline: 'old/summary.json', failOn: 'regression' })).toEqual(['--baseline=old/summary.json', '--fail-on=regression']);
    expect(certifyFlags({})).toEqual([]);
  });

  it('goes through the CLI parser: the same checks, without reading MC_* variables', () => {
    expect(parseCertifyArgs(certifyFlags({ only: ['credits'], html: false, maxDuration: 90, seed: 7 }), {})).toMatchObject({ only: ['credits'], html: false, target: undefined, maxDurationSeconds: 90, seed: 7 });
    expect(() => parseCertifyArgs(certifyFlags({ only: ['nope' as 'sms'] }), {})).toThrow(/unknown area nope/);
  });
});
