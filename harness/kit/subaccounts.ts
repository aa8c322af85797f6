/**
 * Subaccount lifecycle (4.11): the subaccount a suite file works in, and any further one a test
 * asks for, is created by the manager with its credits, and its teardown (credits withdrawn to the
 * manager, then archived) is registered in the same step, so that no subaccount of a run outlives
 * it even when a test fails half-way.
 */
import type { RunConfig } from '../config/run-config.ts';
import type { Answer, ApiRequest, Subaccount, UseTargetOptions } from './target-contract.ts';
import { reportCleanupFailure } from './current-test.ts';
import { SkipTest } from './test-skip.ts';

/** Credits a file's subaccount gets: enough for the sends of one area on the embedded target. */
const EMBEDDED_FILE_CREDITS = 2000;
/** Against a real target, a small amount: the budget of a file, not of the run (also each top-up, cost-guard.ts). */
export const REMOTE_FILE_CREDITS = 50;

/** The credits the file's own subaccount starts with: the file's choice, else the target kind's default. */
export const fileSubaccountCredits = (config: RunConfig, options: UseTargetOptions): number =>
  options.credits ?? (config.embedded ? EMBEDDED_FILE_CREDITS : REMOTE_FILE_CREDITS);

/** What creating a subaccount needs of the file's target handle (target.ts). */
export interface SubaccountCalls {
  readonly managerKey: string | undefined;
  api(operationId: string, request: ApiRequest): Promise<Answer>;
  credits(key?: string): Promise<number>;
  /** A fresh email and password of the run (generated-names.ts). */
  credentials(): { email: string; password: string };
  learnSecret(secret: string): void;
  onCleanup(cleanup: () => Promise<unknown>): void;
}

/**
 * A new subaccount with `credits`, archived at teardown. Only the manager key creates one (5.3), so
 * without it a test that needs a subaccount cannot set up what it needs: it is skipped with that
 * reason (a SkipTest inside a test), never failed against the requirement it meant to prove.
 */
export async function createSubaccount(calls: SubaccountCalls, credits: number): Promise<Subaccount> {
  const managerKey = calls.managerKey;
  if (managerKey === undefined) throw new SkipTest('a subaccount needs the manager key (5.3): give --manager-key to run this test');
  const { email, password } = calls.credentials();
  const added = await calls.api('subaccounts/add', { key: managerKey, json: { email, password } });
  const key = added.body.apikey;
  if (typeof key !== 'string' || key === '') throw new Error(`could not create a subaccount for isolation (HTTP ${added.status}): ${added.text.slice(0, 300)}`);
  calls.learnSecret(key);
  const subaccount = { email, key };
  // Teardown (4.11): the credits back to the manager, then archived. A step that fails is a run
  // error naming what was left on the target; an unreadable balance is never taken as none left.
  calls.onCleanup(async () => {
    const step = `reading the balance of subaccount ${email} before emptying it (4.1, 4.11)`;
    const unread = `subaccount ${email}, not archived, with its credits (balance unreadable)`;
    let left: number;
    try {
      const consult = await calls.api('credits/consult', { key });
      // 3.3, 5: an archived subaccount is disabled (auth_06): a test archived it itself, nothing is left to do.
      if (consult.body.code === 'auth_06') return;
      left = Number(consult.body.credit);
      if (consult.body.success !== true || !Number.isFinite(left)) {
        reportCleanupFailure({ step, leftOnTarget: unread, cause: `HTTP ${consult.status} ${consult.text.slice(0, 200)}` });
        return;
      }
    } catch (error) {
      reportCleanupFailure({ step, leftOnTarget: unread, cause: error });
      return;
    }
    if (left >= 1) {
      const back = await calls.api('subaccounts/manage-credits', { key: managerKey, json: { email, type: 2, credits: Math.floor(left) } });
      if (back.body.success !== true) {
        reportCleanupFailure({
          step: `withdrawing ${Math.floor(left)} credits from subaccount ${email} (4.11)`,
          leftOnTarget: `subaccount ${email}, not archived, with ${left} credits`,
          cause: `HTTP ${back.status} ${back.text.slice(0, 200)}`,
        });
        return;
      }
    }
    const archived = await calls.api('subaccounts/archive', { key: managerKey, json: { email } });
    if (archived.body.success !== true)
      reportCleanupFailure({
        step: `archiving subaccount ${email} (4.11)`,
        leftOnTarget: `subaccount ${email}, emptied but not archived`,
        cause: `HTTP ${archived.status} ${archived.text.slice(0, 200)}`,
      });
  });
  if (credits > 0) {
    const moved = await calls.api('subaccounts/manage-credits', { key: managerKey, json: { email, type: 1, credits } });
    if (moved.body.success !== true)
      throw new Error(`could not give the isolation subaccount ${credits} credits (HTTP ${moved.status}): ${moved.text.slice(0, 300)}`);
  }
  return subaccount;
}
