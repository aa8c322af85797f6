/**
 * Progress on the terminal during a certification run: one line per finished suite file with the
 * files done out of the files of the run (known before the first test, and fixed), the tests run so
 * far and the failures so far. Plain lines, not a live display: CI logs keep them readable.
 *
 * Why files and not tests as the total: a file's tests are known only once its worker has loaded
 * it, so a test total would grow during the run (issue 18).
 */
import type { Reporter, TestModule } from 'vitest/node';

export class ProgressReporter implements Reporter {
  private filesDone = 0;
  private tests = 0;
  private failures = 0;

  constructor(
    private readonly totalFiles: number,
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {}

  onTestModuleEnd(testModule: TestModule): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const test of testModule.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') passed += 1;
      else if (state === 'failed') failed += 1;
      else skipped += 1;
    }
    const loadFailed = testModule.errors().length > 0;
    this.filesDone += 1;
    this.tests += passed + failed + skipped;
    this.failures += failed + (loadFailed ? 1 : 0);
    const mark = failed > 0 || loadFailed ? '✗' : '✓';
    this.write(
      `${mark} ${testModule.relativeModuleId.padEnd(28)} ${passed} passed, ${failed} failed, ${skipped} skipped${loadFailed ? ', file error' : ''}   [${this.filesDone}/${this.totalFiles} files, ${this.tests} tests, ${this.failures} failures so far]`,
    );
  }
}
