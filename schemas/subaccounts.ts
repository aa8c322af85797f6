/** Section 4.11 and 2.6: subaccounts administered by a manager account (manager API key, 5.3). */
import { z } from 'zod';
import { successBody } from './envelope.ts';
import { limitById } from './limits.ts';
import type { OperationDefinition } from './operation.ts';

const EMAIL_MAX = limitById('subaccount-email-length').max!;
const PASSWORD_MIN = limitById('subaccount-password-length').min!;
const PASSWORD_MAX = limitById('subaccount-password-length').max!;

/**
 * 2.6: a subaccount is "identified by email (max 70 characters)". 4.11 states the maximum on add and
 * archive only; the identifier is the same on every operation, so the maximum applies to all four.
 */
export const subaccountEmail = z
  .string()
  .min(1)
  .max(EMAIL_MAX)
  .meta({ description: `Email identifying the subaccount (max ${EMAIL_MAX} characters)`, example: 'branch01@example.com' });

/** 4.11: "email (req, max 70, valid format)": only add states the format rule. */
export const newSubaccountEmail = z
  .email()
  .max(EMAIL_MAX)
  .meta({ description: `Email of the new subaccount: required, max ${EMAIL_MAX} characters, valid format`, example: 'branch01@example.com' });

export const SubaccountAddRequest = z
  .object({
    email: newSubaccountEmail,
    // 4.11, 2.6: "password (req, 6 to 36 chars)".
    password: z
      .string()
      .min(PASSWORD_MIN)
      .max(PASSWORD_MAX)
      .meta({ description: `Password of the new subaccount, ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`, example: 'S3cure-pass' }),
  })
  .meta({ id: 'SubaccountAddRequest', description: 'POST /manager/subaccount/add body (section 4.11)' });
export type SubaccountAddRequest = z.infer<typeof SubaccountAddRequest>;

export const SubaccountArchiveRequest = z
  .object({ email: subaccountEmail })
  .meta({ id: 'SubaccountArchiveRequest', description: 'POST /manager/subaccount/archive body (section 4.11)' });
export type SubaccountArchiveRequest = z.infer<typeof SubaccountArchiveRequest>;

export const SubaccountGetApikeyRequest = z
  .object({ email: subaccountEmail })
  .meta({ id: 'SubaccountGetApikeyRequest', description: 'POST /manager/subaccount/get_apikey body (section 4.11)' });
export type SubaccountGetApikeyRequest = z.infer<typeof SubaccountGetApikeyRequest>;

/**
 * 4.11: "type (enum 1 add credits to the subaccount, 2 withdraw credits from it)". As with the 0,1
 * flags (formats.ts flag01), the enum is written without quotes and section 4 also shows form-style
 * fields, so the number and its string form are both accepted.
 */
export const CreditsManageType = z
  .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
  .meta({ description: '1 add credits to the subaccount, 2 withdraw credits from it', example: 1 });
export type CreditsManageType = z.infer<typeof CreditsManageType>;

export const SubaccountCreditsManageRequest = z
  .object({
    email: subaccountEmail,
    type: CreditsManageType,
    // 4.11: "credits (integer greater than 0, no decimals; req)". The document types it integer.
    credits: z.number().int().positive().meta({ description: 'Integer greater than 0, no decimals', example: 100 }),
  })
  .meta({ id: 'SubaccountCreditsManageRequest', description: 'POST /manager/subaccount/credits/manage body (section 4.11)' });
export type SubaccountCreditsManageRequest = z.infer<typeof SubaccountCreditsManageRequest>;

const apikey = z.string().min(1).meta({ description: "The subaccount's API key" });
const echoedEmail = z.string().meta({ description: 'Email of the subaccount', example: 'branch01@example.com' });

export const SubaccountAddResponse = successBody({ code: 'subaccount_01', message: 'user_created' }, { apikey, email: echoedEmail }).meta({
  id: 'SubaccountAddResponse',
  description: 'Subaccount created (section 4.11)',
});
export type SubaccountAddResponse = z.infer<typeof SubaccountAddResponse>;

export const SubaccountArchiveResponse = successBody({ code: 'subaccount_01', message: 'subaccount_archived' }, {}).meta({
  id: 'SubaccountArchiveResponse',
  description: 'Subaccount archived (section 4.11)',
});
export type SubaccountArchiveResponse = z.infer<typeof SubaccountArchiveResponse>;

/**
 * 4.11: "Success: success, status 200, apikey, email". No code or message is listed, so both are
 * left open (optional) rather than given invented values.
 */
export const SubaccountGetApikeyResponse = successBody({}, { apikey, email: echoedEmail })
  .extend({ code: z.string().optional(), message: z.string().optional() })
  .meta({ id: 'SubaccountGetApikeyResponse', description: "A subaccount's API key (section 4.11)" });
