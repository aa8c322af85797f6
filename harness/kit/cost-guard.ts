/**
 * Cost safety (5.2, 8): against a target that is not the embedded server, a send that is not
 * sandbox needs --allow-charges and may only go to the profile's phone numbers; the run's credit
 * budget (--max-credits) is checked with /credits/consult before each one, and the file's
 * subaccount is topped up from the manager within it. A send refused for any of these skips its
 * test with the reason (never a failure: what would be charged beyond what the run allows is not
 * the target's fault; test-skip.ts). Sandbox sends have a budget of their own (sandbox-budget.ts).
 */
import type { Operation } from '../../schemas/operations.ts';
import type { RunConfig } from '../config/run-config.ts';
import { isSandboxRequest } from './sandbox-budget.ts';
import { REMOTE_FILE_CREDITS } from './subaccounts.ts';
import type { Answer, ApiRequest, Subaccount } from './target-contract.ts';
import { SkipTest } from './test-skip.ts';

/**
 * A send the cost guard refuses (5.2, 8): a skip of the test with this reason, never a failure
 * (what would be charged beyond the profile's numbers or budget is not the target's fault).
 */
export class CostGuardError extends SkipTest {
  override readonly name = 'CostGuardError';
}

/**
 * A charged send from the file's subaccount with less than this left tops it up by
 * REMOTE_FILE_CREDITS from the manager first (4.11), so that a file that sends much (the legacy OTP
 * set: every send charged, 4.5) is not refused for credits the run never meant to withhold; the
 * run's --max-credits still bounds what the file is given.
 */
const TOP_UP_BELOW = 10;

/**
 * Operations that may send a charged message although the registry does not mark them as sending:
 * 4.5 lists POST /otp/reset "as restarting an OTP verification" without its response, and a
 * restart may send a new code (a target that does so charges it, like any legacy send). Only a
 * request that names a number can restart anything: one that names none (the authentication tests
 * call every operation with an empty body) charges nobody.
 */
const MAY_SEND: ReadonlySet<string> = new Set(['otp-legacy/reset']);

/** Every 10-digit run in a request: the numbers it would charge a send to. */
function numbersIn(request: ApiRequest): string[] {
  const text = JSON.stringify([request.json, request.form, request.query, request.body]);
  return text.match(/(?<!\d)\d{10}(?!\d)/g) ?? [];
}

/** What the guard needs of the file's target handle (target.ts). */
export interface CostGuardCalls {
  readonly config: RunConfig;
  /** The subaccount the file works in, once its setup has made it. */
  fileSubaccount(): Subaccount | undefined;
  api(operationId: string, request: ApiRequest): Promise<Answer>;
  credits(key?: string): Promise<number>;
}

/** One per suite file: it counts what the file's subaccount was topped up with. */
export class CostGuard {
  private readonly calls: CostGuardCalls;
  /** Credits moved to the file's subaccount after its setup (topUpBeforeCharge). */
  private toppedUp = 0;

  constructor(calls: CostGuardCalls) {
    this.calls = calls;
  }

  /** 5.2, 8: refuses a charged send the run has not allowed, before it leaves this machine. */
  async check(op: Operation, request: ApiRequest): Promise<void> {
    const { config } = this.calls;
    const maySend = MAY_SEND.has(op.operationId) && numbersIn(request).length > 0;
    if (config.embedded || !(op.sends || maySend) || isSandboxRequest(request)) return;
    const allowed = new Set(config.profile.phoneNumbers);
    if (!config.allowCharges)
      throw new CostGuardError(
        `cost guard: ${op.operationId} without sandbox would be charged, and --allow-charges was not given` +
          (allowed.size === 0 ? " (charged sends also need the tester's own numbers under phoneNumbers in the profile)" : ''),
      );
    const strangers = new Set(numbersIn(request).filter((n) => !allowed.has(n)));
    // The run allowed charges: what it lacks is numbers, never the flag it gave.
    if (strangers.size > 0)
      throw new CostGuardError(
        `cost guard: ${op.operationId} would be charged to ${strangers.size} number(s) outside the profile's phoneNumbers ` +
          (allowed.size === 0
            ? "(--allow-charges given, but the profile lists no numbers): a charged send goes only to the tester's own numbers"
            : `(it lists ${allowed.size}): a charged send goes only to the tester's own numbers`),
      );
    const { maxCredits, startingCredits } = config;
    if (maxCredits !== undefined && startingCredits !== undefined) {
      const consumed = startingCredits - (await this.calls.credits(config.apiKey));
      if (consumed >= maxCredits)
        throw new CostGuardError(
          `cost guard: credit budget reached (${consumed} consumed of --max-credits ${maxCredits}): charged sends are skipped from here on`,
        );
    }
    await this.topUpBeforeCharge(request);
  }

  /** See TOP_UP_BELOW: only the file's own subaccount (a test's subaccount keeps the balance it chose). */
  private async topUpBeforeCharge(request: ApiRequest): Promise<void> {
    const sub = this.calls.fileSubaccount();
    const managerKey = this.calls.config.managerKey;
    if (sub === undefined || managerKey === undefined || (request.key !== undefined && request.key !== sub.key)) return;
    if ((await this.calls.credits(sub.key)) >= TOP_UP_BELOW) return;
    const { maxCredits } = this.calls.config;
    if (maxCredits !== undefined && this.toppedUp + REMOTE_FILE_CREDITS > maxCredits)
      throw new CostGuardError(
        `cost guard: the file's subaccount has spent its credits and more would pass ` +
          `--max-credits ${maxCredits}: charged sends of this file are skipped from here on`,
      );
    const moved = await this.calls.api('subaccounts/manage-credits', { key: managerKey, json: { email: sub.email, type: 1, credits: REMOTE_FILE_CREDITS } });
    if (moved.body.success !== true)
      throw new CostGuardError(
        `cost guard: the file's subaccount has spent its credits and the manager gave no more (HTTP ${moved.status}): ${moved.text.slice(0, 200)}`,
      );
    this.toppedUp += REMOTE_FILE_CREDITS;
  }
}
