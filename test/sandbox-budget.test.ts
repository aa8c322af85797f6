/**
 * The run's sandbox budget (harness/kit/sandbox-budget.ts, section 8): the sandbox sends of the
 * accounts the suite files share are counted across the run, and a send that would pass the
 * profile's daily limit skips its test with the reason, before it goes out. What is counted:
 * accepted recipients (a refusal is not a send), in the run's account (with a share of the limit
 * left to sends made before the run) and in each file's subaccount, never in a subaccount a test
 * made for itself; a request that alone asks for more than the limit is let through. In the run's
 * account the budget is planned (sandbox-plan.ts): the shares of files not yet started are kept for
 * them, and a headroom is kept for the requests a test expects to be refused.
 */
import { describe, expect, it } from 'vitest';
import { operationById } from '../schemas/operations.ts';
import { defaultProfile, parseProfile } from '../harness/config/profile.ts';
import type { RunConfig } from '../harness/config/run-config.ts';
import { acceptedSends, accountKeyOf, isSandboxRequest, recipientsOf, SandboxBudget } from '../harness/kit/sandbox-budget.ts';
import { planSandboxShares, REFUSAL_HEADROOM } from '../harness/kit/sandbox-plan.ts';
import type { Answer, ApiRequest, Subaccount } from '../harness/kit/target-contract.ts';
import { SkipTest } from '../harness/kit/test-skip.ts';
import { fileScratchDir } from './scratch-dir.ts';

const outDir = fileScratchDir('mc-sandbox-budget-');
const SMS = operationById('sms/send');
const RUN_KEY = 'run-account-key';
const FILE_KEY = 'file-subaccount-key';

let runs = 0;
function config(overrides: Partial<RunConfig> = {}): RunConfig {
  runs += 1;
  return {
    baseUrl: 'http://127.0.0.1:1',
    apiKey: RUN_KEY,
    embedded: false,
    profile: defaultProfile(),
    allowCharges: false,
    runId: `bud${runs}`,
    seed: 1,
    outDir,
    // No file of the plan in the run unless a test says so: the limit and the headroom only.
    suiteAreas: [],
    ...overrides,
  };
}

/** The budget of one suite file of a run, by its id (`sms`, `otp-v2/waits`: area otp-v2). */
const budgetOf = (runConfig: RunConfig, id?: string, file?: Subaccount): SandboxBudget =>
  new SandboxBudget({ config: runConfig, file: id === undefined ? undefined : { id, area: id.split('/')[0]! }, fileSubaccount: () => file });

const answer = (body: Record<string, unknown>): Answer => ({ status: 200, headers: {}, text: JSON.stringify(body), json: body, body });
const ACCEPTED = answer({ success: true, code: 'sms_11', total_messages: 1 });
const REFUSED = answer({ success: false, code: 'sms_02' });
const sandboxSms = (numbers = '5512345678'): ApiRequest => ({ json: { numbers, message: 'Hola', sandbox: 1 } });

/** Sends `count` accepted one-recipient sandbox SMS from `key` through the budget. */
async function sendAccepted(budget: SandboxBudget, key: string, count: number, request: ApiRequest = sandboxSms()): Promise<void> {
  for (let i = 0; i < count; i++) await (await budget.reserve(SMS, request, key))!.settle(ACCEPTED);
}

/** The one-recipient sandbox SMS a test expects to be refused. */
const refusalProbe: ApiRequest = { ...sandboxSms(), expectsRefusal: true };
/** The run's budget in its account against the reference server's default profile: 100 less the 20 left to earlier sends. */
const RUN_BUDGET = 80;
const PLANNED = RUN_BUDGET - REFUSAL_HEADROOM;

const skipOf = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SkipTest);
  return (error as SkipTest).reason;
};

describe('what a sandbox send is and how many it counts', () => {
  it('reads the sandbox flag, the recipients, the accepted sends and the account', () => {
    expect(isSandboxRequest({ json: { sandbox: 1 } })).toBe(true);
    expect(isSandboxRequest({ json: { sandbox: true } })).toBe(true);
    expect(isSandboxRequest({ query: { sandbox: '1' } })).toBe(true);
    expect(isSandboxRequest({ json: { sandbox: 0 } })).toBe(false);
    expect(recipientsOf(sandboxSms('5512345678,5512345679,5512345670'))).toBe(3);
    expect(recipientsOf({ query: { numcelular: '5512345678,5512345679', sandbox: '1' } })).toBe(2);
    expect(recipientsOf({ json: { phone_number: '5512345678', sandbox: true } })).toBe(1);
    expect(acceptedSends(ACCEPTED, 1)).toBe(1);
    expect(acceptedSends(REFUSED, 3), 'a refused request is not a send').toBe(0);
    expect(acceptedSends(undefined, 3), 'no answer: it may have been counted').toBe(3);
    expect(acceptedSends(answer({ respuestas: [{ Estatus: 'ok' }, { Estatus: 'error' }, { Estatus: 'ok' }] }), 3)).toBe(2);
    expect(acceptedSends(answer({ Estatus: 'error', Codigo: '22' }), 1)).toBe(0);
    expect(accountKeyOf({ json: { apikey: 'in-body' } }, undefined)).toBe('in-body');
    expect(accountKeyOf({}, 'in-header')).toBe('in-header');
  });
});

