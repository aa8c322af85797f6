/**
 * The mutant registry ("prove the suite's teeth"). Each entry is one small, realistic deviation from
 * the document that the reference server can be started with (`--mutant ID`, option `mutant`), and
 * its fault: the one named seam of the request path it overrides, and how. The request path itself
 * names no mutant: it consults its seams (reference/seams.ts). There is no copy of any handler.
 *
 * Each area states its faults beside the seams they override, in reference/faults/<area>.ts; this
 * module gathers them in the registry's order (the kill matrix runs them, and docs/kill-matrix.md
 * lists them, in that order). Every entry names the requirement id (schemas/requirements.ts) it
 * violates, so that a surviving mutant says which statement the suite fails to prove; its section and
 * area are that requirement's (one place: no hand-kept copy to disagree with the catalogue).
 * `npm run mutants` (harness/commands/mutants-command.ts) certifies the server once per mutant and
 * fails on any survivor; a survivor is fixed by strengthening the suite, never by deleting the mutant.
 *
 * This module is data and a tiny API only; it imports nothing of the server but the seams.
 */
import type { AreaId } from '../schemas/areas.ts';
import { requirementById } from '../schemas/requirements.ts';
import { AUTH_MUTANTS } from './faults/auth.ts';
import { ENVELOPE_MUTANTS } from './faults/envelope.ts';
import { RATE_LIMIT_MUTANTS } from './faults/rate-limit.ts';
import { SMS_MUTANTS } from './faults/sms.ts';
import { CREDITS_MUTANTS } from './faults/credits.ts';
import { OTP_V2_MUTANTS } from './faults/otp-v2.ts';
import { OTP_LEGACY_MUTANTS } from './faults/otp-legacy.ts';
import { LEGACY_V1_MUTANTS } from './faults/legacy-v1.ts';
import { CONTACTS_MUTANTS } from './faults/contacts.ts';
import { LOYALTY_STAMP_MUTANTS, WALLET_LOYALTY_EMPLOYEES_MUTANTS } from './faults/wallet-loyalty-employees.ts';
import { SUBACCOUNTS_MUTANTS } from './faults/subaccounts.ts';
import { REPORTS_MUTANTS } from './faults/reports.ts';
import { PAYMENTS_MUTANTS } from './faults/payments.ts';
import { WEBHOOKS_MUTANTS } from './faults/webhooks.ts';
import { EVENTS_MUTANTS } from './faults/events.ts';
import { ISOLATION_MUTANTS } from './faults/isolation.ts';
import type { MutantEntry } from './faults/seam-point.ts';
import { Seams } from './seams.ts';

/** Where a mutant's requirement sits in the document: its section(s) and its area (schemas/areas.ts). */
interface RequirementPlace {
  /** The section(s) of the document the fault violates: its requirement's (e.g. "5" or "4.11, 2.7"). */
  section: string;
  /** Its requirement's area: the suite files (suites/<area>.test.ts, or the folder suites/<area>/) that prove it first. */
  area: AreaId;
}

export type MutantDefinition = MutantEntry & RequirementPlace;

/**
 * Every area's faults, in the registry's order: the order in which they were added, area by area,
 * with the loyalty sale's stamp (4.9) last.
 */
const MUTANT_ENTRIES = [
  ...AUTH_MUTANTS,
  ...ENVELOPE_MUTANTS,
  ...RATE_LIMIT_MUTANTS,
  ...SMS_MUTANTS,
  ...CREDITS_MUTANTS,
  ...OTP_V2_MUTANTS,
  ...OTP_LEGACY_MUTANTS,
  ...LEGACY_V1_MUTANTS,
  ...CONTACTS_MUTANTS,
  ...WALLET_LOYALTY_EMPLOYEES_MUTANTS,
  ...SUBACCOUNTS_MUTANTS,
  ...REPORTS_MUTANTS,
  ...PAYMENTS_MUTANTS,
  ...WEBHOOKS_MUTANTS,
  ...EVENTS_MUTANTS,
  ...ISOLATION_MUTANTS,
  ...LOYALTY_STAMP_MUTANTS,
] as const satisfies readonly MutantEntry[];

export type MutantId = (typeof MUTANT_ENTRIES)[number]['id'];

/** Each entry of a tuple with the place of its requirement added (the tuple's order and literal ids kept). */
type Placed<T extends readonly MutantEntry[]> = { readonly [K in keyof T]: T[K] & RequirementPlace };

function placed<T extends readonly MutantEntry[]>(entries: T): Placed<T> {
  return entries.map((m) => {
    const { section, area } = requirementById(m.requirement);
    return { ...m, section, area };
  }) as Placed<T>;
}

/** The registry: every mutant with its requirement's section and area, computed once here. */
export const MUTANTS = placed(MUTANT_ENTRIES);

const byId: ReadonlyMap<string, MutantDefinition> = new Map(MUTANTS.map((m) => [m.id, m]));

export const isMutantId = (id: string): id is MutantId => byId.has(id);

export function mutantById(id: string): MutantDefinition {
  const m = byId.get(id);
  if (!m) throw new Error(`unknown mutant ${id}`);
  return m;
}

/** The seams of a server started with `mutant` (none: the conformant server's). */
export function seamsOf(mutant: MutantId | undefined): Seams {
  return new Seams(mutant === undefined ? undefined : mutantById(mutant).fault);
}
