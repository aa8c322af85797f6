/** Section 4.7 and 2.3: contact lists (agendas). */
import { z } from 'zod';
import { listKey } from './contacts.ts';
import { successBody, unsettable } from './envelope.ts';
import { dateTimeOut } from './formats.ts';
import { limitById } from './limits.ts';
import type { OperationDefinition } from './operation.ts';

/** Placeholder for example bodies whose message text the document does not state. */
const MESSAGE_NOT_SHOWN = '(message not shown)';

const QUERY_MAX = limitById('contactlist-query-length').max!;

const customFieldLabels = {
  custom_field_1: z.string().optional().meta({ description: 'Label of custom field 1' }),
  custom_field_2: z.string().optional().meta({ description: 'Label of custom field 2' }),
  custom_field_3: z.string().optional().meta({ description: 'Label of custom field 3' }),
  custom_field_4: z.string().optional().meta({ description: 'Label of custom field 4' }),
};

/**
 * 2.3 "custom_field_1..custom_field_4 | string | labels of up to four custom fields": 4.7 /agendas/get
 * names only the other four fields, so a listing may leave the labels out; a label never given may
 * be written absent, null or "" (latitude unset-field).
 */
const listedLabels = {
  custom_field_1: unsettable(z.string()).meta({ description: 'Label of custom field 1' }),
  custom_field_2: unsettable(z.string()).meta({ description: 'Label of custom field 2' }),
  custom_field_3: unsettable(z.string()).meta({ description: 'Label of custom field 3' }),
  custom_field_4: unsettable(z.string()).meta({ description: 'Label of custom field 4' }),
};

/** 2.3: a contact list. 4.7 /agendas/get returns the first four fields; the labels may be absent. */
export const Agenda = z
  .object({
    list_key: listKey,
    agenda_name: z.string().meta({ description: 'List name, unique within the account', example: 'Clientes' }),
    // Optional at creation (4.7): a list created without one may write it absent, null or "" (latitude unset-field).
    agenda_description: unsettable(z.string()),
    agenda_creation_date: dateTimeOut.meta({ description: 'Timestamp, format YYYY-MM-DD HH:MM:SS' }),
    ...listedLabels,
  })
  .meta({ id: 'Agenda', description: 'Contact list (section 2.3)' });
export type Agenda = z.infer<typeof Agenda>;

/** 2.4: "Listing a list's contacts returns: contact_name, contact_number, contact_email, contact_creation_date (all strings)". */
export const AgendaContact = z
  .object({
    // name and email are optional at /contacts/add (4.6): unset, they may be absent, null or "" (latitude unset-field).
    contact_name: unsettable(z.string()),
    contact_number: z.string(),
    contact_email: unsettable(z.string()),
    contact_creation_date: z.string(),
  })
  .meta({ id: 'AgendaContact', description: 'A contact as /agendas/get_contacts lists it (section 2.4)' });
export type AgendaContact = z.infer<typeof AgendaContact>;

// ---------------------------------------------------------------------------------------------
// Requests (4.7).
// ---------------------------------------------------------------------------------------------

export const AgendaAddRequest = z
  .object({
    // 7.2 agenda_02 "name missing", agenda_03 "duplicate name".
    agenda_name: z.string().min(1).meta({ description: 'Required, unique per account', example: 'Clientes' }),
    agenda_description: z.string().optional(),
    ...customFieldLabels,
  })
  .meta({ id: 'AgendaAddRequest', description: 'POST /agendas/add body (section 4.7)' });
export type AgendaAddRequest = z.infer<typeof AgendaAddRequest>;

export const AgendaRenameRequest = z
  .object({
    list_key: listKey,
    agenda_name: z.string().min(1).meta({ description: 'New name (change_name_03 when missing)', example: 'Clientes VIP' }),
  })
  .meta({ id: 'AgendaRenameRequest', description: 'POST /agendas/change_name body (section 4.7)' });
