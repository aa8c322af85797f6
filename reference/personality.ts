/**
 * The reference server's two personalities (schemas/latitudes.ts): at every ambiguity of the
 * register the alternate personality takes another option than the default one, and at every
 * latitude the other defensible choice. Handlers ask `context.personality.alternate` where a
 * latitude leaves them a choice; ambiguity options reach them through `options.choices` as before.
 */
import { AMBIGUITIES, DEFAULT_AMBIGUITY_CHOICES, type AmbiguityChoices, type Personality } from '../schemas/index.ts';

/** The option the alternate personality takes: the first one that is neither the default nor record-only. */
const alternateOption = (options: readonly { id: string }[], defaultOption: string): string =>
  options.find((o) => o.id !== defaultOption && o.id !== 'record-only')?.id ?? defaultOption;

const ALTERNATE_CHOICES = Object.fromEntries(AMBIGUITIES.map((a) => [a.id, alternateOption(a.options, a.default)])) as AmbiguityChoices;

export function personalityChoices(personality: Personality): AmbiguityChoices {
  return personality === 'alternate' ? ALTERNATE_CHOICES : DEFAULT_AMBIGUITY_CHOICES;
}
