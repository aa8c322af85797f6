/**
 * The `certify` and `discover` command lines: flags, environment equivalents, and every usage or
 * configuration error as one line with exit code 2, before any test runs.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCertifyArgs } from '../harness/commands/certify-command.ts';
import { suiteFiles } from '../harness/commands/certification-run.ts';
import { UsageError } from '../harness/config/cli-errors.ts';
import { parseDiscoverArgs } from '../harness/commands/discover-command.ts';
import { DEFAULT_SEED } from '../harness/config/run-seed.ts';
import { fileScratchDir } from './scratch-dir.ts';

const BIN = fileURLToPath(new URL('../bin/messaging-conformance.js', import.meta.url));
const dir = fileScratchDir('mc-cli-');

describe('certify flags', () => {
  it('maps flags, and the MC_* environment when flags are absent', () => {
    const args = parseCertifyArgs(
      ['--target', 'http://127.0.0.1:9/', '--api-key', 'k1', '--only', 'sms,otp-v2', '--max-credits', '12.5', '--allow-charges'],
      {},
    );
    expect(args).toMatchObject({ target: 'http://127.0.0.1:9', apiKey: 'k1', only: ['sms', 'otp-v2'], maxCredits: 12.5, allowCharges: true, html: true });
    const fromEnv = parseCertifyArgs([], { MC_TARGET: 'https://staging.example', MC_API_KEY: 'k2', MC_MANAGER_KEY: 'm2', MC_PROFILE: 'p.yaml' });
    expect(fromEnv).toMatchObject({ target: 'https://staging.example', apiKey: 'k2', managerKey: 'm2', profile: 'p.yaml' });
    expect(parseCertifyArgs(['--api-key', 'flag'], { MC_TARGET: 'http://h', MC_API_KEY: 'env' }).apiKey).toBe('flag');
  });

  it.each([
    [['--bogus'], /Unknown option/],
    [['--target', 'ftp://x', '--api-key', 'k'], /http\(s\) URL/],
    [['--target', 'http://x'], /needs --api-key/],
    [['--api-key', 'k'], /need --target/],
    [['--only', 'sms,nope'], /unknown area nope/],
    [['--max-credits', 'lots'], /--max-credits takes a number/],
    // A negative number reaches the flag's own check, whether given as one or two arguments.
    [['--max-credits', '-5'], /^--max-credits takes a number of credits, got "-5"$/],
    [['--max-credits=-5'], /^--max-credits takes a number of credits, got "-5"$/],
    [['--max-duration', '-5'], /^--max-duration takes a number of seconds greater than 0, got "-5"$/],
    [['--max-duration', '0'], /^--max-duration takes a number of seconds greater than 0, got "0"$/],
    [['--max-duration', '20m'], /^--max-duration takes a number of seconds greater than 0, got "20m"$/],
    [['--target', 'http://x', '--api-key', 'k', '--real-time'], /embedded server only/],
    [['--seed', '-1'], /^--seed takes a whole number from 0 to 2147483647, got "-1"$/],
    [['--seed', '1.5'], /^--seed takes a whole number from 0 to 2147483647, got "1.5"$/],
    [['--seed', '2147483648'], /^--seed takes a whole number from 0 to 2147483647, got "2147483648"$/],
    [['--fail-on', 'warning', '--baseline', 'b.json'], /^--fail-on takes failure or regression, got "warning"$/],
    [['--fail-on', 'regression'], /^--fail-on regression needs --baseline/],
  ])('refuses %j', (args, message) => {
    expect(() => parseCertifyArgs(args, {})).toThrow(UsageError);
    expect(() => parseCertifyArgs(args, {})).toThrow(message);
  });

  it('--baseline and --fail-on: a path made absolute, and failure unless given', () => {
    expect(parseCertifyArgs([], {})).toMatchObject({ baseline: undefined, failOn: 'failure' });
    expect(parseCertifyArgs(['--baseline', 'old/summary.json', '--fail-on', 'regression'], {})).toMatchObject({
      baseline: join(process.cwd(), 'old', 'summary.json'),
      failOn: 'regression',
    });
  });

  it('--har: the HAR file, made absolute from the current directory; none unless given', () => {
    expect(parseCertifyArgs([], {}).har).toBeUndefined();
    expect(parseCertifyArgs(['--har', 'run.har'], {}).har).toBe(join(process.cwd(), 'run.har'));
  });

  it('--max-duration: the run deadline in seconds, 20 minutes unless given', () => {
    expect(parseCertifyArgs([], {}).maxDuration).toBe(1200);
    expect(parseCertifyArgs(['--max-duration', '90'], {}).maxDuration).toBe(90);
  });

  it('--seed: the seed of the run, a fixed default unless given (reproducible verdicts)', () => {
    expect(parseCertifyArgs([], {}).seed).toBe(DEFAULT_SEED);
    expect(parseCertifyArgs([], {}).seed).toBe(parseCertifyArgs([], {}).seed);
    expect(parseCertifyArgs(['--seed', '0'], {}).seed).toBe(0);
    expect(parseCertifyArgs(['--seed', '424242'], {}).seed).toBe(424242);
  });

  it('selects the suite files of each area given to --only', () => {
    expect(suiteFiles(['credits']).map((f) => f.split('/').slice(-2).join('/'))).toEqual(['credits/consult.test.ts']);
  });
});

describe('discover flags', () => {
  it.each([
    [['--api-key', 'k', '--write-profile', 'p'], /needs --target/],
    [['--target', 'http://x', '--write-profile', 'p'], /needs --api-key/],
    [['--target', 'http://x', '--api-key', 'k'], /--write-profile/],
  ])('refuses %j', (args, message) => {
    expect(() => parseDiscoverArgs(args, {})).toThrow(message);
  });
});

describe('the certify command line', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, MC_TARGET: '', MC_API_KEY: '' } });
  const badProfile = join(dir, 'bad-profile.yaml');
  writeFileSync(badProfile, 'pacing:\n  requestsPerSecond: 500\n');
  const notSummary = join(dir, 'not-summary.json');
  writeFileSync(notSummary, '{"requirements": []}\n');
  const quickProfile = join(dir, 'quick-profile.yaml');
  writeFileSync(quickProfile, 'timeBudgets:\n  requestSeconds: 1\n');
  // A target that accepts the connection and never answers (the kernel accepts while spawnSync blocks this process).
  let silent: Server;
  const sockets = new Set<Socket>();
  let silentUrl = '';
  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  afterAll(() => {
    for (const s of sockets) s.destroy();
    silent.close();
  });

  it.each([
    ['a bad flag', ['certify', '--bogus'], /Unknown option/],
    ['a bad profile', ['certify', '--profile', badProfile], /bad-profile\.yaml: pacing\.requestsPerSecond/],
    ['a missing profile', ['certify', '--profile', join(dir, 'missing.yaml')], /cannot read profile file/],
    ['an unreachable target', ['certify', '--target', 'http://127.0.0.1:1', '--api-key', 'x'], /unreachable/],
    [
      'a target that accepts connections and never answers',
      ['certify', '--target', 'SILENT', '--api-key', 'x', '--profile', quickProfile],
      /did not answer: preflight POST \/credits\/consult timed out after 1 s \(no response headers\)/,
    ],
    ['a missing baseline', ['certify', '--only', 'credits', '--baseline', join(dir, 'none.json')], /--baseline: cannot read .*none\.json \(ENOENT\)$/m],
    ['a baseline that is not JSON', ['certify', '--only', 'credits', '--baseline', 'BAD_PROFILE'], /--baseline: .*bad-profile\.yaml is not JSON/m],
    [
      'a baseline that is no summary',
      ['certify', '--only', 'credits', '--baseline', 'NOT_SUMMARY'],
      /--baseline: .*not-summary\.json is not a summary\.json of certify: target: /m,
    ],
    [
      'discover against an unreachable target',
      ['discover', '--target', 'http://127.0.0.1:1', '--api-key', 'x', '--write-profile', join(dir, 'p.yaml')],
      /unreachable/,
    ],
  ])('%s: exit 2 with one line', (_what, args, message) => {
    const r = run(...args.map((a) => (a === 'SILENT' ? silentUrl : a === 'BAD_PROFILE' ? badProfile : a === 'NOT_SUMMARY' ? notSummary : a)));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });
});

describe('the closing lines of a run', () => {
  it('end with what would run the skipped tests, the verdict with the exit code and the reach, the tests per status and the reports', async () => {
    const { closingLines } = await import('../harness/commands/certify-command.ts');
    const totals = { tests: 10, passed: 7, failed: 1, broken: 1, inconclusive: 0, skipped: 1, notTestable: 0, knownDeviations: 0, warnings: 2, recorded: 0 };
    const requirements = [
      { id: 'op:a', status: 'failed', reason: 'expected key-123456789 to be 2\nmore' },
      { id: 'op:b', status: 'passed' },
      { id: 'op:c', status: 'broken', reason: 'POST http://127.0.0.1:1/x timed out after 2 s' },
    ];
    const coverage = {
      tests: { decided: 8, total: 10, percent: 80, skipped: 1, notTestable: 0, inconclusive: 0, broken: 1, notSelected: 0 },
      failLevelRequirements: { decided: 1, total: 2, percent: 50 },
      belowMinimum: false,
      skipGroups: [{ kind: 'manager-key', count: 1, label: 'need a manager key', remedy: '--manager-key', tests: ['s'], reasons: [] }],
    };
    const summary = { totals, requirements, runErrors: [], coverage } as unknown as Parameters<typeof closingLines>[0]['summary'];
    const lines = closingLines(
      { summary, outDir: 'out', html: false, redact: (t) => t.replaceAll('key-123456789', '[REDACTED]') },
      { exitCode: 1, word: 'FAIL' },
    ).split('\n');
    expect(lines).toEqual([
      'failed: op:a: expected [REDACTED] to be 2',
      'broken: op:c: POST http://127.0.0.1:1/x timed out after 2 s',
      'skipped: 1 tests; what would run them:',
      '  1 need a manager key: --manager-key',
      'verdict: FAIL (exit 1): 8 of 10 tests decided (80 %); 1 skipped; 1 broken',
      'fail-level requirements: 1 of 2 decided (50 %)',
      'tests: 7 passed, 1 failed, 1 broken, 0 inconclusive, 1 skipped (0 not testable), 0 known deviations; 2 with warnings',
      'reports: out (summary.md, summary.json, junit.xml; the tables are in summary.md)',
    ]);
  });
});
