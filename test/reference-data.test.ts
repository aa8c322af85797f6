/**
 * The reference server's data areas through HTTP: contact lists and contacts (4.6, 4.7), wallet
 * (4.8), loyalty (4.9), tool users (4.10), subaccounts (4.11), webhook management (4.14, 3.2) and
 * the paths of 4.15. Success bodies are checked against the registry's schemas; every documented
 * error code of these operations is provoked; limits are probed on both sides; data is checked to
 * stay within its account. Only loopback connections are made.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, operationById } from '../schemas/index.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

let srv: RunningReferenceServer;
/** The same server with the other option of each ambiguity these areas follow. */
let alt: RunningReferenceServer;

beforeAll(async () => {
  srv = await startReferenceServer({ rateLimit: 0 });
  alt = await startReferenceServer({
    rateLimit: 0,
    allowLoopbackWebhooks: true,
    webhookVerifyTimeoutMs: 2000,
    ambiguities: {
      'agendas-delete-success-code': 'rename-values',
      'webhook-status-success-values': 'add-values',
      'subaccount-credits-manage-success-message': 'subaccount_archived',
      'contactlist-find-paging': 'record-only',
    },
  });
});
afterAll(async () => {
  await srv.close();
  await alt.close();
});

async function call(path: string, body: unknown = {}, key: string = srv.keys.account, server: RunningReferenceServer = srv): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function find(query: Record<string, string>, key: string = srv.keys.account, server: RunningReferenceServer = srv): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}/contactlist/find?${new URLSearchParams(query)}`, { headers: { apikey: key } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A success of `operationId` whose body fits the registry's success schema. */
function expectSuccess(operationId: string, a: Answer): Record<string, unknown> {
  expect(a.body.success, JSON.stringify(a.body)).toBe(true);
  expect(a.status).toBe(200);
  const parsed = operationById(operationId).success.schema.safeParse(a.body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return a.body;
}

/** An error in the common envelope (2.1) with `code`. */
function expectError(a: Answer, code: string): void {
  expect(a.body.code, JSON.stringify(a.body)).toBe(code);
  expect(ErrorBody.safeParse(a.body).success).toBe(true);
  expect(a.status).toBeLessThan(500);
}

const names = (rows: unknown): string[] =>
  (rows as { agenda_name?: string; contact_name?: string; name?: string }[]).map((r) => r.agenda_name ?? r.contact_name ?? r.name ?? '');

let unique = 0;
const fresh = (prefix: string) => `${prefix}-${++unique}`;

async function newList(name: string = fresh('list'), key?: string, server?: RunningReferenceServer): Promise<string> {
  const a = await call('/agendas/add', { agenda_name: name }, key, server);
  return expectSuccess('agendas/add', a).list_key as string;
}

describe('contact lists (4.7, 7.2)', () => {
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

/** Adds an employee to the account and answers its collaboratorId. */
async function newEmployee(key: string = srv.keys.account, server: RunningReferenceServer = srv): Promise<number> {
  const n = ++unique;
  const body = { type: 'cajero', employee_name: `emp-${n}`, business_name: 'Sucursal', number: String(5600000000 + n), password: `pw-${n}` };
  return expectSuccess('employees/add', await call('/employee/add', body, key, server)).collaboratorId as number;
}

describe('tool users (4.10)', () => {
  it('adds (partner_created_successfully, collaboratorId), lists, disables (partner_disabled)', async () => {
    const body = { type: 'gerente', employee_name: 'Luis', business_name: 'Centro', number: '5611111111', password: 'p'.repeat(50) };
    const added = expectSuccess('employees/add', await call('/employee/add', body));
    expect(added).toMatchObject({ code: 'toolusers_01', message: 'partner_created_successfully' });
    const list = expectSuccess('employees/list', await call('/toolusers/get'));
    expect(list.code).toBe('tool_users_01');
    expect(list.result).toContainEqual(
      expect.objectContaining({
        usertool_id: added.collaboratorId,
        usertool_name: 'Luis',
        usertool_number: '5611111111',
        usertool_type: 'gerente',
        usertool_status: 'active',
      }),
    );
    // 4.10: unique user name, phone and password.
    expectError(await call('/employee/add', { ...body, number: '5622222222', password: 'other' }), 'employee_name_taken');
    expectError(await call('/employee/add', { ...body, employee_name: 'Otro', password: 'other' }), 'employee_number_taken');
    expectError(await call('/employee/add', { ...body, employee_name: 'Otro', number: '5622222222' }), 'employee_password_taken');
    expectError(await call('/employee/add', { ...body, employee_name: 'Otro', number: '5622222222', password: 'p'.repeat(51) }), 'invalid_parameters');
    expectError(await call('/employee/add', { ...body, employee_name: 'Otro', number: '5622222222', password: 'x', type: 'jefe' }), 'invalid_parameters');
    expectError(await call('/employee/add', { ...body, employee_name: 'Otro', number: '562222222', password: 'x' }), 'invalid_parameters');
    expect(expectSuccess('employees/disable', await call('/employee/disable', { number: '5611111111' }))).toMatchObject({
      code: 'toolusers_01',
      message: 'partner_disabled',
    });
    const after = (await call('/toolusers/get')).body.result as { usertool_id: number; usertool_status: string }[];
    expect(after.find((u) => u.usertool_id === added.collaboratorId)?.usertool_status).toBe('disabled');
    expectError(await call('/employee/disable', { number: '5699999999' }), 'employee_not_found');
    // Isolation: the employee is not the manager's.
    expect((await call('/toolusers/get', {}, srv.keys.manager)).body.result).not.toContainEqual(expect.objectContaining({ usertool_name: 'Luis' }));
  });
});

describe('wallet (4.8)', () => {
  it('seeds one wallet per account and keeps it to its account', async () => {
    const one = expectSuccess('wallet/list', await call('/wallet/get'));
    expect(one.code).toBe('wallets_get_01');
    expect(one.result).toHaveLength(1);
    expect((await call('/wallet/get')).body.result).toEqual(one.result);
    const managers = (await call('/wallet/get', {}, srv.keys.manager)).body.result as { wallet_key: string }[];
    expect(managers[0]!.wallet_key).not.toBe((one.result as { wallet_key: string }[])[0]!.wallet_key);
    expectError(await call('/wallet/contact/get', { wallet_key: managers[0]!.wallet_key }), 'wallet_not_found');
  });

  it('adds contacts, moves balances without going negative, registers sales', async () => {
    const walletKey = ((await call('/wallet/get')).body.result as { wallet_key: string }[])[0]!.wallet_key;
    const userId = await newEmployee();
    const phone = '5700000001';
    expectSuccess('wallet/add-contact', await call('/wallet/contact/add', { wallet_key: walletKey, phone, customer_name: 'Ana', usertool_id: userId }));
    expectError(await call('/wallet/contact/add', { wallet_key: walletKey, phone, customer_name: 'Ana', usertool_id: userId }), 'wallet_contact_exists');
    expectError(
      await call('/wallet/contact/add', { wallet_key: walletKey, phone: '570000000', customer_name: 'Ana', usertool_id: userId }),
      'invalid_parameters',
    );
    expectError(
      await call('/wallet/contact/add', { wallet_key: walletKey, phone: '5700000002', customer_name: 'Ana', usertool_id: 987654 }),
      'usertool_not_found',
    );
    expectError(
      await call('/wallet/contact/add', { wallet_key: 'wk_nope', phone: '5700000002', customer_name: 'Ana', usertool_id: userId }),
      'wallet_not_found',
    );

    const update = (type: number, amount: number) =>
      call('/wallet/balance/update', { wallet_key: walletKey, phone, transaction_type: type, transaction_amount: amount });
    expect(expectSuccess('wallet/update-balance', await update(0, 100.5)).contact_balance).toBe(100.5);
    expectError(await update(1, 200), 'wallet_insufficient_balance');
    expectError(await update(0, -5), 'invalid_parameters');
    expectError(await update(0, 1.234), 'invalid_parameters');
    expect((await update(1, 50.25)).body.contact_balance).toBe(50.25);
    expectError(
      await call('/wallet/balance/update', { wallet_key: walletKey, phone: '5709999999', transaction_type: 0, transaction_amount: 1 }),
      'wallet_contact_not_found',
    );

    const sale = (body: Record<string, unknown>) => call('/wallet/sale', { wallet_key: walletKey, phone, usertool_id: userId, ...body });
    expectError(await sale({ transaction_type: 0 }), 'invalid_parameters');
    expect(expectSuccess('wallet/register-sale', await sale({ transaction_type: 0, transaction_amount: 9.75 })).contact_balance).toBe(60);
    expect((await sale({ transaction_type: 1 })).body.contact_balance).toBe(0);
    expectError(await sale({ transaction_type: 1 }), 'wallet_insufficient_balance');
    expectError(await sale({ transaction_type: 0, transaction_amount: 1, usertool_id: 987654 }), 'usertool_not_found');

    const got = expectSuccess('wallet/get-contact', await call('/wallet/contact/get', { wallet_key: walletKey, phone }));
    expect(got.result).toEqual([{ contact_name: 'Ana', contact_phone: phone, contact_balance: 0 }]);
  });

  it('refuses a disabled tool user', async () => {
    const walletKey = ((await call('/wallet/get')).body.result as { wallet_key: string }[])[0]!.wallet_key;
    const userId = await newEmployee();
    const users = (await call('/toolusers/get')).body.result as { usertool_id: number; usertool_number: string }[];
    await call('/employee/disable', { number: users.find((u) => u.usertool_id === userId)!.usertool_number });
    expectError(
      await call('/wallet/contact/add', { wallet_key: walletKey, phone: '5700000003', customer_name: 'Ana', usertool_id: userId }),
      'usertool_disabled',
    );
  });
});

describe('loyalty cards (4.9)', () => {
  it('adds contacts (loyalty_sale_01) and stamps them (loyalty_sale_01)', async () => {
    const card = expectSuccess('loyalty/list', await call('/loyalty/get'));
    expect(card.code).toBe('loyalty_get_01');
    const loyaltyKey = (card.result as { loyalty_key: string }[])[0]!.loyalty_key;
    const userId = await newEmployee();
    const phone = '5800000001';
    expect(
      expectSuccess('loyalty/add-contact', await call('/loyalty/contact/add', { loyalty_key: loyaltyKey, phone, customer_name: 'Ana', usertool_id: userId }))
        .code,
    ).toBe('loyalty_sale_01');
    expectError(await call('/loyalty/contact/add', { loyalty_key: loyaltyKey, phone, customer_name: 'Ana', usertool_id: userId }), 'loyalty_contact_exists');
    expectError(
      await call('/loyalty/contact/add', { loyalty_key: loyaltyKey, phone: '58000000011', customer_name: 'Ana', usertool_id: userId }),
      'invalid_parameters',
    );
    expectError(
      await call('/loyalty/contact/add', { loyalty_key: loyaltyKey, phone: '5800000002', customer_name: 'Ana', usertool_id: 987654 }),
      'usertool_not_found',
    );
    for (let i = 0; i < 11; i++) expectSuccess('loyalty/register-sale', await call('/loyalty/sale', { loyalty_key: loyaltyKey, phone, usertool_id: userId }));
    const got = expectSuccess('loyalty/get-contacts', await call('/loyalty/contact/get', { loyalty_key: loyaltyKey, phone }));
    expect(got.code).toBe('loyalty_contact_get_01');
    expect(got.result).toEqual([
      expect.objectContaining({ contact_name: 'Ana', contact_phone: phone, contact_total_loyalty_completes: 1, contact_current_redeem: 1 }),
    ]);
    expectError(await call('/loyalty/sale', { loyalty_key: loyaltyKey, phone: '5899999999', usertool_id: userId }), 'loyalty_contact_not_found');
    expectError(await call('/loyalty/contact/get', { loyalty_key: loyaltyKey }, srv.keys.manager), 'loyalty_not_found');
  });
});

describe('subaccounts (4.11, 3.3, 5.3)', () => {
  const consult = async (key: string) => (await call('/credits/consult', {}, key)).body;

  it('creates (user_created) within the email and password limits, unique per manager', async () => {
    const email70 = `${'a'.repeat(58)}@example.com`;
    expect(email70).toHaveLength(70);
    const created = expectSuccess('subaccounts/add', await call('/manager/subaccount/add', { email: email70, password: 'x'.repeat(36) }, srv.keys.manager));
    expect(created).toMatchObject({ code: 'subaccount_01', message: 'user_created', email: email70 });
    expectSuccess('subaccounts/add', await call('/manager/subaccount/add', { email: 'six@example.com', password: 'x'.repeat(6) }, srv.keys.manager));
    expectError(await call('/manager/subaccount/add', { email: `a${email70}`, password: 'secret1' }, srv.keys.manager), 'invalid_parameters');
    expectError(await call('/manager/subaccount/add', { email: 'five@example.com', password: 'x'.repeat(5) }, srv.keys.manager), 'invalid_parameters');
    expectError(await call('/manager/subaccount/add', { email: 'long@example.com', password: 'x'.repeat(37) }, srv.keys.manager), 'invalid_parameters');
    expectError(await call('/manager/subaccount/add', { email: 'not-an-email', password: 'secret1' }, srv.keys.manager), 'invalid_parameters');
    expectError(await call('/manager/subaccount/add', { email: email70.toUpperCase(), password: 'secret1' }, srv.keys.manager), 'subaccount_exists');
    const got = expectSuccess('subaccounts/get-apikey', await call('/manager/subaccount/get_apikey', { email: email70 }, srv.keys.manager));
    expect(got).toMatchObject({ apikey: created.apikey, email: email70 });
    expectError(await call('/manager/subaccount/get_apikey', { email: 'nobody@example.com' }, srv.keys.manager), 'subaccount_not_found');
    // The subaccount is an account of its own, starting at 0, with no lists of the manager.
    const sub = created.apikey as string;
    expect(await consult(sub)).toMatchObject({ code: 'credit_01', credit: '0.00' });
    expect((await consult(sub)).master_credit).toBeUndefined();
    expect((await call('/agendas/get', {}, sub)).body.result).toEqual([]);
  });

  it('refuses subaccount operations to any key but the manager key (5.3)', async () => {
    const sub = (await call('/manager/subaccount/add', { email: 'keyed@example.com', password: 'secret1' }, srv.keys.manager)).body.apikey as string;
    for (const key of [sub, srv.keys.account]) {
      const a = await call('/manager/subaccount/add', { email: 'x@example.com', password: 'secret1' }, key);
      expect(a.body.success).toBe(false);
      expect(String(a.body.code)).toMatch(/^auth_/);
    }
    expect((await call('/manager/subaccount/get_apikey', { email: 'keyed@example.com' }, srv.keys.account)).body.success).toBe(false);
  });

  it('moves credits both ways through the manager pool, never below zero', async () => {
    const sub = (await call('/manager/subaccount/add', { email: 'credits@example.com', password: 'secret1' }, srv.keys.manager)).body.apikey as string;
    const pool = Number((await consult(srv.keys.manager)).master_credit);
    const manage = (type: number | string, credits: unknown) =>
      call('/manager/subaccount/credits/manage', { email: 'credits@example.com', type, credits }, srv.keys.manager);
    expect(expectSuccess('subaccounts/manage-credits', await manage(1, 25)).code).toBe('subaccount_01');
    expect((await consult(sub)).credit).toBe('25.00');
    expect((await consult(srv.keys.manager)).master_credit).toBe((pool - 25).toFixed(2));
    expectSuccess('subaccounts/manage-credits', await manage('2', 10));
    expect((await consult(sub)).credit).toBe('15.00');
    expect((await consult(srv.keys.manager)).master_credit).toBe((pool - 15).toFixed(2));
    expectError(await manage(2, 16), 'subaccount_credit_insufficient');
    expectError(await manage(1, pool), 'master_credit_insufficient');
    expectError(await manage(1, 0), 'invalid_parameters');
    expectError(await manage(1, 1.5), 'invalid_parameters');
    expectError(await manage(3, 1), 'invalid_parameters');
    expectError(await call('/manager/subaccount/credits/manage', { email: 'none@example.com', type: 1, credits: 1 }, srv.keys.manager), 'subaccount_not_found');
    expect((await consult(sub)).credit).toBe('15.00');
  });

  it('answers the sample message on credits/manage under subaccount_archived', async () => {
    await call('/manager/subaccount/add', { email: 'alt@example.com', password: 'secret1' }, alt.keys.manager, alt);
    const a = await call('/manager/subaccount/credits/manage', { email: 'alt@example.com', type: 1, credits: 1 }, alt.keys.manager, alt);
    expect(expectSuccess('subaccounts/manage-credits', a).message).toBe('subaccount_archived');
  });

  it('archives (subaccount_archived); the archived key then answers auth_06', async () => {
    const sub = (await call('/manager/subaccount/add', { email: 'archive@example.com', password: 'secret1' }, srv.keys.manager)).body.apikey as string;
    expect((await consult(sub)).success).toBe(true);
    expect(expectSuccess('subaccounts/archive', await call('/manager/subaccount/archive', { email: 'archive@example.com' }, srv.keys.manager))).toMatchObject({
      message: 'subaccount_archived',
      code: 'subaccount_01',
    });
    expect((await consult(sub)).code).toBe('auth_06');
    expectError(await call('/manager/subaccount/archive', { email: 'nobody@example.com' }, srv.keys.manager), 'subaccount_not_found');
    expectError(await call('/manager/subaccount/archive', { email: `${'a'.repeat(60)}@example.com` }, srv.keys.manager), 'invalid_parameters');
  });
});

/** A loopback receiver: 404 under /missing, 200 elsewhere; counts the requests it gets. */
async function receiver(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.statusCode = req.url?.startsWith('/missing') ? 404 : 200;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('webhook management (4.14, 3.2, 7.2)', () => {
  it('answers webhook_01 with an empty url when none is configured, and status_webhook_04 on status', async () => {
    const body = expectSuccess('webhooks/get', await call('/webhook/get', {}, srv.keys.manager));
    expect(body).toMatchObject({ code: 'webhook_01', result: { url: '', status: '0' } });
    expectError(await call('/webhook/status', { status: '1' }, srv.keys.manager), 'status_webhook_04');
  });

  it('refuses a missing or malformed url and status (add_webhook_02 to _05)', async () => {
    expectError(await call('/webhook/add', { status: '1' }), 'add_webhook_02');
    expectError(await call('/webhook/add', { url: '', status: '1' }), 'add_webhook_02');
    expectError(await call('/webhook/add', { url: 'not a url', status: '1' }), 'add_webhook_03');
    expectError(await call('/webhook/add', { url: 'ftp://hooks.example.com/h', status: '1' }), 'add_webhook_03');
    expectError(await call('/webhook/add', { url: 12, status: '1' }), 'add_webhook_03');
    expectError(await call('/webhook/add', { url: 'https://hooks.example.com/h' }), 'add_webhook_04');
    expectError(await call('/webhook/add', { url: 'https://hooks.example.com/h', status: '2' }), 'add_webhook_05');
    expectError(await call('/webhook/add', { url: 'https://hooks.example.com/h', status: 1 }), 'add_webhook_05');
    expectError(await call('/webhook/status', {}), 'status_webhook_02');
    expectError(await call('/webhook/status', { status: 'on' }), 'status_webhook_03');
  });

  it('refuses forbidden hosts without connecting (add_webhook_03)', async () => {
    const r = await receiver();
    try {
      for (const url of [
        'https://10.0.0.1/h',
        'http://localhost/h',
        'https://[::1]/h',
        'http://169.254.169.254/latest',
        'http://192.168.1.10/h',
        'http://[::ffff:127.0.0.1]/h',
        `${r.url}/h`,
      ])
        expectError(await call('/webhook/add', { url, status: '1' }), 'add_webhook_03');
      expect(r.hits).toEqual([]);
      // A public host fails verification: the reference server connects to loopback only.
      expectError(await call('/webhook/add', { url: 'https://hooks.example.com/h', status: '1' }), 'add_webhook_06');
    } finally {
      await r.close();
    }
  });

  it('registers a loopback receiver under allowLoopbackWebhooks and follows 3.2', async () => {
    const r = await receiver();
    const key = alt.keys.account;
    try {
      const url = `${r.url}/hook`;
      expect(expectSuccess('webhooks/add', await call('/webhook/add', { url, status: '1' }, key, alt))).toMatchObject({
        code: 'add_webhook_01',
        message: 'url_added_success',
      });
      expect(r.hits).toContain('GET /hook');
      expect((await call('/webhook/get', {}, key, alt)).body.result).toEqual({ url, status: '1' });
      // enabled → disabled; the alt server answers the sample's add values (webhook-status-success-values).
      expect(expectSuccess('webhooks/set-status', await call('/webhook/status', { status: '0' }, key, alt))).toMatchObject({ code: 'add_webhook_01' });
      expect((await call('/webhook/get', {}, key, alt)).body.result).toEqual({ url, status: '0' });
      // Isolation: another account of the same server sees none.
      expect((await call('/webhook/get', {}, alt.keys.manager, alt)).body.result).toEqual({ url: '', status: '0' });
      expectError(await call('/webhook/add', { url: `${r.url}/missing`, status: '1' }, key, alt), 'add_webhook_06');
      expect((await call('/webhook/get', {}, key, alt)).body.result).toEqual({ url, status: '0' });
      expectError(await call('/webhook/add', { url: 'https://10.0.0.1/h', status: '1' }, key, alt), 'add_webhook_03');
      expectSuccess('webhooks/delete', await call('/webhook/delete', {}, key, alt));
      expect((await call('/webhook/get', {}, key, alt)).body.result).toEqual({ url: '', status: '0' });
      expectError(await call('/webhook/status', { status: '1' }, key, alt), 'status_webhook_04');
      expectSuccess('webhooks/delete', await call('/webhook/delete', {}, key, alt));
    } finally {
      await r.close();
    }
  });

  it('answers status_webhook_01 on the default server', async () => {
    const r = await receiver();
    const s = await startReferenceServer({ rateLimit: 0, allowLoopbackWebhooks: true });
    try {
      expectSuccess('webhooks/add', await call('/webhook/add', { url: `${r.url}/h`, status: '0' }, s.keys.account, s));
      expect(expectSuccess('webhooks/set-status', await call('/webhook/status', { status: '1' }, s.keys.account, s)).code).toBe('status_webhook_01');
    } finally {
      await s.close();
      await r.close();
    }
  });
});

describe('other paths (4.15)', () => {
  it('answers a success envelope saying the shape is not shown', async () => {
    for (const [id, path] of [
      ['other/whatsapp-send', '/whatsapp/send'],
      ['other/agenda', '/agenda'],
      ['other/campaigns', '/campaigns'],
    ] as const) {
      const body = expectSuccess(id, await call(path, { anything: 1 }));
      expect(body).toMatchObject({ success: true, code: 'shape_not_shown', request_id: expect.any(String) });
    }
    expect(Array.isArray((await call('/campaigns')).body.result)).toBe(true);
  });
});

describe('malformed input', () => {
  const paths = [
    '/agendas/add',
    '/agendas/get',
    '/agendas/change_name',
    '/agendas/get_contacts',
    '/agendas/delete',
    '/contacts/add',
    '/contacts/update',
    '/contacts/delete',
    '/contacts/duplicate',
    '/contacts/polling/x',
    '/wallet/get',
    '/wallet/contact/add',
    '/wallet/contact/get',
    '/wallet/balance/update',
    '/wallet/sale',
    '/loyalty/get',
    '/loyalty/contact/add',
    '/loyalty/contact/get',
    '/loyalty/sale',
    '/toolusers/get',
    '/employee/add',
    '/employee/disable',
    '/manager/subaccount/add',
    '/manager/subaccount/archive',
    '/manager/subaccount/get_apikey',
    '/manager/subaccount/credits/manage',
    '/webhook/get',
    '/webhook/add',
    '/webhook/status',
    '/webhook/delete',
    '/whatsapp/send',
    '/agenda',
    '/campaigns',
  ];
  const bodies: unknown[] = [
    {
      list_key: 7,
      number: [],
      email: {},
      name: null,
      agenda_name: { a: 1 },
      url: ['x'],
      status: {},
      type: null,
      credits: '1e400',
      phone: 5,
      usertool_id: 'x',
      transaction_amount: 'NaN',
      contact_id: {},
    },
    {
      list_key: 'x'.repeat(10_000),
      number: '5'.repeat(10),
      wallet_key: '',
      loyalty_key: '',
      email: '@',
      password: '',
      credits: 1e300,
      type: 1,
      url: 'http://[',
      status: '1',
    },
    [1, 2, 3],
  ];

  it('never answers 5xx, always the envelope with a code and request_id', async () => {
    for (const path of paths)
      for (const body of bodies) {
        const a = await call(path, body, srv.keys.manager);
        expect(a.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
        expect(typeof a.body.code, path).toBe('string');
        expect(typeof a.body.request_id, path).toBe('string');
      }
    const res = await fetch(`${srv.baseUrl}/contacts/add`, {
      method: 'POST',
      headers: { apikey: srv.keys.account, 'content-type': 'application/json' },
      body: '{"list_key":',
    });
    expect(res.status).toBeLessThan(500);
  });
});
