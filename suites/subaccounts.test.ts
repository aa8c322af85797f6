/**
 * Section 4.11 (with 2.6, 2.7, 3.3, 5.3 and the limits of 8): subaccounts administered by the
 * manager key. Each subaccount has its own key and balance; credits move between the manager's
 * pool (2.7 master_credit) and the subaccount, in whole credits; archiving disables the key.
 * Everything here runs with the manager key (capability manager-key, automatic through the
 * requirement ids) and archives what it creates.
 */
import { describe, expect } from 'vitest';
import { AgendaAddResponse, AgendaListResponse } from '../schemas/agendas.ts';
import { CreditsConsultResponse } from '../schemas/credits.ts';
import { limitById } from '../schemas/limits.ts';
import {
  SubaccountAddRequest,
  SubaccountAddResponse,
  SubaccountArchiveRequest,
  SubaccountCreditsManageRequest,
  SubaccountCreditsManageResponse,
  SubaccountGetApikeyResponse,
} from '../schemas/subaccounts.ts';
import type { z } from 'zod';
import { type Answer, expectError, expectRefused, expectSuccess, Inconclusive, judge, req, useTarget } from '../harness/kit/index.ts';

const t = useTarget();

const EMAIL = limitById('subaccount-email-length');
const PASSWORD = limitById('subaccount-password-length');
const PASSWORD_OK = 'Conform1ty';

const manager = (): string => t.managerKey!;

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

/**
 * The premise of a bound's cases: the kit's own request schema (schemas/subaccounts.ts) takes the side of the bound a
 * case means, so that the OpenAPI the kit emits and the case agree. It says nothing of the target: a schema that
 * disagrees leaves the test undecided.
 */
function schemaPremise(schema: z.ZodType, body: unknown, accepts: boolean, what: string): void {
  if (schema.safeParse(body).success !== accepts)
    throw new Inconclusive(`the kit's request schema ${accepts ? 'refuses' : 'accepts'} ${what}: it does not hold the bound this test tries`);
}

/** 4.11 add; a created subaccount is archived at teardown (whatever the test expected). */
async function addSubaccount(email: string, password: string): Promise<Answer> {
  const answer = await t.api('subaccounts/add', { key: manager(), json: { email, password } });
  if (answer.body.success === true) {
    if (typeof answer.body.apikey === 'string') t.learnSecret(answer.body.apikey);
    t.onCleanup(() => t.api('subaccounts/archive', { key: manager(), json: { email } }));
  }
  return answer;
}

/**
 * 2.7: the manager's pool, master_credit. An administrator account without it breaks 2.7; one whose
 * pool is null (never initialised, which 2.7 allows) has no pool to read a move in: undecided.
 */
async function pool(): Promise<number> {
  const body = expectSuccess(await t.api('credits/consult', { key: manager() }), 'credits/consult', CreditsConsultResponse);
  judge('rule:credits.master-credit-admin-only', 'master_credit on the manager account (2.7)', () =>
    expect(body, 'the manager account has master_credit (2.7): credits cannot be moved to subaccounts without it').toHaveProperty('master_credit'),
  );
  if (body.master_credit === null || body.master_credit === undefined)
    throw new Inconclusive('POST /credits/consult with the manager key answered master_credit null (never initialised): no pool to move credits from');
  return Number(body.master_credit);
}

/** The success of credits/manage, with the message the profile expects (ambiguity subaccount-credits-manage-success-message). */
function expectCreditsMoved(answer: Answer): void {
  const body = expectSuccess(answer, 'subaccounts/manage-credits', SubaccountCreditsManageResponse);
  const choice = t.choices['subaccount-credits-manage-success-message'];
  judge(
    'subaccount-credits-manage-success-message',
    `message ${body.message}`,
    choice === 'subaccount_archived' ? body.message === 'subaccount_archived' : true,
  );
  if (choice === 'subaccount_archived')
    judge('op:subaccounts/manage-credits', 'the success message (4.11)', () =>
      expect(body.message, 'message (profile: as the sample)').toBe('subaccount_archived'),
    );
}

