/**
 * A made-up suite file for test/requirements-yaml.test.ts (collected by run-collect.ts, never run):
 * a test declared with vitest's own `test`, naming no requirement id, which the matrix of
 * spec/requirements.yaml could not place; its collection must fail rather than drop it.
 */
import { test } from 'vitest';

test('a test that names no requirement', () => {
  throw new Error('a fixture of the collection: never run');
});
