/**
 * How the run spends the sandbox sends of the account its suite files share (8: "100 test sends per
 * day ... | sandbox requests", per account and day). Without a manager key every file sends from the
 * one account of --api-key, and the files run one after another; a file that runs early would spend
 * the day's quota on its own tests and leave nothing to the files after it. So the run's budget is
 * planned before any file sends:
 *  - each area that sends in sandbox from the run's account gets a share (its one suite file, or all
 *    the files of its folder together), in the order of the requirements its sending tests decide per
 *    send (SANDBOX_DEMANDS), each share at most what the area spends; the shares of the areas whose
 *    files have not all started yet are kept for them (startedAreas);
 *  - a headroom (REFUSAL_HEADROOM) is never planned: a request its test expects to be refused costs
 *    nothing on a target that keeps the rule (a refused request is not a send, 8), but it goes out only
 *    while the account has room for it, so that a refusal is never the limit's (7.4 Codigo 22);
 *  - what a file leaves of its share goes to the files after it (the shares of the files still to
 *    start are what is kept, not what the others spent).
 * Pure functions: sandbox-budget.ts holds the counts and asks here what a send may do.
 */

/**
 * What a run of consecutive tests of one area (its files in the order of
 * harness/run/suite-schedule.ts, each file's tests in its order) spends from the run's account
 * without a manager key, and what it decides.
 */
export interface SandboxDemand {
  /** Sandbox sends these tests make from the run's account, measured (recipients the target accepted). */
  readonly sends: number;
  /** The requirements these tests decide that the file's earlier tiers do not (each counted once). */
  readonly decides: number;
}

/**
 * The areas that send in sandbox from the run's account, measured with `certify --har` against the
 * reference server without a manager key: every accepted recipient of a sandbox send, per area, in
 * tiers where the area's later tests spend much more per requirement than its earlier ones (an area
 * runs its files in a declared order, one at a time without a manager key, and each file its tests
 * in order, so a share covers a first part of it). An area missing here has no share:
 * it sends from what the others leave. Re-measure when a file's sending tests change
 * (docs/certifying.md, "Budgets the kit plans").
 */
export const SANDBOX_DEMANDS: Readonly<Record<string, readonly SandboxDemand[]>> = {
  envelope: [{ sends: 1, decides: 9 }],
  sandbox: [{ sends: 5, decides: 13 }],
  auth: [{ sends: 1, decides: 2 }],
  other: [{ sends: 1, decides: 2 }],
  // 12 accepted, and room for a batch of 3 of which 2 are sent.
  'legacy-v1': [{ sends: 13, decides: 17 }],
  // One tier: the tests that wait (3.1, 8: cooldown, expiry) run beside the others when no test clock is shared.
  'otp-v2': [{ sends: 79, decides: 57 }],
  voice: [
    { sends: 8, decides: 9 },
    // Every template accepted, one call each (voice/per-template, last of the area): its rule is decided by the refusals too.
    { sends: 11, decides: 0 },
  ],
  sms: [
    { sends: 16, decides: 13 },
    // The limits the document does not show (sms/limits, last of the area): 160/161/1,600 characters, 5 recipients.
    { sends: 8, decides: 3 },
  ],
  reports: [{ sends: 5, decides: 3 }],
};

/** Sends of the budget never planned: room for the requests expected to be refused (the largest of the suites has 3 recipients). */
export const REFUSAL_HEADROOM = 3;

const density = (d: SandboxDemand): number => (d.sends === 0 ? Number.POSITIVE_INFINITY : d.decides / d.sends);

/**
 * The share of each file of the run: the tiers of every file, by requirements decided per send,
 * highest first, a file's tier only after its earlier ones were given in full, until `budget` less
 * the headroom is planned (the last tier given may be given in part). Ties go to the tier that
 * decides more, then to the file's name (a plan is the same in every worker).
 */
