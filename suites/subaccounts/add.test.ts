/**
 * 4.11 POST /manager/subaccount/add (with 2.6, 2.7, 5.3 and the limits of 8): the manager key
 * creates a subaccount with its own key (not the manager's, nor another subaccount's) and no
 * master_credit (2.7, it is not an administrator); the bounds of 8 on the email (70 characters,
 * which also identify the subaccount on get_apikey, credits/manage and archive) and on the password
 * (6 to 36), each case's premise taken from the kit's own request schema; an email of invalid
 * format, or no password, is refused. Everything here runs with the manager key (capability manager-key, automatic through the
 * requirement ids) and archives what it creates.
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { CreditsConsultResponse } from '../../schemas/credits.ts';
import { limitById } from '../../schemas/limits.ts';
import { SubaccountAddRequest, SubaccountAddResponse, SubaccountArchiveRequest, SubaccountGetApikeyResponse } from '../../schemas/subaccounts.ts';
import { PASSWORD_OK, schemaPremise, subaccountAdmin } from '../support/subaccounts-admin.ts';

const t = useTarget();
const { manager, addSubaccount, expectCreditsMoved } = subaccountAdmin(t);

const EMAIL = limitById('subaccount-email-length');
const PASSWORD = limitById('subaccount-password-length');

/** An email of exactly `length` characters under the run prefix, the padding in the domain (a label stays under 63). */
function emailOfLength(length: number): string {
  const local = t.name('len');
  const suffix = '.example.com';
  const pad = length - local.length - 1 - suffix.length;
  if (pad < 1 || pad > 63) throw new Error(`cannot build an email of ${length} characters from ${local}`);
  const email = `${local}@${'d'.repeat(pad)}${suffix}`;
  if (email.length !== length) throw new Error(`kit: built an email of ${email.length} characters, not ${length}`);
  return email;
}