export type AgendaRenameRequest = z.infer<typeof AgendaRenameRequest>;

/** 4.7: get_contacts and delete take only list_key. */
export const AgendaListContactsRequest = z
  .object({ list_key: listKey })
  .meta({ id: 'AgendaListContactsRequest', description: 'POST /agendas/get_contacts body (section 4.7)' });

export const AgendaDeleteRequest = z.object({ list_key: listKey }).meta({ id: 'AgendaDeleteRequest', description: 'POST /agendas/delete body (section 4.7)' });

/**
 * 4.7: "query parameter query (string, optional; search by name, max 100 chars)". The paging
 * parameters are not shown (ambiguity contactlist-find-paging), so other parameters pass.
 */
export const AgendaFindQuery = z
  .looseObject({
    query: z
      .string()
      .max(QUERY_MAX)
      .optional()
      .meta({ description: `Search by name, max ${QUERY_MAX} chars`, example: 'Clien' }),
  })
  .meta({ id: 'AgendaFindQuery', description: 'GET /contactlist/find query; the parameters that select the page or size: not shown (section 4.7)' });
export type AgendaFindQuery = z.infer<typeof AgendaFindQuery>;

// ---------------------------------------------------------------------------------------------
// Responses (4.7).
// ---------------------------------------------------------------------------------------------

export const AgendaAddResponse = successBody(
  { code: 'agenda_01', message: 'phoneBookSavedSuccess' },
  { list_key: listKey.meta({ description: 'Identifier of the new list' }) },
).meta({ id: 'AgendaAddResponse', description: 'Success of /agendas/add (section 4.7)' });

/** 4.7: "result array of lists ... ordered by name; code agendas_01" (message: not stated). */
export const AgendaListResponse = successBody({ code: 'agendas_01' }, { result: z.array(Agenda).meta({ description: 'Lists ordered by name' }) }).meta({
  id: 'AgendaListResponse',
  description: 'Success of /agendas/get (sections 4.7, 2.3)',
});

export const AgendaRenameResponse = successBody({ code: 'change_name_01', message: 'phonebook_name_updated' }, {}).meta({
  id: 'AgendaRenameResponse',
  description: 'Success of /agendas/change_name (section 4.7)',
});

/**
 * 4.7: "code get_contacts_01 with all contacts of the list, no pagination, ordered by name". The
 * name of the field that carries them is not shown: the body is open, and some array field must
 * hold contacts of the 2.4 listing shape.
 */
export const AgendaListContactsResponse = successBody({ code: 'get_contacts_01' }, {})
  .loose()
  .superRefine((body, ctx) => {
    const holdsContacts = Object.values(body).some((v) => Array.isArray(v) && v.every((c) => AgendaContact.safeParse(c).success));
    if (!holdsContacts) ctx.addIssue({ code: 'custom', message: 'no array of contacts (contact_name, contact_number, contact_email, contact_creation_date)' });
  })
  .meta({ id: 'AgendaListContactsResponse', description: 'Success of /agendas/get_contacts; the field holding the contacts: not shown (sections 4.7, 2.4)' });

/**
 * 4.7: "Success code is delete_01 (the sample body shows the rename success values)": both are
 * accepted (ambiguity agendas-delete-success-code); the message of delete_01 is not stated.
 */
export const AgendaDeleteResponse = successBody(
  {},
  { code: z.enum(['delete_01', 'change_name_01']).meta({ description: 'delete_01 as documented, or change_name_01 as the sample body' }) },
).meta({ id: 'AgendaDeleteResponse', description: 'Success of /agendas/delete (section 4.7)' });

export const AgendaFindItem = z
  .object({ id: z.string(), name: z.string() })
  .meta({ id: 'AgendaFindItem', description: 'A list found by /contactlist/find (section 4.7)' });

