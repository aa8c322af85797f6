/** Section 4.6 and 2.4: contacts inside contact lists. */
import { z } from 'zod';
import { successBody, unsettable } from './envelope.ts';
import { dateText, flag01, isFlagSet } from './formats.ts';
import { limitById } from './limits.ts';
import type { OperationDefinition } from './operation.ts';
import { MEXICO_COUNTRY_CODE, countryCode } from './sms.ts';

const NAME_MAX = limitById('contact-name-length').max!;
const EMAIL_MAX = limitById('contact-email-length').max!;

/** 4.6, 4.7: the identifier of a list, used by all contact operations (2.3). */
export const listKey = z.string().min(1).meta({ description: 'Identifier of the list (section 2.3)', example: 'lk_8f2c1a' });

/**
 * 4.6 add `number`: "10-digit national number, digits only, no country code; with
 * find_country_code=1 it may include the country code". The service is for Mexico (1), whose
 * numbers with country code have 12 digits (2.4).
 */
export function contactNumberProblem(number: string, findCountryCode: boolean): string | undefined {
  if (/^\d{10}$/.test(number)) return undefined;
  if (findCountryCode)
    return new RegExp(`^${MEXICO_COUNTRY_CODE}\\d{10}$`).test(number) ? undefined : 'with find_country_code=1: 10 digits, or 12 with the country code 52';
  return 'a 10-digit national number, digits only, no country code';
}

const customFields = {
  custom_field_1: z.string().optional(),
  custom_field_2: z.string().optional(),
  custom_field_3: z.string().optional(),
  custom_field_4: z.string().optional(),
};

export const ContactAddRequest = z
  .object({
    list_key: listKey,
    number: z.string().min(1).meta({
      description: '10-digit national number, digits only, no country code; with find_country_code=1 it may include the country code',
      example: '5512345678',
    }),
    name: z
      .string()
      .max(NAME_MAX)
      .optional()
      .meta({ description: `Max ${NAME_MAX} characters` }),
    email: z
      .string()
      .max(EMAIL_MAX)
      .optional()
      .meta({ description: `Max ${EMAIL_MAX} characters` }),
    country_code: countryCode.optional().meta({ description: 'Default 52' }),
    find_country_code: flag01.optional(),
    // 4.6: "ignored if the format is invalid", so an invalid date must not be refused.
    birthday_date: z.string().optional().meta({ description: 'YYYY-MM-DD; ignored if the format is invalid', example: '1990-05-17' }),
    ...customFields,
  })
  .superRefine((req, ctx) => {
    const problem = contactNumberProblem(req.number, isFlagSet(req.find_country_code));
    if (problem) ctx.addIssue({ code: 'custom', path: ['number'], message: problem });
  })
  .meta({ id: 'ContactAddRequest', description: 'POST /contacts/add body; an existing contact of the list is updated (section 4.6)' });
export type ContactAddRequest = z.infer<typeof ContactAddRequest>;

export const ContactUpdateRequest = z
  .object({
    list_key: listKey,
    number: z.string().min(1).meta({ description: 'Number of the contact to update', example: '5512345678' }),
    email: z.string().optional().meta({ description: 'New email' }),
  })
  .meta({ id: 'ContactUpdateRequest', description: 'POST /contacts/update body (section 4.6)' });
export type ContactUpdateRequest = z.infer<typeof ContactUpdateRequest>;

export const ContactDeleteRequest = z
  .object({
    list_key: listKey,
    number: z.string().min(1).meta({ description: 'Number of the contact to delete', example: '5512345678' }),
    email: z.string().optional().meta({ description: 'Optional filter' }),
  })
  .meta({ id: 'ContactDeleteRequest', description: 'POST /contacts/delete body (section 4.6)' });
export type ContactDeleteRequest = z.infer<typeof ContactDeleteRequest>;

export const ContactDuplicateRequest = z
  .object({
    current_list_key: listKey.meta({ description: 'Source list' }),
    new_list_key: listKey.meta({ description: 'Destination list' }),
    contact_id: z.string().min(1).meta({ description: 'Id of the contact to copy (a string)', example: '1042' }),
  })
  .meta({ id: 'ContactDuplicateRequest', description: 'POST /contacts/duplicate body (section 4.6)' });
export type ContactDuplicateRequest = z.infer<typeof ContactDuplicateRequest>;

/** 4.6: "path parameter action (string, req; allowed values: not shown)". */
export const ContactPollParams = z.object({
  action: z.string().min(1).meta({ description: 'Required; allowed values: not shown' }),
});

export const ContactPollRequest = z
  .object({
    list_key: listKey,
    // 4.6 gives no type for the polling contact_id; duplicate's is a string and 2.4's id an integer.
    contact_id: z.union([z.string().min(1), z.number().int()]).meta({ description: 'Required (type not stated: string or integer accepted)', example: '1042' }),
  })
  .meta({ id: 'ContactPollRequest', description: 'POST /contacts/polling/{action} body (section 4.6)' });
export type ContactPollRequest = z.infer<typeof ContactPollRequest>;

/**
 * 2.4: the contact returned inside `callback`. Only id, number and list_id identify it; the other
 * fields mirror optional request fields, and how an unset one is written (absent, null or "") is
 * the server's choice (latitude unset-field).
 */
