/**
 * 4.11 POST /manager/subaccount/get_apikey: the manager key is answered the key a subaccount was
 * created with, its email and status 200; an email that is no subaccount of the manager is refused
 * (missing resource), with no key in the refusal. Everything here runs with the manager key (capability manager-key, automatic through the
 * requirement ids) and archives what it creates.
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { SubaccountAddResponse, SubaccountGetApikeyResponse } from '../../schemas/subaccounts.ts';
import { PASSWORD_OK, subaccountAdmin } from '../support/subaccounts-admin.ts';

const t = useTarget();
const { manager, addSubaccount } = subaccountAdmin(t);

describe('POST /manager/subaccount/get_apikey (4.11)', () => {
  req(['op:subaccounts/get-apikey', 'rule:subaccounts.get-apikey'], 'answers the key the subaccount was created with, and its email', async () => {
    const email = `${t.name('get')}@example.com`;
    const added = expectSuccess(await addSubaccount(email, PASSWORD_OK), 'subaccounts/add', SubaccountAddResponse);
    const got = expectSuccess(
      await t.api('subaccounts/get-apikey', { key: manager(), json: { email } }),
      'subaccounts/get-apikey',
      SubaccountGetApikeyResponse,
    );
    judge('rule:subaccounts.get-apikey', 'the key, email and status answered (4.11)', () => {
      expect(got.apikey === added.apikey, 'the same key').toBe(true);
      expect(got.email.toLowerCase()).toBe(email.toLowerCase());
      expect(got.status, 'status 200 (4.11)').toBe(200);
    });
  });

  req(['op:subaccounts/get-apikey'], 'an email that is no subaccount of the manager is refused, with no key', async () => {
    const answer = await t.api('subaccounts/get-apikey', { key: manager(), json: { email: `${t.name('none')}@example.com` } });
    expectRefused('op:subaccounts/get-apikey', answer, 'subaccounts/get-apikey', 'no such subaccount', 'missing-resource');
    judge('op:subaccounts/get-apikey', 'no key in the refusal (4.11)', () => expect('apikey' in answer.body, 'no key in a refusal').toBe(false));
  });
});
