/**
 * The one door of the kit for suites/: everything a conformance test uses of the harness, and
 * nothing else (test/architecture.test.ts refuses a suite import of any other harness module).
 * A test reads the target through `useTarget`, names what it proves with `req`, judges answers
 * with the expectations and `judge` (a check against a requirement id, at the level the catalogue
 * gives it), and ends without a verdict through SkipTest or Inconclusive.
 */
export { seedFor } from '../config/run-seed.ts';
export { optionsToAccept } from './defaulted-ambiguities.ts';
export { arrivalResolutionSeconds, awaitDeliveries, letTimePass } from './delivery-waits.ts';
export { expectError, expectErrorBody, expectRefused, expectSchema, expectSuccess, expectV1Error, type RefusalKind } from './expectations.ts';
export { Inconclusive } from './inconclusive.ts';
export { judge } from './judge.ts';
export { expiryAhead, type NearExpiry, secondsUntilPast, sendBeforeExpiry } from './near-expiry.ts';
export { reqNotTestable } from './not-testable-test.ts';
export { type LegacyNumbers, withCleanLegacyNumbers, withLegacyNumbers } from './otp-legacy-numbers.ts';
export { legacyResetFinding, recordLegacyResetFinding } from './otp-legacy-reset-finding.ts';
export { holdNumbers } from './phone-number-locks.ts';
export { req } from './requirement-test.ts';
export { answerWhenSettled } from './retry-later.ts';
export { type Answer, type ApiRequest, type Target, useTarget } from './target.ts';
export { NOT_TESTABLE_PREFIX, SkipTest } from './test-skip.ts';
export type { QueryParams } from '../transport/http-client.ts';
export { parseRetryAfterMs } from '../transport/pacer.ts';
export { COUNTED_SPAN_MS, isRateLimited, judgeSustained, type SustainedJudgement, type TimedExchange } from '../transport/rate-burst.ts';
// The road to a target behind a gateway, a private CA or a proxy, for the requests a suite sends unpaced (8's bursts).
export { routeDispatcher, type TargetRoute } from '../transport/target-route.ts';
export { type Delivery, type EventDelivery, type EventType, isEventDelivery, type WebhookEndpoint } from '../transport/webhook-receiver.ts';
