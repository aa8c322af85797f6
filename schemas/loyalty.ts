/** Section 4.9 and 2.5: loyalty-card (stamp) programs for contacts. */
import { z } from 'zod';
import { successBody, unsettable } from './envelope.ts';
import { digits } from './formats.ts';
import { limitById } from './limits.ts';
import type { OperationDefinition } from './operation.ts';

const PHONE_DIGITS = limitById('loyalty-phone-digits').max!;

/** Placeholder for example bodies whose message text the document does not state. */
const MESSAGE_NOT_SHOWN = '(message not shown)';

/** 2.5: a loyalty card. */
export const LoyaltyCard = z
  .object({
    loyalty_name: z.string(),
    loyalty_key: z.string().meta({ description: 'Identifier used by the loyalty operations', example: 'lc_77b2' }),
    loyalty_app_client: z.string(),
    loyalty_plan_type: z.string(),
  })
  .meta({ id: 'LoyaltyCard', description: 'Loyalty card (section 2.5)' });
export type LoyaltyCard = z.infer<typeof LoyaltyCard>;

/** 2.5: a loyalty contact. */
export const LoyaltyContact = z
  .object({
    contact_name: z.string(),
    contact_phone: z.string(),
    // /loyalty/contact/add takes no birthdate (4.9): a contact without one may have it absent, null or "" (latitude unset-field).
    contact_birthdate: unsettable(z.string()),
    contact_total_loyalty_completes: z.number().int().meta({ description: 'Completed cards' }),
    contact_current_redeem: z.number().int(),
  })
  .meta({ id: 'LoyaltyContact', description: 'Loyalty contact (section 2.5)' });
export type LoyaltyContact = z.infer<typeof LoyaltyContact>;

const loyaltyKey = z.string().min(1).meta({ description: 'Required: the loyalty card (section 2.5 loyalty_key)', example: 'lc_77b2' });
const usertoolId = z.number().int().meta({ description: 'Tool user (employee) operating the card (section 2.5 usertool_id)', example: 12 });

export const LoyaltyAddContactRequest = z
  .object({
    loyalty_key: loyaltyKey,
    phone: digits(PHONE_DIGITS).meta({ description: `Exactly ${PHONE_DIGITS} digits`, example: '5512345678' }),
    customer_name: z.string().min(1).meta({ description: 'Required', example: 'Ana Lopez' }),
    usertool_id: usertoolId,
  })
  .meta({ id: 'LoyaltyAddContactRequest', description: 'POST /loyalty/contact/add body (section 4.9)' });
export type LoyaltyAddContactRequest = z.infer<typeof LoyaltyAddContactRequest>;

export const LoyaltyGetContactsRequest = z
  .object({
    loyalty_key: loyaltyKey,
    phone: z.string().optional().meta({ description: 'Optional filter', example: '5512345678' }),
  })
  .meta({ id: 'LoyaltyGetContactsRequest', description: 'POST /loyalty/contact/get body (section 4.9)' });
export type LoyaltyGetContactsRequest = z.infer<typeof LoyaltyGetContactsRequest>;

export const LoyaltySaleRequest = z
  .object({
    loyalty_key: loyaltyKey,
    phone: z.string().min(1).meta({ description: 'Required', example: '5512345678' }),
    usertool_id: usertoolId,
  })
  .meta({ id: 'LoyaltySaleRequest', description: 'POST /loyalty/sale body (section 4.9)' });
export type LoyaltySaleRequest = z.infer<typeof LoyaltySaleRequest>;

export const LoyaltyListResponse = successBody({ code: 'loyalty_get_01' }, { result: z.array(LoyaltyCard) }).meta({
  id: 'LoyaltyListResponse',
  description: 'Success of /loyalty/get (sections 4.9, 2.5)',
});

/** 4.9: "Sample success: code loyalty_sale_01" (the only statement; its message: not shown). */
export const LoyaltyAddContactResponse = successBody({ code: 'loyalty_sale_01' }, {}).meta({
  id: 'LoyaltyAddContactResponse',
  description: 'Success of /loyalty/contact/add, per the sample (section 4.9)',
});

export const LoyaltyGetContactsResponse = successBody({ code: 'loyalty_contact_get_01' }, { result: z.array(LoyaltyContact) }).meta({
  id: 'LoyaltyGetContactsResponse',
  description: 'Success of /loyalty/contact/get (sections 4.9, 2.5)',
});

