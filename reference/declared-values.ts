/**
 * The values the reference server chose where the document is silent. Defined once here: the
 * handlers that enforce them import them, and the server's ready value (server.ts `declared`)
 * hands them to whoever declares the server as a target, so that a profile states what the
 * server does rather than a copy that could drift from it.
 */
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
