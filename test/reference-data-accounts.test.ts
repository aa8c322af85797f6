/**
 * The reference server's account areas through HTTP: tool users (4.10), wallet (4.8), loyalty
 * (4.9) and subaccounts (4.11, 3.3, 5.3). Success bodies against the registry's schemas, every
 * documented error code of these operations provoked, data kept within its account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../reference/server.ts';
import { alt, call, closeDataServers, expectError, expectSuccess, srv, startDataServers } from './reference-data-client.ts';

beforeAll(startDataServers);
afterAll(closeDataServers);

let unique = 0;

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
