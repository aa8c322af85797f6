/** Section 4.1 and 2.7: the credit balance. */
import type { z } from 'zod';
import { successBody } from './envelope.ts';
import { twoPlaceDecimal } from './formats.ts';
import type { OperationDefinition } from './operation.ts';

export const CreditsConsultResponse = successBody(
  { code: 'credit_01', message: 'available_credits' },
  {
    // 2.7: available balance, a decimal string with two places.
    credit: twoPlaceDecimal,
    // 2.7: present only on administrator accounts; may be null if the pool was never initialised.
    master_credit: twoPlaceDecimal.nullable().optional(),
  },
).meta({ id: 'CreditsConsultResponse', description: 'Credit balance (sections 4.1, 2.7)' });
export type CreditsConsultResponse = z.infer<typeof CreditsConsultResponse>;

/** 2.7: "convert before arithmetic". */
export const creditAmount = (text: string): number => Number(text);

export const creditsOperations: OperationDefinition[] = [
  {
    operationId: 'credits/consult',
    method: 'POST',
    path: '/credits/consult',
    area: 'credits',
    summary: 'Consult the credit balance',
    description:
      'No body. Answers the available balance of the account (`credit`) and, on administrator accounts only, the pool available ' +
      'to assign to subaccounts (`master_credit`). The authentication examples of the document issue this call with GET.',
    section: '4.1',
    auth: 'account',
    request: {},
    success: {
      httpStatus: [200],
      code: 'credit_01',
      message: 'available_credits',
      schema: CreditsConsultResponse,
      examples: {
        account: {
          status: 200,
          summary: 'A normal account or subaccount',
          value: {
            success: true,
            message: 'available_credits',
            status: 200,
            code: 'credit_01',
            credit: '1500.00',
            request_id: '0b6f2b1e-6a43-4f3e-9f7c-1c2d3e4f5a6b',
          },
        },
        administrator: {
          status: 200,
          summary: 'An administrator account',
          value: {
            success: true,
            message: 'available_credits',
            status: 200,
            code: 'credit_01',
            credit: '1500.00',
            master_credit: '20000.00',
            request_id: '0b6f2b1e-6a43-4f3e-9f7c-1c2d3e4f5a6c',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['credits-consult-method'],
  },
];
