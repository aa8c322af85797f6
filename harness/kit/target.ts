/**
 * The target as a suite file sees it: `useTarget()` at the top of a file registers the setup and
 * teardown hooks and returns a handle whose calls go through the recording, redacting, pacing HTTP
 * client, inside the file's own account. This file is the facade; the handle's jobs live beside it:
 * the cost guard (cost-guard.ts), the run's sandbox budget and report requests (sandbox-budget.ts,
 * report-requests.ts), subaccount lifecycle (subaccounts.ts), names and numbers (generated-names.ts),
 * clock domains (clock-domains.ts), and its types (target-contract.ts, re-exported here so that
 * suites import everything of the target from this one file).
 *
 * Isolation (conventions: s3-tests, every test owns its fixtures):
 *  - with a manager key, the file works in a fresh subaccount (4.11): created with credits at setup,
 *    its credits withdrawn and the subaccount archived at teardown;
 *  - without one, in the main account; every name carries the run prefix and what a test creates is
 *    deleted by the cleanups it registers (and by the file's sweepers, at setup and teardown).
 */
import { afterAll, beforeAll } from 'vitest';
import type { AmbiguityChoices } from '../../schemas/ambiguities.ts';
import type { CapabilityId } from '../../schemas/capabilities.ts';
import { operationById, type Operation } from '../../schemas/operations.ts';
import { scaledTimeout } from '../config/latency-scale.ts';
import { HOOK_TIMEOUT_MS, REQUIREMENT_TEST_TIMEOUT_MS } from '../config/test-timeouts.ts';
import type { RunConfig } from '../config/run-config.ts';
import type { SuiteFileId } from '../config/project-paths.ts';
import { recordExchange } from '../transport/allure-exchange.ts';
import { createHttpClient, isJsonObject, type CallOptions, type CallResult, type HttpClient, type KeyPlacement } from '../transport/http-client.ts';
import { createPacer } from '../transport/pacer.ts';
import { createRedactor, type Redactor } from '../transport/redaction.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../transport/webhook-receiver.ts';
import { noteAnswer } from './answer-watchers.ts';
import { ClockDomains } from './clock-domains.ts';
import { CostGuard } from './cost-guard.ts';
import { runningTestChoices } from './current-test.ts';
import { effectiveCapabilities } from './effective-capabilities.ts';
import { noteExchange } from './failure-exchanges.ts';
import { GeneratedNames, suiteFileOf, type SuiteFile } from './generated-names.ts';
import { recordHarExchange } from './har-recorder.ts';
import { keyReferenceOf, namedKeysOf } from './key-reference.ts';
import { collectingSuiteFile, readRunConfig } from './run-context.ts';
import { ReportRequests } from './report-requests.ts';
import { accountKeyOf, SandboxBudget } from './sandbox-budget.ts';
import { createSubaccount, fileSubaccountCredits } from './subaccounts.ts';
import type { Answer, ApiRequest, Subaccount, Target, UseTargetOptions } from './target-contract.ts';
import type { TargetClock } from './target-clock.ts';

export type { Answer, ApiRequest, Target, UseTargetOptions } from './target-contract.ts';

