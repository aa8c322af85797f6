/**
 * The fault seams: the named points of the request path where one injected fault of the kill matrix
 * (reference/mutants.ts) may replace what the conformant server computes. A handler hands the value the
 * document asks for to `seams.at('<seam>', value, context)` and goes on with what comes back: the value
 * itself on the conformant server, the mutant's override of that one seam otherwise. So the request
 * path carries no mutant names, only named points.
 *
 * Each area declares its seams beside the faults that override them, in reference/faults/<area>.ts,
 * every seam naming the requirement ids it can break (their section and words are the catalogue's);
 * the one check of stated limits every area shares is reference/faults/lenient-reading.ts. This module
 * gathers them into one table and is what the server's code imports.
 */
import { AUTH_SEAMS } from './faults/auth.ts';
import { ENVELOPE_SEAMS } from './faults/envelope.ts';
import { RATE_LIMIT_SEAMS } from './faults/rate-limit.ts';
import { SMS_SEAMS } from './faults/sms.ts';
import { CREDITS_SEAMS } from './faults/credits.ts';
import { OTP_V2_SEAMS } from './faults/otp-v2.ts';
import { OTP_LEGACY_SEAMS } from './faults/otp-legacy.ts';
import { LEGACY_V1_SEAMS } from './faults/legacy-v1.ts';
import { CONTACTS_SEAMS } from './faults/contacts.ts';
import { WALLET_LOYALTY_EMPLOYEES_SEAMS } from './faults/wallet-loyalty-employees.ts';
import { SUBACCOUNTS_SEAMS } from './faults/subaccounts.ts';
import { REPORTS_SEAMS } from './faults/reports.ts';
import { PAYMENTS_SEAMS } from './faults/payments.ts';
import { WEBHOOKS_SEAMS } from './faults/webhooks.ts';
import { EVENTS_SEAMS } from './faults/events.ts';
import { ISOLATION_SEAMS } from './faults/isolation.ts';
import { LENIENT_READING_SEAMS } from './faults/lenient-reading.ts';
import type { Fault, SeamPoint } from './faults/seam-point.ts';

export const SEAMS = {
  ...AUTH_SEAMS,
  ...ENVELOPE_SEAMS,
  ...RATE_LIMIT_SEAMS,
  ...SMS_SEAMS,
  ...CREDITS_SEAMS,
  ...OTP_V2_SEAMS,
  ...OTP_LEGACY_SEAMS,
  ...LEGACY_V1_SEAMS,
  ...CONTACTS_SEAMS,
  ...WALLET_LOYALTY_EMPLOYEES_SEAMS,
  ...SUBACCOUNTS_SEAMS,
  ...REPORTS_SEAMS,
  ...PAYMENTS_SEAMS,
  ...WEBHOOKS_SEAMS,
  ...EVENTS_SEAMS,
  ...ISOLATION_SEAMS,
  ...LENIENT_READING_SEAMS,
} as const;

export type SeamName = keyof typeof SEAMS;
type SeamValue<S extends SeamName> = (typeof SEAMS)[S] extends SeamPoint<infer V, infer _C> ? V : never;
type SeamContext<S extends SeamName> = (typeof SEAMS)[S] extends SeamPoint<infer _V, infer C> ? C : never;
type SeamOverride<S extends SeamName> = (value: SeamValue<S>, context: SeamContext<S>) => SeamValue<S>;

/** The seams of one running server: pass-through, or one seam overridden by the server's fault. */
export class Seams {
  constructor(readonly fault: Fault | undefined = undefined) {}

  at<S extends SeamName>(seam: S, value: SeamValue<S>, ...context: SeamContext<S> extends void ? [] : [SeamContext<S>]): SeamValue<S> {
    const f = this.fault;
    if (f === undefined || f.seam !== seam) return value;
    return (f.override as SeamOverride<S>)(value, context[0] as SeamContext<S>);
  }
}

/** The conformant server's seams. */
export const NO_FAULT = new Seams();
