/**
 * 4.4 charging: a create charges one message on every channel, the rotation of a locked code too, and
 * verify, status and delete are free; without balance 402 otp_insufficient_credits, the code stays
 * registered. Charges are measured with /credits/consult on the file's account, which no concurrent
 * test of the file uses (its tests run one by one).
 */
import { describe, expect } from 'vitest';
import { expectError, expectSuccess, Inconclusive, judge, req, reqNotTestable, useTarget } from '../../harness/kit/index.ts';
import { withCleanNumbers, type CleanNumbers } from '../support/clean-numbers.ts';
import { expectCharge } from '../support/otp-v2-calls.ts';
import { OtpDriver } from '../support/otp-v2-driver.ts';
import { type OtpSubject, wrongCodeFor } from '../support/otp-v2-subject.ts';

const t = useTarget();
const d = new OtpDriver(t);
/**
 * As in the area's files whose tests wait: concurrent where one test's waits age nothing of another's
 * (real time, a clock per test); the tests here keep their order (describe.sequential).
 */
const CONCURRENT = t.clock.waitsMayOverlap;
/**
 * A test body on numbers that may really be charged, in a clean state (support/clean-numbers.ts):
 * fresh ones on the embedded target; on a real target the profile's, held by one test at a time
 * and put back to state none with DELETE /v2/otp in the account `key` before each use (3.1 "any |
 * DELETE /v2/otp | always | none": nothing sent, nothing charged).
 */
const onNumbers = <T>(key: string, body: (numbers: CleanNumbers) => Promise<T>): Promise<T> =>
  withCleanNumbers(
    t,
    { count: 1, reset: async (phone) => void expectSuccess(await d.calls.remove({ phone, key, sandbox: false, measuresCharges: false }), 'otp-v2/delete') },
    body,
  );

describe('3.1 and 4.4: what needs no waiting', { concurrent: CONCURRENT }, () => {
  describe.sequential('4.4 charging', () => {
    req(
      ['rule:otp2.charging', 'rule:otp2.free-operations', 'rule:envelope.no-server-error', 'rule:otp2.cooldown-reach'],
      'create charges one message on sms, voice and whatsapp; rotation of a locked code too; verify, status and delete are free',
      () =>
        onNumbers(t.key, async (n) => {
          // Real sends (never sandbox here: a sandbox subject would make the check vacuous), to the numbers
          // that may be charged; each starts from state none (DELETE is free, 3.1: the reset of onNumbers).
          const charged = async (): Promise<OtpSubject> => ({ phone: await n.fresh(), key: t.key, sandbox: false, measuresCharges: true });
          let unit: number | undefined;
          for (const channel of ['sms', 'voice', 'whatsapp']) {
            const x = await charged();
            const m = await d.calls.measured(x, () => d.calls.create(x, { channel }));
            d.states.expectCreated(m.answer, 'created', 'otp2:none-create');
            unit = expectCharge(x, m.spent, 1, unit, `create on ${channel}`, 'rule:otp2.charging');
            const code = String(m.answer.body.code);
            for (const [what, call] of [
              ['verify with a wrong code', () => d.calls.verify(x, wrongCodeFor(code))],
              ['status', () => d.calls.status(x)],
              ['verify', () => d.calls.verify(x, code)],
              ['delete', () => d.calls.remove(x)],
            ] as const) {
              const free = await d.calls.measured(x, call);
              // The free call's answer is what is judged here, not a step on the way: a 5xx is the server error it is
              // (7.1 server_01, a reading: warn), and whether it charged is still measured (4.4: free).
              judge('rule:envelope.no-server-error', `${what}: never a server error`, () =>
                expect(free.answer.status, `HTTP ${free.answer.status} ${free.answer.text.slice(0, 200)}`).toBeLessThan(500),
              );
              expectCharge(x, free.spent, 0, unit, `${what} is free`, 'rule:otp2.free-operations');
            }
          }
          const locked = await charged();
          await d.states.locked(locked);
          const rotated = await d.calls.measured(locked, () =>
            d.cooldown.createPastCooldown(locked, { code_rotate: true }, 'locked', '3.1 locked + create (code_rotate=true)'),
          );
          d.states.expectCreated(rotated.answer, 'restarted', 'otp2:locked-create-rotate');
          expectCharge(locked, rotated.spent, 1, unit, 'rotation of a locked code', 'rule:otp2.charging');
        }),
      { needs: ['real-delivery'] },
    );

    req(
      ['err:otp_insufficient_credits', 'rule:otp2.failed-send-registered', 'rule:otp2.cooldown-reach'],
      'no balance: 402 otp_insufficient_credits, nothing charged; the code stays ' +
        'registered, so the retried send resends it (3.1 pending + create) and it verifies',
      async () => {
        const sub = await t.newSubaccount(0);
        await onNumbers(sub.key, async (n) => {
          const s: OtpSubject = { phone: await n.fresh(), key: sub.key, sandbox: false, measuresCharges: true };
          const answer = await d.calls.create(s);
          expectError('err:otp_insufficient_credits', answer, 'otp_insufficient_credits', 'otp-v2/create');
          const left = await t.credits(sub.key);
          // A 402 for no balance (7.3) charges what is not there: the balance stays 0.
          judge('err:otp_insufficient_credits', 'nothing charged by the 402 (7.3)', () => expect(left, 'nothing charged').toBe(0));
          const moved = await t.api('subaccounts/manage-credits', { key: t.managerKey!, json: { email: sub.email, type: 1, credits: 5 } });
          // The kit's own arrangement (4.11), not what is judged here: without the credits the retry cannot be tried.
          if (moved.body.success !== true)
            throw new Inconclusive(
              `POST /manager/subaccount/credits/manage (type 1, 5 credits) did not add credits to the subaccount: HTTP ${moved.status} ${moved.text.slice(0, 200)}`,
            );
          // 4.4 "If sending fails (402 or 502) the code stays registered but nothing was delivered; retry
          // the send, do not verify": the retry meets a pending verification (3.1 "pending | POST /v2/otp |
          // no code_rotate, cooldown elapsed | pending | same code resent ... action=resent"), not state
          // none (which would answer action=created). Whether the failed send started the cooldown is not
          // said: a throttled retry is waited out (createPastCooldown records it).
          const retried = d.states.expectCreated(
            await d.cooldown.createPastCooldown(s, {}, 'pending', 'retry after a 402'),
            'resent',
            'rule:otp2.failed-send-registered',
          );
          judge('rule:otp2.code-in-response', 'the code, requested (4.4)', () => expect(retried.code, 'code_in_response=true').toBeTypeOf('string'));
          // The 402's `code` is not read as the OTP code: 4.4's error body lists "when applicable ... code"
          // without saying which code, and 7.3's row reads "no balance (code sms_07)". It is recorded as it came.
          judge(
            'unset-field',
            'field code of the 402 otp_insufficient_credits body (4.4 "when applicable"; 7.3 "code sms_07")',
            JSON.stringify(answer.body.code) ?? 'absent',
          );
          expectSuccess(await d.calls.verify(s, retried.code!), 'otp-v2/verify');
        });
      },
      { needs: ['real-delivery', 'manager-key'], timeout: 120_000 },
    );

    // 7.3: a channel that fails and an internal error: neither the document nor the kit can provoke them.
    reqNotTestable(['err:otp_send_failed'], 'a channel that cannot deliver: 502 otp_send_failed', 'delivery-failure');
    reqNotTestable(['err:otp_internal'], 'an internal error: otp_internal in the 4.4 error body', 'fault-injection');
  });
});
