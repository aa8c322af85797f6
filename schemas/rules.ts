/**
 * The testable statements of the document that no other table holds (the operations, result codes,
 * limits, state tables and event fields each have their own), in catalogue order: one file per area
 * in schemas/rules/, one record per requirement (rules/rule-record.ts) holding its id, section,
 * statement, the document's words and their level.
 */
import { ENVELOPE_RULE_RECORDS } from './rules/envelope.ts';
import { AUTH_RULE_RECORDS } from './rules/auth.ts';
import { CREDITS_RULE_RECORDS } from './rules/credits.ts';
import { SMS_RULE_RECORDS } from './rules/sms.ts';
import { SANDBOX_RULE_RECORDS } from './rules/sandbox.ts';
import { VOICE_RULE_RECORDS } from './rules/voice.ts';
import { OTP_V2_RULE_RECORDS } from './rules/otp-v2.ts';
import { OTP_LEGACY_RULE_RECORDS } from './rules/otp-legacy.ts';
import { CONTACTS_RULE_RECORDS } from './rules/contacts.ts';
import { AGENDAS_RULE_RECORDS } from './rules/agendas.ts';
import { WALLET_RULE_RECORDS } from './rules/wallet.ts';
import { LOYALTY_RULE_RECORDS } from './rules/loyalty.ts';
import { EMPLOYEES_RULE_RECORDS } from './rules/employees.ts';
import { SUBACCOUNTS_RULE_RECORDS } from './rules/subaccounts.ts';
import { ISOLATION_RULE_RECORDS } from './rules/isolation.ts';
import { REPORTS_RULE_RECORDS } from './rules/reports.ts';
import { WEBHOOKS_RULE_RECORDS } from './rules/webhooks.ts';
import { LEGACY_V1_RULE_RECORDS } from './rules/legacy-v1.ts';
import { LIMITS_RULE_RECORDS } from './rules/limits.ts';
import type { RuleRecord } from './rules/rule-record.ts';

export type { RuleRecord } from './rules/rule-record.ts';

export const RULES: readonly RuleRecord[] = [
  ...ENVELOPE_RULE_RECORDS,
  ...AUTH_RULE_RECORDS,
  ...CREDITS_RULE_RECORDS,
  ...SMS_RULE_RECORDS,
  ...SANDBOX_RULE_RECORDS,
  ...VOICE_RULE_RECORDS,
  ...OTP_V2_RULE_RECORDS,
  ...OTP_LEGACY_RULE_RECORDS,
  ...CONTACTS_RULE_RECORDS,
  ...AGENDAS_RULE_RECORDS,
  ...WALLET_RULE_RECORDS,
  ...LOYALTY_RULE_RECORDS,
  ...EMPLOYEES_RULE_RECORDS,
  ...SUBACCOUNTS_RULE_RECORDS,
  ...ISOLATION_RULE_RECORDS,
  ...REPORTS_RULE_RECORDS,
  ...WEBHOOKS_RULE_RECORDS,
  ...LEGACY_V1_RULE_RECORDS,
  ...LIMITS_RULE_RECORDS,
];
