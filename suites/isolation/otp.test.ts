/**
 * Isolation between accounts (1, 5.2) of OTP verifications (2.10, 3.1, 4.5): another account's key
 * neither sees, verifies nor deletes a /v2/otp verification of this account (3.1: to it the number
 * has none, 404), and does not verify a legacy OTP code of this account (7.2 validation_04 there:
 * no record).
 *
 * The resource is made in the file's account (its own subaccount when the manager key isolates the
 * file) and checked to exist there first; then the key of a second account (a fresh subaccount:
 * the manager key creates it, 4.11) acts on it, and the test checks that the resource is neither
 * shown, verified nor changed, and that its owner still has it as it was. Every rule here is a
 * reading (warn level): the document speaks of data per account without stating that another
 * account's key is refused. Without the manager key there is no second account: the tests skip
 * (capability manager-key, through the requirements).
 */
import { describe, expect } from 'vitest';
import { expectSuccess, judge, req, useTarget, withLegacyNumbers } from '../../harness/kit/index.ts';
import type { CapabilityId } from '../../schemas/capabilities.ts';
import { LegacyOtpVerifyResponse } from '../../schemas/otp-legacy.ts';
import { expectAnswered, strangerKeyOf } from '../support/isolation-accounts.ts';
import { verify } from '../support/otp-legacy-flow.ts';
import { OtpDriver } from '../support/otp-v2-driver.ts';
import type { OtpSubject } from '../support/otp-v2-subject.ts';

const t = useTarget();
const d = new OtpDriver(t);
const strangerKey = strangerKeyOf(t);

describe('OTP verifications belong to their account (2.10, 3.1, 5.2)', () => {
  req(
    ['rule:isolation.otp-v2', 'rule:envelope.no-server-error'],
    "another account's key neither sees, verifies nor deletes a /v2/otp verification of this account",
    async () => {
      const owner = await d.calls.subject();
      // The verification another key must not reach is arranged: a create that starts none leaves the test inconclusive.
      const { code } = await d.states.arrangedPending(owner);
      const stranger: OtpSubject = { ...owner, key: await strangerKey(), measuresCharges: false };

      const status = await d.calls.status(stranger);
      expectAnswered(status, "GET /v2/otp/status of this account's number, with the other key");
      judge('rule:isolation.otp-v2', 'the state another key is shown (2.10, 5.2)', () =>
        expect(status.body.state, "the other account's status does not show this account's pending verification").not.toBe('pending'),
      );

      // 3.1 none + verify → 404: to the other account the number has no verification.
      const theirs = await d.calls.verify(stranger, code);
      // A verification the other key verified is spent: its owner's verify below would fail for that, not for itself.
      const notFound = judge('rule:isolation.otp-v2', 'verify with another key (3.1, 5.2)', () =>
        expect(theirs.status, `the other account's verify with the right code finds no verification (3.1: 404) — ${theirs.text.slice(0, 200)}`).toBe(404),
      );
      if (!notFound) return;

      expectAnswered(await d.calls.remove(stranger), 'DELETE /v2/otp of this number, with the other key');
      const mine = await d.calls.verify(owner, code);
      judge('rule:isolation.otp-v2', 'the owner after another key (3.1, 5.2)', () =>
        expect(mine.status, `the verification is intact for its account: its code verifies it (200) — ${mine.text.slice(0, 200)}`).toBe(200),
      );
    },
  );

  req(
    ['rule:isolation.otp-legacy', 'rule:envelope.no-server-error'],
    "another account's key does not verify a legacy OTP code of this account (validation_04 there: no record)",
    () =>
      withLegacyNumbers(
        t,
        1,
        async (numbers) => {
          // A number whose pending code this account sent with showcode=1 (4.5), reached from whatever state it was in.
          const { phone, code } = await numbers.pending();
          const theirs = await t.api('otp-legacy/verify', { key: await strangerKey(), json: { phone_number: phone, verification_code: code } });
          expectAnswered(theirs, '/otp/verify with the other key');
          // A code the other key verified is spent, and one it was refused otherwise than validation_04 may count as an
          // attempt: its owner's verify below (at the fail level of 4.5) would fail for the other key's doing, not its own.
          const notVerified = judge('rule:isolation.otp-legacy', 'verify with another key (4.5, 5.2)', () =>
            expect(theirs.body.code, `the other account's verify with the right code is not validation_01 — ${theirs.text.slice(0, 200)}`).not.toBe(
              'validation_01',
            ),
          );
          if (!notVerified) return;
          // 7.2 validation_04 "no record for this number": the other account has none.
          const noRecord = judge('rule:isolation.otp-legacy', 'verify with another key (7.2, 5.2)', () =>
            expect(theirs.body.code, 'to the other account the number has no record (7.2 validation_04)').toBe('validation_04'),
          );
          if (!noRecord) return;
          expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
        },
        'pending-code',
      ),
    // 4.5: legacy sends have no sandbox; outside the embedded target they are charged.
    { needs: ['real-delivery'] as CapabilityId[] },
  );
});
