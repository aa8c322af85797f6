/**
 * Collects the made-up suite files the glob of the first argument matches (project-relative), as
 * `npm run spec` collects suites/ (spec/requirement-tests.ts), and prints the tests as JSON on stdout;
 * on a failed collection, its message on stderr and exit code 1. A child process of
 * test/requirements-yaml.test.ts, so that this vitest is not nested in the test's own.
 */
import { collectRequirementTests } from '../../spec/requirement-tests.ts';

try {
  process.stdout.write(JSON.stringify(await collectRequirementTests(process.argv[2])));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
}
