/**
 * 4.4 GET /v2/otp/status and DELETE /v2/otp: status reads and changes nothing, delete invalidates the
 * verification in the profile's request shape, and one number's verification never touches another's
 * (3.1 "per number").
 */
import { describe, expect } from 'vitest';
import { expectError, expectSchema, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { OtpStatusResponse } from '../../schemas/otp-v2.ts';
import { OTP_V2_RULES } from '../../schemas/otp-v2-transitions.ts';
import { elapsedBetween } from '../support/otp-v2-clock.ts';
import { OtpDriver } from '../support/otp-v2-driver.ts';

const t = useTarget();
const d = new OtpDriver(t);
/**
 * As in the area's files whose tests wait: concurrent where one test's waits age nothing of another's
 * (real time, a clock per test); the tests here keep their order (describe.sequential).
 */
const CONCURRENT = t.clock.waitsMayOverlap;

describe('3.1 and 4.4: what needs no waiting', { concurrent: CONCURRENT }, () => {
  describe.sequential('4.4 status and delete', () => {
    req(
      ['op:otp-v2/get-status', 'rule:otp2.status-read-only', 'rule:otp2.free-operations', 'rule:otp2.cooldown-reach'],
      'GET /v2/otp/status reads state and counters and changes nothing',
      async () => {
        const s = await d.calls.subject();
        const sent = await d.clock.timed(() => d.calls.create(s));
        const code = String(d.states.expectCreated(sent.answer, 'created', 'otp2:none-create').code);
        const first = await d.reads.stateOf(s, 'otp2:none-create');
        // Whether the status answer's attempts_remaining counts the attempts left: its fields are not
        // shown (4.4), so the counter is read under that name only where it held after the create.
        let countsAttempts = false;
        if (t.choices['otp-status-request-shape'] === 'query') {
          // The state the profile's shape carries: 3.1 none + create → pending.
          judge('otp2:none-create', 'GET /v2/otp/status after the create: state pending (3.1)', () => expect(first.state).toBe('pending'));
          const body = expectSchema('rule:otp2.status-read-only', OtpStatusResponse, first.answer.json, 'status body', first.answer);
          if (typeof body.attempts_remaining === 'number')
            countsAttempts = judge('op:otp-v2/get-status', 'the status attempts counter after the create (4.4; its fields not shown)', () =>
              expect(body.attempts_remaining, 'attempts counter').toBe(OTP_V2_RULES.attemptsPerRound),
            );
          if (typeof body.resend_available_in === 'number')
            judge('op:otp-v2/get-status', 'the status resend counter after the create (4.4; its fields not shown)', () =>
              expect(body.resend_available_in, 'resend counter within the cooldown').toBeLessThanOrEqual(OTP_V2_RULES.cooldownSeconds),
            );
        }
        const before = await d.calls.balance(s);
        for (let i = 0; i < 3; i++) await d.calls.status(s);
        const after = await d.calls.balance(s);
        if (before !== undefined && after !== undefined)
          judge('rule:otp2.free-operations', 'three status reads are free (4.4)', () => expect(after, 'status is free').toBe(before));
        // Read-only: no attempt consumed, the cooldown still running (where the kit's clock can tell:
        // judgeThrottled), the code unchanged.
        await d.states.wrongAttempt(s, code, OTP_V2_RULES.attemptsPerRound - 1);
        const resend = await d.clock.timed(() => d.calls.create(s));
        if (d.cooldown.judgeThrottled(sent, resend, 'a resend after the status reads') === undefined)
          judge(
            'rule:otp2.cooldown-reach',
            'the cooldown after the status reads',
            `not judged: the resend may have reached the target ${elapsedBetween(sent, resend).high.toFixed(2)} ` +
              `s after the send (${d.clock.latenciesText([sent, resend])}), and it was carried out`,
          );
        const again = await d.reads.stateOf(s, 'rule:otp2.status-read-only');
        if (t.choices['otp-status-request-shape'] === 'query') {
          const body = expectSchema('rule:otp2.status-read-only', OtpStatusResponse, again.answer.json, 'status body', again.answer);
          if (countsAttempts && typeof body.attempts_remaining === 'number')
            judge('rule:otp2.status-read-only', 'the status reads used no attempt (4.4 "read-only, no side effects")', () =>
              expect(body.attempts_remaining, 'attempts counter after one wrong code').toBe(OTP_V2_RULES.attemptsPerRound - 1),
            );
        }
        expectSuccess(await d.calls.verify(s, code), 'otp-v2/verify');
        // Another number of the same account: its verification is its own (3.1 per phone_number + country_code).
        await d.reads.expectState(d.calls.sibling(s), 'none', 'a number without verification', 'rule:otp2.per-number');
      },
    );

    req(
      ['op:otp-v2/delete', 'otp2:any-delete'],
      "DELETE /v2/otp in the profile's shape invalidates the verification (ambiguity otp-delete-request-shape)",
      async () => {
        const s = await d.calls.subject();
        // The verification to delete is arranged: a create that does not start one leaves the test inconclusive.
        const { code } = await d.states.arrangedPending(s);
        const answer = await d.calls.remove(s);
        const shape = t.choices['otp-delete-request-shape'];
        judge('otp-delete-request-shape', `${shape}: HTTP ${answer.status} ${answer.text.slice(0, 100)}`, answer.status === 200);
        expectSuccess(answer, 'otp-v2/delete');
        d.reads.expectVerifyRefusal(await d.calls.verify(s, code), 404, 'none', 'otp2:any-delete');
      },
    );

    req(
      ['rule:otp2.per-number', 'otp2:pending-verify-exhausted', 'otp2:any-delete', 'rule:otp2.cooldown-reach'],
      "one number's verification does not affect another's",
      async () => {
        const a = await d.calls.subject();
        const b = d.calls.sibling(a);
        const codeA = await d.states.locked(a);
        const { code: codeB } = await d.states.pending(b);
        await d.states.wrongAttempt(b, codeB, OTP_V2_RULES.attemptsPerRound - 1);
        expectSuccess(await d.calls.remove(b), 'otp-v2/delete');
        const stillLocked = await d.calls.verify(a, codeA);
        judge('rule:otp2.per-number', "another number's delete leaves this one locked (3.1 per phone_number + country_code)", () =>
          expect(stillLocked.status, 'deleting another number leaves this one locked').toBe(429),
        );
        expectError(
          'rule:otp2.per-number',
          await d.cooldown.createPastCooldown(a, {}, 'locked', '3.1 locked + create (no code_rotate)'),
          'otp_max_attempts',
          'otp-v2/create',
        );
        const { code: fresh } = await d.states.pending(b);
        expectSuccess(await d.calls.verify(b, fresh), 'otp-v2/verify');
      },
    );
  });
});
