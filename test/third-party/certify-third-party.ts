/**
 * Certifies the server written by other people from the document alone (../shared/third-party-server,
 * Python, standard library), the way a user certifies a staging deployment:
 *   (a) `discover`, then `certify` with the profile it wrote;
 *   (b) that profile plus what a user declares: the manager key, a reachable receiver, the
 *       IP-restricted key, real delivery to 4 own numbers with --allow-charges --max-credits 900.
 * Each on an idle machine and again with every core saturated by spinning processes. Each run must
 * end with 0 failed and 0 broken tests; a failure left would be either a sentence of the document
 * the server breaks (listed, with its reason, in expected-failures.yaml beside this file) or a
 * reading of ours the suite still takes for the document.
 *
 * `npm run certify:third-party [-- --modes a,b] [--loads idle,saturated] [--runs a-idle,b-saturated] [--keep]`
 * (--runs names the mode-load pairs instead of every pair of --modes and --loads; --keep leaves the
 * reports in place and names their folder); .ci/run runs it when
 * ../shared/third-party-server exists. Loopback only: the server listens on 127.0.0.1 and reaches
 * only loopback receivers (its --allow-loopback-webhooks).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { PROJECT_ROOT } from '../../harness/config/project-paths.ts';
import type { Summary } from '../../harness/report/summary.ts';
import { cli } from '../cli-child.ts';
import { startCpuBurner } from '../cpu-burner.ts';

const SERVER = resolve(PROJECT_ROOT, '..', 'shared', 'third-party-server', 'server.py');
const EXPECTED_FAILURES = join(PROJECT_ROOT, 'test', 'third-party', 'expected-failures.yaml');
/** The user's own numbers for mode (b): 10 digits, no country code (4.5). */
const OWN_NUMBERS = ['5512340001', '5512340002', '5512340003', '5512340004'];

interface ServerKeys {
  base_url: string;
  api_key: string;
  manager_key: string;
  keys: { ip_restricted: string };
}

interface RunningThirdParty {
  keys: ServerKeys;
  stop(): Promise<void>;
}

