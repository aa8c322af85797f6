/**
 * 4.7 and 2.3: contact lists (agendas), with the codes of 7.2 (agenda_, change_name_, get_contacts_,
 * err_). Every effect is observed through another call: /agendas/get, /agendas/get_contacts and
 * /contactlist/find. Every list is named with the run prefix and deleted at teardown.
 */
import { describe, expect } from 'vitest';
import { type Answer, expectError, expectRefused, expectSuccess, judge, req, useTarget } from '../harness/kit/index.ts';
import { AgendaDeleteResponse, AgendaFindResponse, AgendaListResponse, AgendaRenameResponse, type AgendaFindResponse as FindBody } from '../schemas/agendas.ts';
import { isUnset } from '../schemas/envelope.ts';
import { limitById } from '../schemas/limits.ts';
import { addContact, createList, listContacts, listLists, sameNumber, textOfLength } from './support/contacts-lists.ts';

const t = useTarget();

const QUERY_LIMIT = limitById('contactlist-query-length');

/** A list key that no account holds: a list created, then deleted (4.7: irreversibly). */
async function deletedListKey(): Promise<string> {
  const { listKey } = await createList(t);
  expectSuccess(await t.api('agendas/delete', { json: { list_key: listKey } }), 'agendas/delete', AgendaDeleteResponse);
  return listKey;
}

/**
 * 4.7: the paged envelope is consistent in itself: total_pages counts pages of `limit` items,
 * has_more says whether a page follows, next_page is the following page or null on the last one,
 * and the page holds `limit` items except the last.
 */
function expectConsistentPage(body: FindBody, where: string): void {
  const { total_count: total, page, total_pages: pages, limit, has_more: more, next_page: next, result } = body;
  // 4.7 states the fields and "null on the last page"; how they agree with each other is our reading
  // (rule:agendas.find-paging, warn).
  const paging = 'the paged envelope of /contactlist/find (4.7)';
  if (total === 0) judge('rule:agendas.find-paging', paging, () => expect(pages, `${where}: total_pages of an empty result`).toBeLessThanOrEqual(1));
  else judge('rule:agendas.find-paging', paging, () => expect(pages, `${where}: total_pages = ceil(total_count / limit)`).toBe(Math.ceil(total / limit)));
  judge('rule:agendas.find-paging', paging, () => expect(more, `${where}: has_more = page < total_pages`).toBe(page < pages));
  if (page >= pages) judge('op:agendas/find', paging, () => expect(next, `${where}: next_page null on the last page`).toBeNull());
  else judge('rule:agendas.find-paging', paging, () => expect(next, `${where}: next_page is the following page`).toBe(page + 1));
  const expectedItems = Math.max(0, Math.min(limit, total - (page - 1) * limit));
  judge('rule:agendas.find-paging', paging, () =>
    expect(result.length, `${where}: items on page ${page} of ${pages} (${total} in all, ${limit} per page)`).toBe(expectedItems),
  );
}

async function find(query: Record<string, string | number>): Promise<{ answer: Answer; body: FindBody }> {
  const answer = await t.api('agendas/find', { query });
  return { answer, body: expectSuccess(answer, 'agendas/find', AgendaFindResponse) };
}

/**
 * The names of the lists on every page of /contactlist/find, two per page (4.7). Another file working
 * in the same account may add or delete lists meanwhile: a walk during which total_count changed is
 * started again, at most five times.
 */
async function namesOnEveryPage(): Promise<string[]> {
  let found: string[] = [];
  for (let attempt = 0, stable = false; !stable && attempt < 5; attempt += 1) {
    found = [];
    stable = true;
    let total: number | undefined;
    for (let page = 1, more = true; more; page += 1) {
      const { body } = await find({ limit: 2, page });
      expectConsistentPage(body, `find?limit=2&page=${page}`);
      found.push(...body.result.map((r) => r.name));
      total ??= body.total_count;
      if (body.total_count !== total) stable = false;
      more = stable && body.has_more && page < 500;
    }
  }
  return found;
}