/**
 * 4.7: "a paged envelope: success, status, code=contactlist_03, result, total_count, page,
 * total_pages, limit, has_more, next_page". message is not listed, so it may be absent; request_id
 * stays required (2.1: "present in every JSON response").
 */
export const AgendaFindResponse = successBody(
  { code: 'contactlist_03' },
  {
    message: z.string().optional(),
    result: z.array(AgendaFindItem),
    total_count: z.number().int().nonnegative(),
    page: z.number().int().nonnegative(),
    total_pages: z.number().int().nonnegative(),
    limit: z.number().int().positive().meta({ description: 'Items per page' }),
    has_more: z.boolean(),
    next_page: z.number().int().nullable().meta({ description: 'Integer, or null on the last page' }),
  },
)
  .superRefine((body, ctx) => {
    // 4.7: next_page is null on the last page, which is the page with no more after it.
    if ((body.next_page === null) === body.has_more)
      ctx.addIssue({ code: 'custom', path: ['next_page'], message: 'next_page is null exactly when has_more is false (last page)' });
    // limit is the number of items per page.
    if (body.result.length > body.limit) ctx.addIssue({ code: 'custom', path: ['result'], message: 'more items than limit' });
  })
  .meta({ id: 'AgendaFindResponse', description: 'Paged result of GET /contactlist/find (section 4.7)' });
export type AgendaFindResponse = z.infer<typeof AgendaFindResponse>;

