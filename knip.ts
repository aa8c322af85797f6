// Dead exports, unused files and undeclared or unused dependencies, found by knip (`npm run lint:dead`, part of `npm test`;
// its configuration hints count as errors, so that an entry or an ignore below that no longer does anything is seen).
// knip already reads package.json: its scripts (spec/emit.ts, spec/diff.ts, spec/docs-offline.ts, harness/cli.ts,
// harness/commands/mutants-command.ts, test/bench/run.ts, test/third-party/certify-third-party.ts, test/take-screenshots.ts;
// .ci/run runs nothing but those scripts), its bin, and vitest.config.ts (test/**/*.test.ts, test/shared-runs.ts). The
// entries below are the ones it cannot see.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // The package's exports (package.json "exports"): their dist/ files are built from these.
    'harness/api.ts',
    'schemas/index.ts',
    'reference/server.ts',
    // The conformance suites: harness/run/run-suites.ts gives vitest the glob `suites/**/*.test.ts` at run time.
    'suites/**/*.test.ts',
    // Started by path in a worker process (harness/commands/matrix-worker-pool.ts).
    'harness/commands/matrix-worker.ts',
    // Servers the benchmark starts by file name in a child process (test/bench/server-process.ts, comparison.ts, memory.ts).
    'test/bench/*-server.ts',
    // Fixture runs a test starts by path in a child process (hostile-units, har, harness-test-status-run and
    // requirement-attribution-run tests), and the fixture suites those runs give vitest by path.
    'test/*-fixture/run-*.ts',
    'test/*-fixture/**/*.fixture.ts',
    // Loaded with `node --import` by test/cli-fast-paths.test.ts.
    'test/cli-module-log.mjs',
    // Compiled and run by test/typed-client.test.ts in a project of its own (test/typed-client-project.ts).
    'test/typed-client/*.ts',
  ],
  project: ['**/*.{ts,js,mjs}'],
  ignoreDependencies: [
    // Loaded with a require made from the project's package.json (test/spec-validator.ts), which knip cannot follow.
    'ajv',
    'ajv-formats',
    // Imported by no file of ours: it is what fastify's app.inject runs (reference/server.ts's server without a socket,
    // test/reference-answers-property.test.ts), listed beside fastify at the version the lock file holds.
    'light-my-request',
    // The OpenAPI types of the objects @asteasolutions/zod-to-openapi builds (spec/), imported from that package's own
    // dependency (not listed in package.json: the types follow whatever version it brings).
    'openapi3-ts',
    // The renderer allure's report plugin brings in: the tests render summary.md with the very one allure uses.
    'markdown-it',
  ],
  // test/staging-fronts.ts signs certificates with the system's openssl, not an npm package.
  ignoreBinaries: ['openssl'],
  ignoreIssues: {
    // vitest.config.ts's globalSetup: vitest calls its exported `setup` by name, which knip does not count as a use.
    'test/shared-runs.ts': ['exports'],
    // withCleanLegacyNumbers: the older name of withLegacyNumbers, kept while a suite still calls it (suites/limits/enums.test.ts).
    'harness/kit/otp-legacy-numbers.ts': ['duplicates'],
  },
  // The typed-client fixtures import the types openapi-typescript generates beside them at test time.
  ignoreUnresolved: ['./schema.js'],
};

export default config;