describe('POST /agendas/add (4.7)', () => {
  req(['op:agendas/add', 'op:agendas/list'], 'answers agenda_01 with a list_key, and /agendas/get lists the new list with its fields (2.3)', async () => {
    const name = t.name('add');
    const description = `desc ${name}`;
    // 2.3: "labels of up to four custom fields", given at /agendas/add (4.7); distinct, so a label under the wrong field shows.
    const labels = { custom_field_1: 'uno', custom_field_2: 'dos', custom_field_3: 'tres', custom_field_4: 'cuatro' } as const;
    const { listKey } = await createList(t, name, { agenda_description: description, ...labels });
    const listed = (await listLists(t)).filter((l) => l.list_key === listKey);
    // 4.7: /agendas/get returns the lists of the account with the fields of 2.3.
    judge('op:agendas/list', 'the new list in /agendas/get (4.7, 2.3)', () => expect(listed, 'the new list appears once in /agendas/get').toHaveLength(1));
    const list = listed[0]!;
    judge('op:agendas/list', 'the fields of the listed list (4.7, 2.3)', () => expect(list.agenda_name).toBe(name));
    judge('op:agendas/list', 'the fields of the listed list (4.7, 2.3)', () => expect(list.agenda_description).toBe(description));
    // 4.7 names only four fields of /agendas/get: a listing may leave the labels out, but a label it writes is the one given.
    const written = Object.entries(labels).filter(([field]) => !isUnset(list[field as keyof typeof labels]));
    judge('extra-fields', 'custom-field labels in /agendas/get', written.length === 0 ? 'not listed' : `listed: ${written.map(([f]) => f).join(', ')}`);
    for (const [field, label] of written)
      judge('op:agendas/list', 'the fields of the listed list (4.7, 2.3)', () =>
        expect(list[field as keyof typeof labels], `${field}: the label given to /agendas/add (2.3)`).toBe(label),
      );
  });

  req(['err:agenda_02'], 'agenda_02 when agenda_name is missing, and no list is created', async () => {
    const description = `nameless ${t.name('d')}`;
    expectError('err:agenda_02', await t.api('agendas/add', { json: { agenda_description: description } }), 'agenda_02', 'agendas/add');
    // An empty name is no name.
    expectError('err:agenda_02', await t.api('agendas/add', { json: { agenda_name: '', agenda_description: description } }), 'agenda_02', 'agendas/add');
    const lists = await listLists(t);
    judge('err:agenda_02', 'a list without a name is not created (4.7)', () =>
      expect(
        lists.some((l) => l.agenda_description === description),
        'the refused list is not listed',
      ).toBe(false),
    );
  });

  req(['err:agenda_03'], 'agenda_03 when a list of the account already has the name (2.3: unique within the account)', async () => {
    const { name } = await createList(t);
    const again = await t.api('agendas/add', { json: { agenda_name: name } });
    // Should a faulty target create it anyway, delete it at teardown.
    if (typeof again.body.list_key === 'string') t.onCleanup(() => t.api('agendas/delete', { json: { list_key: again.body.list_key } }));
    expectError('err:agenda_03', again, 'agenda_03', 'agendas/add');
    const named = (await listLists(t)).filter((l) => l.agenda_name === name);
    judge('err:agenda_03', 'a list name is unique within the account (4.7, 2.3)', () => expect(named, 'still one list with the name').toHaveLength(1));
  });
});

describe('POST /agendas/get (4.7)', () => {
  req(['op:agendas/list', 'rule:agendas.ordered-by-name'], 'returns the lists ordered by name (created out of order)', async () => {
    const base = t.name('ord');
    // Same prefix and case, one distinct last letter: any collation orders them A, B, C.
    for (const suffix of ['C', 'A', 'B']) await createList(t, `${base}${suffix}`);
    const mine = (await listLists(t)).map((l) => l.agenda_name).filter((n) => n.startsWith(base));
    judge('rule:agendas.ordered-by-name', 'the order of /agendas/get (4.7)', () =>
      expect(mine, 'the three lists, in name order').toEqual([`${base}A`, `${base}B`, `${base}C`]),
    );
  });
});

