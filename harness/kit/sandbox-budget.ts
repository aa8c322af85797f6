/**
 * The run's own budget of sandbox sends (8: "Sandbox | 100 test sends per day (current SMS and
 * general text); 1,000 per day in the legacy v1 text ... | sandbox requests"; ambiguity
 * sandbox-daily-limit). The target counts them per account and day, and refuses the sends past the
 * limit; a test whose send meets that refusal only because earlier tests of the run spent the
 * account's quota would fail against a requirement the target keeps. So the kit counts what the
 * run sends in sandbox from the accounts its files share, across every worker (run-state.ts), and
 * a send that would pass the profile's limit is not made: its test is skipped with the reason.
 *
 * What is counted, and why it is conservative:
 *  - every recipient of a sandbox request of a sending operation (4.2, 4.3, 4.4, 4.16) that the
 *    target accepted (a refused request is not a send), and every recipient of one whose answer
 *    never came (it may have been counted);
 *  - in the account of the run (the --api-key account, which every suite file shares without a
 *    manager key) and in each file's own subaccount (4.11, with a manager key). A subaccount a test
 *    creates for itself (the sandbox-limit tests exhaust one on purpose) is that test's own;
 *  - in the account of the run, sandbox sends made outside this run earlier the same day (discover,
 *    another run) count on the target too and are unknown to the kit: a share of the limit is left
 *    to them (EARLIER_SENDS_SHARE). A subaccount this run created has no earlier sends.
 * A request that alone asks for more than the whole budget (a 501-number batch refused for its
 * size, 7.4 Codigo 14) is let through: no earlier send of the run decides its answer.
 *
 * In the account of the run the budget is planned (sandbox-plan.ts): each suite file has a share,
 * by the requirements its sending tests decide per send, and the shares of the files that have not
 * started are kept for them; a request its test expects to be refused needs only the account's room.
 * The profile gives no value for the per-account report request limit (8: "whose value: not
 * shown"), so report requests are not budgeted here.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Operation } from '../../schemas/operations.ts';
import type { RunConfig } from '../config/run-config.ts';
import { isJsonObject } from '../transport/http-client.ts';
import { updateRunState, type RunPlace } from './run-state.ts';
import type { SuiteFileId } from '../config/project-paths.ts';
import { decideSend, keptForLaterFiles, planSandboxShares, REFUSAL_HEADROOM, SANDBOX_DEMANDS, startedAreas, type SendDecision } from './sandbox-plan.ts';
import type { Answer, ApiRequest, Subaccount } from './target-contract.ts';
import { SkipTest } from './test-skip.ts';

/** The share of the day's limit left, in the run's account, to sandbox sends made outside this run. */
const EARLIER_SENDS_SHARE = 0.2;

const SandboxCounts = z.object({
  /** Per account (a digest of its key, never the key: 5.2): recipients sent, and recipients of requests still in flight. */
  accounts: z.record(z.string(), z.object({ used: z.number().int().nonnegative(), reserved: z.number().int().nonnegative() })),
  /**
   * The suite files that have started, by id (`sms`, `otp-v2/state-table`): an area's share of the
   * plan is no longer kept once all its files have (sandbox-plan.ts startedAreas).
   */
  started: z.array(z.string()).default([]),
});
type SandboxCounts = z.output<typeof SandboxCounts>;

const NO_COUNTS: SandboxCounts = { accounts: {}, started: [] };

const STATE = 'sandbox-sends';

const truthyFlag = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

const fieldsOf = (request: ApiRequest): Record<string, unknown>[] => [request.json, request.form, request.query].filter(isJsonObject);

/** Whether a request asks for sandbox (4.2 sandbox=1, 4.3 sandbox=1, 4.4 sandbox=true, 4.16 sandbox=1). */
export function isSandboxRequest(request: ApiRequest): boolean {
  return fieldsOf(request).some((f) => truthyFlag(f.sandbox));
}

/** The recipient fields of the sending operations: numbers (4.2, 4.3), numcelular (4.16), phone_number (4.4). */
const RECIPIENT_FIELDS = ['numbers', 'numcelular', 'phone_number'] as const;

/** How many sends a request asks for: its recipients, comma-separated (4.2, 4.16); at least one. */
export function recipientsOf(request: ApiRequest): number {
  for (const fields of fieldsOf(request))
    for (const name of RECIPIENT_FIELDS) {
      const value = fields[name];
      if (typeof value === 'string') return Math.max(1, value.split(',').filter((n) => n.trim() !== '').length);
      if (Array.isArray(value)) return Math.max(1, value.length);
    }
  return 1;
}

