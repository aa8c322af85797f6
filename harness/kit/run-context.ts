/**
 * The one channel by which a suite worker learns its run: the run configuration that
 * run/run-suites.ts provides to vitest (`provide`), read here with `inject`, and the suite file
 * being collected, from vitest's own collector (not a stack trace).
 */
import { inject, TestRunner } from 'vitest';
import { RunConfig } from '../config/run-config.ts';
import { suiteFileAt, type SuiteFileId } from '../config/project-paths.ts';

/** The run configuration in a suite worker; a clear error when the suites are run by hand. */
export function readRunConfig(): RunConfig {
  const provided: RunConfig | undefined = inject('runConfig');
  if (provided === undefined) throw new Error('no run configuration was provided: run the suites through "messaging-conformance certify"');
  return RunConfig.parse(provided);
}

/**
 * The suite file vitest is collecting (id `sms/post` and area `sms` for suites/sms/post.test.ts, id
 * `otp-v2/state-table` and area `otp-v2` for suites/otp-v2/state-table.test.ts), or undefined outside one.
 */
export function collectingSuiteFile(): SuiteFileId | undefined {
  const filepath = TestRunner.getCurrentSuite()?.file?.filepath;
  return filepath === undefined ? undefined : suiteFileAt(filepath);
}