describe('POST /agendas/change_name (4.7)', () => {
  req(['op:agendas/rename', 'rule:agendas.rename-visible'], 'change_name_01, and /agendas/get and /contactlist/find show the new name', async () => {
    const { listKey, name } = await createList(t);
    const renamed = t.name('renamed');
    expectSuccess(await t.api('agendas/rename', { json: { list_key: listKey, agenda_name: renamed } }), 'agendas/rename', AgendaRenameResponse);
    const listed = (await listLists(t)).filter((l) => l.list_key === listKey);
    const visible = 'the new name, seen by the other operations (4.7)';
    judge('rule:agendas.rename-visible', visible, () =>
      expect(
        listed.map((l) => l.agenda_name),
        'the list under its new name',
      ).toEqual([renamed]),
    );
    const found = await find({ query: renamed });
    judge('rule:agendas.rename-visible', visible, () =>
      expect(
        found.body.result.map((r) => r.name),
        '/contactlist/find finds the new name',
      ).toContain(renamed),
    );
    const old = await find({ query: name });
    judge('rule:agendas.rename-visible', visible, () =>
      expect(
        old.body.result.map((r) => r.name),
        'the old name is gone',
      ).not.toContain(name),
    );
  });

  req(['err:change_name_02'], 'change_name_02 when list_key is missing', async () => {
    expectError('err:change_name_02', await t.api('agendas/rename', { json: { agenda_name: t.name('nokey') } }), 'change_name_02', 'agendas/rename');
  });

  req(['err:change_name_03'], 'change_name_03 when the new name is missing, and the list keeps its name', async () => {
    const { listKey, name } = await createList(t);
    expectError('err:change_name_03', await t.api('agendas/rename', { json: { list_key: listKey } }), 'change_name_03', 'agendas/rename');
    expectError('err:change_name_03', await t.api('agendas/rename', { json: { list_key: listKey, agenda_name: '' } }), 'change_name_03', 'agendas/rename');
    const kept = (await listLists(t)).find((l) => l.list_key === listKey)?.agenda_name;
    judge('err:change_name_03', 'a refused rename keeps the name (4.7)', () => expect(kept).toBe(name));
  });

  req(['err:err_03'], 'err_03 when the list does not exist (a deleted list)', async () => {
    const listKey = await deletedListKey();
    const name = t.name('ghost');
    expectError('err:err_03', await t.api('agendas/rename', { json: { list_key: listKey, agenda_name: name } }), 'err_03', 'agendas/rename');
    const taken = (await listLists(t)).some((l) => l.agenda_name === name);
    judge('err:err_03', 'a rename of a deleted list renames nothing (4.7)', () => expect(taken, 'no list took the name').toBe(false));
  });
});

describe('POST /agendas/get_contacts (4.7)', () => {
  req(
    ['op:agendas/list-contacts', 'rule:agendas.contacts-ordered-by-name', 'rule:contacts.listed'],
    'get_contacts_01 with all contacts of the list, no pagination, ordered by name (ambiguity agendas-get-contacts-field)',
    async () => {
      const { listKey } = await createList(t);
      const base = t.name('c');
      // More contacts than any usual page size (10, 20, 25), added out of name order.
      const letters = 'qwertyuiopasdfghjklzxcvbnm'.split('');
      const added = new Map<string, string>();
      for (const letter of letters) {
        const number = t.phone();
        const name = `${base}${letter}`;
        await addContact(t, listKey, { number, name, email: `${letter}.${base.toLowerCase()}@example.com` });
        added.set(name, number);
      }
      const listed = await listContacts(t, listKey);
      judge('rule:agendas.contacts-ordered-by-name', 'all contacts, no pagination, ordered by name (4.7)', () =>
        expect(
          listed.map((c) => c.contact_name),
          'every contact, ordered by name, on one answer',
        ).toEqual([...added.keys()].sort()),
      );
      for (const c of listed) {
        // Every contact here was added with a name and an email: neither may be unset.
        const name = String(c.contact_name);
        const withValues = 'a contact added is listed with its values (4.6, 4.7)';
        judge('rule:contacts.listed', withValues, () =>
          expect(sameNumber(c.contact_number, added.get(name)!), `${name}: contact_number ${c.contact_number}`).toBe(true),
        );
        judge('rule:contacts.listed', withValues, () => expect(c.contact_email).toBe(`${name.slice(-1)}.${base.toLowerCase()}@example.com`));
      }
    },
  );

  req(['op:agendas/list-contacts'], 'an empty list answers get_contacts_01 with no contacts', async () => {
    const { listKey } = await createList(t);
    const contacts = await listContacts(t, listKey);
    judge('op:agendas/list-contacts', 'the contacts of an empty list (4.7)', () => expect(contacts).toEqual([]));
  });

  req(['err:get_contacts_02'], 'get_contacts_02 when list_key is missing (/agendas/get_contacts)', async () => {
    expectError('err:get_contacts_02', await t.api('agendas/list-contacts', { json: {} }), 'get_contacts_02', 'agendas/list-contacts');
  });

  req(['err:err_01'], 'err_01 when the list does not exist (/agendas/get_contacts of a deleted list)', async () => {
    const listKey = await deletedListKey();
    expectError('err:err_01', await t.api('agendas/list-contacts', { json: { list_key: listKey } }), 'err_01', 'agendas/list-contacts');
  });
});