/** How many of a request's recipients the target accepted: it counts those (8), not the refused ones. */
export function acceptedSends(answer: Answer | undefined, requested: number): number {
  // No answer (a timeout, a reset connection): the target may have counted them.
  if (answer === undefined) return requested;
  const body = answer.body;
  // 4.16 send/multi: one item per number, Estatus=ok for each one sent.
  if (Array.isArray(body.respuestas)) return body.respuestas.filter((item) => isJsonObject(item) && item.Estatus === 'ok').length;
  if (typeof body.Estatus === 'string') return body.Estatus === 'ok' ? requested : 0;
  if (body.success !== true) return 0;
  return typeof body.total_messages === 'number' && body.total_messages >= 0 ? Math.min(requested, body.total_messages) : requested;
}

/** A digest that names an account in the run's state without writing its key. */
const accountId = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** The key of the account a request acts on: its key, or the apikey it carries in a field (5.1, 5.5). */
export function accountKeyOf(request: ApiRequest, headerKey: string | undefined): string | undefined {
  if (headerKey !== undefined) return headerKey;
  for (const fields of fieldsOf(request)) if (typeof fields.apikey === 'string' && fields.apikey !== '') return fields.apikey;
  return undefined;
}

/** A sandbox send counted before it went out: settled with its answer. */
export interface SandboxReservation {
  settle(answer: Answer | undefined): Promise<void>;
}

/** What the budget needs of the file's target handle (target.ts). */
export interface SandboxBudgetCalls {
  readonly config: RunConfig;
  /** The suite file the budget counts for (its id and area); undefined outside one. */
  readonly file?: SuiteFileId | undefined;
  /** The subaccount the file works in, once its setup has made it. */
  fileSubaccount(): Subaccount | undefined;
}

/** One per suite file; the run account's counts are the run's (every worker's), in the run's output folder; the file subaccount's are this file's, in memory. */
export class SandboxBudget {
  private readonly calls: SandboxBudgetCalls;
  /** Recipients sent and in flight from the file's own subaccount (reserveInFileSubaccount). */
  private readonly ownSubaccountCounts = { used: 0, reserved: 0 };

  constructor(calls: SandboxBudgetCalls) {
    this.calls = calls;
  }

  private get place(): RunPlace {
    return { outDir: this.calls.config.outDir, runId: this.calls.config.runId };
  }

  /** 8: the day's limit of sandbox sends per account, the profile's option (not a test's read of it). */
  private get limit(): number {
    return Number(this.calls.config.profile.ambiguities['sandbox-daily-limit']);
  }

  /** The run's budget in the run's account: the limit less what is left to sends made outside the run. */
  private get runAccountBudget(): { budget: number; leftToOthers: number } {
    const limit = this.limit;
    // The embedded server starts with the run: nothing was sent from its accounts before it.
    const leftToOthers = this.calls.config.embedded ? 0 : Math.ceil(limit * EARLIER_SENDS_SHARE);
    return { budget: limit - leftToOthers, leftToOthers };
  }

  /** The area of each suite file of this run (an area in a folder once per file). */
  private get fileAreas(): readonly string[] {
    return this.calls.config.suiteAreas ?? Object.keys(SANDBOX_DEMANDS);
  }

  /** The plan of the run's account: each area's share (sandbox-plan.ts), over the files of this run. */
  private get shares(): Record<string, number> {
    return planSandboxShares(this.runAccountBudget.budget, this.fileAreas);
  }

  /** The areas whose share is no longer kept, given the ids of the files that have started. */
  private startedAreas(started: readonly string[]): string[] {
    return startedAreas(
      this.fileAreas,
      started.map((id) => id.split('/')[0]!),
    );
  }

  /** The file has started (its setup): once every file of its area has, the area's share is no longer kept for it, and it spends from it. */
  async start(): Promise<void> {
    const id = this.calls.file?.id;
    if (id === undefined) return;
    await updateRunState(this.place, STATE, SandboxCounts, NO_COUNTS, (state) => ({
      state: state.started.includes(id) ? state : { ...state, started: [...state.started, id] },
      result: undefined,
    }));
  }