export const Contact = z
  .object({
    id: z.number().int(),
    name: unsettable(z.string()),
    number: z.string().regex(/^\d+$/, 'digits only').meta({ description: 'Country code included, 12 digits for Mexico', example: '525512345678' }),
    email: unsettable(z.string()),
    custom_field_1: unsettable(z.string()),
    custom_field_2: unsettable(z.string()),
    custom_field_3: unsettable(z.string()),
    custom_field_4: unsettable(z.string()),
    list_id: z.number().int(),
    birthday_date: unsettable(dateText).meta({ description: 'YYYY-MM-DD' }),
    facebook: unsettable(z.string()),
    twitter: unsettable(z.string()),
    linkedin: unsettable(z.string()),
    instagram: unsettable(z.string()),
    street: unsettable(z.string()),
    zip: unsettable(z.string()),
  })
  .superRefine((c, ctx) => {
    // 2.4: "12 digits for Mexico".
    if (c.number.startsWith(MEXICO_COUNTRY_CODE) && c.number.length !== 12)
      ctx.addIssue({ code: 'custom', path: ['number'], message: 'a Mexican number with country code has 12 digits' });
  })
  .meta({ id: 'Contact', description: 'Contact returned inside callback (section 2.4)' });
export type Contact = z.infer<typeof Contact>;

/** 4.6: success of add; update and duplicate answer "the same success body as add". */
export const ContactCallbackResponse = successBody({ code: 'contact_13', message: 'contact_added' }, { callback: Contact }).meta({
  id: 'ContactCallbackResponse',
  description: 'Success of /contacts/add, /contacts/update and /contacts/duplicate (sections 4.6, 2.4)',
});
export type ContactCallbackResponse = z.infer<typeof ContactCallbackResponse>;

export const ContactDeleteResponse = successBody({ code: 'contact_12', message: 'contact_deleted' }, {}).meta({
  id: 'ContactDeleteResponse',
  description: 'Success of /contacts/delete (section 4.6)',
});

export const ContactPollResponse = successBody({ code: 'sms_11', message: 'Ok' }, {}).meta({
  id: 'ContactPollResponse',
  description: 'Success of /contacts/polling/{action} (section 4.6)',
});

const callbackExample = (requestId: string, contact: Partial<Contact> = {}) => ({
  success: true,
  message: 'contact_added',
  status: 200,
  code: 'contact_13',
  callback: { id: 1042, name: 'Ana Lopez', number: '525512345678', email: 'ana@example.com', list_id: 17, birthday_date: '1990-05-17', ...contact },
  request_id: requestId,
});

export const contactsOperations: OperationDefinition[] = [
  {
    operationId: 'contacts/add',
    method: 'POST',
    path: '/contacts/add',
    area: 'contacts',
    summary: 'Add a contact to a list',
    description:
      'Adds a contact to the list list_key. If the contact already exists in the list it is ' +
      'updated. An invalid birthday_date is ignored. Answers the contact in callback (section 2.4).',
    section: '4.6',
    auth: 'account',
    request: { body: ContactAddRequest },
    success: {
      httpStatus: [200],
      code: 'contact_13',
      message: 'contact_added',
      schema: ContactCallbackResponse,
      examples: { added: { status: 200, summary: 'Contact added', value: callbackExample('7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01') } },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
  {
    operationId: 'contacts/update',
    method: 'POST',
    path: '/contacts/update',
    area: 'contacts',
    summary: 'Update a contact',
    description: 'Updates the contact number of the list list_key, with an optional new email. Same success body as add.',
    section: '4.6',
    auth: 'account',
    request: { body: ContactUpdateRequest },
    success: {
      httpStatus: [200],
      code: 'contact_13',
      message: 'contact_added',
      schema: ContactCallbackResponse,
      examples: {
        updated: {
          status: 200,
          summary: 'New email stored',
          value: callbackExample('7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c02', { email: 'ana.lopez@example.com' }),
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['unnamed-validation-codes'],
  },
  {
    operationId: 'contacts/delete',
    method: 'POST',
    path: '/contacts/delete',
    area: 'contacts',
    summary: 'Delete a contact',
    description: 'Deletes the contact number from the list list_key; email is an optional filter.',
    section: '4.6',
    auth: 'account',
    request: { body: ContactDeleteRequest },
    success: {
      httpStatus: [200],
      code: 'contact_12',
      message: 'contact_deleted',
      schema: ContactDeleteResponse,
      examples: {
        deleted: {
          status: 200,
          summary: 'Contact deleted',
          value: { success: true, message: 'contact_deleted', status: 200, code: 'contact_12', request_id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c03' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
  {
    operationId: 'contacts/duplicate',
    method: 'POST',
    path: '/contacts/duplicate',
    area: 'contacts',
    summary: 'Copy a contact to another list',
    description: 'Copies the contact contact_id from the source list current_list_key to the destination list new_list_key. Success body as add.',
    section: '4.6',
    auth: 'account',
    request: { body: ContactDuplicateRequest },
    success: {
      httpStatus: [200],
      code: 'contact_13',
      message: 'contact_added',
      schema: ContactCallbackResponse,
      examples: {
        duplicated: { status: 200, summary: 'Contact copied', value: callbackExample('7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c04', { id: 1043, list_id: 18 }) },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
  {
    operationId: 'contacts/poll',
    method: 'POST',
    path: '/contacts/polling/{action}',
    area: 'contacts',
    summary: 'Poll contact changes',
    description: 'Queries contact changes and fires a webhook toward an automation platform. The allowed values of the path parameter action: not shown.',
    section: '4.6',
    auth: 'account',
    request: { params: ContactPollParams, body: ContactPollRequest },
    success: {
      httpStatus: [200],
      code: 'sms_11',
      message: 'Ok',
      schema: ContactPollResponse,
      examples: {
        polled: {
          status: 200,
          summary: 'Poll accepted',
          value: { success: true, message: 'Ok', status: 200, code: 'sms_11', request_id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c05' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['contacts-polling-action'],
  },
];
