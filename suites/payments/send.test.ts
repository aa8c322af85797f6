/**
 * 4.13 Payment requests: POST /paymentrequest/send sends a payment link by SMS. The operation has
 * no sandbox, so every accepted request is a charged send and every test needs real-delivery (and
 * the number is the profile's). Field limits of 4.13 and 8 on both sides (stated: a value past one is
 * refused and charges nothing); the codes of refusals are not shown (7.1), so they are recorded
 * (expectRefused). An account without credits is in payments/credits.test.ts.
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, Inconclusive, judge, req, useTarget } from '../../harness/kit/index.ts';
import { limitById, type LimitId } from '../../schemas/limits.ts';
import { PaymentRequestSendResponse } from '../../schemas/payments.ts';
import type { Fields } from '../support/sending-helpers.ts';
import { NEEDS, OP, paymentRequests } from '../support/payments-requests.ts';

const t = useTarget();

const { paymentBody, send } = paymentRequests(t);

/** The requirements of the tests below, each stated: the caller's id, which its checks are judged against. */
type PaymentRequirement = 'op:payments/send-request' | `limit:${LimitId}`;

/** Accepted: the success contract (message=Ok, code sms_11, request_id), and the balance moved; judged against `requirement`. */
async function expectAccepted(requirement: PaymentRequirement, json: Fields, what: string): Promise<void> {
  const before = await t.credits();
  expectSuccess(await send(json), OP, PaymentRequestSendResponse);
  // 1: "sending operations consume it"; the link is sent by SMS (4.13).
  const after = await t.credits();
  judge(requirement, 'an accepted payment request is charged (1, 4.13)', () =>
    expect(after, `${what}: the payment link SMS consumes credits`).toBeLessThan(before),
  );
}

/** Refused: the error body, no 5xx, and nothing charged; judged against `requirement`. */
async function expectNotAccepted(requirement: PaymentRequirement, json: Fields, what: string): Promise<void> {
  const before = await t.credits();
  const answer = await send(json);
  const refused = 'a refused payment request, charging nothing (4.13)';
  judge(requirement, refused, () => expect(answer.body.success, `${what} is refused`).not.toBe(true));
  expectRefused(requirement, answer, OP);
  const after = await t.credits();
  judge(requirement, refused, () => expect(after, `${what}: a refused request charges nothing`).toBeCloseTo(before, 2));
}

/** 4.13, 8: a text field at its maximum is accepted, one character more refused (requirement `limit:<limitId>`). */
function lengthLimit(requirement: `limit:${LimitId}`, field: 'template' | 'message' | 'name'): void {
  const max = limitById(requirement.slice('limit:'.length) as LimitId).max!;
  req(
    [requirement],
    `${field}: ${max} characters accepted, ${max + 1} refused`,
    async () => {
      await expectAccepted(requirement, paymentBody({ [field]: 'p'.repeat(max) }), `${field} of ${max}`);
      await expectNotAccepted(requirement, paymentBody({ [field]: 'p'.repeat(max + 1) }), `${field} of ${max + 1}`);
    },
    NEEDS,
  );
}

describe('POST /paymentrequest/send (4.13)', () => {
  req(
    ['op:payments/send-request'],
    'every field: message=Ok, code sms_11, request_id; the balance drops',
    async () => {
      await expectAccepted('op:payments/send-request', paymentBody(), 'a full request');
    },
    NEEDS,
  );

  req(
    ['op:payments/send-request'],
    'only the required fields (number, country_code, template, message) are accepted',
    async () => {
      const { amount: _a, name: _n, email: _e, ...required } = paymentBody();
      await expectAccepted('op:payments/send-request', required, 'the required fields');
    },
    NEEDS,
  );

  req(
    ['op:payments/send-request'],
    'a request without number, country_code, template or message is refused',
    async () => {
      for (const missing of ['number', 'country_code', 'template', 'message'] as const) {
        const { [missing]: _dropped, ...rest } = paymentBody();
        await expectNotAccepted('op:payments/send-request', rest, `without ${missing}`);
      }
    },
    NEEDS,
  );
});

describe('limits (4.13, 8)', () => {
  lengthLimit('limit:payment-template-length', 'template');
  lengthLimit('limit:payment-message-length', 'message');
  lengthLimit('limit:payment-name-length', 'name');

  const amount = limitById('payment-amount');
  const [min, max, step] = [amount.min!, amount.max!, amount.step!];
  const below = Math.round((min - step) * 100) / 100;
  const above = Math.round((max + step) * 100) / 100;
  req(
    ['limit:payment-amount'],
    `amount: ${min} and ${max} accepted, ${below} and ${above} refused`,
    async () => {
      await expectAccepted('limit:payment-amount', paymentBody({ amount: min }), `amount ${min}`);
      await expectAccepted('limit:payment-amount', paymentBody({ amount: max }), `amount ${max}`);
      await expectNotAccepted('limit:payment-amount', paymentBody({ amount: below }), `amount ${below}`);
      await expectNotAccepted('limit:payment-amount', paymentBody({ amount: above }), `amount ${above}`);
    },
    NEEDS,
  );

  const digits = limitById('payment-number-digits').max!;
  req(
    ['limit:payment-number-digits'],
    `number: ${digits} digits accepted, ${digits + 1} refused`,
    async () => {
      const number = t.deliverableNumber();
      // The profile's number is a premise of the run, not an answer of the target.
      if (number.length !== digits)
        throw new Inconclusive(`the profile's deliverable number has ${number.length} digits, not number's maximum of ${digits}: it cannot be tried`);
      await expectAccepted('limit:payment-number-digits', paymentBody({ number }), `${digits} digits`);
      await expectNotAccepted('limit:payment-number-digits', paymentBody({ number: `${number}1` }), `${digits + 1} digits`);
    },
    NEEDS,
  );
});
