/**
 * The run's sandbox budget (harness/kit/sandbox-budget.ts, section 8): the sandbox sends of the
 * accounts the suite files share are counted across the run, and a send that would pass the
 * profile's daily limit skips its test with the reason, before it goes out. What is counted:
 * accepted recipients (a refusal is not a send), in the run's account (with a share of the limit
 * left to sends made before the run) and in each file's subaccount, never in a subaccount a test
 * made for itself; a request that alone asks for more than the limit is let through.
 */
import { describe, expect, it } from 'vitest';
import { operationById } from '../schemas/operations.ts';
import { defaultProfile, parseProfile } from '../harness/config/profile.ts';
import type { RunConfig } from '../harness/config/run-config.ts';
import { acceptedSends, accountKeyOf, isSandboxRequest, recipientsOf, SandboxBudget } from '../harness/kit/sandbox-budget.ts';
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
    ...overrides,
  };
}

const answer = (body: Record<string, unknown>): Answer => ({ status: 200, headers: {}, text: JSON.stringify(body), json: body, body });
const ACCEPTED = answer({ success: true, code: 'sms_11', total_messages: 1 });
const REFUSED = answer({ success: false, code: 'sms_02' });
const sandboxSms = (numbers = '5512345678'): ApiRequest => ({ json: { numbers, message: 'Hola', sandbox: 1 } });

/** Sends `count` accepted one-recipient sandbox SMS from `key` through the budget. */
async function sendAccepted(budget: SandboxBudget, key: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await (await budget.reserve(SMS, sandboxSms(), key))!.settle(ACCEPTED);
}

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
  it("skips the send that would pass the limit in the run's account, leaving a share to earlier sends, and says so", async () => {
    const budget = new SandboxBudget({ config: config(), fileSubaccount: () => undefined });
    await sendAccepted(budget, RUN_KEY, 80);
    const reason = await skipOf(budget.reserve(SMS, sandboxSms(), RUN_KEY));
    expect(reason).toMatch(/^sandbox budget: 80 of the day's 100 sends already used by this run in this account; give a manager key/);
    expect(reason).toContain('leaves 20 of the 100 to sandbox sends made outside this run earlier today');
  });

  it('counts what the target accepted, not what it refused; lets through a request larger than the whole limit', async () => {
    const budget = new SandboxBudget({ config: config(), fileSubaccount: () => undefined });
    await sendAccepted(budget, RUN_KEY, 79);
    for (let i = 0; i < 5; i++) await (await budget.reserve(SMS, sandboxSms(), RUN_KEY))!.settle(REFUSED);
    const batch = Array.from({ length: 501 }, (_, i) => String(5512000000 + i)).join(',');
    await (await budget.reserve(SMS, sandboxSms(batch), RUN_KEY))!.settle(REFUSED);
    await (await budget.reserve(SMS, sandboxSms(), RUN_KEY))!.settle(ACCEPTED);
    await skipOf(budget.reserve(SMS, sandboxSms(), RUN_KEY));
    // Two recipients where one is left: skipped too.
    const other = new SandboxBudget({ config: config(), fileSubaccount: () => undefined });
    await sendAccepted(other, RUN_KEY, 79);
    expect(await skipOf(other.reserve(SMS, sandboxSms('5512345678,5512345679'), RUN_KEY))).toContain('this send has 2 recipients');
  });

  it('counts in-flight sends: concurrent reservations never pass the limit together', async () => {
    const budget = new SandboxBudget({ config: config(), fileSubaccount: () => undefined });
    const outcomes = await Promise.allSettled(Array.from({ length: 90 }, () => budget.reserve(SMS, sandboxSms(), RUN_KEY)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(80);
  });

  it("gives a file's subaccount the whole limit, does not count a test's own subaccount, other operations or charged sends", async () => {
    const file: Subaccount = { email: 'f@example.com', key: FILE_KEY };
    const budget = new SandboxBudget({ config: config({ managerKey: 'manager' }), fileSubaccount: () => file });
    await sendAccepted(budget, FILE_KEY, 100);
    expect(await skipOf(budget.reserve(SMS, sandboxSms(), FILE_KEY))).toMatch(
      /^sandbox budget: 100 of the day's 100 sends already used by this run in this file's subaccount/,
    );
    expect(await budget.reserve(SMS, sandboxSms(), 'a-test-own-subaccount')).toBeUndefined();
    expect(await budget.reserve(operationById('credits/consult'), {}, RUN_KEY)).toBeUndefined();
    expect(await budget.reserve(SMS, { json: { numbers: '5512345678', message: 'Hola' } }, RUN_KEY)).toBeUndefined();
  });

  it("reads the profile's limit; the embedded server's accounts have no earlier sends", async () => {
    const thousand = new SandboxBudget({
      config: config({ profile: parseProfile({ ambiguities: { 'sandbox-daily-limit': '1000' } }, 'test') }),
      fileSubaccount: () => undefined,
    });
    await sendAccepted(thousand, RUN_KEY, 800);
    expect(await skipOf(thousand.reserve(SMS, sandboxSms(), RUN_KEY))).toMatch(/^sandbox budget: 800 of the day's 1000 sends/);
    const embedded = new SandboxBudget({ config: config({ embedded: true }), fileSubaccount: () => undefined });
    await sendAccepted(embedded, RUN_KEY, 100);
    await skipOf(embedded.reserve(SMS, sandboxSms(), RUN_KEY));
  }, 30_000);
});