/** Moves of the pool check (below): enough for one to fall in a quiet moment of a busy run. */
const POOL_CHECK_MOVES = 8;

/**
 * Moves `amount` credits (type 1 add, 2 withdraw) up to POOL_CHECK_MOVES times and checks both
 * sides: the subaccount's balance exactly after each move (nobody else touches it), and the pool
 * by the same amount. Other suite files move credits of the same pool at the same moment (every
 * file and many tests work in subaccounts of their own, created and archived as they go), so a
 * move whose pool delta matches ends the check, after a pause of random length between tries to
 * leave a burst of the others' moves; a target whose pool does not follow fails every try.
 * Type 1 is judged as rule:subaccounts.credits-add on both sides (4.11, 2.7: its balance rises, the pool
 * falls); type 2's falling balance as the operation's (4.11: type 2 withdraws), the pool that rises by as
 * much as rule:subaccounts.credits-withdraw, our reading (where the credits go is not stated).
 */
async function moveAndCheck(sub: { email: string; key: string }, type: 1 | 2, amount: number): Promise<void> {
  let balance = await t.credits(sub.key);
  let poolFollowed = false;
  const seen: string[] = [];
  for (let move = 0; move < POOL_CHECK_MOVES && !poolFollowed; move++) {
    if (move > 0) await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 300));
    const before = await pool();
    expectCreditsMoved(await t.api('subaccounts/manage-credits', { key: manager(), json: { email: sub.email, type, credits: amount } }));
    const after = await pool();
    balance += type === 1 ? amount : -amount;
    const held = await t.credits(sub.key);
    judge(type === 1 ? 'rule:subaccounts.credits-add' : 'op:subaccounts/manage-credits', `the subaccount's balance after type=${type} (4.11)`, () =>
      expect(held, `the subaccount's balance after type=${type} of ${amount}`).toBeCloseTo(balance, 2),
    );
    const delta = after - before;
    seen.push(delta.toFixed(2));
    poolFollowed = Math.abs(delta - (type === 1 ? -amount : amount)) < 0.005;
  }
  judge(type === 1 ? 'rule:subaccounts.credits-add' : 'rule:subaccounts.credits-withdraw', `master_credit after type=${type} (2.7)`, () =>
    expect(poolFollowed, `master_credit moves by the credits moved, the other way (pool deltas seen: ${seen.join(', ')})`).toBe(true),
  );
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

describe('POST /manager/subaccount/archive (4.11, 3.3)', () => {
  req(
    ['op:subaccounts/archive', 'rule:subaccounts.archived-refused', 'err:auth_06'],
    "archives: the subaccount's key, which worked before, answers auth_06",
    async () => {
      const sub = await t.newSubaccount();
      expectSuccess(await t.api('agendas/list', { key: sub.key }), 'agendas/list', AgendaListResponse);
      expectSuccess(await t.api('subaccounts/archive', { key: manager(), json: { email: sub.email } }), 'subaccounts/archive');
      expectError('err:auth_06', await t.api('credits/consult', { key: sub.key }), 'auth_06', 'credits/consult');
      expectError('err:auth_06', await t.api('agendas/add', { key: sub.key, json: { agenda_name: t.name('late') } }), 'auth_06', 'agendas/add');
    },
  );
});

/** Credits values 4.11 refuses ("an integer greater than 0"), each with the type it is tried with. */
const REFUSED_CREDITS = [
  [1, 1.5],
  [2, 1.5],
  [1, 0.01],
  [1, 0],
  [1, -2],
  [2, -2],
  [2, 0],
] as const;

