/**
 * Tests of several requirements whose failed check, or warning, is about one of them (harness/kit/
 * requirement-checks.ts, judge.ts), run by run-statuses.ts the way certify runs a suite file. The
 * target is never called: the checks fail on values written here, like a send's total_messages (2.2) would.
 */
import { expect } from 'vitest';
import { judge } from '../../harness/kit/judge.ts';
import { checkFor } from '../../harness/kit/requirement-checks.ts';
import { req } from '../../harness/kit/requirement-test.ts';

const SEND = ['op:sms/send', 'rule:sms.total-messages', 'rule:sms.references-per-recipient'];

req(SEND, 'a tagged check fails: only its requirement failed', async () => {
  checkFor(['rule:sms.references-per-recipient'], () => expect(['ref-1'], 'one reference per recipient').toHaveLength(1));
  checkFor(['rule:sms.total-messages'], () => expect(1, 'total_messages is the number of messages sent').toBe(3));
});

req(['rule:sms.find-country-code'], 'a tagged check of a requirement the test does not name: that one failed', async () => {
  checkFor(['rule:sms.total-messages'], () => expect(1, 'total_messages is the number of messages sent').toBe(2));
});

req(SEND, 'an untagged check fails: every requirement of the test failed', async () => {
  expect(1, 'an assertion about the send as a whole').toBe(2);
});

// Readings (level warn): a failed check of one of them is a warning of the test either way.
req(['rule:envelope.form-bodies', 'rule:envelope.status-repeated'], 'a judged reading does not hold: only its requirement warned', async () => {
  judge('rule:envelope.form-bodies', 'a form body read like JSON (2.1)', () => expect('agenda_02', 'code').toBe('agenda_01'));
});

req(['rule:envelope.request-id', 'rule:envelope.message-token'], 'an untagged check of a test of readings fails: every requirement warned', async () => {
  expect(1, 'an assertion about the answer as a whole').toBe(2);
});
