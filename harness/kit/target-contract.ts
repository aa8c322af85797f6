/**
 * The handle a suite file gets from useTarget() (target.ts), as types only: what suites and their
 * support modules type against. Kept apart from the facade so that the modules it is built from
 * (cost-guard.ts, subaccounts.ts) can name a request, an answer or a subaccount without importing
 * the facade that imports them (no import cycle); target.ts re-exports every one of them.
 */
import type { AmbiguityChoices } from '../../schemas/ambiguities.ts';
import type { CapabilityId } from '../../schemas/capabilities.ts';
import type { RunConfig } from '../config/run-config.ts';
import type { CallOptions, FormFields, HttpMethod, KeyPlacement, QueryParams } from '../transport/http-client.ts';
import type { WebhookReceiver } from '../transport/webhook-receiver.ts';
import type { TargetClock } from './target-clock.ts';

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
  /**
   * The test expects the target to refuse this request: a sandbox send then spends nothing of the
   * day's quota (8), so the run's sandbox plan lets it out while the account has room (sandbox-plan.ts).
   * Never sent; a target that accepts it anyway is counted, and the test fails on its answer.
   */
  expectsRefusal?: boolean;
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
