/**
 * The values the reference server chose where the document is silent. Defined once here: the
 * handlers that enforce them import them, and the server's ready value (server.ts `declared`)
 * hands them to whoever declares the server as a target, so that a profile states what the
 * server does rather than a copy that could drift from it.
 */
import type { CapabilityId } from '../schemas/capabilities.ts';

export interface DeclaredValues {
  /** 7.2 validation_03 "attempts per hour exceeded": how many is not shown; wrong codes allowed per phone number per hour. */
  readonly legacyOtpAttemptsPerHour: number;
  /** 7.2 verification_11 "company too long": the length is not shown; the longest company name accepted. */
  readonly legacyOtpCompanyMax: number;
}

export const DECLARED_VALUES: DeclaredValues = Object.freeze({
  legacyOtpAttemptsPerHour: 10,
  legacyOtpCompanyMax: 50,
});

/**
 * What a server started with `options` offers beyond the documented API, in a profile's words
 * (capability ids of schemas/capabilities.ts and their parameters): its test hooks, a loopback
 * receiver it may reach, real (simulated) delivery, an account with an IP allow-list, a sandbox
 * quota a run can exhaust, and the values above. Computed from the options alone, so that a
 * process that serves and one that declares the served target (the bench) agree.
 */
export function declaredCapabilities(options: { testClock: boolean; allowLoopbackWebhooks: boolean }) {
  return {
    'test-clock': options.testClock,
    'reply-simulation': options.testClock,
    'webhook-reachable': options.allowLoopbackWebhooks,
    'real-delivery': true,
    'ip-allow-list': true,
    'sandbox-daily-limit-reachable': true,
    'legacy-otp-attempt-limit': true,
    legacyOtpAttemptLimit: DECLARED_VALUES.legacyOtpAttemptsPerHour,
    'legacy-otp-company-limit': true,
    legacyOtpCompanyMax: DECLARED_VALUES.legacyOtpCompanyMax,
  } as const satisfies Partial<Record<CapabilityId, boolean>> & Record<string, boolean | number>;
}
export type DeclaredCapabilities = ReturnType<typeof declaredCapabilities>;