describe('SandboxBudget', () => {
  it("skips the send that would pass the limit in the run's account, leaving a share to earlier sends and room for refusals, and says so", async () => {
    const budget = budgetOf(config());
    await sendAccepted(budget, RUN_KEY, PLANNED);
    const planned = await skipOf(budget.reserve(SMS, sandboxSms(), RUN_KEY));
    expect(planned).toMatch(/^sandbox budget: this file's part of the run's 80 sends in this account is spent \(77 used; 0 kept for the files still to run/);
    expect(planned).toContain(`${REFUSAL_HEADROOM} for requests expected to be refused`);
    expect(planned).toContain('give a manager key');
    // A request expected to be refused still goes out; a target that accepts it anyway is counted.
    await sendAccepted(budget, RUN_KEY, REFUSAL_HEADROOM, refusalProbe);
    const reason = await skipOf(budget.reserve(SMS, refusalProbe, RUN_KEY));
    expect(reason).toMatch(/^sandbox budget: 80 of the day's 100 sends already used by this run in this account; give a manager key/);
    expect(reason).toContain('leaves 20 of the 100 to sandbox sends made outside this run earlier today');
  });

  it('names the manager key only to a run that has none', async () => {
    const budget = budgetOf(config({ managerKey: 'manager' }));
    await sendAccepted(budget, RUN_KEY, PLANNED);
    const reason = await skipOf(budget.reserve(SMS, sandboxSms(), RUN_KEY));
    expect(reason).toMatch(/^sandbox budget: /);
    expect(reason).not.toContain('manager key');
  });

  it('counts what the target accepted, not what it refused; lets through a request larger than the whole limit', async () => {
    const budget = budgetOf(config());
    await sendAccepted(budget, RUN_KEY, PLANNED - 1);
    for (let i = 0; i < 5; i++) await (await budget.reserve(SMS, sandboxSms(), RUN_KEY))!.settle(REFUSED);
    const batch = Array.from({ length: 501 }, (_, i) => String(5512000000 + i)).join(',');
    await (await budget.reserve(SMS, sandboxSms(batch), RUN_KEY))!.settle(REFUSED);
    await (await budget.reserve(SMS, sandboxSms(), RUN_KEY))!.settle(ACCEPTED);
    await skipOf(budget.reserve(SMS, sandboxSms(), RUN_KEY));
    // Two recipients where one is left: skipped too.
    const other = budgetOf(config());
    await sendAccepted(other, RUN_KEY, PLANNED - 1);
    expect(await skipOf(other.reserve(SMS, sandboxSms('5512345678,5512345679'), RUN_KEY))).toContain('this send has 2 recipients');
  });

  it('counts in-flight sends: concurrent reservations never pass the plan together', async () => {
    const budget = budgetOf(config());
    const outcomes = await Promise.allSettled(Array.from({ length: 90 }, () => budget.reserve(SMS, sandboxSms(), RUN_KEY)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(PLANNED);
  });

  it("gives a file's subaccount the whole limit, does not count a test's own subaccount, other operations or charged sends", async () => {
    const file: Subaccount = { email: 'f@example.com', key: FILE_KEY };
    const budget = budgetOf(config({ managerKey: 'manager' }), 'sms', file);
    await sendAccepted(budget, FILE_KEY, 100);
    expect(await skipOf(budget.reserve(SMS, sandboxSms(), FILE_KEY))).toMatch(
      /^sandbox budget: 100 of the day's 100 sends already used by this run in this file's subaccount/,
    );
    expect(await budget.reserve(SMS, sandboxSms(), 'a-test-own-subaccount')).toBeUndefined();
    expect(await budget.reserve(operationById('credits/consult'), {}, RUN_KEY)).toBeUndefined();
    expect(await budget.reserve(SMS, { json: { numbers: '5512345678', message: 'Hola' } }, RUN_KEY)).toBeUndefined();
  });

  it("reads the profile's limit; the embedded server's accounts have no earlier sends", async () => {
    const thousand = budgetOf(config({ profile: parseProfile({ ambiguities: { 'sandbox-daily-limit': '1000' } }, 'test') }));
    await sendAccepted(thousand, RUN_KEY, 800 - REFUSAL_HEADROOM);
    await sendAccepted(thousand, RUN_KEY, REFUSAL_HEADROOM, refusalProbe);
    expect(await skipOf(thousand.reserve(SMS, refusalProbe, RUN_KEY))).toMatch(/^sandbox budget: 800 of the day's 1000 sends/);
    const embedded = budgetOf(config({ embedded: true }));
    await sendAccepted(embedded, RUN_KEY, 100 - REFUSAL_HEADROOM);
    await skipOf(embedded.reserve(SMS, sandboxSms(), RUN_KEY));
  }, 30_000);
});

describe("the plan of the run's account across its files", () => {
  it('a file that runs first keeps the shares of the files after it; each file, once started, spends its share and what the earlier ones left', async () => {
    const runConfig = config({ suiteAreas: ['otp-v2', 'sms', 'legacy-v1', 'contacts'] });
    const shares = planSandboxShares(RUN_BUDGET, runConfig.suiteAreas!);
    const early = budgetOf(runConfig, 'otp-v2');
    await early.start();
    const firstPart = PLANNED - shares.sms! - shares['legacy-v1']!;
    await sendAccepted(early, RUN_KEY, firstPart);
    expect(await skipOf(early.reserve(SMS, sandboxSms(), RUN_KEY))).toMatch(
      /^sandbox budget: this file's part .* \(\d+ used; \d+ kept for the files still to run/,
    );
    // Its refusals still go out: the headroom is never planned.
    await (await early.reserve(SMS, refusalProbe, RUN_KEY))!.settle(REFUSED);
    const legacy = budgetOf(runConfig, 'legacy-v1');
    await legacy.start();
    // legacy-v1 spends less than its share; what it leaves goes to the file after it.
    await sendAccepted(legacy, RUN_KEY, shares['legacy-v1']! - 2);
    const sms = budgetOf(runConfig, 'sms');
    await sms.start();
    await sendAccepted(sms, RUN_KEY, shares.sms! + 2);
    await skipOf(sms.reserve(SMS, sandboxSms(), RUN_KEY));
  });

  it('a file of the run that never starts keeps its share; a file not in the run has none', async () => {
    const runConfig = config({ suiteAreas: ['otp-v2', 'sms'] });
    const shares = planSandboxShares(RUN_BUDGET, ['otp-v2', 'sms']);
    const early = budgetOf(runConfig, 'otp-v2');
    await early.start();
    await sendAccepted(early, RUN_KEY, PLANNED - shares.sms!);
    await skipOf(early.reserve(SMS, sandboxSms(), RUN_KEY));
    const alone = budgetOf(config({ suiteAreas: ['otp-v2'] }), 'otp-v2');
    await alone.start();
    await sendAccepted(alone, RUN_KEY, PLANNED);
  });

  it('an area in a folder has one share for its files, kept from the other areas until the last of its files starts', async () => {
    // otp-v2 as three files (suites/otp-v2/*.test.ts), sms as one.
    const runConfig = config({ suiteAreas: ['otp-v2', 'otp-v2', 'otp-v2', 'sms'] });
    const shares = planSandboxShares(RUN_BUDGET, runConfig.suiteAreas!);
    expect(shares, 'one share per area, not per file').toEqual(planSandboxShares(RUN_BUDGET, ['otp-v2', 'sms']));
    const first = budgetOf(runConfig, 'otp-v2/state-table');
    await first.start();
    const second = budgetOf(runConfig, 'otp-v2/waits');
    await second.start();
    const sms = budgetOf(runConfig, 'sms');
    await sms.start();
    // One otp-v2 file has not started: the area's share is still kept from sms.
    await sendAccepted(sms, RUN_KEY, PLANNED - shares['otp-v2']!);
    expect(await skipOf(sms.reserve(SMS, sandboxSms(), RUN_KEY))).toMatch(/^sandbox budget: this file's part/);
    // The files of otp-v2 spend the area's share, whichever of them sends.
    await sendAccepted(first, RUN_KEY, 1);
    await sendAccepted(second, RUN_KEY, shares['otp-v2']! - 2);
    const last = budgetOf(runConfig, 'otp-v2/model-based');
    await sendAccepted(last, RUN_KEY, 1);
    await skipOf(last.reserve(SMS, sandboxSms(), RUN_KEY));
  });

  it('once every file of a folder has started, its area keeps no share from the others', async () => {
    const runConfig = config({ suiteAreas: ['otp-v2', 'otp-v2', 'sms'] });
    const shares = planSandboxShares(RUN_BUDGET, runConfig.suiteAreas!);
    for (const id of ['otp-v2/state-table', 'otp-v2/waits']) await budgetOf(runConfig, id).start();
    const sms = budgetOf(runConfig, 'sms');
    await sms.start();
    await sendAccepted(sms, RUN_KEY, PLANNED - shares['otp-v2']! + 1);
  });
});