describe('POST /manager/subaccount/credits/manage (4.11, 2.7)', () => {
  req(
    ['op:subaccounts/manage-credits', 'rule:subaccounts.credits-add'],
    "type=1 adds credits: the subaccount's balance rises and master_credit falls by as much",
    async () => {
      const sub = await t.newSubaccount();
      await moveAndCheck(sub, 1, 3);
    },
  );

  req(
    ['op:subaccounts/manage-credits', 'rule:subaccounts.credits-withdraw'],
    "type=2 withdraws credits: the subaccount's balance falls and master_credit rises by as much",
    async () => {
      const sub = await t.newSubaccount(3 * POOL_CHECK_MOVES);
      await moveAndCheck(sub, 2, 3);
    },
  );

  req(
    ['op:subaccounts/manage-credits', 'rule:subaccounts.credits-withdraw'],
    'type=2 cannot withdraw more than the subaccount holds: refused, and its balance stays',
    async () => {
      const held = 4;
      const sub = await t.newSubaccount(held);
      // A balance too small, not invalid input: 7.1's 200 is not its status (a 402 is as good).
      expectRefused(
        'op:subaccounts/manage-credits',
        await t.api('subaccounts/manage-credits', { key: manager(), json: { email: sub.email, type: 2, credits: held + 1 } }),
        'subaccounts/manage-credits',
        `withdraw ${held + 1} of ${held}`,
        'insufficient-balance',
      );
      // 4.11: type=2 withdraws from the subaccount's balance; a refused withdrawal leaving it as it was is our reading.
      // The withdrawal of all it holds below needs that balance: a changed one leaves nothing more to judge.
      const kept = await t.credits(sub.key);
      const untouched = judge('rule:subaccounts.credits-withdraw', 'a refused type=2 (4.11)', () =>
        expect(kept, 'the balance is untouched (never below zero)').toBe(held),
      );
      if (!untouched) return;
      expectCreditsMoved(await t.api('subaccounts/manage-credits', { key: manager(), json: { email: sub.email, type: 2, credits: held } }));
      const emptied = await t.credits(sub.key);
      judge('rule:subaccounts.credits-withdraw', 'type=2 (4.11)', () => expect(emptied, 'all it holds can be withdrawn').toBe(0));
    },
  );

  req(
    ['rule:subaccounts.credits-integer', 'op:subaccounts/manage-credits'],
    'credits must be an integer greater than 0: decimals, 0 and negatives are refused and move nothing; 1 is accepted',
    async () => {
      const sub = await t.newSubaccount(5);
      for (const [type, credits] of REFUSED_CREDITS) {
        schemaPremise(SubaccountCreditsManageRequest, { email: sub.email, type, credits }, false, `credits=${credits}`);
        expectRefused(
          'rule:subaccounts.credits-integer',
          await t.api('subaccounts/manage-credits', { key: manager(), json: { email: sub.email, type, credits } }),
          'subaccounts/manage-credits',
        );
        const held = await t.credits(sub.key);
        judge('rule:subaccounts.credits-integer', 'a refused credits value moves nothing (4.11)', () =>
          expect(held, `nothing moved by type=${type} credits=${credits}`).toBe(5),
        );
      }
      expectCreditsMoved(await t.api('subaccounts/manage-credits', { key: manager(), json: { email: sub.email, type: 1, credits: 1 } }));
      const raised = await t.credits(sub.key);
      judge('rule:subaccounts.credits-integer', 'credits=1 is moved (4.11)', () => expect(raised, 'credits=1, the smallest integer above 0, is moved').toBe(6));
    },
  );

  req(
    ['op:subaccounts/manage-credits', 'limit:subaccount-credits-type'],
    'a type other than 1 or 2 (3, 0), or a missing field, is refused and moves nothing',
    async () => {
      const sub = await t.newSubaccount(5);
      for (const json of [
        { email: sub.email, type: 3, credits: 1 },
        { email: sub.email, type: 0, credits: 1 },
        { email: sub.email, credits: 1 },
        { email: sub.email, type: 1 },
        { type: 1, credits: 1 },
      ]) {
        const what = `type=${String(json.type)} credits=${String(json.credits)}${json.email === undefined ? ' with no email' : ''}`;
        schemaPremise(SubaccountCreditsManageRequest, json, false, what);
        // A type outside 1 and 2 (or none) breaks the limit; a missing credits or email, the operation's required fields (4.11).
        expectRefused(
          json.type === 1 || json.type === 2 ? 'op:subaccounts/manage-credits' : 'limit:subaccount-credits-type',
          await t.api('subaccounts/manage-credits', { key: manager(), json }),
          'subaccounts/manage-credits',
        );
      }
      const held = await t.credits(sub.key);
      judge('limit:subaccount-credits-type', 'a refused type moves nothing (4.11)', () => expect(held, 'nothing moved').toBe(5));
    },
  );
});

