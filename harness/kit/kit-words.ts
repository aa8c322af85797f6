/**
 * The kit's own words, which are never target data (5.2 asks that no report carry a key, not that
 * the kit's text be rewritten): the requirement catalogue's ids, statements and quotes, the
 * ambiguity register, the capabilities and areas, and the flags of the commands. Registered with the
 * redactor (transport/redaction.ts protectKitWords), so that a key sharing a run of characters with
 * one of them (`acme-manager-key-0000000000000001` and `rule:auth.manager-key-required`) leaves the
 * word whole; handed to the leak check, which excuses the same words (run/leak-check.ts).
 */
import { AMBIGUITIES } from '../../schemas/ambiguities.ts';
import { AREAS } from '../../schemas/areas.ts';
import { CAPABILITIES } from '../../schemas/capabilities.ts';
import { REQUIREMENTS } from '../../schemas/requirements.ts';
import { CERTIFY_FLAGS } from '../config/certify-flags.ts';
import { DISCOVER_FLAGS } from '../config/discover-flags.ts';
import { SERVE_FLAGS } from '../config/serve-flags.ts';
import { protectKitWords } from '../transport/redaction.ts';

/** A text and its pieces as the reports also show them apart: a quote joined with others by " … ", a table row's cells, its lines. */
const withPieces = (text: string): string[] => [text, ...text.split(/\s*(?:…|\||\n)\s*/)];

/** Every word of the catalogues the reports quote. */
export function kitWords(): string[] {
  const words: string[] = [];
  for (const r of REQUIREMENTS) words.push(r.id, ...withPieces(r.statement), ...r.quotes.flatMap(withPieces));
  for (const a of AMBIGUITIES) {
    words.push(a.id, ...withPieces(a.title), ...a.sources.flatMap((s) => withPieces(s.says)));
    for (const o of a.options) words.push(o.id, ...withPieces(o.description));
  }
  for (const [id, description] of Object.entries(CAPABILITIES)) words.push(id, description);
  for (const area of AREAS) words.push(area.id, area.name, area.description);
  for (const table of [CERTIFY_FLAGS, DISCOVER_FLAGS, SERVE_FLAGS]) for (const entry of Object.values(table.flags)) words.push(`--${entry.flag}`);
  return words;
}

let registered = false;

/** Registers the catalogues' words with the redactor of this process, once. */
export function protectCatalogueWords(): void {
  if (registered) return;
  registered = true;
  protectKitWords(kitWords());
}

/** Registers names the kit gave (tests, suites, files) as its words, in this process: the reports write them whole. */
export const protectKitNames = (names: Iterable<string>): void => protectKitWords(names);
