/**
 * The document's own words behind every requirement (conventions: test262 quotes the spec step a
 * test proves). One entry per requirement id of the catalogue (requirements.ts), each with the
 * verbatim sentence(s) or table row(s) of spec/source/messaging-service-interface.md it rests on.
 * test/quotes.test.ts fails when a quote does not occur in the document (compared after folding
 * white space and dropping the Markdown markers `**` and backticks).
 *
 * The level of a requirement (what a failed check of it does to a target):
 *  - fail:   the document states it; the quote is that statement.
 *  - warn:   a SHOULD, or a reading we derived from the quoted words (not what they say outright).
 *  - record: the document is silent ("not shown"); the suite records what the target did.
 * A requirement without a quote is at most warn. `level` is omitted when it is `fail`.
 */
export type VerdictLevel = 'fail' | 'warn' | 'record';

export interface RequirementQuote {
  /** One or more verbatim excerpts of the document (each contiguous). */
  quotes: readonly string[];
  level?: Exclude<VerdictLevel, 'fail'>;
  /** Why the level is below fail: what in the quote is a reading or a silence. */
  why?: string;
}

export const REQUIREMENT_QUOTES: Readonly<Record<string, RequirementQuote>> = {};
