/**
 * The run's report requests per account (8: "Report requests | per-account request limit
 * (report_05) whose value: not shown | /reports/generate"). The profile has no value for the
 * limit, so the kit cannot plan a budget for it as it does for sandbox sends (sandbox-budget.ts);
 * it counts the report requests this run made from the accounts its files share (the account of
 * the run, each file's own subaccount), across every worker (run-state.ts), and where the target
 * answers report_05 to one of them, the test that needed the report cannot read it because of
 * the run's own requests: it is skipped with that reason, never failed against the requirement it
 * meant to prove. The test of report_05 itself asks from a subaccount of its own, which is not
 * counted here.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Operation } from '../../schemas/operations.ts';
import { updateRunState, type RunPlace } from './run-state.ts';
import type { SandboxBudgetCalls } from './sandbox-budget.ts';
import type { Answer } from './target-contract.ts';
import { SkipTest } from './test-skip.ts';

const ReportCounts = z.object({
  /** Per account (a digest of its key, never the key: 5.2): report requests this run made. */
  accounts: z.record(z.string(), z.number().int().nonnegative()),
});

const STATE = 'report-requests';

/** What the count needs of the file's target handle (target.ts): the same as the sandbox budget's. */
export type ReportRequestsCalls = SandboxBudgetCalls;

/** One per suite file; the counts are the run's. */
export class ReportRequests {
  private readonly calls: ReportRequestsCalls;

  constructor(calls: ReportRequestsCalls) {
    this.calls = calls;
  }

  /** Counts a report request of a shared account; throws the skip when its answer is report_05. */
  async counted(op: Operation, key: string | undefined, answer: Answer): Promise<void> {
    if (op.operationId !== 'reports/generate' || key === undefined) return;
    const { config } = this.calls;
    const runAccount = key === config.apiKey;
    if (!runAccount && key !== this.calls.fileSubaccount()?.key) return;
    const place: RunPlace = { outDir: config.outDir, runId: config.runId };
    const id = createHash('sha256').update(key).digest('hex').slice(0, 16);
    const made = await updateRunState(place, STATE, ReportCounts, { accounts: {} }, (state) => {
      const next = (state.accounts[id] ?? 0) + 1;
      return { state: { accounts: { ...state.accounts, [id]: next } }, result: next };
    });
    if (answer.body.code !== 'report_05') return;
    // Without a manager key every file asks from the run's account (subaccounts.ts); with one, only this file asks from its own.
    const where = runAccount
      ? config.managerKey === undefined
        ? "the run's account, which every suite file shares without --manager-key"
        : "the run's account"
      : "this file's subaccount";
    throw new SkipTest(
      `report budget: this run had made ${made} report requests from ${where} when the target answered report_05 (8: a per-account ` +
        `report request limit "whose value: not shown", so the kit cannot plan for it); the report this test needs cannot be read`,
    );
  }
}
