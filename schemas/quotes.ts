/**
 * The document's own words behind every requirement whose id a table builds (conventions: test262
 * quotes the spec step a test proves): op:, err:, limit:, otp2:, webhook: and event:, keyed by id,
 * one file per kind in schemas/quotes/. A `rule:` requirement carries its words in its own record
 * (schemas/rules/<area>.ts) instead. Each entry gives the verbatim sentence(s) or table row(s) of
 * spec/source/messaging-service-interface.md and the level they give (quote-level.ts: stated,
 * reading, notShown). The table rows stay where the tables are and their words stay here, keyed by
 * the id the catalogue (requirements.ts) builds from them, so that no table carries prose it does
 * not need.
 */
import { LIMITS_QUOTES } from './quotes/limits.ts';
import { OPERATIONS_QUOTES } from './quotes/operations.ts';
import { RESULT_CODES_QUOTES } from './quotes/result-codes.ts';
import { STATES_AND_EVENTS_QUOTES } from './quotes/states-and-events.ts';
import type { RequirementQuote } from './quote-level.ts';

export type { RequirementQuote } from './quote-level.ts';
export type { VerdictLevel } from './verdict-levels.ts';

/** The parts as one table; an id given twice would hide one of its entries, so it stops the build. */
function joined(parts: readonly Readonly<Record<string, RequirementQuote>>[]): Readonly<Record<string, RequirementQuote>> {
  const all: Record<string, RequirementQuote> = {};
  for (const part of parts) {
    for (const [id, entry] of Object.entries(part)) {
      if (Object.hasOwn(all, id)) throw new Error(`${id} has two entries in schemas/quotes/`);
      all[id] = entry;
    }
  }
  return all;
}

export const REQUIREMENT_QUOTES: Readonly<Record<string, RequirementQuote>> = joined([
  OPERATIONS_QUOTES,
  RESULT_CODES_QUOTES,
  LIMITS_QUOTES,
  STATES_AND_EVENTS_QUOTES,
]);
