/**
 * The reference server's contact lists and contacts through HTTP (4.6, 4.7, 7.2): success bodies
 * against the registry's schemas, every documented error code of these operations provoked, limits
 * probed on both sides, data kept within its account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { alt, call, closeDataServers, expectError, expectSuccess, find, srv, startDataServers } from './reference-data-client.ts';

beforeAll(startDataServers);
afterAll(closeDataServers);

const names = (rows: unknown): string[] =>
  (rows as { agenda_name?: string; contact_name?: string; name?: string }[]).map((r) => r.agenda_name ?? r.contact_name ?? r.name ?? '');

let unique = 0;
const fresh = (prefix: string) => `${prefix}-${++unique}`;

async function newList(name: string = fresh('list'), key?: string, server?: RunningReferenceServer): Promise<string> {
  const a = await call('/agendas/add', { agenda_name: name }, key, server);
  return expectSuccess('agendas/add', a).list_key as string;
}

describe('contact lists (4.7, 7.2): adding, listing, renaming and deleting', () => {
  it('adds a list (agenda_01) and refuses a missing name (agenda_02) and a duplicate (agenda_03)', async () => {
    const a = expectSuccess('agendas/add', await call('/agendas/add', { agenda_name: 'Clientes', agenda_description: 'frecuentes', custom_field_1: 'Ciudad' }));
    expect(a).toMatchObject({ code: 'agenda_01', message: 'phoneBookSavedSuccess' });
    expectError(await call('/agendas/add', {}), 'agenda_02');
    expectError(await call('/agendas/add', { agenda_name: '' }), 'agenda_02');
    expectError(await call('/agendas/add', { agenda_name: '   ' }), 'agenda_02');
    expectError(await call('/agendas/add', { agenda_name: 42 }), 'agenda_02');
    expectError(await call('/agendas/add', { agenda_name: 'Clientes' }), 'agenda_03');
    // 2.3: unique within the account, so another account may use the name.
    await newList('Clientes', srv.keys.manager);
  });

  it('lists the lists ordered by name (agendas_01), with 2.3 fields', async () => {
    // A server of its own, so that no other test's list sits between these.
    const s = await startReferenceServer({ rateLimit: 0 });
    try {
      for (const n of ['gamma', 'Alpha', 'beta']) await newList(n, s.keys.account, s);
      const body = expectSuccess('agendas/list', await call('/agendas/get', {}, s.keys.account, s));
      expect(body.code).toBe('agendas_01');
      expect(names(body.result)).toEqual(['Alpha', 'beta', 'gamma']);
      expect((body.result as Record<string, unknown>[])[0]).toMatchObject({
        agenda_description: '',
        agenda_creation_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      });
    } finally {
      await s.close();
    }
  });

  it('renames (change_name_01) with change_name_02, change_name_03, err_03', async () => {
    const key = await newList();
    const other = fresh('other');
    await newList(other);
    expect(expectSuccess('agendas/rename', await call('/agendas/change_name', { list_key: key, agenda_name: fresh('renamed') }))).toMatchObject({
      code: 'change_name_01',
      message: 'phonebook_name_updated',
    });
    expectError(await call('/agendas/change_name', { agenda_name: 'x' }), 'change_name_02');
    expectError(await call('/agendas/change_name', { list_key: key }), 'change_name_03');
    expectError(await call('/agendas/change_name', { list_key: key, agenda_name: ' ' }), 'change_name_03');
    expectError(await call('/agendas/change_name', { list_key: 'lk_nope', agenda_name: 'x' }), 'err_03');
    // 2.3: names stay unique: renaming onto another list's name is refused.
    expectError(await call('/agendas/change_name', { list_key: key, agenda_name: other }), 'agenda_03');
  });

  it('lists contacts ordered by name (get_contacts_01), get_contacts_02, err_01', async () => {
    const key = await newList();
    for (const [name, number] of [
      ['zeta', '5500000001'],
      ['Ana', '5500000002'],
      ['mario', '5500000003'],
    ] as const)
      expectSuccess('contacts/add', await call('/contacts/add', { list_key: key, number, name, email: `${name}@example.com` }));
    const body = expectSuccess('agendas/list-contacts', await call('/agendas/get_contacts', { list_key: key }));
    expect(names(body.result)).toEqual(['Ana', 'mario', 'zeta']);
    expect((body.result as unknown[])[0]).toMatchObject({ contact_number: '525500000002', contact_email: 'Ana@example.com' });
    expectError(await call('/agendas/get_contacts', {}), 'get_contacts_02');
    expectError(await call('/agendas/get_contacts', { list_key: 'lk_nope' }), 'err_01');
  });

  it('deletes a list and its contacts irreversibly (delete_01), get_contacts_02, err_01', async () => {
    const key = await newList();
    await call('/contacts/add', { list_key: key, number: '5511111111' });
    expect(expectSuccess('agendas/delete', await call('/agendas/delete', { list_key: key })).code).toBe('delete_01');
    expectError(await call('/agendas/get_contacts', { list_key: key }), 'err_01');
    expectError(await call('/contacts/add', { list_key: key, number: '5511111111' }), 'err_01');
    expectError(await call('/agendas/delete', { list_key: key }), 'err_01');
    expectError(await call('/agendas/delete', {}), 'get_contacts_02');
  });

  it('answers the sample rename values on delete under rename-values', async () => {
    const key = await newList(fresh('alt'), alt.keys.account, alt);
    const body = expectSuccess('agendas/delete', await call('/agendas/delete', { list_key: key }, alt.keys.account, alt));
    expect(body).toMatchObject({ code: 'change_name_01', message: 'phonebook_name_updated' });
  });
});

describe('contact lists (4.7, 7.2): finding by name, and one account from another', () => {
  it('finds lists by name, paged (contactlist_03)', async () => {
    const s = await startReferenceServer({ rateLimit: 0 });
    try {
      for (const n of ['Zorro club', 'Clientes norte', 'clientes sur', 'Proveedores']) await newList(n, s.keys.account, s);
      const first = (await find({ query: 'CLIENTES', limit: '1', page: '1' }, s.keys.account, s)).body;
      expectSuccess('agendas/find', { status: 200, body: first });
      expect(first).toMatchObject({ code: 'contactlist_03', total_count: 2, page: 1, total_pages: 2, limit: 1, has_more: true, next_page: 2 });
      expect(names(first.result)).toEqual(['Clientes norte']);
      const last = (await find({ query: 'clientes', limit: '1', page: '2' }, s.keys.account, s)).body;
      expect(last).toMatchObject({ page: 2, has_more: false, next_page: null });
      expect(names(last.result)).toEqual(['clientes sur']);
      const all = (await find({}, s.keys.account, s)).body;
      expect(names(all.result)).toEqual(['Clientes norte', 'clientes sur', 'Proveedores', 'Zorro club']);
      expect((all.result as { id: unknown }[]).every((r) => typeof r.id === 'string')).toBe(true);
      expectSuccess('agendas/find', await find({ query: 'x'.repeat(100) }, s.keys.account, s));
      expectError(await find({ query: 'x'.repeat(101) }, s.keys.account, s), 'invalid_parameters');
      expectError(await find({ page: '0' }, s.keys.account, s), 'invalid_parameters');
      expectError(await find({ limit: 'many' }, s.keys.account, s), 'invalid_parameters');
      // contactlist-find-paging record-only: the paging parameters are not read.
      const unpaged = (await find({ limit: '1', page: '3' }, alt.keys.account, alt)).body;
      expect(unpaged).toMatchObject({ page: 1 });
    } finally {
      await s.close();
    }
  });

  it("keeps one account's lists from another", async () => {
    const name = fresh('private');
    const key = await newList(name);
    expectError(await call('/agendas/get_contacts', { list_key: key }, srv.keys.manager), 'err_01');
    expectError(await call('/agendas/delete', { list_key: key }, srv.keys.manager), 'err_01');
    expectError(await call('/contacts/add', { list_key: key, number: '5512345678' }, srv.keys.manager), 'err_01');
    expect(names((await call('/agendas/get', {}, srv.keys.manager)).body.result)).not.toContain(name);
    expect((await find({ query: name }, srv.keys.manager)).body.total_count).toBe(0);
    expect((await find({ query: name })).body.total_count).toBe(1);
  });
});

describe('contacts (4.6)', () => {
  it('adds a contact (contact_13) with the 2.4 callback, and updates it when the number is in the list', async () => {
    const key = await newList();
    const first = expectSuccess(
      'contacts/add',
      await call('/contacts/add', {
        list_key: key,
        number: '5512345678',
        name: 'Ana',
        email: 'ana@example.com',
        birthday_date: '1990-05-17',
        custom_field_2: 'x',
      }),
    );
    expect(first).toMatchObject({ code: 'contact_13', message: 'contact_added' });
    const cb = first.callback as Record<string, unknown>;
    expect(cb).toMatchObject({ name: 'Ana', number: '525512345678', email: 'ana@example.com', birthday_date: '1990-05-17', custom_field_2: 'x' });
    expect(Number.isInteger(cb.id) && Number.isInteger(cb.list_id)).toBe(true);
    // Upsert: same number (either spelling), same contact.
    const again = expectSuccess(
      'contacts/add',
      await call('/contacts/add', { list_key: key, number: '525512345678', find_country_code: 1, name: 'Ana Lopez', birthday_date: '1990-13-45' }),
    );
    expect(again.callback).toMatchObject({ id: cb.id, name: 'Ana Lopez', email: 'ana@example.com', birthday_date: '1990-05-17' });
    expect((await call('/agendas/get_contacts', { list_key: key })).body.result).toHaveLength(1);
  });

  it('ignores an invalid birthday_date and applies the 100-character limits', async () => {
    const key = await newList();
    const cb = expectSuccess('contacts/add', await call('/contacts/add', { list_key: key, number: '5500000010', birthday_date: '17/05/1990' }))
      .callback as Record<string, unknown>;
    expect(cb.birthday_date).toBeUndefined();
    expectSuccess(
      'contacts/add',
      await call('/contacts/add', { list_key: key, number: '5500000011', name: 'n'.repeat(100), email: `${'e'.repeat(88)}@example.com` }),
    );
    expectError(await call('/contacts/add', { list_key: key, number: '5500000012', name: 'n'.repeat(101) }), 'invalid_parameters');
    expectError(await call('/contacts/add', { list_key: key, number: '5500000012', email: `${'e'.repeat(89)}@example.com` }), 'invalid_parameters');
    expectError(await call('/contacts/add', { list_key: key, number: '55123' }), 'invalid_parameters');
    expectError(await call('/contacts/add', { list_key: key, number: '525512345678' }), 'invalid_parameters');
    expectError(await call('/contacts/add', { list_key: key, number: '5512345678', country_code: '1' }), 'invalid_parameters');
    expectError(await call('/contacts/add', { number: '5512345678' }), 'invalid_parameters');
  });

  it('updates the email (contact_13), deletes (contact_12), refuses unknown contacts', async () => {
    const key = await newList();
    await call('/contacts/add', { list_key: key, number: '5520000000', email: 'old@example.com' });
    const upd = expectSuccess('contacts/update', await call('/contacts/update', { list_key: key, number: '5520000000', email: 'new@example.com' }));
    expect(upd.callback).toMatchObject({ email: 'new@example.com', number: '525520000000' });
    expectError(await call('/contacts/update', { list_key: key, number: '5529999999', email: 'a@b.c' }), 'contact_not_found');
    expectError(await call('/contacts/update', { list_key: 'lk_nope', number: '5520000000' }), 'err_01');
    expectError(await call('/contacts/delete', { list_key: key, number: '5520000000', email: 'other@example.com' }), 'contact_not_found');
    expect(expectSuccess('contacts/delete', await call('/contacts/delete', { list_key: key, number: '5520000000' }))).toMatchObject({
      code: 'contact_12',
      message: 'contact_deleted',
    });
    expect((await call('/agendas/get_contacts', { list_key: key })).body.result).toEqual([]);
    expectError(await call('/contacts/delete', { list_key: key, number: '5520000000' }), 'contact_not_found');
  });

  it('duplicates a contact into another list', async () => {
    const from = await newList();
    const to = await newList();
    const cb = (await call('/contacts/add', { list_key: from, number: '5530000000', name: 'Copia' })).body.callback as { id: number; list_id: number };
    const dup = expectSuccess('contacts/duplicate', await call('/contacts/duplicate', { current_list_key: from, new_list_key: to, contact_id: String(cb.id) }));
    const copy = dup.callback as { id: number; list_id: number; name: string };
    expect(copy.id).not.toBe(cb.id);
    expect(copy.list_id).not.toBe(cb.list_id);
    expect(copy.name).toBe('Copia');
    expect(names((await call('/agendas/get_contacts', { list_key: to })).body.result)).toEqual(['Copia']);
    expect(names((await call('/agendas/get_contacts', { list_key: from })).body.result)).toEqual(['Copia']);
    expectError(await call('/contacts/duplicate', { current_list_key: from, new_list_key: to, contact_id: '999999' }), 'contact_not_found');
    expectError(await call('/contacts/duplicate', { current_list_key: from, new_list_key: 'lk_nope', contact_id: String(cb.id) }), 'err_01');
  });

  it('polls (message Ok, code sms_11, request_id)', async () => {
    const key = await newList();
    const cb = (await call('/contacts/add', { list_key: key, number: '5540000000' })).body.callback as { id: number };
    const body = expectSuccess('contacts/poll', await call('/contacts/polling/update', { list_key: key, contact_id: cb.id }));
    expect(body).toMatchObject({ message: 'Ok', code: 'sms_11', request_id: expect.any(String) });
    expectError(await call('/contacts/polling/update', { list_key: key, contact_id: '424242' }), 'contact_not_found');
    expectError(await call('/contacts/polling/update', { list_key: key }), 'invalid_parameters');
  });
});
