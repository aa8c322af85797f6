/** Section 4.8 and 2.5: stored-balance wallet programs for contacts. */
import { z } from 'zod';
import { successBody } from './envelope.ts';
import { digits, flag01, isFlagSet } from './formats.ts';
import { limitById } from './limits.ts';
import type { OperationDefinition } from './operation.ts';

const PHONE_DIGITS = limitById('wallet-phone-digits').max!;

/** Placeholder for example bodies whose message and code the document does not state. */
const NOT_SHOWN = '(not shown)';

/** 2.5: a wallet. */
export const Wallet = z
  .object({
    wallet_name: z.string(),
    wallet_key: z.string().meta({ description: 'Identifier used by the wallet operations', example: 'wk_3a9f' }),
    wallet_app_client: z.string(),
    wallet_plan_type: z.string(),
  })
  .meta({ id: 'Wallet', description: 'Wallet (section 2.5)' });
export type Wallet = z.infer<typeof Wallet>;

const walletKey = z.string().min(1).meta({ description: 'Required: the wallet (section 2.5 wallet_key)', example: 'wk_3a9f' });
const usertoolId = z.number().int().meta({ description: 'Tool user (employee) operating the wallet (section 2.5 usertool_id)', example: 12 });
/** 4.8 transaction_type: "integer, req: 0 add, 1 redeem". */
export const WalletTransactionType = flag01.meta({ description: '0 add, 1 redeem' });
/** 4.8: transaction_type 0 means add. */
export const isAddTransaction = (t: z.infer<typeof WalletTransactionType>): boolean => !isFlagSet(t);

export const WalletAddContactRequest = z
  .object({
    wallet_key: walletKey,
    phone: digits(PHONE_DIGITS).meta({ description: `Exactly ${PHONE_DIGITS} digits`, example: '5512345678' }),
    customer_name: z.string().min(1).meta({ description: 'Required', example: 'Ana Lopez' }),
    usertool_id: usertoolId,
  })
  .meta({ id: 'WalletAddContactRequest', description: 'POST /wallet/contact/add body (section 4.8)' });
export type WalletAddContactRequest = z.infer<typeof WalletAddContactRequest>;

export const WalletGetContactRequest = z
  .object({
    wallet_key: walletKey,
    phone: z.string().optional().meta({ description: 'Optional filter', example: '5512345678' }),
  })
  .meta({ id: 'WalletGetContactRequest', description: 'POST /wallet/contact/get body (section 4.8)' });
export type WalletGetContactRequest = z.infer<typeof WalletGetContactRequest>;

export const WalletUpdateBalanceRequest = z
  .object({
    wallet_key: walletKey,
    phone: z.string().regex(/^\d+$/, 'numeric').meta({ description: 'Required, numeric', example: '5512345678' }),
    transaction_type: WalletTransactionType,
    transaction_amount: z.number().meta({ description: 'Required', example: 150.5 }),
  })
  .meta({ id: 'WalletUpdateBalanceRequest', description: 'POST /wallet/balance/update body (section 4.8)' });
export type WalletUpdateBalanceRequest = z.infer<typeof WalletUpdateBalanceRequest>;

export const WalletSaleRequest = z
  .object({
    wallet_key: walletKey,
    phone: z.string().min(1).meta({ description: 'Required', example: '5512345678' }),
    transaction_type: WalletTransactionType,
    usertool_id: usertoolId,
    transaction_amount: z.number().optional().meta({ description: 'Optional; required when transaction_type is 0', example: 150.5 }),
  })
  .superRefine((req, ctx) => {
    // 4.8: "transaction_amount (number, optional; required when transaction_type is 0)".
    if (isAddTransaction(req.transaction_type) && req.transaction_amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['transaction_amount'], message: 'required when transaction_type is 0 (add)' });
  })
  .meta({ id: 'WalletSaleRequest', description: 'POST /wallet/sale body (section 4.8)' });
export type WalletSaleRequest = z.infer<typeof WalletSaleRequest>;

export const WalletListResponse = successBody({ code: 'wallets_get_01' }, { result: z.array(Wallet) }).meta({
  id: 'WalletListResponse',
  description: 'Success of /wallet/get (sections 4.8, 2.5)',
});

/**
 * 4.8: "For the last four wallet operations the response is the common envelope; the success
 * message and code values and the balance fields of contact/get: not shown". So code and message
 * stay open, and the body may carry fields not shown (2.5: "Wallet contact record: fields not shown").
 */
const openWalletEnvelope = (id: string, what: string) =>
  successBody({}, {})
    .loose()
    .meta({ id, description: `Success of ${what}: the common envelope; message, code and further fields not shown (section 4.8)` });

