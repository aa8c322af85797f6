/** Section 4.13: payment-request links sent by SMS. */
import { z } from 'zod';
import { successBody } from './envelope.ts';
import { digitsBetween } from './formats.ts';
import { limitById } from './limits.ts';
import type { OperationDefinition } from './operation.ts';
import { countryCode } from './sms.ts';

const NUMBER_MAX = limitById('payment-number-digits').max!;
const TEMPLATE_MAX = limitById('payment-template-length').max!;
const MESSAGE_MAX = limitById('payment-message-length').max!;
const NAME_MAX = limitById('payment-name-length').max!;
const AMOUNT_MIN = limitById('payment-amount').min!;
const AMOUNT_MAX = limitById('payment-amount').max!;

export const PaymentRequestSendRequest = z
  .object({
    number: digitsBetween(1, NUMBER_MAX).meta({ description: `Recipient, required, max ${NUMBER_MAX} digits`, example: '5512345678' }),
    country_code: countryCode.meta({ description: 'Required country code' }),
    template: z
      .string()
      .min(1)
      .max(TEMPLATE_MAX)
      .meta({ description: `Required template name, max ${TEMPLATE_MAX} characters`, example: 'cobro_mensual' }),
    message: z
      .string()
      .min(1)
      .max(MESSAGE_MAX)
      .meta({ description: `Required, max ${MESSAGE_MAX} characters`, example: 'Tu pago de noviembre esta listo' }),
    // 4.13: "amount (number, optional, 15 to 110000)"; a number, so JSON numbers only.
    amount: z
      .number()
      .min(AMOUNT_MIN)
      .max(AMOUNT_MAX)
      .optional()
      .meta({ description: `Optional, ${AMOUNT_MIN} to ${AMOUNT_MAX}`, example: 350 }),
    name: z
      .string()
      .max(NAME_MAX)
      .optional()
      .meta({ description: `Optional, max ${NAME_MAX} characters` }),
    // 4.13 states no format for this email (unlike 4.11 add), so none is imposed.
    email: z.string().optional().meta({ description: 'Optional email' }),
  })
  .meta({ id: 'PaymentRequestSendRequest', description: 'POST /paymentrequest/send body (section 4.13)' });
export type PaymentRequestSendRequest = z.infer<typeof PaymentRequestSendRequest>;

/** 4.13: "Success: message=Ok, code sms_11, request_id." */
export const PaymentRequestSendResponse = successBody({ code: 'sms_11', message: 'Ok' }, {}).meta({
  id: 'PaymentRequestSendResponse',
  description: 'Payment request sent (section 4.13)',
});
export type PaymentRequestSendResponse = z.infer<typeof PaymentRequestSendResponse>;

export const paymentsOperations: OperationDefinition[] = [
  {
    operationId: 'payments/send-request',
    method: 'POST',
    path: '/paymentrequest/send',
    area: 'payments',
    summary: 'Send a payment request',
    description:
      'Sends a payment link by SMS: number (max 10 digits), country_code, template (name, max 40 characters), ' +
      'message (max 123 characters), and optionally amount (15 to 110000), name (max 150 characters) and email.',
    section: '4.13',
    auth: 'account',
    request: { body: PaymentRequestSendRequest },
    success: {
      httpStatus: [200],
      code: 'sms_11',
      message: 'Ok',
      schema: PaymentRequestSendResponse,
      examples: {
        sent: {
          status: 200,
          summary: 'Payment link sent',
          value: { success: true, message: 'Ok', status: 200, code: 'sms_11', request_id: '2b4d6f8a-0c1e-4a3b-9d5f-7a9b1c3d5e70' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
    sends: true,
  },
];
