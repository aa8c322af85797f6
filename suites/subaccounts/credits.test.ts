/**
 * 4.11 POST /manager/subaccount/credits/manage (with 2.7 and the limits of 8): credits move between
 * the manager's pool (2.7 master_credit) and the subaccount, in whole credits: type 1 adds (the
 * subaccount's balance rises, the pool falls by as much), type 2 withdraws (never more than the
 * subaccount holds); decimals, 0, negatives, a type other than 1 or 2 and a missing field are
 * refused and move nothing. Everything here runs with the manager key (capability manager-key, automatic through the
 * requirement ids) and archives what it creates.
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, Inconclusive, judge, req, useTarget } from '../../harness/kit/index.ts';
import { CreditsConsultResponse } from '../../schemas/credits.ts';
import { SubaccountCreditsManageRequest } from '../../schemas/subaccounts.ts';
import { schemaPremise, subaccountAdmin } from '../support/subaccounts-admin.ts';

const t = useTarget();
const { manager, expectCreditsMoved } = subaccountAdmin(t);

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
