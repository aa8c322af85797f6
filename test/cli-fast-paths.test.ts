/**
 * --help and every usage error of the command line are answered from the flag tables alone: the
 * process loads no command module, no vitest, no reference server and no run or report module of
 * the harness (harness/cli.ts). Judged from the modules the process resolved
 * (test/cli-module-log.mjs records each), not from a clock: on a loaded machine a time says
 * nothing, a module list does.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { testScratchDir } from './scratch-dir.ts';

const BIN = join(PACKAGE_ROOT, 'bin', 'messaging-conformance.js');
const RECORDER = join(PACKAGE_ROOT, 'test', 'cli-module-log.mjs');

/** Runs the CLI with the module recorder: its output, and every module it resolved (project-relative, or the package's name). */
function runRecorded(args: string[]): { status: number | null; stdout: string; stderr: string; modules: string[] } {
  const log = join(testScratchDir('mc-modules-'), 'modules.log');
  const r = spawnSync(process.execPath, ['--import', RECORDER, BIN, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, MC_MODULE_LOG: log, MC_TARGET: '', MC_API_KEY: '' },
  });
  const modules = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))].map((url) => url.replace(`file://${PACKAGE_ROOT}/`, ''));
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, modules };
}

/** What --help and a usage error must not load: the commands, the run, the reports, the server, vitest, the big catalogues. */
const HEAVY = [
  /^harness\/commands\/(certify|discover|serve|mutants)-command\.ts$/,
  /^harness\/(run|report|kit|transport|discovery)\//,
  /^reference\//,
  /node_modules\/(vitest|fastify|undici|allure)/,
  /^schemas\/requirements\.ts$/,
];
const heavyIn = (modules: readonly string[]) => modules.filter((m) => HEAVY.some((h) => h.test(m)));

describe('answered from the flag tables, before any command is loaded', () => {
  it.each([
    ['certify --bogus', ['certify', '--bogus'], /^messaging-conformance: Unknown option '--bogus' \(usage: messaging-conformance certify --help\)$/],
    ['certify --max-credits -5', ['certify', '--max-credits', '-5'], /^messaging-conformance: --max-credits takes a number of credits, got "-5"$/],
    ['certify --fail-on regression', ['certify', '--fail-on', 'regression'], /needs --baseline/],
    ['discover without --target', ['discover', '--api-key', 'k', '--write-profile', 'p.yaml'], /discover needs --target/],
    ['serve --port 70000', ['serve', '--port', '70000'], /^messaging-conformance: --port takes a whole number from 0 to 65535, got "70000"$/],
    ['serve --ambiguity with an unknown option', ['serve', '--ambiguity', 'sandbox-daily-limit=7'], /unknown option "7"/],
  ])('%s: one line, exit 2', (_what, args, message) => {
    const r = runRecorded(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(message);
    // The recorder saw the CLI itself: an empty list would prove nothing.
    expect(r.modules).toContain('harness/cli.ts');
    expect(heavyIn(r.modules)).toEqual([]);
  });

  it.each([[['--help']], [['certify', '--help']], [['serve', '-h']]])('%j: the help, exit 0', (args) => {
    const r = runRecorded(args);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: messaging-conformance /);
    expect(r.modules).toContain('harness/cli.ts');
    expect(heavyIn(r.modules)).toEqual([]);
  });

  it('loads a catalogue only for the flag that needs it: --mutant reads the mutant registry, not the server', () => {
    const r = runRecorded(['certify', '--mutant', 'no-such-mutant']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--mutant: unknown mutant "no-such-mutant"/);
    expect(r.modules).toContain('reference/mutants.ts');
    // The registry, the areas' seams and the faults beside them (reference/faults/), and the catalogue
    // its entries take their section and area from; nothing of the server behind them.
    const registry = ['reference/mutants.ts', 'reference/seams.ts', 'schemas/requirements.ts'];
    expect(r.modules).toContain('reference/faults/sms.ts');
    expect(heavyIn(r.modules).filter((m) => !registry.includes(m) && !m.startsWith('reference/faults/'))).toEqual([]);
  });
});
