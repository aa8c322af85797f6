/**
 * 4.13 Payment requests: a payment link sent by SMS to one number. The field limits (template 40,
 * message 123, name 150, amount 15 to 110000, number up to 10 digits; 8) are the schema's; their
 * refusal is the generic validation answer (7.1: the payment validation code is not shown).
 * Success: message=Ok, code sms_11, request_id; a short balance answers sms_07 (7.2).
 */
import { randomBytes } from 'node:crypto';
import { PaymentRequestSendRequest } from '../../schemas/payments.ts';
import { handler, type HandlerSet, type InvalidHandler, type Reply } from '../handler.ts';
import { genericInvalid } from '../pipeline.ts';
import { ok } from '../replies.ts';
import { sendRefusal, type SendingRequest } from './sms.ts';

/**
 * The link the SMS carries. Its form is not shown; 36 characters, so that a message of the
 * maximum 123 characters plus a space and the link fits one 160-character SMS.
 */
const paymentLink = (): string => `https://pay.reference.test/r${randomBytes(4).toString('hex')}`;

function sendPaymentRequest(req: SendingRequest, input: PaymentRequestSendRequest): Reply {
  const outcome = req.server.messaging.send(req.account, {
    numbers: [`${input.country_code}${input.number}`],
    message: `${input.message} ${paymentLink()}`,
    kind: 'payment',
    // 4.13 offers no sandbox: every payment request is charged.
    sandbox: false,
    name: input.template,
  });
  if (!outcome.ok) return sendRefusal(req, outcome.reason);
  return ok(req);
}

/**
 * 7.1: the generic validation answer. 4.13, 8: the limits refuse the body as sent (never clamp or
 * truncate); fields that differ from the sent ones are checked afresh.
 */
const onPaymentInvalid: InvalidHandler = (req, issues) => {
  const fields = req.server.seams.at('payments.checked-fields', req.fields);
  const relaxed = fields === req.fields ? undefined : PaymentRequestSendRequest.safeParse(fields);
  return relaxed?.success ? sendPaymentRequest(req, relaxed.data) : genericInvalid(req, issues);
};

export const paymentsHandlers: HandlerSet = {
  'payments/send-request': handler(PaymentRequestSendRequest, (ctx) => sendPaymentRequest(ctx, ctx.input), onPaymentInvalid),
};
