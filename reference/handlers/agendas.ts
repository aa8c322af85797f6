/**
 * 4.7 and 2.3: contact lists (agendas), with the codes of 7.2. The lists live in the shared
 * contact book (contact-book.ts), because deleting a list also deletes its contacts (4.7).
 */
import { agendas } from '../../schemas/index.ts';
import type { Account } from '../accounts.ts';
import {
  agendaOf,
  contactsOf,
  createList,
  customValues,
  deleteList,
  findList,
  listCount,
  listingOf,
  listNamed,
  listsOf,
  type ContactList,
} from '../contact-book.ts';
import { issuesOn } from '../field-issues.ts';
import { handler, type HandlerSet, type InvalidHandler, type RawRequest, type Reply } from '../handler.ts';
import { genericInvalid } from '../pipeline.ts';
import { quotaFull, quotaReached } from '../quotas.ts';
import { inCheckOrder, takesAlternate } from '../personality.ts';
import { fail, invalidParameters, ok } from '../replies.ts';
import type { Seams } from '../seams.ts';

/** Items per page of /contactlist/find when the request names none, and the largest page allowed. */
const FIND_DEFAULT_LIMIT = 20;
const FIND_MAX_LIMIT = 100;

/** A name of only spaces is as good as missing (7.2 agenda_02, change_name_03). */
const blank = (text: string): boolean => text.trim() === '';

/** Maps schema issues to the first documented code whose field is at fault (7.2), else the generic answer. */
const invalidBy =
  (codes: readonly (readonly [field: string, code: string, message: string])[]): InvalidHandler =>
  (req, issues) => {
    // 7.2 get_contacts_02 for a missing list_key (get_contacts and delete).
    const codeOf = (code: string): string => (code === 'get_contacts_02' ? req.server.seams.at('agendas.missing-list-key-code', code) : code);
    // Latitude check-order: fields in the order of the table, or (alternate) the reverse.
    for (const [field, code, message] of inCheckOrder(req.server.options, codes))
      if (issuesOn(issues, field).length > 0) return fail(req, codeOf(code), message);
    return genericInvalid(req, issues);
  };

const LIST_KEY_MISSING = ['list_key', 'get_contacts_02', 'list_key is required'] as const;

/**
 * 4.7 get_contacts: "code get_contacts_01 with all contacts of the list" (ambiguity
 * agendas-get-contacts-field). Under 'result', `result`; under 'any-array' the field is the
 * server's: `result` by default, `contacts` for the alternate personality.
 */
const contactsField = (req: RawRequest): string =>
  req.server.options.choices['agendas-get-contacts-field'] === 'any-array' && takesAlternate(req.server.options) ? 'contacts' : 'result';

/** 7.2 err_01 / err_03: the list does not exist in this account (`ownOnly` false: the seam of a reading across accounts). */
function withList(req: RawRequest & { account: Account }, key: string, missingCode: string, use: (list: ContactList) => Reply, ownOnly = true): Reply {
  // 1, 5.2: an account sees only its own lists.
  const shared =
    ownOnly && req.server.seams.at('lists.own-account-only', true)
      ? undefined
      : [...req.server.accounts.all()].map((a) => findList(a, key)).find((l) => l !== undefined);
  const list = findList(req.account, key) ?? shared;
  return list ? use(list) : fail(req, missingCode, 'The list does not exist');
}

