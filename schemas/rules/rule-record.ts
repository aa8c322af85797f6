/**
 * A requirement of the `rule:` kind as one record: its id, section and statement, the document's
 * words it rests on and the level they give it, with the reason where that level is below fail
 * (quote-level.ts: `...stated(words)`, `...reading(why, words)`, `...notShown(why, words)`). The
 * catalogue (requirements.ts) takes every field from here; nothing else gives a rule its level.
 */
import type { AmbiguityId } from '../ambiguities.ts';
import type { AreaId } from '../areas.ts';
import type { CapabilityId } from '../capabilities.ts';
import type { RequirementQuote } from '../quote-level.ts';

export interface RuleRecord extends RequirementQuote {
  /** The catalogue id, written whole so that a grep for it lands here. */
  id: `rule:${string}`;
  area: AreaId;
  /** The sections of the document it rests on (e.g. "4.4, 7.3"). */
  section: string;
  /** The rule in a sentence, worded as the document words it. */
  statement: string;
  /** A target capability without which the rule cannot be provoked (capabilities.ts). */
  capability?: CapabilityId;
  ambiguity?: AmbiguityId;
}

/** An area's records: each file of schemas/rules/ is one area, so the area is written once. */
export const rulesOf = (area: AreaId, records: readonly Omit<RuleRecord, 'area'>[]): RuleRecord[] => records.map((r) => ({ ...r, area }));