async function startThirdParty(): Promise<RunningThirdParty> {
  const child: ChildProcess = spawn('python3', [SERVER, '--port', '0', '--allow-loopback-webhooks'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const firstLine = await new Promise<string>((done, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => done(line));
    child.once('exit', (code) => fail(new Error(`the third-party server exited with ${code} before it printed its base URL`)));
  });
  return {
    keys: JSON.parse(firstLine) as ServerKeys,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

const MODES = ['a', 'b'] as const;
const LOADS = ['idle', 'saturated'] as const;
type Mode = (typeof MODES)[number];
type Load = (typeof LOADS)[number];
/** The runs of these modes under these loads, "mode-load", the loads outermost (every idle run first). */
const runsOf = (modes: readonly Mode[], loads: readonly Load[]): string[] => loads.flatMap((load) => modes.map((mode) => `${mode}-${load}`));

/**
 * What the server's README states where the document gives no value, as its user declares it:
 * 7 wrong legacy verifies per hour (validation_03), a company of at most 30 characters
 * (verification_11), a report request limit the run may reach (report_05), and a sandbox quota the
 * run may exhaust (each run starts the server afresh, so no one else's sandbox day is spent).
 */
const DECLARED_LIMITS = {
  'legacy-otp-attempt-limit': true,
  legacyOtpAttemptLimit: 7,
  'legacy-otp-company-limit': true,
  legacyOtpCompanyMax: 30,
  'report-request-limit': true,
  'sandbox-daily-limit-reachable': true,
};

/** Mode (b): discover's profile with the capabilities a user of that server can declare. */
function declareCapabilities(discovered: string, declared: string, restrictedKey: string): void {
  const profile = parseYaml(readFileSync(discovered, 'utf8')) as { capabilities?: Record<string, unknown>; keys?: Record<string, unknown> };
  profile.capabilities = {
    ...profile.capabilities,
    'manager-key': true,
    'webhook-reachable': true,
    'real-delivery': true,
    'ip-allow-list': true,
    ...DECLARED_LIMITS,
  };
  profile.keys = { ...profile.keys, restricted: restrictedKey };
  writeFileSync(declared, toYaml({ ...profile, phoneNumbers: OWN_NUMBERS }));
}

async function certifyOnce(mode: Mode, load: Load, dir: string): Promise<string[]> {
  const server = await startThirdParty();
  const burner = load === 'saturated' ? startCpuBurner(900) : undefined;
  try {
    const { base_url: target, api_key: apiKey, manager_key: managerKey } = server.keys;
    const keys = ['--target', target, '--api-key', apiKey, '--manager-key', managerKey];
    const discovered = join(dir, 'discovered.yaml');
    const discovery = await cli(['discover', ...keys, '--write-profile', discovered], 300_000);
    if (discovery.status !== 0) return [`discover exited ${discovery.status}: ${discovery.output.slice(-1500)}`];
    let profile = discovered;
    const extra: string[] = [];
    if (mode === 'b') {
      profile = join(dir, 'declared.yaml');
      declareCapabilities(discovered, profile, server.keys.keys.ip_restricted);
      extra.push('--allow-charges', '--max-credits', '900');
    }
    if (existsSync(EXPECTED_FAILURES)) extra.push('--expected-failures', EXPECTED_FAILURES);
    const out = join(dir, 'reports');
    const run = await cli(['certify', ...keys, '--profile', profile, '--out', out, '--no-html', ...extra], 900_000);
    const summaryPath = join(out, 'summary.json');
    if (!existsSync(summaryPath)) return [`certify exited ${run.status} with no summary.json: ${run.output.slice(-1500)}`];
    const summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as Summary;
    const problems = summary.requirements.filter((r) => r.status === 'failed').map((r) => `${r.id} failed: ${(r.reason ?? '').slice(0, 300)}`);
    const broken = summary.totals.broken;
    if (broken > 0) problems.push(`${broken} broken tests`);
    if (run.status !== 0 && problems.length === 0) problems.push(`certify exited ${run.status}: ${run.output.slice(-800)}`);
    const t = summary.totals;
    process.stdout.write(
      `third-party (${mode}, ${load}): ${t.passed} passed, ${t.failed} failed, ${broken} ` +
        `broken, ${t.skipped} skipped, ${t.warnings} with warnings; exit ${run.status}\n`,
    );
    return problems;
  } finally {
    await burner?.stop();
    await server.stop();
  }
}

function listFlag(argv: readonly string[], flag: string, allowed: readonly string[]): string[] {
  const at = argv.indexOf(flag);
  const values = at === -1 ? [...allowed] : (argv[at + 1] ?? '').split(',');
  const bad = values.filter((v) => !allowed.includes(v));
  if (bad.length > 0 || values.length === 0) {
    process.stderr.write(`${flag}: one or more of ${allowed.join(', ')}\n`);
    process.exit(2);
  }
  return values;
}

async function main(argv: readonly string[]): Promise<number> {
  if (!existsSync(SERVER)) {
    process.stdout.write(`third-party certification skipped: ${SERVER} is not present\n`);
    return 0;
  }
  const modes = listFlag(argv, '--modes', MODES) as Mode[];
  const loads = listFlag(argv, '--loads', LOADS) as Load[];
  const runs = argv.includes('--runs') ? listFlag(argv, '--runs', runsOf(MODES, LOADS)) : runsOf(modes, loads);
  const root = mkdtempSync(join(tmpdir(), 'mc-third-party-'));
  const failures: string[] = [];
  try {
    for (const run of runs) {
      const [mode, load] = run.split('-') as [Mode, Load];
      const dir = join(root, run);
      mkdirSync(dir);
      failures.push(...(await certifyOnce(mode, load, dir)).map((p) => `(${mode}, ${load}) ${p}`));
    }
  } finally {
    // --keep: the discovered profiles and every run's reports stay, to read the skip reasons.
    if (argv.includes('--keep')) process.stdout.write(`reports kept in ${root}\n`);
    else rmSync(root, { recursive: true, force: true });
  }
  for (const f of failures) process.stdout.write(`  ${f}\n`);
  process.stdout.write(failures.length === 0 ? 'third-party certification: PASS\n' : `third-party certification: FAIL (${failures.length})\n`);
  return failures.length === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`third-party certification: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
