/**
 * Helpers of the subaccount suite (suites/subaccounts/, 4.11 with 2.7 and the limits of 8), shared
 * by its files: the manager key, a subaccount added with it (archived at teardown), the success of
 * credits/manage with the message the profile expects, and the premise a bound's cases take from
 * the kit's own request schema. The helpers that need the target take the suite file's own.
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import { type Answer, expectSuccess, Inconclusive, judge, type Target } from '../../harness/kit/index.ts';
import { SubaccountCreditsManageResponse } from '../../schemas/subaccounts.ts';

/** A password within the bounds of 8 (6 to 36 characters). */
export const PASSWORD_OK = 'Conform1ty';

/**
 * The premise of a bound's cases: the kit's own request schema (schemas/subaccounts.ts) takes the side of the bound a
 * case means, so that the OpenAPI the kit emits and the case agree. It says nothing of the target: a schema that
 * disagrees leaves the test undecided.
 */
export function schemaPremise(schema: z.ZodType, body: unknown, accepts: boolean, what: string): void {
  if (schema.safeParse(body).success !== accepts)
    throw new Inconclusive(`the kit's request schema ${accepts ? 'refuses' : 'accepts'} ${what}: it does not hold the bound this test tries`);
}

interface SubaccountAdmin {
  /** The manager key (4.11, 5.3); the files run only with one (capability manager-key, through the requirement ids). */
  manager(): string;
  /** 4.11 add; a created subaccount is archived at teardown (whatever the test expected). */
  addSubaccount(email: string, password: string): Promise<Answer>;
  /** The success of credits/manage, with the message the profile expects (ambiguity subaccount-credits-manage-success-message). */
  expectCreditsMoved(answer: Answer): void;
}

/** The helpers of the suite file whose target is `t`. */
export function subaccountAdmin(t: Target): SubaccountAdmin {
  const manager = (): string => t.managerKey!;

  async function addSubaccount(email: string, password: string): Promise<Answer> {
    const answer = await t.api('subaccounts/add', { key: manager(), json: { email, password } });
    if (answer.body.success === true) {
      if (typeof answer.body.apikey === 'string') t.learnSecret(answer.body.apikey);
      t.onCleanup(() => t.api('subaccounts/archive', { key: manager(), json: { email } }));
    }
    return answer;
  }

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

  return { manager, addSubaccount, expectCreditsMoved };
}
