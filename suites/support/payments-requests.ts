/**
 * How the payment request suites (suites/payments/) call POST /paymentrequest/send (4.13): the
 * operation, what every test of it needs (no sandbox: every accepted request is a charged send, to
 * the profile's number), a valid body with the optional fields, and a request.
 */
import type { Answer, Target } from '../../harness/kit/index.ts';
import type { Fields } from './sending-helpers.ts';

export const OP = 'payments/send-request';
export const NEEDS = { needs: ['real-delivery'] } as const;

interface PaymentRequests {
  /** A valid body of 4.13 with the optional fields; `extra` over it. */
  paymentBody(extra?: Fields): Fields;
  /** A request from the file's account, or from the account of `key`. */
  send(json: Fields, key?: string): Promise<Answer>;
}

/** The payment requests of the suite's target `t`. */
export const paymentRequests = (t: Target): PaymentRequests => ({
  paymentBody: (extra = {}) => ({
    number: t.deliverableNumber(),
    country_code: '52',
    template: 'cobro',
    message: 'Tu pago esta listo',
    amount: 350,
    name: 'Cliente Prueba',
    email: 'cliente@example.com',
    ...extra,
  }),
  send: (json, key) => t.api(OP, key === undefined ? { json } : { json, key }),
});
