/**
 * The one channel by which a suite worker learns its run: the run configuration that
 * run/run-suites.ts provides to vitest (`provide`), read here with `inject`, and the suite file
 * being collected, from vitest's own collector (not a stack trace).
 */
import { basename } from 'node:path';
import { inject, TestRunner } from 'vitest';
import { RunConfig } from '../config/run-config.ts';
import { areaOfSuiteFile } from '../config/project-paths.ts';

/** The run configuration in a suite worker; a clear error when the suites are run by hand. */
export function readRunConfig(): RunConfig {
  const provided: RunConfig | undefined = inject('runConfig');
  if (provided === undefined) throw new Error('no run configuration was provided: run the suites through "messaging-conformance certify"');
  return RunConfig.parse(provided);
}

/** The area of the suite file vitest is collecting (`sms` for suites/sms.test.ts), or undefined outside one. */
export function collectingSuiteArea(): string | undefined {
  const filepath = TestRunner.getCurrentSuite()?.file?.filepath;
  return filepath === undefined ? undefined : areaOfSuiteFile(basename(filepath));
}
