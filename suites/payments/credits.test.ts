/**
 * 4.13 and 7.2 sms_07: a payment request (a charged send of a payment link by SMS, no sandbox) from an
 * account without credits is refused with sms_07 and charges nothing; it needs real-delivery (and the
 * number is the profile's).
 */
import { describe, expect } from 'vitest';
import { expectError, judge, req, useTarget } from '../../harness/kit/index.ts';
import { NEEDS, OP, paymentRequests } from '../support/payments-requests.ts';

const t = useTarget();

const { paymentBody, send } = paymentRequests(t);

describe('insufficient credits (7.2 sms_07)', () => {
  req(
    ['err:sms_07'],
    'a payment request from an account without credits: sms_07, the balance stays 0',
    async () => {
      const poor = await t.newSubaccount(0);
      expectError('err:sms_07', await send(paymentBody(), poor.key), 'sms_07', OP);
      const credits = await t.credits(poor.key);
      judge('err:sms_07', 'a payment request without credits charges nothing (7.2)', () => expect(credits, 'nothing was charged').toBe(0));
    },
    NEEDS,
  );
});