describe('POST /agendas/delete (4.7)', () => {
  req(
    ['op:agendas/delete', 'rule:agendas.delete-irreversible'],
    'deletes the list and all its contacts, irreversibly (ambiguity agendas-delete-success-code)',
    async () => {
      const { listKey, name } = await createList(t);
      const number = t.phone();
      await addContact(t, listKey, { number, name: t.name('gone') });
      // The list to delete holds a contact (4.6, 4.7: a contact added is listed).
      const before = await listContacts(t, listKey);
      judge('rule:contacts.listed', 'a contact added is listed (4.6, 4.7)', () => expect(before).toHaveLength(1));

      const answer = await t.api('agendas/delete', { json: { list_key: listKey } });
      const body = expectSuccess(answer, 'agendas/delete', AgendaDeleteResponse);
      const choice = t.choices['agendas-delete-success-code'];
      const asSample = body.code === 'change_name_01' && body.message === 'phonebook_name_updated';
      judge('agendas-delete-success-code', `code ${body.code}, message ${body.message}`, choice === 'delete_01' ? body.code === 'delete_01' : asSample);
      const success = 'the success body of /agendas/delete (4.7)';
      if (choice === 'delete_01')
        judge('op:agendas/delete', success, () => expect(body.code, 'code (profile agendas-delete-success-code=delete_01)').toBe('delete_01'));
      else
        judge('op:agendas/delete', success, () =>
          expect({ code: body.code, message: body.message }, 'the sample body (profile agendas-delete-success-code=rename-values)').toEqual({
            code: 'change_name_01',
            message: 'phonebook_name_updated',
          }),
        );

      const gone = 'the list and its contacts deleted, irreversibly (4.7)';
      const lists = await listLists(t);
      judge('rule:agendas.delete-irreversible', gone, () =>
        expect(
          lists.some((l) => l.list_key === listKey),
          'the list is no longer listed',
        ).toBe(false),
      );
      expectError('rule:agendas.delete-irreversible', await t.api('agendas/list-contacts', { json: { list_key: listKey } }), 'err_01', 'agendas/list-contacts');
      // Irreversible: its contacts are gone with it, and no operation brings it back.
      expectRefused(
        'rule:agendas.delete-irreversible',
        await t.api('contacts/add', { json: { list_key: listKey, number: t.phone() } }),
        'contacts/add',
        'a deleted list',
        'missing-resource',
      );
      expectError(
        'rule:agendas.delete-irreversible',
        await t.api('agendas/rename', { json: { list_key: listKey, agenda_name: t.name('back') } }),
        'err_03',
        'agendas/rename',
      );
      // The name is free again; a new list of that name starts empty (the contacts were deleted, not kept).
      const again = await createList(t, name);
      judge('rule:agendas.delete-irreversible', gone, () => expect(again.listKey, 'a new list, not the deleted one').not.toBe(listKey));
      const contacts = await listContacts(t, again.listKey);
      judge('rule:agendas.delete-irreversible', gone, () => expect(contacts, 'the contacts of the deleted list did not come back').toEqual([]));
    },
  );

  req(['err:get_contacts_02'], 'get_contacts_02 when list_key is missing (/agendas/delete)', async () => {
    expectError('err:get_contacts_02', await t.api('agendas/delete', { json: {} }), 'get_contacts_02', 'agendas/delete');
  });

  req(['err:err_01'], 'err_01 when the list does not exist (/agendas/delete twice)', async () => {
    const listKey = await deletedListKey();
    expectError('err:err_01', await t.api('agendas/delete', { json: { list_key: listKey } }), 'err_01', 'agendas/delete');
  });

  req(['op:agendas/delete'], 'deleting one list leaves the other lists and their contacts', async () => {
    const kept = await createList(t);
    const number = t.phone();
    await addContact(t, kept.listKey, { number, name: t.name('kept') });
    await deletedListKey();
    const others = 'the other lists and their contacts are kept (4.7)';
    const listed = (await listLists(t)).some((l) => l.list_key === kept.listKey);
    judge('op:agendas/delete', others, () => expect(listed).toBe(true));
    const contacts = await listContacts(t, kept.listKey);
    judge('op:agendas/delete', others, () => expect(contacts.map((c) => sameNumber(c.contact_number, number))).toEqual([true]));
  });
});

