/**
 * A suite file for test/hostile-units.test.ts, run by run-boundary.ts with certify's reporters: a
 * test learns a key the target returned (4.11) and then fails with an assertion that quotes it
 * (actual and expected values included), and the file's teardown reports a cleanup step that failed,
 * naming what it left on the target. Not a conformance suite: no target is called.
 */
import { afterAll, describe, expect } from 'vitest';
import { reportCleanupFailure } from '../../harness/kit/current-test.ts';
import { req } from '../../harness/kit/requirement-test.ts';
import { createRedactor } from '../../harness/transport/redaction.ts';
import { LEARNED_KEY } from './learned-key.ts';

const redactor = createRedactor([]);

afterAll(() =>
  reportCleanupFailure({
    step: 'archiving subaccount fixture@example.com (4.11)',
    leftOnTarget: 'subaccount fixture@example.com, emptied but not archived',
    cause: new Error(`HTTP 500 {"message":"cannot archive ${LEARNED_KEY}"}`),
  }),
);

describe('what a worker hands to the certify process', () => {
  req(['op:credits/consult'], 'a key the target returned, then an assertion that quotes it', async () => {
    redactor.learn(LEARNED_KEY);
    expect(`debug ${LEARNED_KEY}`).toBe('nothing');
  });
});