describe('isolation between accounts (1, 5.2, 5.3)', () => {
  req(
    ['rule:subaccounts.isolation', 'op:agendas/list'],
    "another subaccount's key neither sees, reads, renames nor deletes a subaccount's contact list",
    async () => {
      const owner = await t.newSubaccount();
      const stranger = await t.newSubaccount();
      const name = t.name('private');
      const list = expectSuccess(await t.api('agendas/add', { key: owner.key, json: { agenda_name: name } }), 'agendas/add', AgendaAddResponse);
      t.onCleanup(() => t.api('agendas/delete', { key: owner.key, json: { list_key: list.list_key } }));
      const number = t.phone();
      expectSuccess(await t.api('contacts/add', { key: owner.key, json: { list_key: list.list_key, number, name: 'Ana Privada' } }), 'contacts/add');

      // 1, 5.2: that another account's key reaches none of this account's lists is our reading (a key gives access to its own account).
      const seen = expectSuccess(await t.api('agendas/list', { key: stranger.key }), 'agendas/list', AgendaListResponse).result;
      judge('rule:subaccounts.isolation', "another subaccount's key (1, 5.2)", () =>
        expect(
          seen.map((l) => l.list_key),
          'the stranger does not see the list',
        ).not.toContain(list.list_key),
      );
      judge('rule:subaccounts.isolation', "another subaccount's key (1, 5.2)", () =>
        expect(
          seen.map((l) => l.agenda_name),
          'nor its name',
        ).not.toContain(name),
      );

      const read = await t.api('agendas/list-contacts', { key: stranger.key, json: { list_key: list.list_key } });
      judge('rule:subaccounts.isolation', "another subaccount's key (1, 5.2)", () =>
        expect(read.text, "the owner's contact does not leak").not.toContain(number),
      );
      // To the stranger the list does not exist: the status of that refusal is not stated (7.1).
      expectRefused('op:agendas/list', read, 'agendas/list-contacts', "another account's list", 'missing-resource');
      expectRefused(
        'op:agendas/list',
        await t.api('agendas/rename', { key: stranger.key, json: { list_key: list.list_key, agenda_name: t.name('taken') } }),
        'agendas/rename',
        "another account's list",
        'missing-resource',
      );
      expectRefused(
        'op:agendas/list',
        await t.api('agendas/delete', { key: stranger.key, json: { list_key: list.list_key } }),
        'agendas/delete',
        "another account's list",
        'missing-resource',
      );

      const still = expectSuccess(await t.api('agendas/list', { key: owner.key }), 'agendas/list', AgendaListResponse).result.find(
        (l) => l.list_key === list.list_key,
      );
      judge('rule:subaccounts.isolation', "another subaccount's key (1, 5.2)", () =>
        expect(still?.agenda_name, "the owner's list is intact, under its name").toBe(name),
      );
    },
  );

  req(['rule:subaccounts.isolation', 'rule:auth.subaccount-own-balance'], "each subaccount's key answers its own balance", async () => {
    const a = await t.newSubaccount(2);
    const b = await t.newSubaccount(3);
    // 5.3: "A subaccount key acts on its own balance."
    const balanceOfA = await t.credits(a.key);
    judge('rule:auth.subaccount-own-balance', 'own balance (5.3)', () => expect(balanceOfA, "the first subaccount's key answers its 2 credits").toBe(2));
    const balanceOfB = await t.credits(b.key);
    judge('rule:auth.subaccount-own-balance', 'own balance (5.3)', () => expect(balanceOfB, "the second subaccount's key answers its 3 credits").toBe(3));
  });
});