describe('Lists belong to their account (1, 5.2)', () => {
  req(['rule:subaccounts.isolation', 'err:err_01', 'err:err_03'], "another account neither sees nor changes this account's list", async () => {
    const { listKey, name } = await createList(t);
    const number = t.phone();
    await addContact(t, listKey, { number, name: t.name('mine') });
    const other = await t.newSubaccount();
    const theirs = expectSuccess(await t.api('agendas/list', { key: other.key }), 'agendas/list', AgendaListResponse).result;
    // 1, 5.2: that another account's key sees none of this account's lists is our reading (a key gives access to its own account).
    judge('rule:subaccounts.isolation', "another account's key (1, 5.2)", () =>
      expect(
        theirs.some((l) => l.list_key === listKey || l.agenda_name === name),
        "not in the other account's /agendas/get",
      ).toBe(false),
    );
    const found = expectSuccess(await t.api('agendas/find', { key: other.key, query: { query: name } }), 'agendas/find', AgendaFindResponse);
    judge('rule:subaccounts.isolation', "another account's key (1, 5.2)", () =>
      expect(
        found.result.map((r) => r.name),
        'not found by the other account',
      ).not.toContain(name),
    );
    expectError('err:err_01', await t.api('agendas/list-contacts', { key: other.key, json: { list_key: listKey } }), 'err_01', 'agendas/list-contacts');
    expectError(
      'err:err_03',
      await t.api('agendas/rename', { key: other.key, json: { list_key: listKey, agenda_name: t.name('stolen') } }),
      'err_03',
      'agendas/rename',
    );
    expectError('err:err_01', await t.api('agendas/delete', { key: other.key, json: { list_key: listKey } }), 'err_01', 'agendas/delete');
    // The list is intact for its own account: the other account changed nothing of it (1, 5.2, our reading).
    const kept = (await listLists(t)).find((l) => l.list_key === listKey);
    judge('rule:subaccounts.isolation', "after the other account's attempts (1, 5.2)", () => expect(kept?.agenda_name, 'the list keeps its name').toBe(name));
    const contacts = await listContacts(t, listKey);
    judge('rule:subaccounts.isolation', "after the other account's attempts (1, 5.2)", () =>
      expect(
        contacts.map((c) => sameNumber(c.contact_number, number)),
        'the list keeps its contact',
      ).toEqual([true]),
    );
  });
});

