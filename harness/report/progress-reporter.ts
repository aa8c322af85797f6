/**
 * Progress on the terminal during a certification run: one line per finished suite file with the
 * files done out of the files of the run (known before the first test, and fixed), the tests run so
 * far and the failures so far. Plain lines, not a live display: CI logs keep them readable.
 *
 * Why files and not tests as the total: a file's tests are known only once its worker has loaded
 * it, so a test total would grow during the run.
 *
 * A test's status is test-status.ts's: broken and inconclusive tests are counted apart from the
 * passed and failed ones, as every report counts them.
 */
import type { Reporter, TestModule } from 'vitest/node';
import { isPassing, isSkipped, testStatus } from './test-status.ts';
import '../kit/test-meta.ts';

export class ProgressReporter implements Reporter {
  private filesDone = 0;
  private tests = 0;
  private failures = 0;

  constructor(
    private readonly totalFiles: number,
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {}

  onTestModuleEnd(testModule: TestModule): void {
    const counts = { passed: 0, failed: 0, broken: 0, inconclusive: 0, skipped: 0 };
    for (const test of testModule.children.allTests()) {
      const status = testStatus({ ...test.meta(), state: test.result().state });
      if (isPassing(status)) counts.passed += 1;
      else if (isSkipped(status)) counts.skipped += 1;
      else counts[status] += 1;
    }
    const loadFailed = testModule.errors().length > 0;
    this.filesDone += 1;
    this.tests += counts.passed + counts.failed + counts.broken + counts.inconclusive + counts.skipped;
    this.failures += counts.failed + counts.broken + (loadFailed ? 1 : 0);
    const mark = counts.failed > 0 || counts.broken > 0 || loadFailed ? '✗' : '✓';
    const undecided = `${counts.broken > 0 ? `, ${counts.broken} broken` : ''}${counts.inconclusive > 0 ? `, ${counts.inconclusive} inconclusive` : ''}`;
    // Wide enough for a file of an area's folder (suites/otp-v2/create-channel-message.test.ts), so that the counts line up.
    this.write(
      `${mark} ${testModule.relativeModuleId.padEnd(44)} ${counts.passed} passed, ${counts.failed} ` +
        `failed${undecided}, ${counts.skipped} skipped${loadFailed ? ', file error' : ''}   ` +
        `[${this.filesDone}/${this.totalFiles} files, ${this.tests} tests, ${this.failures} failures so far]`,
    );
  }
}