const answerOf = (result: CallResult): Answer => ({
  status: result.status,
  headers: result.headers,
  text: result.text,
  json: result.json,
  body: isJsonObject(result.json) ? result.json : {},
});

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
  private readonly fileTag: string;
  private readonly names: GeneratedNames;
  private readonly clockDomains: ClockDomains;
  private readonly costGuard: CostGuard;
  private readonly sandboxBudget: SandboxBudget;
  private readonly reportRequests: ReportRequests;

  constructor(config: RunConfig, file: SuiteFile, id: SuiteFileId | undefined) {
    this.config = config;
    this.fileTag = file.tag;
    this.names = new GeneratedNames(config, file);
    // Reads inside a test are the running test's, and noted, so that a failure names the defaulted ambiguities it used
    // and a test run again under another option reads it (defaulted-ambiguities.ts).
    this.choices = runningTestChoices(config.profile.ambiguities);
    this.capabilities = effectiveCapabilities(config);
    this.managerKey = config.managerKey;
    const secrets = [config.apiKey, config.managerKey, config.profile.keys?.restricted].filter((s): s is string => s !== undefined);
    this.redactor = createRedactor(secrets);
    this.clockDomains = new ClockDomains(config, this.capabilities, file.tag);
    this.clock = this.clockDomains.clock;
    const pacing = config.profile.pacing;
    this.client = createHttpClient({
      baseUrl: config.baseUrl,
      redactor: this.redactor,
      pacer: createPacer({ requestsPerSecond: pacing.requestsPerSecond, maxRetries: pacing.retryOn429 ? pacing.maxRetries : 0 }),
      // A target that stops answering fails the call within the profile's deadline, instead of holding the run.
      requestTimeoutMs: config.profile.timeBudgets.requestSeconds * 1000,
      // A hostile or broken target cannot exhaust memory: past the bound the answer is broken, not read.
      answerLimitBytes: config.profile.limits.answerBytes,
      // Behind a gateway, a private certificate authority or a proxy: the road the command resolved (config/target-route.ts).
      ...(config.route !== undefined ? { route: config.route } : {}),
    });
    this.costGuard = new CostGuard({
      config,
      fileSubaccount: () => this.subaccount,
      api: (operationId, request) => this.api(operationId, request),
      credits: (key) => this.credits(key),
    });
    this.sandboxBudget = new SandboxBudget({ config, file: id, fileSubaccount: () => this.subaccount });
    this.reportRequests = new ReportRequests({ config, fileSubaccount: () => this.subaccount });
  }

  get key(): string {
    if (this.accountKey === undefined)
      throw new Error('the target is used before its setup ran (call useTarget() at the top of the file and use it inside tests)');
    return this.accountKey;
  }

  has = (capability: CapabilityId): boolean => this.capabilities.has(capability);

  async setup(options: UseTargetOptions): Promise<void> {
    // From now on the file spends its share of the run account's sandbox plan (8; sandbox-plan.ts).
    await this.sandboxBudget.start();
    const isolate = (options.isolate ?? true) && this.managerKey !== undefined;
    if (!isolate) {
      this.accountKey = this.config.apiKey;
      return;
    }
    this.subaccount = await this.newSubaccount(fileSubaccountCredits(this.config, options));
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

  name = (label?: string): string => this.names.name(label);

  phone = (): string => this.names.phone();

  deliverableNumber = (index?: number): string => this.names.deliverableNumber(index);

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

  newSubaccount(credits = 0): Promise<Subaccount> {
    return createSubaccount(
      {
        managerKey: this.managerKey,
        api: (operationId, request) => this.api(operationId, request),
        credits: (key) => this.credits(key),
        credentials: () => this.names.subaccountCredentials(),
        learnSecret: this.learnSecret,
        onCleanup: this.onCleanup,
      },
      credits,
    );
  }

  /**
   * Every registry call of the suites passes here, and so every send: the cost guard decides on a
   * charged one, the run's sandbox budget on a sandbox one (8: a quota per account and day), both
   * before it leaves this machine. Report requests are counted too (8: a per-account limit whose
   * value is not shown), and one the run's own requests exhausted skips its test.
   */
  api = async (operationId: string, request: ApiRequest = {}): Promise<Answer> => {
    const op = operationById(operationId);
    await this.costGuard.check(op, request);
    const apiKey = request.key === null ? undefined : (request.key ?? this.key);
    const keyPlacement = request.keyPlacement ?? (op.auth === 'v1-parameter' ? 'query' : 'header');
    const account = accountKeyOf(request, apiKey);
    const sandbox = await this.sandboxBudget.reserve(op, request, account);
    let answer: Answer | undefined;
    try {
      answer = await this.send(op.method, op.path, request, apiKey, keyPlacement);
    } finally {
      await sandbox?.settle(answer);
    }
    await this.reportRequests.counted(op, account, answer);
    // Kit code that follows a state across the test's calls (answer-watchers.ts).
    await noteAnswer(operationId, request, answer);
    return answer;
  };

  private send(method: Operation['method'], path: string, request: ApiRequest, apiKey: string | undefined, keyPlacement: KeyPlacement): Promise<Answer> {
    return this.http({
      method: request.method ?? method,
      path: request.path ?? path,
      ...(request.json !== undefined ? { json: request.json } : {}),
      ...(request.form !== undefined ? { form: request.form } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(request.query !== undefined ? { query: request.query } : {}),
      ...(request.headers !== undefined ? { headers: request.headers } : {}),
      ...(apiKey !== undefined ? { apiKey, keyPlacement } : {}),
      ...(request.retryOn429 !== undefined ? { retryOn429: request.retryOn429 } : {}),
    });
  }

  http = async (options: CallOptions): Promise<Answer> => {
    const result = await this.client.call(this.clockDomains.tagged(options));
    this.clock.observeDateHeader(result.headers.date, Date.now());
    // Which key it carried, named for the curl line that sends it again (key-reference.ts).
    const key = keyReferenceOf(options, namedKeysOf(this.config, this.subaccount?.key));
    const exchange = key === undefined ? result.exchange : { ...result.exchange, key };
    await recordExchange(exchange);
    // A failure of the test shows its last exchanges (failure-exchanges.ts).
    noteExchange(exchange, (text) => this.redactor.redact(text));
    recordHarExchange(this.config, exchange, this.fileTag);
    return answerOf(result);
  };
}

/**
 * Call once at the top of a suite file. The handle is usable inside tests (after the setup hook);
 * setup failures fail the file's tests with the reason.
 */
export function useTarget(options: UseTargetOptions = {}): Target {
  const config = readRunConfig();
  const file = collectingSuiteFile();
  const handle = new TargetHandle(config, suiteFileOf(file), file);
  // Scaled with the latency the preflight measured (latency-scale.ts): setup and teardown are many calls.
  beforeAll(() => handle.setup(options), scaledTimeout(REQUIREMENT_TEST_TIMEOUT_MS, config.latencyMs));
  afterAll(() => handle.teardown(), scaledTimeout(HOOK_TIMEOUT_MS, config.latencyMs));
  return handle;
}