export const agendasOperations: OperationDefinition[] = [
  {
    operationId: 'agendas/add',
    method: 'POST',
    path: '/agendas/add',
    area: 'agendas',
    summary: 'Create a contact list',
    description:
      'Creates a contact list named agenda_name (unique per account) with an optional ' +
      'description and up to four custom-field labels, and answers its list_key.',
    section: '4.7',
    auth: 'account',
    request: { body: AgendaAddRequest },
    success: {
      httpStatus: [200],
      code: 'agenda_01',
      message: 'phoneBookSavedSuccess',
      schema: AgendaAddResponse,
      examples: {
        created: {
          status: 200,
          summary: 'List created',
          value: {
            success: true,
            message: 'phoneBookSavedSuccess',
            status: 200,
            code: 'agenda_01',
            list_key: 'lk_8f2c1a',
            request_id: 'c4d5e6f7-0819-4a2b-9c3d-4e5f6a7b8c01',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
  {
    operationId: 'agendas/list',
    method: 'POST',
    path: '/agendas/get',
    area: 'agendas',
    summary: 'List contact lists',
    description: 'No body. Returns the contact lists of the account (agenda_name, agenda_description, agenda_creation_date, list_key) ordered by name.',
    section: '4.7',
    auth: 'account',
    request: {},
    success: {
      httpStatus: [200],
      code: 'agendas_01',
      schema: AgendaListResponse,
      examples: {
        lists: {
          status: 200,
          summary: 'Two lists (message text: not shown)',
          value: {
            success: true,
            message: MESSAGE_NOT_SHOWN,
            status: 200,
            code: 'agendas_01',
            result: [
              { list_key: 'lk_8f2c1a', agenda_name: 'Clientes', agenda_description: 'Clientes frecuentes', agenda_creation_date: '2026-01-15 09:30:00' },
              { list_key: 'lk_1b9d4e', agenda_name: 'Proveedores', agenda_description: '', agenda_creation_date: '2026-02-03 17:05:12' },
            ],
            request_id: 'c4d5e6f7-0819-4a2b-9c3d-4e5f6a7b8c02',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
  {
    operationId: 'agendas/rename',
    method: 'POST',
    path: '/agendas/change_name',
    area: 'agendas',
    summary: 'Rename a contact list',
    description: 'Changes the name of the list list_key to agenda_name.',
    section: '4.7',
    auth: 'account',
    request: { body: AgendaRenameRequest },
    success: {
      httpStatus: [200],
      code: 'change_name_01',
      message: 'phonebook_name_updated',
      schema: AgendaRenameResponse,
      examples: {
        renamed: {
          status: 200,
          summary: 'List renamed',
          value: { success: true, message: 'phonebook_name_updated', status: 200, code: 'change_name_01', request_id: 'c4d5e6f7-0819-4a2b-9c3d-4e5f6a7b8c03' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
  {
    operationId: 'agendas/list-contacts',
    method: 'POST',
    path: '/agendas/get_contacts',
    area: 'agendas',
    summary: 'List the contacts of a list',
    description:
      'Returns all contacts of the list list_key (contact_name, contact_number, contact_email, contact_creation_date), no pagination, ordered by name.',
    section: '4.7',
    auth: 'account',
    request: { body: AgendaListContactsRequest },
    success: {
      httpStatus: [200],
      code: 'get_contacts_01',
      schema: AgendaListContactsResponse,
      examples: {
        contacts: {
          status: 200,
          summary: 'One contact (message text and the name of the contacts field: not shown)',
          value: {
            success: true,
            message: MESSAGE_NOT_SHOWN,
            status: 200,
            code: 'get_contacts_01',
            result: [
              { contact_name: 'Ana Lopez', contact_number: '525512345678', contact_email: 'ana@example.com', contact_creation_date: '2026-01-15 09:31:00' },
            ],
            request_id: 'c4d5e6f7-0819-4a2b-9c3d-4e5f6a7b8c04',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
    notShown: 'The field of the get_contacts_01 body that holds the contacts: not shown (sections 4.7, 2.4).',
  },
  {
    operationId: 'agendas/delete',
    method: 'POST',
    path: '/agendas/delete',
    area: 'agendas',
    summary: 'Delete a contact list',
    description: 'Deletes the list list_key and all its contacts, irreversibly. Success code is delete_01 (the sample body shows the rename success values).',
    section: '4.7',
    auth: 'account',
    request: { body: AgendaDeleteRequest },
    success: {
      httpStatus: [200],
      code: 'delete_01',
      schema: AgendaDeleteResponse,
      examples: {
        deleted: {
          status: 200,
          summary: 'As documented: code delete_01 (message text: not shown)',
          value: { success: true, message: MESSAGE_NOT_SHOWN, status: 200, code: 'delete_01', request_id: 'c4d5e6f7-0819-4a2b-9c3d-4e5f6a7b8c05' },
        },
        sample: {
          status: 200,
          summary: 'As the sample body: the rename success values',
          value: { success: true, message: 'phonebook_name_updated', status: 200, code: 'change_name_01', request_id: 'c4d5e6f7-0819-4a2b-9c3d-4e5f6a7b8c06' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['agendas-delete-success-code'],
  },
  {
    operationId: 'agendas/find',
    method: 'GET',
    path: '/contactlist/find',
    area: 'agendas',
    summary: 'Search contact lists by name',
    description:
      'Searches the contact lists by name (query, max 100 chars) and answers a paged envelope: result ' +
      '({id, name}), total_count, page, total_pages, limit (items per page), has_more and next_page ' +
      '(null on the last page). The request parameters that select the page or size: not shown.',
    section: '4.7',
    auth: 'account',
    request: { query: AgendaFindQuery },
    success: {
      httpStatus: [200],
      code: 'contactlist_03',
      schema: AgendaFindResponse,
      examples: {
        lastPage: {
          status: 200,
          summary: 'One match, single page',
          value: {
            success: true,
            status: 200,
            code: 'contactlist_03',
            result: [{ id: '17', name: 'Clientes' }],
            total_count: 1,
            page: 1,
            total_pages: 1,
            limit: 20,
            has_more: false,
            next_page: null,
            request_id: 'c4d5e6f7-0819-4a2b-9c3d-4e5f6a7b8c07',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['contactlist-find-paging'],
    notShown: 'The request parameters that select the page or size: not shown (section 4.7).',
  },
];
