/**
 * A defaulted ambiguity passes every option the document allows (harness/kit/defaulted-ambiguities.ts):
 * a test that failed or warned after reading one is run again under the register's other options,
 * the first that passes cleanly decides and is recorded; an observed or declared option is never widened.
 */
import { describe, expect, it } from 'vitest';
import type { TestContext } from 'vitest';
import type { AmbiguityChoices, AmbiguityId } from '../schemas/ambiguities.ts';
import { parseProfile, type TargetProfile } from '../harness/config/profile.ts';
import { warnUnless } from '../harness/kit/checks.ts';
import { consultingChoices, runAsCurrentTest, runningTestChoices } from '../harness/kit/current-test.ts';
import { alternativeChoices, MAX_OPTION_RETRIES, type OptionTaken, optionsTakenLine, passUnderAllowedOptions } from '../harness/kit/defaulted-ambiguities.ts';
import { SkipTest } from '../harness/kit/test-skip.ts';

const MESSAGE = 'otp-legacy-send-success-message';
const METHOD = 'webhook-delivery-method';

/** A profile as discover writes it: every ambiguity defaulted but those given as observed. */
const discovered = (observed: Partial<AmbiguityChoices> = {}): TargetProfile =>
  parseProfile(
    {
      ambiguities: observed,
      ambiguityProvenance: Object.fromEntries(Object.keys(observed).map((id) => [id, 'observed'])),
    },
    'test profile',
  );
/** A profile that names the option itself (declared). */
const declared = (choices: Partial<AmbiguityChoices>): TargetProfile => parseProfile({ ambiguities: choices }, 'test profile');

/** The handle's view of the choices (t.choices), made once, as a suite file makes it at load. */
const fileChoices = (profile: TargetProfile): AmbiguityChoices => runningTestChoices(profile.ambiguities);

/** A stand-in for vitest's test context: the mechanism touches only the task's meta. */
const fakeContext = (): TestContext => ({ task: { meta: {} } }) as unknown as TestContext;

/**
 * A check written as suites write them: it compares the target's answer with the profile's option
 * of otp-legacy-send-success-message ("token": code_successfully_generated; "any-text": any text).
 */
function successMessageCheck(t: AmbiguityChoices, message: string): void {
  if (t[MESSAGE] === 'token') expect(message, `profile ${MESSAGE}=token`).toBe('code_successfully_generated');
  else expect(message.length).toBeGreaterThan(0);
}

interface Outcome {
  error?: unknown;
  taken: (readonly OptionTaken[])[];
  runs: number;
}

/** The warnings a test carries (checks.ts writes them to its meta). */
const warningsOf = (context: TestContext): string[] => (context.task.meta as { warnings?: string[] }).warnings ?? [];

/** Runs `check` the way req() does, with the target's answer `message`. */
async function judge(profile: TargetProfile, check: (t: AmbiguityChoices) => void, fits = true, context = fakeContext()): Promise<Outcome> {
  const t = fileChoices(profile);
  const outcome: Outcome = { taken: [], runs: 0 };
  try {
    await passUnderAllowedOptions({
      profile,
      consulted: new Set<AmbiguityId>(),
      attempt: async (choices, noted) => {
        outcome.runs += 1;
        await runAsCurrentTest({ context, choices: consultingChoices(choices), consulted: noted }, async () => check(t));
      },
      isCheckFailure: (error) => !(error instanceof SkipTest),
      warnings: () => warningsOf(context).length,
      fits: () => fits,
      snapshot: () => {
        const kept = [...warningsOf(context)];
        return () => {
          (context.task.meta as { warnings?: string[] }).warnings = [...kept];
        };
      },
      onTaken: (combo) => outcome.taken.push(combo),
    });
  } catch (error) {
    outcome.error = error;
  }
  return outcome;
}

