/**
 * The conformance tests behind each requirement id, for the matrix of spec/requirements.yaml: every
 * test of the suite files with the ids its `req(ids, name, body)` names, its file and line, and its
 * name as junit.xml gives it (describe path and title). vitest collects the files without running a
 * test (no hook, no server, no request): the tests generated in loops (the OTP v2 rows of 3.1, the
 * fuzzers, the limit tables) are found as vitest finds them, not guessed from the source text.
 * `req` puts its ids in the test's meta at collection (harness/kit/requirement-test.ts), and vitest
 * places each test at the line of the suite file that declared it (includeTaskLocation).
 */
import { tmpdir } from 'node:os';
import { relative, sep } from 'node:path';
import { createVitest, type TestModule } from 'vitest/node';
import { defaultProfile } from '../harness/config/profile.ts';
import { PROJECT_ROOT, SUITE_FILE_SUFFIX } from '../harness/config/project-paths.ts';
import { RunConfig } from '../harness/config/run-config.ts';

/** One test as the matrix lists it under each of its requirement ids. */
export interface RequirementTest {
  /** Project-relative, '/'-separated ("suites/sms/post.test.ts"). */
  file: string;
  line: number;
  /** Describe path and title, as junit.xml names the test. */
  name: string;
  requirements: readonly string[];
}

/** Every suite file, `suites/<area>/<part>.test.ts` (as harness/run/run-suites.ts gives vitest). */
const SUITE_FILES_GLOB = `suites/*/*${SUITE_FILE_SUFFIX}`;

/**
 * What the kit reads of its run while a file is collected (kit/run-context.ts): the test timeouts and
 * the --requirements selection. A plain run of the embedded default: no selection, so every test is
 * declared as a run would declare it, and no address the collection could reach (it makes no call).
 */
const COLLECTION_RUN_CONFIG = RunConfig.parse({
  baseUrl: 'http://127.0.0.1:9',
  apiKey: 'collection-only',
  embedded: true,
  profile: defaultProfile(),
  allowCharges: false,
  runId: 'collect',
  seed: 0,
  outDir: tmpdir(),
});

const projectPath = (absolute: string): string => relative(PROJECT_ROOT, absolute).split(sep).join('/');
/** By code points, not the machine's locale: the committed file is the same wherever it is generated. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The tests of one collected file; throws on what would drop or misplace a test silently. */
function testsOf(module: TestModule): RequirementTest[] {
  const file = projectPath(module.moduleId);
  const errors = module.errors();
  if (errors.length > 0) throw new Error(`${file} could not be collected: ${errors.map((e) => e.message).join('; ')}`);
  return [...module.children.allTests()].map((test) => {
    const requirements = test.meta().declaredRequirements ?? [];
    if (requirements.length === 0) throw new Error(`${file} > ${test.fullName}: names no requirement id (declare it with req())`);
    if (test.location === undefined) throw new Error(`${file} > ${test.fullName}: vitest gave no line`);
    return { file, line: test.location.line, name: test.fullName, requirements };
  });
}

/**
 * The tests of the files `include` matches (project-relative glob), sorted by file, line and name.
 * Throws when no file matches, or a file fails to load, or a test lacks its ids or its line.
 */
export async function collectRequirementTests(include: string = SUITE_FILES_GLOB): Promise<RequirementTest[]> {
  const vitest = await createVitest('test', {
    root: PROJECT_ROOT,
    config: false,
    watch: false,
    include: [include],
    provide: { runConfig: COLLECTION_RUN_CONFIG },
    includeTaskLocation: true,
    // One worker loads the kit once for every file: collection is mostly that load.
    pool: 'forks',
    isolate: false,
    maxWorkers: 1,
    reporters: [],
  });
  try {
    const result = await vitest.collect();
    if (result.unhandledErrors.length > 0) throw new Error(`collecting ${include}: ${result.unhandledErrors.map(String).join('; ')}`);
    if (result.testModules.length === 0) throw new Error(`no file matches ${include}`);
    const tests = result.testModules.flatMap(testsOf);
    return tests.sort((a, b) => byText(a.file, b.file) || a.line - b.line || byText(a.name, b.name));
  } finally {
    await vitest.close();
  }
}