  /**
   * Counts a sandbox send of `op` from the account `key` before it goes out; skips the test (a
   * SkipTest with the reason) when the run's sends would pass the limit, or, in the run's account,
   * the share of the files still to start. Undefined when nothing is counted (not a sandbox send,
   * or an account the budget does not cover).
   */
  async reserve(op: Operation, request: ApiRequest, key: string | undefined): Promise<SandboxReservation | undefined> {
    if (!op.sends || !isSandboxRequest(request) || key === undefined) return undefined;
    const { config } = this.calls;
    const area = this.calls.file?.area;
    const runAccount = key === config.apiKey;
    if (!runAccount && key !== this.calls.fileSubaccount()?.key) return undefined;
    const requested = recipientsOf(request);
    const expectsRefusal = request.expectsRefusal === true;
    // A subaccount of the file's own is the file's alone: no plan, the limit only.
    if (!runAccount) return this.reserveInFileSubaccount(requested, expectsRefusal, area);
    const { budget, leftToOthers } = this.runAccountBudget;
    const shares = this.shares;
    const id = accountId(key);
    const refused = await updateRunState(this.place, STATE, SandboxCounts, NO_COUNTS, (state) => {
      const counts = state.accounts[id] ?? { used: 0, reserved: 0 };
      const spent = counts.used + counts.reserved;
      const started = this.startedAreas(state.started);
      const decision = decideSend({ budget, shares, started, spent, requested, area, expectsRefusal });
      if (decision !== 'send') return { state, result: { decision, spent, kept: keptForLaterFiles(shares, started, area) } };
      return { state: { ...state, accounts: { ...state.accounts, [id]: { ...counts, reserved: counts.reserved + requested } } }, result: undefined };
    });
    if (refused !== undefined) throw new SkipTest(this.reason({ runAccount: true, requested, leftToOthers, budget, ...refused }));
    return {
      settle: async (answer) => {
        const sent = acceptedSends(answer, requested);
        await updateRunState(this.place, STATE, SandboxCounts, NO_COUNTS, (state) => {
          const counts = state.accounts[id] ?? { used: 0, reserved: requested };
          return {
            state: { ...state, accounts: { ...state.accounts, [id]: { used: counts.used + sent, reserved: Math.max(0, counts.reserved - requested) } } },
            result: undefined,
          };
        });
      },
    };
  }

  /**
   * The file's own subaccount is used by this file alone, in this process (its tests may be
   * concurrent, never in another worker): its sends are counted here, without the run's shared
   * state and its lock, which cost two locked file writes per send.
   */
  private reserveInFileSubaccount(requested: number, expectsRefusal: boolean, area: string | undefined): SandboxReservation {
    const counts = this.ownSubaccountCounts;
    const spent = counts.used + counts.reserved;
    const decision = decideSend({ budget: this.limit, shares: {}, started: [], spent, requested, area, expectsRefusal, headroom: 0 });
    if (decision !== 'send') throw new SkipTest(this.reason({ runAccount: false, requested, leftToOthers: 0, budget: this.limit, decision, spent, kept: 0 }));
    counts.reserved += requested;
    return {
      settle: async (answer) => {
        counts.used += acceptedSends(answer, requested);
        counts.reserved = Math.max(0, counts.reserved - requested);
      },
    };
  }

  private reason(r: {
    runAccount: boolean;
    decision: Exclude<SendDecision, 'send'>;
    spent: number;
    kept: number;
    budget: number;
    requested: number;
    leftToOthers: number;
  }): string {
    const limit = this.limit;
    const recipients = r.requested > 1 ? `; this send has ${r.requested} recipients` : '';
    if (!r.runAccount)
      return (
        `sandbox budget: ${r.spent} of the day's ${limit} sends already used by this ` +
        `run in this file's subaccount (8, profile sandbox-daily-limit)${recipients}`
      );
    // The remedy is named only to a run that lacks it.
    const advice =
      this.calls.config.managerKey === undefined
        ? 'give a manager key (each suite file then sends from a subaccount of its own)'
        : "the tests that send from the run's account share its quota";
    const others =
      r.leftToOthers > 0
        ? `. The kit leaves ${r.leftToOthers} of the ${limit} to sandbox sends made outside this run ` +
          `earlier today (discover, another run), which the target counts too (8: per account and day)`
        : '';
    if (r.decision === 'over-plan')
      return (
        `sandbox budget: this file's part of the run's ${r.budget} sends in this account is spent (${r.spent} used; ` +
        `${r.kept} kept for the files still to run, planned by the requirements their tests decide per send, ` +
        `and ${REFUSAL_HEADROOM} for requests expected to be refused); ${advice}${others}${recipients}`
      );
    return `sandbox budget: ${r.spent} of the day's ${limit} sends already used by this run in this account; ${advice}${others}${recipients}`;
  }
}
