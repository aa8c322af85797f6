/**
 * The target as a suite file sees it: `useTarget()` at the top of a file registers the setup and
 * teardown hooks and returns a handle whose calls go through the recording, redacting, pacing HTTP
 * client, inside the file's own account.
 *
 * Isolation (conventions: s3-tests, every test owns its fixtures):
 *  - with a manager key, the file works in a fresh subaccount (4.11): created with credits at setup,
 *    its credits withdrawn and the subaccount archived at teardown;
 *  - without one, in the main account; every name carries the run prefix and what a test creates is
 *    deleted by the cleanups it registers (and by the file's sweepers, at setup and teardown).
 *
 * Cost safety (5.2, 8): against a target that is not the embedded server, a send that is not
 * sandbox needs --allow-charges and may only go to the profile's phone numbers; the run's credit
 * budget (--max-credits) is checked with /credits/consult before each one. A send refused for any of
 * these skips its test with the reason (issue 14: never a failure; test-skip.ts).
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { AmbiguityChoices } from '../../schemas/ambiguities.ts';
import { TEST_CLOCK_DOMAIN_HEADER, type CapabilityId } from '../../schemas/capabilities.ts';
import { operationById, type Operation } from '../../schemas/operations.ts';
import { recordExchange } from '../transport/allure-exchange.ts';
import { consultingChoices, currentTest } from './current-test.ts';
import { effectiveCapabilities } from './effective-capabilities.ts';
import { noteExchange } from './failure-exchanges.ts';
import { createHttpClient, isJsonObject, type CallOptions, type CallResult, type FormFields, type HttpClient, type HttpMethod, type KeyPlacement, type QueryParams } from '../transport/http-client.ts';
import { scaledTimeout } from '../config/latency-scale.ts';
import { createPacer } from '../transport/pacer.ts';
import { areaOfSuiteFile, SUITES_DIR } from '../config/project-paths.ts';
import { createRedactor, type Redactor } from '../transport/redaction.ts';
import type { RunConfig } from '../config/run-config.ts';
import { collectingSuiteArea, readRunConfig } from './run-context.ts';
import { realClock, virtualClock, type TargetClock } from './target-clock.ts';
import { SkipTest } from './test-skip.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../transport/webhook-receiver.ts';

export interface ApiRequest {
  json?: unknown;
  form?: FormFields;
  /** A raw body (malformed-body tests); give its content-type in headers. */
  body?: string;
  query?: QueryParams;
  headers?: Record<string, string>;
  /** The key to send; the file's account key when absent, no key at all when null. */
  key?: string | null;
  keyPlacement?: KeyPlacement;
  /** False in the tests that assert rate limiting (8). */
  retryOn429?: boolean;
  /** Overrides of the registry's method and path (method-not-allowed and path tests). */
  method?: HttpMethod;
  path?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
  /** The JSON body when it is an object, else an empty object (assertions then fail on its fields). */
  body: Record<string, unknown>;
}

export interface Subaccount {
  email: string;
  key: string;
}

export interface Target {
  readonly config: RunConfig;
  readonly choices: AmbiguityChoices;
  readonly capabilities: ReadonlySet<CapabilityId>;
  readonly clock: TargetClock;
  /** The key of the account this file works in. */
  readonly key: string;
  /** The subaccount this file works in, when isolated by one. */
  readonly subaccount: Subaccount | undefined;
  readonly managerKey: string | undefined;
  has(capability: CapabilityId): boolean;
  /** Calls a registry operation (method and path from schemas/operations.ts). */
  api(operationId: string, request?: ApiRequest): Promise<Answer>;
  /** Calls any path (not-found, method and raw tests). */
  http(options: CallOptions): Promise<Answer>;
  /** A unique name with the run prefix: `mc<run><label><n>`, letters and digits only. */
  name(label?: string): string;
  /** A fresh 10-digit Mexican number for sandbox and embedded sends (4.5: country code 52 apart). */
  phone(): string;
  /** A number that may really be charged: the profile's (real-delivery), any on the embedded target. */
  deliverableNumber(index?: number): string;
  /** The balance of an account (2.2, 4.1). */
  credits(key?: string): Promise<number>;
  /** The file's webhook receiver, started on first use (loopback; --webhook-public-url in front). */
  receiver(): Promise<WebhookReceiver>;
  /** Registers a cleanup to run at teardown (last registered, first run). */
  onCleanup(cleanup: () => Promise<unknown>): void;
  /** A further subaccount with `credits`, archived at teardown (4.11; needs the manager key). */
  newSubaccount(credits?: number): Promise<Subaccount>;
  /** Learns a secret the target returned so that no report shows it. */
  learnSecret(secret: string): void;
}