export const agendasHandlers: HandlerSet = {
  // 4.7 add: agenda_02 name missing, agenda_03 name already exists (2.3: unique within the account).
  'agendas/add': handler(
    agendas.AgendaAddRequest,
    (ctx) => {
      const name = ctx.input.agenda_name;
      if (blank(name)) return fail(ctx, 'agenda_02', 'agenda_name is required');
      // 7.2 agenda_03 name already exists.
      if (ctx.server.seams.at('agendas.refuses-duplicate-name', listNamed(ctx.account, name) !== undefined))
        return fail(ctx, 'agenda_03', 'A list with this name already exists');
      if (quotaFull('lists', listCount(ctx.account))) return quotaReached(ctx, 'lists');
      const list = createList(ctx.account, ctx.server.clock.now(), { name, description: ctx.input.agenda_description ?? '', labels: customValues(ctx.input) });
      return ok(ctx, { list_key: list.key });
    },
    invalidBy([['agenda_name', 'agenda_02', 'agenda_name is required']]),
  ),

  // 4.7 get: "result array of lists ... ordered by name".
  'agendas/list': handler(undefined, (ctx) => {
    const lists = ctx.server.seams.at('agendas.lists-order', 'name') === 'name' ? listsOf(ctx.account) : listsOf(ctx.account).sort((a, b) => a.id - b.id);
    // Latitude unset-field (2.3): the alternate writes the four custom-field labels, "" when unset.
    // 2.3: each label is the one /agendas/add was given for its field.
    const listed = (l: (typeof lists)[number]) => ({ ...l, labels: ctx.server.seams.at('agendas.listed-labels', l.labels) });
    return ok(ctx, { result: lists.map((l) => agendaOf(listed(l), takesAlternate(ctx.server.options))) });
  }),

  // 4.7 change_name: change_name_02 list_key missing, change_name_03 new name missing, err_03 no such list.
  'agendas/rename': handler(
    agendas.AgendaRenameRequest,
    (ctx) => {
      const { list_key: key, agenda_name: name } = ctx.input;
      if (blank(name)) return fail(ctx, 'change_name_03', 'agenda_name is required');
      // 7.2 err_03 list does not exist.
      return withList(ctx, key, ctx.server.seams.at('agendas.rename-unknown-list-code', 'err_03'), (list) => {
        // 2.3: names stay unique within the account; the document names no code for a rename onto
        // another list's name, so it answers the duplicate-name code of /agendas/add.
        const other = listNamed(ctx.account, name);
        if (other && other !== list) return fail(ctx, 'agenda_03', 'A list with this name already exists');
        list.name = name;
        return ok(ctx);
      });
    },
    invalidBy([
      ['list_key', 'change_name_02', 'list_key is required'],
      ['agenda_name', 'change_name_03', 'agenda_name is required'],
    ]),
  ),

  // 4.7 get_contacts: all contacts, no pagination, ordered by name; get_contacts_02, err_01.
  'agendas/list-contacts': handler(
    agendas.AgendaListContactsRequest,
    (ctx) =>
      withList(
        ctx,
        ctx.input.list_key,
        'err_01',
        (list) =>
          ok(ctx, {
            [contactsField(ctx)]: (ctx.server.seams.at('agendas.contacts-order', 'name') === 'name' ? contactsOf(list) : [...list.contacts.values()]).map(
              listingOf,
            ),
          }),
        // 2.3, 5.2: the contacts of a list are read with its own account's key only.
        ctx.server.seams.at('agendas.get-contacts-own-account-only', true),
      ),
    invalidBy([LIST_KEY_MISSING]),
  ),

  // 4.7 delete: the list and all its contacts, irreversibly; get_contacts_02, err_01.
  'agendas/delete': handler(
    agendas.AgendaDeleteRequest,
    (ctx) => {
      const key = ctx.input.list_key;
      if (!findList(ctx.account, key)) return fail(ctx, 'err_01', 'The list does not exist or could not be deleted');
      // 4.7 "Deletes the list and all its contacts, irreversibly".
      if (ctx.server.seams.at('agendas.delete-removes-list', true)) deleteList(ctx.account, key);
      // Ambiguity agendas-delete-success-code: delete_01 as documented, or the sample's rename values.
      return ctx.server.options.choices['agendas-delete-success-code'] === 'rename-values'
        ? ok(ctx, {}, { code: 'change_name_01', message: 'phonebook_name_updated' })
        : ok(ctx, {}, { code: 'delete_01', message: 'phonebook_deleted' });
    },
    invalidBy([LIST_KEY_MISSING]),
  ),

  // 4.7 /contactlist/find: search by name, paged envelope.
  'agendas/find': handler(agendas.AgendaFindQuery, (ctx) => {
    const paging = pagingOf(ctx);
    if (typeof paging === 'string') return invalidParameters(ctx, paging.split(':')[0], paging);
    const needle = (ctx.input.query ?? '').toLowerCase();
    const found = listsOf(ctx.account).filter((l) => l.name.toLowerCase().includes(needle));
    return ok(ctx, pageOf(found, paging, ctx.server.seams), { code: 'contactlist_03', message: 'contact_lists_found' });
  }),
};

interface Paging {
  page: number;
  limit: number;
}

/** A positive integer query parameter, its default when absent, or undefined when unusable. */
function positiveParam(value: unknown, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  return typeof value === 'string' && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/**
 * 4.7: "The request parameters that select the page or size: not shown". Ambiguity
 * contactlist-find-paging: with 'page-limit' the query parameters page and limit (named like the
 * response fields) select them; otherwise the first page of the default size is answered.
 */
function pagingOf(ctx: RawRequest & { input: agendas.AgendaFindQuery }): Paging | string {
  if (ctx.server.options.choices['contactlist-find-paging'] !== 'page-limit') return { page: 1, limit: FIND_DEFAULT_LIMIT };
  const page = positiveParam(ctx.input.page, 1);
  const limit = positiveParam(ctx.input.limit, FIND_DEFAULT_LIMIT);
  if (page === undefined) return 'page: a positive integer';
  if (limit === undefined || limit > FIND_MAX_LIMIT) return `limit: an integer from 1 to ${FIND_MAX_LIMIT}`;
  return { page, limit };
}

/** 4.7: result [{id, name}], total_count, page, total_pages, limit, has_more, next_page (null on the last page). */
function pageOf(lists: readonly ContactList[], { page, limit }: Paging, seams: Seams): Record<string, unknown> {
  const totalPages = Math.ceil(lists.length / limit);
  const hasMore = page < totalPages;
  return {
    result: lists.slice((page - 1) * limit, page * limit).map((l) => ({ id: String(l.id), name: l.name })),
    total_count: lists.length,
    page,
    total_pages: totalPages,
    limit,
    has_more: hasMore,
    next_page: hasMore ? page + 1 : seams.at('agendas.find-next-page-on-last', null),
  };
}
