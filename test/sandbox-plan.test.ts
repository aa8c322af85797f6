/**
 * The plan of the run account's sandbox sends (harness/kit/sandbox-plan.ts, section 8: a day's
 * quota per account): shares by requirements decided per send, a file's tiers in its order, the
 * headroom never planned, the shares of files still to start kept for them, and a request expected
 * to be refused let out on the account's room alone.
 */
import { describe, expect, it } from 'vitest';
import {
  decideSend,
  keptForLaterFiles,
  planSandboxShares,
  SANDBOX_DEMANDS,
  startedAreas,
  type SandboxDemand,
  type SendQuestion,
} from '../harness/kit/sandbox-plan.ts';

const DEMANDS: Record<string, readonly SandboxDemand[]> = {
  dense: [{ sends: 4, decides: 8 }],
  tiered: [
    { sends: 10, decides: 10 },
    { sends: 20, decides: 2 },
  ],
  sparse: [{ sends: 10, decides: 3 }],
};

describe('planSandboxShares', () => {
  it('gives the files that decide the most per send first, each at most its demand, and keeps the headroom', () => {
    expect(planSandboxShares(100, ['dense', 'tiered', 'sparse'], DEMANDS, 3)).toEqual({ dense: 4, tiered: 30, sparse: 10 });
    // 20 to plan: dense (2 a send), then tiered's first tier (1 a send), then sparse (0.3) before tiered's second (0.1).
    expect(planSandboxShares(23, ['dense', 'tiered', 'sparse'], DEMANDS, 3)).toEqual({ dense: 4, tiered: 10, sparse: 6 });
    expect(planSandboxShares(30, ['dense', 'tiered', 'sparse'], DEMANDS, 3)).toEqual({ dense: 4, tiered: 13, sparse: 10 });
  });

  it("gives a file's later tier only after its earlier one, even when the later one is denser", () => {
    const demands = {
      a: [
        { sends: 10, decides: 1 },
        { sends: 2, decides: 10 },
      ],
      b: [{ sends: 10, decides: 5 }],
    };
    expect(planSandboxShares(15, ['a', 'b'], demands, 0)).toEqual({ b: 10, a: 5 });
    expect(planSandboxShares(22, ['a', 'b'], demands, 0)).toEqual({ b: 10, a: 12 });
  });

  it('plans only the files of the run and the files it knows; nothing when the budget is the headroom', () => {
    expect(planSandboxShares(100, ['sparse', 'contacts'], DEMANDS, 3)).toEqual({ sparse: 10 });
    expect(planSandboxShares(3, ['dense', 'sparse'], DEMANDS, 3)).toEqual({ dense: 0, sparse: 0 });
    expect(planSandboxShares(100, [], DEMANDS, 3)).toEqual({});
  });

  it('is the same whatever the order of the files (every worker computes it)', () => {
    const areas = Object.keys(SANDBOX_DEMANDS);
    expect(planSandboxShares(80, [...areas].reverse())).toEqual(planSandboxShares(80, areas));
  });

  it("against the default profile without a manager key (80 of 100), the measured files' shares fit the budget less the headroom", () => {
    const shares = planSandboxShares(80, Object.keys(SANDBOX_DEMANDS));
    const planned = Object.values(shares).reduce((a, b) => a + b, 0);
    expect(planned).toBeLessThanOrEqual(77);
    for (const [area, tiers] of Object.entries(SANDBOX_DEMANDS)) expect(shares[area]).toBeLessThanOrEqual(tiers.reduce((a, t) => a + t.sends, 0));
    // With the 1,000 of the other option every file has all it spends.
    const ample = planSandboxShares(800, Object.keys(SANDBOX_DEMANDS));
    for (const [area, tiers] of Object.entries(SANDBOX_DEMANDS)) expect(ample[area]).toBe(tiers.reduce((a, t) => a + t.sends, 0));
  });
});

describe('decideSend', () => {
  const shares = { early: 10, late: 20, later: 5 };
  const ask = (q: Partial<SendQuestion>): ReturnType<typeof decideSend> =>
    decideSend({ budget: 80, shares, started: ['early'], spent: 0, requested: 1, area: 'early', expectsRefusal: false, headroom: 3, ...q });

  it("keeps the shares of the files that have not started, and the headroom, from a file's sends", () => {
    expect(keptForLaterFiles(shares, ['early'], 'early')).toBe(25);
    // 80 - 25 kept - 3 headroom = 52 for the early file.
    expect(ask({ spent: 51 })).toBe('send');
    expect(ask({ spent: 52 })).toBe('over-plan');
    expect(ask({ spent: 51, requested: 2 })).toBe('over-plan');
    // Once the later file has started, what the early one left is its own.
    expect(ask({ spent: 52, area: 'late', started: ['early', 'late'] })).toBe('send');
    expect(ask({ spent: 71, area: 'late', started: ['early', 'late'] })).toBe('send');
    expect(ask({ spent: 72, area: 'late', started: ['early', 'late'] })).toBe('over-plan');
  });

  it('lets out a request expected to be refused while the account has room, never past the limit', () => {
    expect(ask({ spent: 60, expectsRefusal: true })).toBe('send');
    expect(ask({ spent: 79, expectsRefusal: true })).toBe('send');
    expect(ask({ spent: 80, expectsRefusal: true })).toBe('over-limit');
    expect(ask({ spent: 78, requested: 3, expectsRefusal: true })).toBe('over-limit');
    expect(ask({ spent: 80 })).toBe('over-limit');
  });

  it('lets out a request that alone asks for more than the whole budget: no earlier send decides its answer', () => {
    expect(ask({ spent: 79, requested: 501 })).toBe('send');
  });

  it('outside a suite file, every share of a file not started is kept', () => {
    // 80 - 35 kept - 3 headroom = 42.
    expect(ask({ area: undefined, started: [], spent: 41 })).toBe('send');
    expect(ask({ area: undefined, started: [], spent: 42 })).toBe('over-plan');
  });
});

describe('startedAreas', () => {
  it('counts an area as started once every one of its files has (an area in a folder has several), a one-file area at its file', () => {
    const fileAreas = ['otp-v2', 'otp-v2', 'otp-v2', 'sms'];
    expect(startedAreas(fileAreas, [])).toEqual([]);
    expect(startedAreas(fileAreas, ['otp-v2', 'sms'])).toEqual(['sms']);
    expect(startedAreas(fileAreas, ['otp-v2', 'otp-v2'])).toEqual([]);
    expect(startedAreas(fileAreas, ['otp-v2', 'otp-v2', 'otp-v2'])).toEqual(['otp-v2']);
    // A file outside the run's list (run by hand) counts as its area's one file.
    expect(startedAreas([], ['contacts'])).toEqual(['contacts']);
  });
});
