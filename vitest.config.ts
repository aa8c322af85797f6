// The project's own tests (test/). The conformance suites (suites/) run under harness/ via the CLI.
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { UNIT_ONLY_RUN } from './test/unit-only-run.ts';

/**
 * The slow ones, few and named: each certifies or discovers a server end to end in a child process
 * (the README's paths, both personalities, in real time where a real target has no test hooks),
 * packs and installs the package, or compiles generated clients. Longest first: they start at once,
 * so that the run lasts as long as the longest of them, not as long as the last one to get a worker.
 * The other files are unit tests of a module or of one server in the test's own process.
 */
export const END_TO_END_TESTS = [
  'test/readme-certify-target.test.ts',
  'test/scarce-numbers.test.ts',
  'test/discover-target.test.ts',
  'test/readme-own-server.test.ts',
  'test/certify-flaky-network.test.ts',
  'test/certify-embedded.test.ts',
  'test/staging-road.test.ts',
  'test/hostile-target.test.ts',
  'test/hostile-interrupted.test.ts',
  'test/package-install.test.ts',
  'test/pages-in-browser.test.ts',
  'test/certify-baseline.test.ts',
  'test/client-codegen.test.ts',
  'test/redaction-kit-words.test.ts',
  'test/api.test.ts',
  'test/cli-fast-paths.test.ts',
];

/**
 * Tests that saturate every core on purpose (test/cpu-burner.ts): the last group of the run, alone,
 * so that their burner loads only the run it judges, not the other files' tests. The run it compares
 * with, the same discover and certify as the machine is, is discover-target.test.ts's (shared-runs.ts).
 */
export const SATURATING_TESTS = ['test/saturated-certify.test.ts'];

/**
 * .ci/run's Node 22 and 24 runs (MC_SKIP_END_TO_END=1) prove what those versions can break: the Node
 * APIs the code uses, by the unit tests, and the package as installed (package-install.test.ts,
 * but its TypeScript consumer: tsc's verdict is the same on every version); .ci/run certifies the
 * embedded server on each as well. The end-to-end certifications, the same on
 * every version, run on Node 20 only.
 */
const KEPT_ON_EVERY_NODE = ['test/package-install.test.ts'];
/**
 * Also on Node 20 only: the slowest unit files whose subject is the kit's or the server's own logic,
 * not a Node API (together about 300 s of test time per version). What they touch of Node, HTTP on
 * sockets, child processes and files, the files kept exercise on every version, as do the installed
 * package and `npm run certify`: reference-hostile.test.ts sends malformed bytes on the socket,
 * harness-http-*.test.ts and http-keep-alive.test.ts drive the client's connections.
 */
const LOGIC_TESTS_ON_NODE_20_ONLY = [
  'test/cli-certify.test.ts', // the command line's flags and usage errors
  'test/rate-limit-strict.test.ts', // the judge of 8 over simulated and loopback loads
  'test/reference-fuzz.test.ts', // the server's answers to malformed field values (fast-check)
  'test/har.test.ts', // the HAR file's assembly from the workers' parts
  'test/typed-client.test.ts', // openapi-typescript and tsc over the spec
  'test/mutants-registry.test.ts', // the mutant registry's data, each mutant's server starting
  'test/openapi-redoc-samples.test.ts', // what Redoc shows, in Chromium
  'test/reference-hostile-load.test.ts', // the server's logic under hostile load (heap, rate limit, prototype names, sizes)
  'test/reference-answers-property.test.ts', // the server's answers against its OpenAPI file, in process (fast-check)
];
const leftOut = UNIT_ONLY_RUN ? [...END_TO_END_TESTS.filter((f) => !KEPT_ON_EVERY_NODE.includes(f)), ...SATURATING_TESTS, ...LOGIC_TESTS_ON_NODE_20_ONLY] : [];

/** The named slow files first, in their order; then the others as vitest orders them. */
class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const at = END_TO_END_TESTS.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return at < 0 ? END_TO_END_TESTS.length : at;
    };
    const others = await super.sort(files.filter((f) => rank(f) === END_TO_END_TESTS.length));
    return [...files.filter((f) => rank(f) < END_TO_END_TESTS.length).sort((a, b) => rank(a) - rank(b)), ...others];
  }
}

export default defineConfig({
  test: {
    // One folder per run for what several files read of one run (test/shared-runs.ts).
    globalSetup: ['test/shared-runs.ts'],
    projects: [
      {
        test: {
          name: 'tests',
          include: ['test/**/*.test.ts'],
          exclude: [...SATURATING_TESTS, ...leftOut, '**/node_modules/**'],
          testTimeout: 30_000,
          // The end-to-end files mostly wait on OTP cooldowns and sockets, not the CPU: three at a
          // time on two cores (one at a time took 8 minutes).
          maxWorkers: 3,
          sequence: { sequencer: SlowFirstSequencer, groupOrder: 0 },
        },
      },
      ...(UNIT_ONLY_RUN
        ? []
        : [
            {
              test: {
                name: 'saturated',
                include: SATURATING_TESTS,
                testTimeout: 30_000,
                maxWorkers: 1,
                // After every other file: its burner must load nothing but the run it judges.
                sequence: { groupOrder: 1 },
              },
            },
          ]),
    ],
  },
});