/** 4.9: "message confirming the sale, code loyalty_sale_01" (the text: not shown). */
export const LoyaltySaleResponse = successBody({ code: 'loyalty_sale_01' }, {}).meta({
  id: 'LoyaltySaleResponse',
  description: 'Success of /loyalty/sale (section 4.9)',
});

export const loyaltyOperations: OperationDefinition[] = [
  {
    operationId: 'loyalty/list',
    method: 'POST',
    path: '/loyalty/get',
    area: 'loyalty',
    summary: 'List loyalty cards',
    description: 'No body. Returns the loyalty cards of the account (loyalty_name, loyalty_key, loyalty_app_client, loyalty_plan_type).',
    section: '4.9',
    auth: 'account',
    request: {},
    success: {
      httpStatus: [200],
      code: 'loyalty_get_01',
      schema: LoyaltyListResponse,
      examples: {
        cards: {
          status: 200,
          summary: 'One loyalty card (message text: not shown)',
          value: {
            success: true,
            message: MESSAGE_NOT_SHOWN,
            status: 200,
            code: 'loyalty_get_01',
            result: [{ loyalty_name: 'Cafe 10 sellos', loyalty_key: 'lc_77b2', loyalty_app_client: 'app_17', loyalty_plan_type: 'basic' }],
            request_id: 'a9b8c7d6-e5f4-4a3b-8c2d-1e0f9a8b7c01',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
  {
    operationId: 'loyalty/add-contact',
    method: 'POST',
    path: '/loyalty/contact/add',
    area: 'loyalty',
    summary: 'Add a contact to a loyalty card',
    description:
      'Adds the customer customer_name with a 10-digit phone to the loyalty card loyalty_key, ' +
      'operated by the tool user usertool_id. Sample success: code loyalty_sale_01.',
    section: '4.9',
    auth: 'account',
    request: { body: LoyaltyAddContactRequest },
    success: {
      httpStatus: [200],
      code: 'loyalty_sale_01',
      schema: LoyaltyAddContactResponse,
      examples: {
        added: {
          status: 200,
          summary: 'As the sample: code loyalty_sale_01 (message text: not shown)',
          value: { success: true, message: MESSAGE_NOT_SHOWN, status: 200, code: 'loyalty_sale_01', request_id: 'a9b8c7d6-e5f4-4a3b-8c2d-1e0f9a8b7c02' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
  },
  {
    operationId: 'loyalty/get-contacts',
    method: 'POST',
    path: '/loyalty/contact/get',
    area: 'loyalty',
    summary: 'List the contacts of a loyalty card',
    description: 'Returns the loyalty contacts of the card loyalty_key (name, phone, birthdate, completed cards, current redeem); phone is an optional filter.',
    section: '4.9',
    auth: 'account',
    request: { body: LoyaltyGetContactsRequest },
    success: {
      httpStatus: [200],
      code: 'loyalty_contact_get_01',
      schema: LoyaltyGetContactsResponse,
      examples: {
        contacts: {
          status: 200,
          summary: 'One loyalty contact (message text: not shown)',
          value: {
            success: true,
            message: MESSAGE_NOT_SHOWN,
            status: 200,
            code: 'loyalty_contact_get_01',
            result: [
              {
                contact_name: 'Ana Lopez',
                contact_phone: '5512345678',
                contact_birthdate: '1990-05-17',
                contact_total_loyalty_completes: 2,
                contact_current_redeem: 0,
              },
            ],
            request_id: 'a9b8c7d6-e5f4-4a3b-8c2d-1e0f9a8b7c03',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
  },
  {
    operationId: 'loyalty/register-sale',
    method: 'POST',
    path: '/loyalty/sale',
    area: 'loyalty',
    summary: 'Register a loyalty sale (stamp)',
    description:
      'Registers a stamp on the loyalty card loyalty_key for the contact phone, by the tool user usertool_id. Success: a message confirming the sale.',
    section: '4.9',
    auth: 'account',
    request: { body: LoyaltySaleRequest },
    success: {
      httpStatus: [200],
      code: 'loyalty_sale_01',
      schema: LoyaltySaleResponse,
      examples: {
        stamped: {
          status: 200,
          summary: 'Stamp registered (message confirming the sale: text not shown)',
          value: { success: true, message: MESSAGE_NOT_SHOWN, status: 200, code: 'loyalty_sale_01', request_id: 'a9b8c7d6-e5f4-4a3b-8c2d-1e0f9a8b7c04' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
  },
];
