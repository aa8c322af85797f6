/**
 * A made-up suite file one folder down, for test/requirements-yaml.test.ts (collected by
 * run-collect.ts, never run): the matrix finds the tests of a suite file in a sub-folder too.
 */
import { describe } from 'vitest';
import { req } from '../../../../harness/kit/requirement-test.ts';

describe('a part of an area', () => {
  req(['op:sms/send'], 'a test of a file in a sub-folder', async () => {
    throw new Error('a fixture of the collection: never run');
  });
});
