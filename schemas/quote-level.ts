/**
 * The document's words behind a requirement and the level they give it (what a failed check of it
 * does to a target: verdict-levels.ts). Every requirement has one: a rule's record
 * (schemas/rules/<area>.ts) or, for an id built from a table, its entry keyed by id (quotes.ts).
 *  - stated(words):        the words state the rule outright; level fail.
 *  - reading(why, words):  a SHOULD, or a reading we derive from the words (not what they say outright); level warn.
 *  - notShown(why, words): the document is silent ("not shown"); the suite records what the target did; level record.
 * The words are verbatim excerpts of spec/source/messaging-service-interface.md (test/quotes.test.ts
 * compares them after folding white space and dropping the Markdown markers `**` and backticks).
 * Nothing else lowers a level: a level below fail is written here, with its reason, or not at all.
 */
import type { VerdictLevel } from './verdict-levels.ts';

export interface RequirementQuote {
  /** One or more verbatim excerpts of the document (each contiguous). */
  quotes: readonly string[];
  /** Absent when the words state the rule (fail). */
  level?: Exclude<VerdictLevel, 'fail'>;
  /** Why the level is below fail: what in the words is a reading or a silence. */
  why?: string;
}

/** A requirement the quoted words state outright (level fail). */
export const stated = (...quotes: string[]): RequirementQuote => ({ quotes });
/** A requirement that goes beyond the quoted words: a SHOULD or a reading of ours (level warn). */
export const reading = (why: string, ...quotes: string[]): RequirementQuote => ({ quotes, level: 'warn', why });
/** A requirement on a point the document leaves "not shown": the suite records what the target did (level record). */
export const notShown = (why: string, ...quotes: string[]): RequirementQuote => ({ quotes, level: 'record', why });