describe('POST /manager/subaccount/add (4.11, 2.6)', () => {
  req(['op:subaccounts/add', 'rule:subaccounts.own-key'], "creates a subaccount whose own key works and is nobody else's", async () => {
    const email = `${t.name('own')}@example.com`;
    const body = expectSuccess(await addSubaccount(email, PASSWORD_OK), 'subaccounts/add', SubaccountAddResponse);
    judge('op:subaccounts/add', 'the email answered (4.11)', () => expect(body.email.toLowerCase(), 'the email is answered').toBe(email.toLowerCase()));
    // Keys are compared outside expect(): its Allure steps would show them (5.2).
    judge('rule:subaccounts.own-key', 'its own key (4.11, 5.3)', () => {
      expect(body.apikey === manager(), "not the manager's key").toBe(false);
      expect(body.apikey === t.key, 'not the key of another subaccount').toBe(false);
    });
    const own = expectSuccess(await t.api('credits/consult', { key: body.apikey }), 'credits/consult', CreditsConsultResponse);
    judge('rule:credits.master-credit-admin-only', 'master_credit absent on subaccounts (2.7)', () =>
      expect(own.master_credit, 'a subaccount is not an administrator (2.7)').toBeUndefined(),
    );
  });

  req(
    ['op:subaccounts/add', 'limit:subaccount-email-length'],
    `email of ${EMAIL.max} characters accepted, ${EMAIL.max! + 1} refused (and not created)`,
    async () => {
      const longest = emailOfLength(EMAIL.max!);
      const tooLong = emailOfLength(EMAIL.max! + 1);
      schemaPremise(SubaccountAddRequest, { email: longest, password: PASSWORD_OK }, true, `an email of ${EMAIL.max} characters`);
      schemaPremise(SubaccountAddRequest, { email: tooLong, password: PASSWORD_OK }, false, `an email of ${EMAIL.max! + 1} characters`);
      expectSuccess(await addSubaccount(longest, PASSWORD_OK), 'subaccounts/add', SubaccountAddResponse);
      expectRefused('limit:subaccount-email-length', await addSubaccount(tooLong, PASSWORD_OK), 'subaccounts/add');
      const lookup = await t.api('subaccounts/get-apikey', { key: manager(), json: { email: tooLong } });
      judge('limit:subaccount-email-length', 'the email too long creates nothing (8)', () =>
        expect(lookup.body.success, 'the refused subaccount does not exist').not.toBe(true),
      );
    },
  );

  req(
    ['limit:subaccount-email-length', 'op:subaccounts/get-apikey', 'op:subaccounts/manage-credits', 'op:subaccounts/archive'],
    `a ${EMAIL.max}-character email identifies the subaccount on get_apikey, credits/manage and archive; ${EMAIL.max! + 1} is refused on each`,
    async () => {
      const longest = emailOfLength(EMAIL.max!);
      const tooLong = emailOfLength(EMAIL.max! + 1);
      const added = expectSuccess(await addSubaccount(longest, PASSWORD_OK), 'subaccounts/add', SubaccountAddResponse);
      const got = expectSuccess(
        await t.api('subaccounts/get-apikey', { key: manager(), json: { email: longest } }),
        'subaccounts/get-apikey',
        SubaccountGetApikeyResponse,
      );
      judge('limit:subaccount-email-length', `a ${EMAIL.max}-character email identifies the subaccount (8)`, () =>
        expect(got.apikey === added.apikey, 'the same key').toBe(true),
      );
      expectCreditsMoved(await t.api('subaccounts/manage-credits', { key: manager(), json: { email: longest, type: 1, credits: 1 } }));
      expectCreditsMoved(await t.api('subaccounts/manage-credits', { key: manager(), json: { email: longest, type: 2, credits: 1 } }));
      schemaPremise(SubaccountArchiveRequest, { email: tooLong }, false, `an email of ${EMAIL.max! + 1} characters`);
      expectRefused(
        'limit:subaccount-email-length',
        await t.api('subaccounts/get-apikey', { key: manager(), json: { email: tooLong } }),
        'subaccounts/get-apikey',
      );
      expectRefused(
        'limit:subaccount-email-length',
        await t.api('subaccounts/manage-credits', { key: manager(), json: { email: tooLong, type: 1, credits: 1 } }),
        'subaccounts/manage-credits',
      );
      expectRefused('limit:subaccount-email-length', await t.api('subaccounts/archive', { key: manager(), json: { email: tooLong } }), 'subaccounts/archive');
      expectSuccess(await t.api('subaccounts/archive', { key: manager(), json: { email: longest } }), 'subaccounts/archive');
    },
  );

  req(
    ['op:subaccounts/add', 'limit:subaccount-password-length'],
    `password of ${PASSWORD.min} and ${PASSWORD.max} characters accepted, ${PASSWORD.min! - 1} and ${PASSWORD.max! + 1} refused (and not created)`,
    async () => {
      const password = (n: number) => 'Pw1'.padEnd(n, 'x');
      for (const n of [PASSWORD.min!, PASSWORD.max!]) {
        schemaPremise(SubaccountAddRequest, { email: 'a@example.com', password: password(n) }, true, `a password of ${n} characters`);
        expectSuccess(await addSubaccount(`${t.name('pw')}@example.com`, password(n)), 'subaccounts/add', SubaccountAddResponse);
      }
      for (const n of [PASSWORD.min! - 1, PASSWORD.max! + 1]) {
        schemaPremise(SubaccountAddRequest, { email: 'a@example.com', password: password(n) }, false, `a password of ${n} characters`);
        const email = `${t.name('pw')}@example.com`;
        expectRefused('limit:subaccount-password-length', await addSubaccount(email, password(n)), 'subaccounts/add');
        const lookup = await t.api('subaccounts/get-apikey', { key: manager(), json: { email } });
        judge('limit:subaccount-password-length', 'a password out of bounds creates nothing (8)', () =>
          expect(lookup.body.success, `no subaccount with a password of ${n}`).not.toBe(true),
        );
      }
    },
  );

  req(['op:subaccounts/add'], 'an email of invalid format, or a missing password, is refused', async () => {
    expectRefused('op:subaccounts/add', await addSubaccount(`${t.name('fmt')}.example.com`, PASSWORD_OK), 'subaccounts/add');
    expectRefused('op:subaccounts/add', await addSubaccount(`${t.name('fmt')}@`, PASSWORD_OK), 'subaccounts/add');
    const email = `${t.name('nopw')}@example.com`;
    const answer = await t.api('subaccounts/add', { key: manager(), json: { email } });
    if (answer.body.success === true) t.onCleanup(() => t.api('subaccounts/archive', { key: manager(), json: { email } }));
    expectRefused('op:subaccounts/add', answer, 'subaccounts/add');
  });
});