export const WalletAddContactResponse = openWalletEnvelope('WalletAddContactResponse', '/wallet/contact/add');
export const WalletGetContactResponse = openWalletEnvelope('WalletGetContactResponse', "/wallet/contact/get (the contact's wallet balance, fields not shown)");
export const WalletUpdateBalanceResponse = openWalletEnvelope('WalletUpdateBalanceResponse', '/wallet/balance/update');
export const WalletSaleResponse = openWalletEnvelope('WalletSaleResponse', '/wallet/sale');

const LAST_FOUR_NOT_SHOWN = 'The response is the common envelope; the success message and code values';

const envelopeExample = (requestId: string) => ({ success: true, message: NOT_SHOWN, status: 200, code: NOT_SHOWN, request_id: requestId });

export const walletOperations: OperationDefinition[] = [
  {
    operationId: 'wallet/list',
    method: 'POST',
    path: '/wallet/get',
    area: 'wallet',
    summary: 'List wallets',
    description: 'No body. Returns the wallets of the account (wallet_name, wallet_key, wallet_app_client, wallet_plan_type).',
    section: '4.8',
    auth: 'account',
    request: {},
    success: {
      httpStatus: [200],
      code: 'wallets_get_01',
      schema: WalletListResponse,
      examples: {
        wallets: {
          status: 200,
          summary: 'One wallet (message text: not shown)',
          value: {
            success: true,
            message: NOT_SHOWN,
            status: 200,
            code: 'wallets_get_01',
            result: [{ wallet_name: 'Monedero', wallet_key: 'wk_3a9f', wallet_app_client: 'app_17', wallet_plan_type: 'basic' }],
            request_id: 'e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e601',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
  {
    operationId: 'wallet/add-contact',
    method: 'POST',
    path: '/wallet/contact/add',
    area: 'wallet',
    summary: 'Add a contact to a wallet',
    description: 'Adds the customer customer_name with a 10-digit phone to the wallet wallet_key, operated by the tool user usertool_id.',
    section: '4.8',
    auth: 'account',
    request: { body: WalletAddContactRequest },
    success: {
      httpStatus: [200],
      schema: WalletAddContactResponse,
      examples: { added: { status: 200, summary: 'Common envelope (values not shown)', value: envelopeExample('e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e602') } },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
    notShown: `${LAST_FOUR_NOT_SHOWN}: not shown (section 4.8).`,
  },
  {
    operationId: 'wallet/get-contact',
    method: 'POST',
    path: '/wallet/contact/get',
    area: 'wallet',
    summary: "Get a contact's wallet balance",
    description: "Returns the contact's wallet balance in the wallet wallet_key; phone is an optional filter.",
    section: '4.8',
    auth: 'account',
    request: { body: WalletGetContactRequest },
    success: {
      httpStatus: [200],
      schema: WalletGetContactResponse,
      examples: {
        balance: {
          status: 200,
          summary: 'Common envelope (values and balance fields not shown)',
          value: envelopeExample('e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e603'),
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
    notShown: `${LAST_FOUR_NOT_SHOWN} and the balance fields of contact/get: not shown (section 4.8); wallet contact record: fields not shown (section 2.5).`,
  },
  {
    operationId: 'wallet/update-balance',
    method: 'POST',
    path: '/wallet/balance/update',
    area: 'wallet',
    summary: "Update a contact's wallet balance",
    description:
      'Adds to (transaction_type 0) or redeems from (transaction_type 1) the wallet ' +
      'balance of the contact phone in the wallet wallet_key by transaction_amount.',
    section: '4.8',
    auth: 'account',
    request: { body: WalletUpdateBalanceRequest },
    success: {
      httpStatus: [200],
      schema: WalletUpdateBalanceResponse,
      examples: { updated: { status: 200, summary: 'Common envelope (values not shown)', value: envelopeExample('e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e604') } },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
    notShown: `${LAST_FOUR_NOT_SHOWN}: not shown (section 4.8).`,
  },
  {
    operationId: 'wallet/register-sale',
    method: 'POST',
    path: '/wallet/sale',
    area: 'wallet',
    summary: 'Register a wallet sale',
    description:
      'Registers a sale for the contact phone in the wallet wallet_key by the tool user ' +
      'usertool_id: transaction_type 0 adds (transaction_amount then required), 1 redeems.',
    section: '4.8',
    auth: 'account',
    request: { body: WalletSaleRequest },
    success: {
      httpStatus: [200],
      schema: WalletSaleResponse,
      examples: { sale: { status: 200, summary: 'Common envelope (values not shown)', value: envelopeExample('e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e605') } },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
    notShown: `${LAST_FOUR_NOT_SHOWN}: not shown (section 4.8).`,
  },
];
