/** The single source of truth: the document as zod schemas and data. Reads nothing else of ours. */
export * from './ambiguities.ts';
export * from './areas.ts';
export * from './capabilities.ts';
export * from './envelope.ts';
export * from './error-codes.ts';
export * from './formats.ts';
export * from './limits.ts';
export * from './operation.ts';
export * from './operations.ts';
export * from './otp-v2-transitions.ts';
export * from './requirements.ts';
export * from './rules.ts';
export * from './stated-limits.ts';
export * as credits from './credits.ts';
export * as sms from './sms.ts';
export * as voice from './voice.ts';
export * as otpV2 from './otp-v2.ts';
export * as otpLegacy from './otp-legacy.ts';
export * as contacts from './contacts.ts';
export * as agendas from './agendas.ts';
export * as wallet from './wallet.ts';
export * as loyalty from './loyalty.ts';
export * as employees from './employees.ts';
export * as subaccounts from './subaccounts.ts';
export * as reports from './reports.ts';
export * as payments from './payments.ts';
export * as webhooks from './webhooks.ts';
export * as otherPaths from './other-paths.ts';
export * as legacyV1 from './legacy-v1.ts';
export * as events from './events.ts';
export * from './quotes.ts';
export * from './latitudes.ts';
// The registers under the plain names a package user reaches for (`import { operations } from
// 'messaging-conformance/schemas'`); the constants above keep their names for the project's code.
export { OPERATIONS as operations } from './operations.ts';
export { REQUIREMENTS as requirements } from './requirements.ts';
export { AMBIGUITIES as ambiguities } from './ambiguities.ts';
export { LATITUDES as latitudes } from './latitudes.ts';