export interface UseTargetOptions {
  /** Work in a fresh subaccount when a manager key is given (default true). */
  isolate?: boolean;
  /** Credits given to the file's subaccount. */
  credits?: number;
}

/** Credits a file's subaccount gets: enough for the sends of one area on the embedded target. */
const EMBEDDED_FILE_CREDITS = 2000;
/** Against a real target, a small amount: the budget of a file, not of the run. */
const REMOTE_FILE_CREDITS = 50;
/**
 * A charged send from the file's subaccount with less than this left tops it up by
 * REMOTE_FILE_CREDITS from the manager first (4.11), so that a file that sends much (the legacy OTP
 * set: every send charged, 4.5) is not refused for credits the run never meant to withhold; the
 * run's --max-credits still bounds what the file is given.
 */
const TOP_UP_BELOW = 10;

/**
 * A send the cost guard refuses (5.2, 8): a skip of the test with this reason, never a failure
 * (issue 14: what would be charged beyond the profile's numbers or budget is not the target's fault).
 */
export class CostGuardError extends SkipTest {
  override readonly name = 'CostGuardError';
}

const answerOf = (result: CallResult): Answer => ({
  status: result.status,
  headers: result.headers,
  text: result.text,
  json: result.json,
  body: isJsonObject(result.json) ? result.json : {},
});

const truthyFlag = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

/** Whether a request asks for sandbox (4.2 sandbox=1, 4.4 sandbox=true, 4.16 sandbox). */
function isSandboxRequest(request: ApiRequest): boolean {
  const fields = [request.json, request.form, request.query].filter(isJsonObject);
  return fields.some((f) => truthyFlag(f.sandbox));
}

/** Every 10-digit run in a request: the numbers it would charge a send to. */
function numbersIn(request: ApiRequest): string[] {
  const text = JSON.stringify([request.json, request.form, request.query, request.body]);
  return text.match(/(?<!\d)\d{10}(?!\d)/g) ?? [];
}

/** Builds the handle; the hooks of useTarget fill in what needs the network. */
class TargetHandle implements Target {
  readonly config: RunConfig;
  readonly choices: AmbiguityChoices;
  readonly capabilities: ReadonlySet<CapabilityId>;
  readonly clock: TargetClock;
  readonly managerKey: string | undefined;
  readonly redactor: Redactor;
  private readonly client: HttpClient;
  private readonly cleanups: (() => Promise<unknown>)[] = [];
  private accountKey: string | undefined;
  subaccount: Subaccount | undefined;
  private webhookReceiver: Promise<WebhookReceiver> | undefined;
  private counter = 0;
  private phoneCounter = 0;
  /** Credits moved to the file's subaccount after its setup (topUpBeforeCharge). */
  private toppedUp = 0;
  private readonly fileTag: string;
  private readonly fileIndex: number;
  /** The file's domain of the target's virtual clock (test-clock only). */
  private readonly clockDomain: string | undefined;
  private readonly clockDomainPerTest: boolean;