export function planSandboxShares(
  budget: number,
  areas: readonly string[],
  demands: Readonly<Record<string, readonly SandboxDemand[]>> = SANDBOX_DEMANDS,
  headroom: number = REFUSAL_HEADROOM,
): Record<string, number> {
  const files = [...new Set(areas)].filter((area) => Object.hasOwn(demands, area)).sort();
  const shares: Record<string, number> = Object.fromEntries(files.map((area) => [area, 0]));
  const next: Record<string, number> = Object.fromEntries(files.map((area) => [area, 0]));
  let left = Math.max(0, budget - headroom);
  while (left > 0) {
    const open = files
      .filter((area) => next[area]! < demands[area]!.length)
      .map((area) => ({ area, tier: demands[area]![next[area]!]! }))
      .sort((a, b) => density(b.tier) - density(a.tier) || b.tier.decides - a.tier.decides || a.area.localeCompare(b.area));
    const best = open[0];
    if (best === undefined) break;
    const given = Math.min(best.tier.sends, left);
    shares[best.area]! += given;
    left -= given;
    // A tier given in part ends the plan: the budget is spent.
    next[best.area]! += 1;
  }
  return shares;
}

/** What one sandbox request of a file may do, given the run's counts in its account. */
export interface SendQuestion {
  /** The run's budget in the account (the profile's limit less what is left to sends outside the run). */
  readonly budget: number;
  /** The shares of the run's files (planSandboxShares). */
  readonly shares: Readonly<Record<string, number>>;
  /** The areas whose files have all started (their shares are no longer kept for them: startedAreas). */
  readonly started: readonly string[];
  /** Sends counted in the account so far, those in flight included. */
  readonly spent: number;
  /** The recipients of this request. */
  readonly requested: number;
  /** The file that sends (undefined outside a suite file). */
  readonly area: string | undefined;
  /** The test expects the target to refuse this request (it then costs nothing). */
  readonly expectsRefusal: boolean;
  readonly headroom?: number;
}

/**
 * - `send`: within the plan (or a request that alone asks for more than the whole budget: no
 *   earlier send decides its answer, 7.4 Codigo 14);
 * - `over-limit`: the account has no room for it (its answer could be the limit's);
 * - `over-plan`: the account has room, but it is kept for the files still to start.
 */
export type SendDecision = 'send' | 'over-limit' | 'over-plan';

/**
 * The areas whose share is no longer kept: those every file of which has started. An area in a
 * folder (suites/<area>/<part>.test.ts) has one share for all its files, kept until its last file
 * starts; its files spend from it (their own area's share is never kept from them).
 * `fileAreas`: the area of each suite file of the run; `startedFileAreas`: the area of each file that has started.
 */
export function startedAreas(fileAreas: readonly string[], startedFileAreas: readonly string[]): string[] {
  const count = (areas: readonly string[], area: string) => areas.filter((a) => a === area).length;
  return [...new Set(startedFileAreas)].filter((area) => count(startedFileAreas, area) >= Math.max(1, count(fileAreas, area)));
}

/** The sends kept for the files that have not started, other than `area`. */
export function keptForLaterFiles(shares: Readonly<Record<string, number>>, started: readonly string[], area: string | undefined): number {
  return Object.entries(shares)
    .filter(([file]) => file !== area && !started.includes(file))
    .reduce((sum, [, share]) => sum + share, 0);
}

export function decideSend(q: SendQuestion): SendDecision {
  if (q.requested > q.budget) return 'send';
  if (q.spent + q.requested > q.budget) return 'over-limit';
  // A request expected to be refused spends nothing on a target that keeps the rule; the headroom keeps room for it.
  if (q.expectsRefusal) return 'send';
  const kept = keptForLaterFiles(q.shares, q.started, q.area) + (q.headroom ?? REFUSAL_HEADROOM);
  return q.spent + q.requested + kept <= q.budget ? 'send' : 'over-plan';
}