export type SubaccountGetApikeyResponse = z.infer<typeof SubaccountGetApikeyResponse>;

/**
 * 4.11: "Success: code subaccount_01 (the sample shows message subaccount_archived)": ambiguity
 * subaccount-credits-manage-success-message, so the message is not fixed.
 */
export const SubaccountCreditsManageResponse = successBody({ code: 'subaccount_01' }, {}).meta({
  id: 'SubaccountCreditsManageResponse',
  description: 'Credits added to or withdrawn from a subaccount (section 4.11)',
});
export type SubaccountCreditsManageResponse = z.infer<typeof SubaccountCreditsManageResponse>;

export const subaccountsOperations: OperationDefinition[] = [
  {
    operationId: 'subaccounts/add',
    method: 'POST',
    path: '/manager/subaccount/add',
    area: 'subaccounts',
    summary: 'Create a subaccount',
    description:
      'Creates a subaccount identified by email (required, max 70 characters, valid format) with a password ' +
      'of 6 to 36 characters. Answers its apikey and email. Requires the manager (administrator) key.',
    section: '4.11',
    auth: 'manager',
    request: { body: SubaccountAddRequest },
    success: {
      httpStatus: [200],
      code: 'subaccount_01',
      message: 'user_created',
      schema: SubaccountAddResponse,
      examples: {
        created: {
          status: 200,
          summary: 'Subaccount created',
          value: {
            success: true,
            message: 'user_created',
            status: 200,
            code: 'subaccount_01',
            apikey: 'b7e4c1d2a9f84e3b8c6d5e4f3a2b1c0d',
            email: 'branch01@example.com',
            request_id: '7a2e4c6b-1d3f-4a5b-8c7d-9e0f1a2b3c40',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
  },
  {
    operationId: 'subaccounts/archive',
    method: 'POST',
    path: '/manager/subaccount/archive',
    area: 'subaccounts',
    summary: 'Archive a subaccount',
    description:
      'Disables (archives) the subaccount identified by email (required, max 70 characters). ' +
      'Requires the manager (administrator) key. Other transitions of subaccounts: not shown (3.3).',
    section: '4.11',
    auth: 'manager',
    request: { body: SubaccountArchiveRequest },
    success: {
      httpStatus: [200],
      code: 'subaccount_01',
      message: 'subaccount_archived',
      schema: SubaccountArchiveResponse,
      examples: {
        archived: {
          status: 200,
          summary: 'Subaccount archived',
          value: { success: true, message: 'subaccount_archived', status: 200, code: 'subaccount_01', request_id: '7a2e4c6b-1d3f-4a5b-8c7d-9e0f1a2b3c41' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
  },
  {
    operationId: 'subaccounts/get-apikey',
    method: 'POST',
    path: '/manager/subaccount/get_apikey',
    area: 'subaccounts',
    summary: "Get a subaccount's API key",
    description: 'Answers the apikey and email of the subaccount identified by email. Requires the manager (administrator) key.',
    section: '4.11',
    auth: 'manager',
    request: { body: SubaccountGetApikeyRequest },
    success: {
      httpStatus: [200],
      schema: SubaccountGetApikeyResponse,
      examples: {
        found: {
          status: 200,
          summary: 'The fields the document lists: success, status 200, apikey, email',
          value: {
            success: true,
            status: 200,
            apikey: 'b7e4c1d2a9f84e3b8c6d5e4f3a2b1c0d',
            email: 'branch01@example.com',
            request_id: '7a2e4c6b-1d3f-4a5b-8c7d-9e0f1a2b3c42',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
    notShown: 'success code and message: the document lists only "success, status 200, apikey, email"',
  },
  {
    operationId: 'subaccounts/manage-credits',
    method: 'POST',
    path: '/manager/subaccount/credits/manage',
    area: 'subaccounts',
    summary: "Add or withdraw a subaccount's credits",
    description:
      'Moves credits between the manager account and the subaccount identified by email: type 1 adds credits to ' +
      'the subaccount, 2 withdraws credits from it; credits is an integer greater than 0, no decimals. Success code ' +
      'subaccount_01 (the sample shows message subaccount_archived). Requires the manager (administrator) key.',
    section: '4.11',
    auth: 'manager',
    request: { body: SubaccountCreditsManageRequest },
    success: {
      httpStatus: [200],
      code: 'subaccount_01',
      schema: SubaccountCreditsManageResponse,
      examples: {
        sample: {
          status: 200,
          summary: "The document's sample, whose message is subaccount_archived",
          value: { success: true, message: 'subaccount_archived', status: 200, code: 'subaccount_01', request_id: '7a2e4c6b-1d3f-4a5b-8c7d-9e0f1a2b3c43' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['subaccount-credits-manage-success-message', 'unnamed-validation-codes'],
  },
];