describe('a defaulted ambiguity passes every option the document allows', () => {
  it('the Spanish text of 2.10 passes a defaulted success message, and the option the target took is recorded', async () => {
    const outcome = await judge(discovered(), (t) => successMessageCheck(t, 'Código generado correctamente'));
    expect(outcome.error).toBeUndefined();
    expect(outcome.runs).toBe(2);
    expect(outcome.taken).toEqual([[{ ambiguity: MESSAGE, defaulted: 'token', taken: 'any-text' }]]);
    expect(optionsTakenLine(outcome.taken[0]!)).toContain('the target took "any-text"');
  });

  it('the same answer fails a declared or observed token: only the profile narrows', async () => {
    for (const profile of [declared({ [MESSAGE]: 'token' }), discovered({ [MESSAGE]: 'token' })]) {
      const outcome = await judge(profile, (t) => successMessageCheck(t, 'Código generado correctamente'));
      expect(String(outcome.error)).toContain(`profile ${MESSAGE}=token`);
      expect(outcome.runs).toBe(1);
    }
  });

  it('a probed but undecided option (webhook-delivery-method) passes a target that takes the other', async () => {
    const byGet = (t: AmbiguityChoices) => expect(['GET'], 'delivery method').toEqual([t[METHOD] === 'get' ? 'GET' : 'POST']);
    const outcome = await judge(discovered(), byGet);
    expect(outcome.error).toBeUndefined();
    expect(outcome.taken).toEqual([[{ ambiguity: METHOD, defaulted: 'post', taken: 'get' }]]);
  });

  it('a failure no allowed option explains stands, as the first run gave it', async () => {
    const outcome = await judge(discovered(), (t) => {
      successMessageCheck(t, 'code_successfully_generated');
      expect(1, 'a rule of the document').toBe(2);
    });
    expect(String(outcome.error)).toContain('a rule of the document');
    expect(outcome.runs).toBe(2);
    expect(outcome.taken).toEqual([]);
  });

  it('a test that read no defaulted ambiguity is not run again', async () => {
    const outcome = await judge(discovered(), () => expect(1).toBe(2));
    expect(outcome.error).toBeDefined();
    expect(outcome.runs).toBe(1);
  });

  it('a skip is no failure of a check: never run again', async () => {
    const outcome = await judge(discovered(), (t) => {
      void t[MESSAGE];
      throw new SkipTest('no numbers');
    });
    expect(outcome.error).toBeInstanceOf(SkipTest);
    expect(outcome.runs).toBe(1);
  });

  it('no second run when the test has no time left for one', async () => {
    const outcome = await judge(discovered(), (t) => successMessageCheck(t, 'texto'), false);
    expect(outcome.error).toBeDefined();
    expect(outcome.runs).toBe(1);
  });

  it('what a failed run left on the test is cleared before the next, and the first run is put back when none passes', async () => {
    const profile = discovered();
    const t = fileChoices(profile);
    const context = fakeContext();
    const log: string[] = [];
    const state = { value: 'before' };
    await expect(
      passUnderAllowedOptions({
        profile,
        consulted: new Set(),
        attempt: (choices, noted) =>
          runAsCurrentTest({ context, choices: consultingChoices(choices), consulted: noted }, async () => {
            log.push(`${state.value} → ${t[MESSAGE]}`);
            state.value = `run under ${t[MESSAGE]}`;
            throw new Error('fails under every option');
          }),
        isCheckFailure: () => true,
        warnings: () => 0,
        fits: () => true,
        snapshot: () => {
          const kept = state.value;
          return () => {
            state.value = kept;
          };
        },
        onTaken: () => undefined,
      }),
    ).rejects.toThrow('fails under every option');
    expect(log).toEqual(['before → token', 'before → any-text']);
    expect(state.value).toBe('run under token');
  });
});

/** `judge` on a discovered profile with a context of its own, and the warnings the test carries at its end. */
async function judgeWarned(check: (t: AmbiguityChoices) => void): Promise<Outcome & { warnings: string[] }> {
  const context = fakeContext();
  const outcome = await judge(discovered(), check, true, context);
  return { ...outcome, warnings: warningsOf(context) };
}

/** The success-message check with the target's `message`, then a reading of ours that never holds. */
const thenFailedReading = (message: string) => (t: AmbiguityChoices) => {
  successMessageCheck(t, message);
  warnUnless('a reading of ours', () => expect(1).toBe(2));
};

describe('a warning under a defaulted option, from a check below the fail level (judge.ts), which does not throw', () => {
  it('a check below the fail level that warns under the defaulted option runs the test again too; the option that passes clean decides', async () => {
    const outcome = await judgeWarned((t) => {
      warnUnless('the success message (a reading)', () => successMessageCheck(t, 'Código generado correctamente'));
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.runs).toBe(2);
    expect(outcome.taken).toEqual([[{ ambiguity: MESSAGE, defaulted: 'token', taken: 'any-text' }]]);
    // The first run's warning was about an option the target did not take: cleared.
    expect(outcome.warnings).toEqual([]);
  });

  it('a failure that another option turns into a warning only is explained by that option: taken, its warning kept', async () => {
    const outcome = await judgeWarned(thenFailedReading('Código generado correctamente'));
    expect(outcome.error).toBeUndefined();
    expect(outcome.runs).toBe(2);
    expect(outcome.taken).toEqual([[{ ambiguity: MESSAGE, defaulted: 'token', taken: 'any-text' }]]);
    expect(outcome.warnings).toHaveLength(1);
  });

  it('a warning no allowed option explains stays, once, as the first run gave it', async () => {
    const outcome = await judgeWarned(thenFailedReading('code_successfully_generated'));
    expect(outcome.error).toBeUndefined();
    expect(outcome.runs).toBe(2);
    expect(outcome.taken).toEqual([]);
    expect(outcome.warnings).toHaveLength(1);
  });
});

describe('alternativeChoices', () => {
  it('nothing for observed or declared ambiguities', () => {
    expect(alternativeChoices(declared({ [MESSAGE]: 'token' }), [MESSAGE])).toEqual([]);
    expect(alternativeChoices(discovered({ [METHOD]: 'post' }), [METHOD])).toEqual([]);
  });

  it('one substitution before two, and never more than the bound', () => {
    const combos = alternativeChoices(discovered(), [MESSAGE, METHOD]);
    expect(combos.map((c) => c.length)).toEqual([1, 1, 2]);
    const many = alternativeChoices(discovered(), ['auth-error-http-status', 'webhook-head-check', MESSAGE, METHOD, 'otp-legacy-template-required']);
    expect(many.length).toBe(MAX_OPTION_RETRIES);
    const sizes = many.map((c) => c.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(sizes[0]).toBe(1);
  });
});

describe('t.choices follows the running test', () => {
  it("inside a test: the test's own choices, noted as consulted; outside: the profile's", async () => {
    const profile = discovered();
    const t = fileChoices(profile);
    expect(t[MESSAGE]).toBe('token');
    const consulted = new Set<AmbiguityId>();
    const seen = await runAsCurrentTest(
      { context: fakeContext(), choices: consultingChoices({ ...profile.ambiguities, [MESSAGE]: 'any-text' }), consulted },
      async () => t[MESSAGE],
    );
    expect(seen).toBe('any-text');
    expect([...consulted]).toEqual([MESSAGE]);
  });
});