  constructor(config: RunConfig, file: { tag: string; index: number }) {
    this.config = config;
    this.fileTag = file.tag;
    this.fileIndex = file.index;
    // Reads inside a test are noted, so that a failure names the defaulted ambiguities it used (issue 14).
    this.choices = consultingChoices(config.profile.ambiguities);
    this.capabilities = effectiveCapabilities(config);
    this.managerKey = config.managerKey;
    const secrets = [config.apiKey, config.managerKey, config.profile.keys?.restricted].filter((s): s is string => s !== undefined);
    this.redactor = createRedactor(secrets);
    this.clockDomain = this.capabilities.has('test-clock') ? `${config.runId}-${file.tag}` : undefined;
    // The embedded server keeps a virtual clock per domain: each test gets one (see clockDomainNow).
    this.clockDomainPerTest = this.clockDomain !== undefined && config.embedded;
    this.clock = this.clockDomain ? virtualClock(config.baseUrl, () => this.clockDomainNow()!, this.clockDomainPerTest) : realClock();
    const pacing = config.profile.pacing;
    this.client = createHttpClient({
      baseUrl: config.baseUrl,
      redactor: this.redactor,
      pacer: createPacer({ requestsPerSecond: pacing.requestsPerSecond, maxRetries: pacing.retryOn429 ? pacing.maxRetries : 0 }),
      // Issue 19: a target that stops answering fails the call within the profile's deadline.
      requestTimeoutMs: config.profile.timeBudgets.requestSeconds * 1000,
    });
  }

  get key(): string {
    if (this.accountKey === undefined) throw new Error('the target is used before its setup ran (call useTarget() at the top of the file and use it inside tests)');
    return this.accountKey;
  }

  has = (capability: CapabilityId): boolean => this.capabilities.has(capability);

  async setup(options: UseTargetOptions): Promise<void> {
    const isolate = (options.isolate ?? true) && this.managerKey !== undefined;
    if (!isolate) {
      this.accountKey = this.config.apiKey;
      return;
    }
    const credits = options.credits ?? (this.config.embedded ? EMBEDDED_FILE_CREDITS : REMOTE_FILE_CREDITS);
    this.subaccount = await this.newSubaccount(credits);
    this.accountKey = this.subaccount.key;
  }