describe('GET /contactlist/find (4.7)', () => {
  req(['op:agendas/find', 'rule:agendas.find-by-name'], "contactlist_03: a search by a list's name finds it and not a list of another name", async () => {
    const base = t.name('find');
    const alpha = await createList(t, `${base}Alpha`);
    const beta = await createList(t, `${base}Beta`);
    const { body } = await find({ query: alpha.name });
    const names = body.result.map((r) => r.name);
    judge('rule:agendas.find-by-name', 'search by name (4.7)', () => expect(names, 'the list named in the query').toContain(alpha.name));
    judge('rule:agendas.find-by-name', 'search by name (4.7)', () => expect(names, 'a list whose name does not match').not.toContain(beta.name));
    expectConsistentPage(body, 'find by name');
  });

  req(['op:agendas/find', 'rule:agendas.find-by-name'], 'a search for a name no list has finds nothing (an empty last page)', async () => {
    const { body } = await find({ query: `${t.name('none')}Zz` });
    judge('rule:agendas.find-by-name', 'search by name (4.7)', () => expect(body.result).toEqual([]));
    judge('rule:agendas.find-by-name', 'search by name (4.7)', () => expect(body.total_count).toBe(0));
    // The envelope of an empty answer: its only page is the last one (4.7: next_page "null on the last page").
    judge('rule:agendas.find-paging', 'the paged envelope (4.7)', () => expect(body.has_more, 'an empty result has no more').toBe(false));
    judge('op:agendas/find', 'the paged envelope (4.7)', () => expect(body.next_page).toBeNull());
  });

  req(
    ['limit:contactlist-query-length'],
    `query of ${QUERY_LIMIT.max} characters is accepted, ${QUERY_LIMIT.max! + 1} refused (4.7: max ${QUERY_LIMIT.max} chars)`,
    async () => {
      const max = QUERY_LIMIT.max!;
      const query = textOfLength(max, t.name('q'));
      const { body } = await find({ query });
      expectConsistentPage(body, `find with a query of ${max} characters`);
      expectRefused('limit:contactlist-query-length', await t.api('agendas/find', { query: { query: `${query}x` } }), 'agendas/find');
    },
  );

  req(['rule:agendas.find-paging', 'op:agendas/find'], 'the paged envelope is consistent page after page (ambiguity contactlist-find-paging)', async () => {
    const base = t.name('page');
    for (const suffix of ['A', 'B', 'C']) await createList(t, `${base}${suffix}`);
    const choice = t.choices['contactlist-find-paging'];

    const first = await find({});
    expectConsistentPage(first.body, 'find without paging parameters');
    // 4.7: the parameters that select the page are not shown; page 1 when none is asked is our reading.
    judge('rule:agendas.find-paging', 'paging (4.7)', () => expect(first.body.page, 'the first page is answered when none is asked').toBe(1));
    // A search without a query counting every list is our reading of "query (optional)"; the pages below walk these three.
    const counted = judge('rule:agendas.find-paging', 'paging (4.7)', () =>
      expect(first.body.total_count, 'the three lists at least').toBeGreaterThanOrEqual(3),
    );
    if (!counted) return;

    // 4.7: the parameters that select the page or size are not shown; the profile names them.
    const second = await find({ limit: 1, page: 2 });
    expectConsistentPage(second.body, 'find?limit=1&page=2');
    const honoured = second.body.limit === 1 && second.body.page === 2;
    judge('contactlist-find-paging', `limit=1&page=2 answered limit ${second.body.limit}, page ${second.body.page}`, choice === 'page-limit' ? honoured : null);
    if (choice !== 'page-limit') return;
    // The pages below are asked by these parameters: a target that does not honour them leaves nothing more to judge.
    const asked = judge('rule:agendas.find-paging', 'paging (4.7)', () =>
      expect({ limit: second.body.limit, page: second.body.page }, 'page and limit as asked (profile contactlist-find-paging=page-limit)').toEqual({
        limit: 1,
        page: 2,
      }),
    );
    if (!asked) return;
    const onePerPage = await find({ limit: 1, page: 1 });
    expectConsistentPage(onePerPage.body, 'find?limit=1&page=1');
    judge('rule:agendas.find-paging', 'paging (4.7)', () =>
      expect(second.body.result[0]?.id, 'page 2 holds another list than page 1').not.toBe(onePerPage.body.result[0]?.id),
    );
    // The last page: has_more false (our reading of its name) and next_page null (4.7: "null on the last page").
    const last = await find({ limit: 1, page: second.body.total_pages });
    expectConsistentPage(last.body, `find?limit=1&page=${second.body.total_pages}`);
    judge('rule:agendas.find-paging', 'paging (4.7)', () => expect(last.body.has_more, 'the last page has no more').toBe(false));
    judge('op:agendas/find', 'paging (4.7)', () => expect(last.body.next_page, 'the last page has next_page null').toBeNull());
    // Every list is on one of the pages: walking them all (two per page) meets the three of this test once each.
    const found = await namesOnEveryPage();
    judge('rule:agendas.find-paging', 'paging (4.7)', () =>
      expect(found.filter((n) => n.startsWith(base)).sort(), 'the pages together hold every list once').toEqual([`${base}A`, `${base}B`, `${base}C`]),
    );
  });
});
