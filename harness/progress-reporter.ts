/**
 * Progress on the terminal during a certification run: one line per finished suite file with the
 * tests done so far out of the total collected, and the failures so far. Plain lines, not a live
 * display: CI logs keep them readable.
 */
import type { Reporter, TestModule } from 'vitest/node';

export class ProgressReporter implements Reporter {
  private total = 0;
  private done = 0;
  private failures = 0;

  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {}

  onTestModuleCollected(testModule: TestModule): void {
    this.total += [...testModule.children.allTests()].length;
  }

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
    this.done += passed + failed + skipped;
    this.failures += failed + (loadFailed ? 1 : 0);
    const mark = failed > 0 || loadFailed ? '✗' : '✓';
    this.write(
      `${mark} ${testModule.relativeModuleId.padEnd(28)} ${passed} passed, ${failed} failed, ${skipped} skipped${loadFailed ? ', file error' : ''}   [${this.done}/${this.total} tests, ${this.failures} failures so far]`,
    );
  }
}
