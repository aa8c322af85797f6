/**
 * The mutant registry of reference/mutants.ts: enough faults, spread over every area of the
 * document (schemas/areas.ts) that states a checkable rule, each naming a requirement of the
 * catalogue (its section and area are that requirement's) and stated as an override of one declared
 * seam of the server's code, beside it in its area's file (reference/faults/<area>.ts), each seam
 * naming the requirements a fault there breaks; and a server that starts with each.
 * The kill matrix itself (`npm run mutants`) shows that each override really changes the answers.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCertifyArgs } from '../harness/commands/certify-command.ts';
import { UsageError } from '../harness/config/cli-errors.ts';
import {
  appliesUnder,
  killersOf,
  otherAreasNaming,
  parseMutantsArgs,
  resultsOfSummary,
  runCertify,
  type RunOutcome,
} from '../harness/commands/mutants-command.ts';
import { MatrixWorkerPool } from '../harness/commands/matrix-worker-pool.ts';
import { listSuiteFiles, SUITES_DIR } from '../harness/config/project-paths.ts';
import { testFilesOf } from '../harness/commands/requirement-test-files.ts';
import { personalityChoices } from '../reference/personality.ts';
import { AMBIGUITY_IDS } from '../schemas/ambiguities.ts';
import { parseServeArgs } from '../harness/commands/serve-command.ts';
import { MUTANTS, type MutantDefinition } from '../reference/mutants.ts';
import { ReferenceServerOptions } from '../reference/options.ts';
import { NO_FAULT, SEAMS, Seams, type SeamName } from '../reference/seams.ts';
import { startReferenceServer } from '../reference/server.ts';
import { AREA_IDS } from '../schemas/areas.ts';
import { isRequirementId, REQUIREMENTS, requirementById } from '../schemas/requirements.ts';

const REFERENCE = join(import.meta.dirname, '..', 'reference');

const FAULTS = join(REFERENCE, 'faults');

/** The server's sources, the registry (mutants.ts), the seams' index (seams.ts) and the areas' seams and faults (faults/) excluded. */
function referenceSources(): { path: string; text: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
  return walk(REFERENCE)
    .filter((p) => !p.endsWith(join('reference', 'mutants.ts')) && !p.endsWith(join('reference', 'seams.ts')) && !p.startsWith(FAULTS))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

describe('mutant registry (reference/mutants.ts): ids, requirements and areas', () => {
  it('holds at least 60 mutants with unique ids', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(60);
    const ids = MUTANTS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("names a requirement of the catalogue and a description for each (its section and area are that requirement's, by construction)", () => {
    const unknown = MUTANTS.filter((m) => !isRequirementId(m.requirement)).map((m) => `${m.id}: ${m.requirement}`);
    expect(unknown).toEqual([]);
    for (const m of MUTANTS) expect(m.description.length, m.id).toBeGreaterThan(10);
  });

  it('gives each mutant an area with suites (a file or a folder of files), where the matrix certifies it first', () => {
    const hasSuites = (area: string): boolean => existsSync(join(SUITES_DIR, `${area}.test.ts`)) || existsSync(join(SUITES_DIR, area));
    const withoutSuite = MUTANTS.filter((m) => !AREA_IDS.includes(m.area) || !hasSuites(m.area)).map((m) => `${m.id}: ${m.area}`);
    expect(withoutSuite).toEqual([]);
  });

  it('represents every area that states a rule a target can break (a requirement of level fail or warn)', () => {
    // An area whose requirements only record (the document is silent on the outcome) has no fault to plant.
    const stating = AREA_IDS.filter((a) => REQUIREMENTS.some((r) => r.area === a && r.level !== 'record'));
    expect(stating.length).toBeGreaterThan(10);
    expect(stating.filter((a) => !MUTANTS.some((m) => m.area === a))).toEqual([]);
  });
});

describe('mutant registry (reference/mutants.ts): seams and the faults beside them', () => {
  it('states every fault as an override of a declared seam, consulted in the server code, and every seam as overridden by some mutant', () => {
    const sources = referenceSources();
    const consulted = new Set(sources.flatMap((s) => [...s.text.matchAll(/\.at\(\s*'([a-z0-9.-]+)'/g)].map((m) => m[1]!)));
    const declared = Object.keys(SEAMS);
    expect(
      declared.filter((seam) => !consulted.has(seam)),
      'declared seams no handler consults',
    ).toEqual([]);
    expect(
      [...consulted].filter((seam) => !(seam in SEAMS)),
      'consulted seams not declared in seams.ts',
    ).toEqual([]);
    expect(
      declared.filter((seam) => !MUTANTS.some((m) => m.fault.seam === seam)),
      'seams no mutant overrides',
    ).toEqual([]);
  });

  it("names, for every seam, the requirements of the catalogue a fault there breaks: at least one, and each of its mutants' among them", () => {
    const entries: [string, { readonly requirements: readonly string[] }][] = Object.entries(SEAMS);
    expect(entries.filter(([, seam]) => seam.requirements.length === 0).map(([name]) => name)).toEqual([]);
    const unknown = entries.flatMap(([name, seam]) => seam.requirements.filter((id) => !isRequirementId(id)).map((id) => `${name}: ${id}`));
    expect(unknown, 'requirement ids the catalogue does not have').toEqual([]);
    const repeated = entries.filter(([, seam]) => new Set(seam.requirements).size !== seam.requirements.length).map(([name]) => name);
    expect(repeated, 'seams naming a requirement twice').toEqual([]);
    const outside = MUTANTS.filter((m) => !(SEAMS[m.fault.seam as SeamName].requirements as readonly string[]).includes(m.requirement));
    expect(
      outside.map((m) => `${m.id}: ${m.requirement} at ${m.fault.seam}`),
      'mutants whose requirement their seam does not name',
    ).toEqual([]);
  });

  it("keeps each area's faults beside its seams: a file of reference/faults/ overrides only the seams it declares, or the shared lenient reading", () => {
    const files = readdirSync(FAULTS).filter((f) => f.endsWith('.ts') && f !== 'seam-point.ts' && f !== 'lenient-reading.ts');
    expect(files.length).toBeGreaterThan(10);
    const misplaced = files.flatMap((file) => {
      const text = readFileSync(join(FAULTS, file), 'utf8');
      const declared = new Set([...text.matchAll(/^ {2}'([a-z0-9.-]+)': point</gm)].map((m) => m[1]!));
      const overridden = [...text.matchAll(/\bfault\(\s*'([a-z0-9.-]+)'/g)].map((m) => m[1]!);
      return overridden.filter((seam) => !declared.has(seam)).map((seam) => `${file}: ${seam}`);
    });
    expect(misplaced).toEqual([]);
    const declaredTwice = Object.keys(SEAMS).filter(
      (seam) => files.filter((file) => readFileSync(join(FAULTS, file), 'utf8').includes(`  '${seam}': point<`)).length > 1,
    );
    expect(declaredTwice).toEqual([]);
  });
});

describe('mutant registry (reference/mutants.ts): the server with and without its faults', () => {
  it('keeps mutant names out of the request path: only the registry names them', () => {
    const named = (text: string, id: string): boolean => new RegExp(`(?<![\\w-])${id}(?![\\w-])`).test(text);
    const found = referenceSources().flatMap((s) => MUTANTS.filter((m) => named(s.text, m.id)).map((m) => `${relative(REFERENCE, s.path)}: ${m.id}`));
    expect(found).toEqual([]);
  });

  it("passes every seam through on the conformant server, and a mutant's fault leaves every other seam alone", () => {
    const value = { marker: true };
    for (const m of MUTANTS) {
      const seams = new Seams(m.fault);
      const other = Object.keys(SEAMS).find((name) => name !== m.fault.seam) as SeamName;
      expect(seams.at(other as 'auth.error-body', value), `${m.id} leaves ${other} alone`).toBe(value);
      expect(NO_FAULT.at(m.fault.seam as 'auth.error-body', value), m.fault.seam).toBe(value);
    }
  });

  it('keeps reference/ free of harness/ and suites/ imports', () => {
    for (const s of referenceSources()) expect(s.text, s.path).not.toMatch(/from '(\.\.\/)+(harness|suites)\//);
  });

  it('starts the server with each mutant, and refuses an unknown one', async () => {
    for (const m of MUTANTS) {
      const server = await startReferenceServer({ mutant: m.id });
      try {
        expect(server.context.seams.fault).toBe(m.fault);
        const res = await fetch(`${server.baseUrl}/credits/consult`, { method: 'POST', headers: { apikey: server.keys.account } });
        expect(res.status, m.id).toBeLessThan(500);
        await res.body?.cancel();
      } finally {
        await server.close();
      }
    }
    expect(ReferenceServerOptions.safeParse({ mutant: 'no-such-mutant' }).success).toBe(false);
    const plain = await startReferenceServer();
    try {
      expect(plain.context.seams.fault).toBeUndefined();
    } finally {
      await plain.close();
    }
  }, 60_000);
});

describe('--mutant flags', () => {
  it('serve takes --mutant ID and refuses an unknown id', () => {
    expect(parseServeArgs(['--mutant', MUTANTS[0].id]).mutant).toBe(MUTANTS[0].id);
    expect(() => parseServeArgs(['--mutant', 'no-such-mutant'])).toThrow(UsageError);
  });

  it('certify takes --mutant ID for the embedded server only', () => {
    expect(parseCertifyArgs(['--mutant', MUTANTS[0].id], {}).mutant).toBe(MUTANTS[0].id);
    expect(parseCertifyArgs([], {}).mutant).toBeUndefined();
    expect(() => parseCertifyArgs(['--mutant', 'no-such-mutant'], {})).toThrow(UsageError);
    expect(() => parseCertifyArgs(['--mutant', MUTANTS[0].id, '--target', 'http://127.0.0.1:1', '--api-key', 'k'], {})).toThrow(/embedded server only/);
  });
});

describe('npm run mutants', () => {
  it('parses its flags', () => {
    const all = parseMutantsArgs([]);
    expect(all.ids.length).toBe(MUTANTS.length);
    expect(all.concurrency).toBeGreaterThanOrEqual(1);
    expect(parseMutantsArgs(['--only', 'otp2-cooldown-29s,v1-batch-501', '--concurrency', '3']).ids).toEqual(['otp2-cooldown-29s', 'v1-batch-501']);
    expect(() => parseMutantsArgs(['--only', 'no-such-mutant'])).toThrow(UsageError);
    expect(() => parseMutantsArgs(['--concurrency', '0'])).toThrow(UsageError);
    expect(all.personalities, 'both personalities by default').toEqual(['default', 'alternate']);
    expect(parseMutantsArgs(['--personality', 'alternate']).personalities).toEqual(['alternate']);
    expect(() => parseMutantsArgs(['--personality', 'other'])).toThrow(UsageError);
    expect(all.freshProcesses, 'warm matrix processes by default').toBe(false);
    expect(parseMutantsArgs(['--fresh-processes']).freshProcesses).toBe(true);
  });

  it("points a second run at the other suite files that name the mutant's requirement, never at its own area again", () => {
    const m = MUTANTS.find((x) => x.id === 'wallet-transaction-type-add')!;
    const texts = new Map([
      [m.area, `req(['${m.requirement}'], ...)`],
      ['limits', `req(['${m.requirement}', 'limit:other'], ...)`],
      ['sms', `req(["${m.requirement}"], ...)`],
      ['voice', `req(['${m.requirement}-longer'], ...) // ${m.requirement} in a comment`],
    ]);
    expect(otherAreasNaming(m, texts)).toEqual(['limits', 'sms']);
    expect(otherAreasNaming(m, new Map([[m.area, m.requirement]]))).toEqual([]);
    // The suites as they are: the field-table enums of 4.8 are proven in limits/enums.test.ts.
    expect(otherAreasNaming(m)).toContain('limits');
  });

  it('a mutant whose change an ambiguity option allows is not applicable under a personality taking that option', () => {
    const pairs = MUTANTS.find((m) => m.id === 'reports-missing-end-01')!;
    expect(appliesUnder(pairs, 'default')).toBe(true);
    expect(personalityChoices('alternate')['paired-code-order']).toBe('either');
    expect(appliesUnder(pairs, 'alternate')).toBe(false);
    for (const m of MUTANTS as readonly MutantDefinition[]) if (m.conformsUnder) expect(AMBIGUITY_IDS, m.id).toContain(m.conformsUnder.ambiguity);
    expect(
      MUTANTS.filter((m) => !appliesUnder(m, 'default')),
      'every mutant is a fault of the default personality',
    ).toEqual([]);
  });

  it('kills a mutant of a stated rule only by a failure, a mutant of a reading also by a new warning', () => {
    const stated = MUTANTS.find((m) => requirementById(m.requirement).level === 'fail')!;
    const run = (exitCode: number, warnedRequirements: string[], failedTests: string[] = []): RunOutcome => ({
      exitCode,
      timedOut: false,
      seconds: 1,
      ok: exitCode === 0,
      failedTests,
      runErrors: [],
      warnedRequirements,
      stderr: '',
    });
    expect(killersOf(stated, run(1, [], ['suites/a.test.ts > t']), new Set())).toEqual(['suites/a.test.ts > t']);
    expect(killersOf(stated, run(0, [stated.requirement]), new Set()), 'a warning never kills a mutant of a stated rule').toEqual([]);
    const reading = { ...stated, requirement: 'rule:envelope.message-token' };
    expect(requirementById(reading.requirement).level).not.toBe('fail');
    expect(killersOf(reading, run(0, ['rule:envelope.message-token']), new Set())).toEqual(['(new warning) rule:envelope.message-token']);
    expect(
      killersOf(reading, run(0, ['rule:envelope.message-token']), new Set(['rule:envelope.message-token'])),
      'a warning the baseline had kills nothing',
    ).toEqual([]);
  });

  it("reads a run's results from its summary.json: failed and broken tests, run errors, warned requirements", () => {
    const requirement = (id: string, status: 'passed' | 'failed' | 'warning') => ({
      id,
      area: 'sms' as const,
      section: '4.2',
      level: 'fail' as const,
      severity: 'must' as const,
      status,
      tests: [] as string[],
    });
    const read = resultsOfSummary({
      ok: false,
      failedTests: ['x > fails'],
      brokenTests: ['x > broke'],
      runErrors: ['suites/z.test.ts: cannot find module'],
      requirements: [requirement('op:sms/send', 'failed'), requirement('rule:sms.campaign-id', 'warning'), requirement('op:voice/send', 'passed')],
    });
    expect(read).toEqual({
      ok: false,
      failedTests: ['x > fails'],
      brokenTests: ['x > broke'],
      runErrors: ['suites/z.test.ts: cannot find module'],
      warnedRequirements: ['rule:sms.campaign-id'],
    });
    expect(resultsOfSummary(undefined), 'a run that wrote no summary').toEqual({
      ok: undefined,
      failedTests: [],
      brokenTests: [],
      runErrors: [],
      warnedRequirements: [],
    });
    expect(resultsOfSummary({ ok: true }).failedTests, 'a summary cut short').toEqual([]);
  });
});

describe("the matrix's pointed runs (requirement-test-files.ts)", () => {
  it("narrows a pointed run to the files of the traceability matrix that hold a test of the mutant's requirement", () => {
    // A table id of 3.1: its tests are in two of the folder's ten files.
    expect(testFilesOf('otp2:none-create', ['otp-v2'])).toEqual(['otp-v2/model-based.test.ts', 'otp-v2/state-table.test.ts']);
    // None in other areas, or an id the matrix does not list: undefined, and the run keeps every file.
    expect(testFilesOf('otp2:none-create', ['sms'])).toBeUndefined();
    expect(testFilesOf('rule:no-such-rule', ['otp-v2'])).toBeUndefined();
    // Every mutant's requirement has a test in a file that exists, in its own area or one that names it.
    const suiteFiles = new Set(listSuiteFiles());
    for (const m of MUTANTS) {
      const files = testFilesOf(m.requirement, [m.area, ...otherAreasNaming(m)]) ?? [];
      expect(files.length, m.id).toBeGreaterThan(0);
      for (const f of files) expect(suiteFiles.has(f), `${m.id}: ${f}`).toBe(true);
    }
  });
});

describe('the warm certify processes of the matrix (matrix-worker-pool.ts)', () => {
  it('answer a run as the certify command line does: its exit code, reports and first error line, run after run in one process', async () => {
    const pool = new MatrixWorkerPool();
    const out = mkdtempSync(join(tmpdir(), 'matrix-pool-'));
    try {
      const m = MUTANTS.find((x) => x.id === 'auth-missing-key-05')!;
      const killed = await runCertify(join(out, 'a'), ['--mutant', m.id, '--only', 'auth', '--requirements', m.requirement], 240, (a, t) => pool.run(a, t));
      expect(killed.exitCode, killed.stderr).toBe(1);
      expect(killed.failedTests.length).toBeGreaterThan(0);
      expect(readFileSync(join(out, 'a', 'certify.log'), 'utf8')).toMatch(/verdict: FAIL \(exit 1\)/);
      const usage = await runCertify(join(out, 'b'), ['--only', 'auth', '--requirements', 'rule:no-such-requirement'], 60, (a, t) => pool.run(a, t));
      expect(usage.exitCode).toBe(2);
      expect(usage.stderr).toMatch(/^messaging-conformance: .*no-such-requirement/);
      const passed = await runCertify(join(out, 'c'), ['--only', 'auth', '--requirements', m.requirement], 240, (a, t) => pool.run(a, t));
      expect(passed.exitCode, passed.stderr).toBe(0);
      expect(passed.ok).toBe(true);
    } finally {
      pool.close();
      rmSync(out, { recursive: true, force: true });
    }
  }, 600_000);
});