  async teardown(): Promise<void> {
    const errors: string[] = [];
    for (const cleanup of this.cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        errors.push((error as Error).message);
      }
    }
    if (this.webhookReceiver) await (await this.webhookReceiver).close();
    await this.client.close();
    if (errors.length > 0) throw new Error(`cleanup failed: ${errors.map((e) => this.redactor.redact(e)).join('; ')}`);
  }

  onCleanup = (cleanup: () => Promise<unknown>): void => {
    this.cleanups.push(cleanup);
  };

  learnSecret = (secret: string): void => this.redactor.learn(secret);

  name = (label = ''): string => `mc${this.config.runId}${this.fileTag}${label.replace(/[^A-Za-z0-9]/g, '')}${(this.counter += 1)}`;

  phone = (): string => {
    // 55 (Mexico City), 2 digits of the run, 2 of the file, a 4-digit counter: distinct within a
    // run, so that the per-number state (3.1, 4.5) of one test never meets another's.
    this.phoneCounter += 1;
    const run = [...this.config.runId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100, 7);
    return `55${String(run).padStart(2, '0')}${String(this.fileIndex % 100).padStart(2, '0')}${String(this.phoneCounter % 10000).padStart(4, '0')}`;
  };

  deliverableNumber = (index = 0): string => {
    if (this.config.embedded) return this.phone();
    const numbers = this.config.profile.phoneNumbers;
    if (numbers.length === 0) throw new CostGuardError('cost guard: no phone numbers in the profile (phoneNumbers): a send that is charged may only go to the profile\'s own numbers');
    return numbers[index % numbers.length]!;
  };

  async credits(key?: string): Promise<number> {
    const answer = await this.api('credits/consult', key === undefined ? {} : { key });
    // 2.7: credit is a decimal string with two places ("1500.00"); convert before arithmetic.
    const credit = Number(answer.body.credit);
    if (answer.body.credit === undefined || answer.body.credit === null || Number.isNaN(credit))
      throw new Error(`/credits/consult did not answer a numeric credit (HTTP ${answer.status}): ${answer.text.slice(0, 200)}`);
    return credit;
  }

  receiver(): Promise<WebhookReceiver> {
    this.webhookReceiver ??= startWebhookReceiver({
      ...(this.config.webhookPublicUrl ? { publicUrl: this.config.webhookPublicUrl, pathPrefix: `/${this.config.runId}${this.fileTag}` } : {}),
    });
    return this.webhookReceiver;
  }

  async newSubaccount(credits = 0): Promise<Subaccount> {
    const managerKey = this.managerKey;
    if (managerKey === undefined) throw new Error('a subaccount needs the manager key (5.3)');
    const email = `${this.name('sub')}@example.com`;
    const password = `Pw${this.config.runId}${this.counter}x`;
    const added = await this.api('subaccounts/add', { key: managerKey, json: { email, password } });
    const key = added.body.apikey;
    if (typeof key !== 'string' || key === '') throw new Error(`could not create a subaccount for isolation (HTTP ${added.status}): ${added.text.slice(0, 300)}`);
    this.redactor.learn(key);
    const subaccount = { email, key };
    this.onCleanup(async () => {
      const left = await this.credits(key).catch(() => 0);
      if (left >= 1) await this.api('subaccounts/manage-credits', { key: managerKey, json: { email, type: 2, credits: Math.floor(left) } });
      await this.api('subaccounts/archive', { key: managerKey, json: { email } });
    });
    if (credits > 0) {
      const moved = await this.api('subaccounts/manage-credits', { key: managerKey, json: { email, type: 1, credits } });
      if (moved.body.success !== true) throw new Error(`could not give the isolation subaccount ${credits} credits (HTTP ${moved.status}): ${moved.text.slice(0, 300)}`);
    }
    return subaccount;
  }

  /** 5.2, 8: refuses a charged send the run has not allowed, before it leaves this machine. */
  private async guardCost(op: Operation, request: ApiRequest): Promise<void> {
    if (this.config.embedded || !op.sends || isSandboxRequest(request)) return;
    if (!this.config.allowCharges) throw new CostGuardError(`cost guard: ${op.operationId} without sandbox would be charged: pass --allow-charges to allow it`);
    const allowed = new Set(this.config.profile.phoneNumbers);
    const strangers = new Set(numbersIn(request).filter((n) => !allowed.has(n)));
    if (strangers.size > 0)
      throw new CostGuardError(
        `cost guard: ${op.operationId} would be charged to ${strangers.size} number(s) outside the profile's phoneNumbers (the profile has ${allowed.size}): a test that needs more real numbers than the profile gives is skipped`,
      );
    const { maxCredits, startingCredits } = this.config;
    if (maxCredits !== undefined && startingCredits !== undefined) {
      const consumed = startingCredits - (await this.credits(this.config.apiKey));
      if (consumed >= maxCredits) throw new CostGuardError(`cost guard: credit budget reached (${consumed} consumed of --max-credits ${maxCredits}): charged sends are skipped from here on`);
    }
    await this.topUpBeforeCharge(request);
  }

  /** See TOP_UP_BELOW: only the file's own subaccount (a test's subaccount keeps the balance it chose). */
  private async topUpBeforeCharge(request: ApiRequest): Promise<void> {
    const sub = this.subaccount;
    const managerKey = this.managerKey;
    if (sub === undefined || managerKey === undefined || (request.key !== undefined && request.key !== sub.key)) return;
    if ((await this.credits(sub.key)) >= TOP_UP_BELOW) return;
    const { maxCredits } = this.config;
    if (maxCredits !== undefined && this.toppedUp + REMOTE_FILE_CREDITS > maxCredits)
      throw new CostGuardError(`cost guard: the file's subaccount has spent its credits and more would pass --max-credits ${maxCredits}: charged sends of this file are skipped from here on`);
    const moved = await this.api('subaccounts/manage-credits', { key: managerKey, json: { email: sub.email, type: 1, credits: REMOTE_FILE_CREDITS } });
    if (moved.body.success !== true)
      throw new CostGuardError(`cost guard: the file's subaccount has spent its credits and the manager gave no more (HTTP ${moved.status}): ${moved.text.slice(0, 200)}`);
    this.toppedUp += REMOTE_FILE_CREDITS;
  }

  api = async (operationId: string, request: ApiRequest = {}): Promise<Answer> => {
    const op = operationById(operationId);
    await this.guardCost(op, request);
    const apiKey = request.key === null ? undefined : (request.key ?? this.key);
    const keyPlacement = request.keyPlacement ?? (op.auth === 'v1-parameter' ? 'query' : 'header');
    return this.http({
      method: request.method ?? op.method,
      path: request.path ?? op.path,
      ...(request.json !== undefined ? { json: request.json } : {}),
      ...(request.form !== undefined ? { form: request.form } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(request.query !== undefined ? { query: request.query } : {}),
      ...(request.headers !== undefined ? { headers: request.headers } : {}),
      ...(apiKey !== undefined ? { apiKey, keyPlacement } : {}),
      ...(request.retryOn429 !== undefined ? { retryOn429: request.retryOn429 } : {}),
    });
  };

  /**
   * The clock domain of a request made now: the running test's own where the target keeps one per
   * test (its waits then age nothing of another test, so waiting tests may overlap), the file's in
   * setup and teardown, and everywhere on a target with one shared test clock.
   */
  private clockDomainNow(): string | undefined {
    const running = this.clockDomainPerTest ? currentTest() : undefined;
    return running ? `${this.clockDomain}-${running.context.task.id}` : this.clockDomain;
  }

  http = async (options: CallOptions): Promise<Answer> => {
    const domain = this.clockDomainNow();
    const result = await this.client.call(domain ? { ...options, headers: { [TEST_CLOCK_DOMAIN_HEADER]: domain, ...options.headers } } : options);
    this.clock.observeDateHeader(result.headers.date, Date.now());
    await recordExchange(result.exchange);
    // Issue 14: a failure of the test shows its last exchanges (failure-exchanges.ts).
    noteExchange(result.exchange, (text) => this.redactor.redact(text));
    return answerOf(result);
  };
}

/**
 * The calling suite file: its name (letters and digits) tags the names it creates, and its index
 * among the suite files gives its phone numbers a block of their own, so that files running at
 * once never meet on a name or a number.
 */
function suiteFileOf(area: string | undefined): { tag: string; index: number } {
  const file = area ?? 'adhoc';
  const files = readdirSync(SUITES_DIR).map(areaOfSuiteFile).filter((area) => area !== undefined).sort();
  return { tag: file.replace(/[^A-Za-z0-9]/g, '').toLowerCase(), index: Math.max(0, files.indexOf(file)) };
}

/**
 * Call once at the top of a suite file. The handle is usable inside tests (after the setup hook);
 * setup failures fail the file's tests with the reason.
 */
export function useTarget(options: UseTargetOptions = {}): Target {
  const config = readRunConfig();
  const handle = new TargetHandle(config, suiteFileOf(collectingSuiteArea()));
  // Scaled with the latency the preflight measured (latency-scale.ts): setup and teardown are many calls.
  beforeAll(() => handle.setup(options), scaledTimeout(60_000, config.latencyMs));
  afterAll(() => handle.teardown(), scaledTimeout(120_000, config.latencyMs));
  return handle;
}
