/**
 * Finds and replaces whole strings of a set (every textual form of every secret the run knows:
 * redaction.ts variantsOf) in a text, leftmost first and, at one place, longest first: what one
 * regular expression alternating every form does, without trying every form at every position.
 * Each form of PREFIX_LENGTH characters or more is found through its first PREFIX_LENGTH
 * characters with a rolling hash (fixed-run-finder.ts), then checked whole; a set holding a
 * shorter form (a key given at any length) keeps the regular expression, which is exact for it.
 */
import { FixedRunFinder } from './fixed-run-finder.ts';

/** The forms' prefixes looked up; the fragments of redaction.ts have the same length, so most keys take the fast way. */
const PREFIX_LENGTH = 12;

/** A literal string as a pattern of itself (redaction.ts builds its patterns of the kit's words with it too). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class WholeFormMatcher {
  private readonly finder: FixedRunFinder | undefined;
  /** Forms by their prefix, longest first. */
  private readonly byPrefix = new Map<string, string[]>();
  private readonly pattern: RegExp | undefined;

  constructor(forms: Iterable<string>) {
    const all = [...new Set(forms)].filter((f) => f !== '').sort((a, b) => b.length - a.length);
    if (all.length === 0) return;
    if (all.some((f) => f.length < PREFIX_LENGTH)) {
      this.pattern = new RegExp(all.map(escapeRegExp).join('|'), 'g');
      return;
    }
    for (const form of all) {
      const prefix = form.slice(0, PREFIX_LENGTH);
      const same = this.byPrefix.get(prefix);
      if (same === undefined) this.byPrefix.set(prefix, [form]);
      else same.push(form);
    }
    this.finder = new FixedRunFinder(this.byPrefix.keys(), PREFIX_LENGTH);
  }

  /** False when the set is empty: nothing to find. */
  get active(): boolean {
    return this.finder !== undefined || this.pattern !== undefined;
  }

  /** The leftmost form at or after `from`, the longest there; undefined when none. */
  private next(text: string, from: number): { index: number; form: string } | undefined {
    for (let at = from; ; ) {
      const match = this.finder!.find(text, at);
      if (match === undefined) return undefined;
      const form = this.byPrefix.get(match.run)!.find((f) => text.startsWith(f, match.index));
      if (form !== undefined) return { index: match.index, form };
      at = match.index + 1;
    }
  }

  /** `text` with every form replaced by `by`. */
  replace(text: string, by: string): string {
    if (this.pattern !== undefined) return text.replace(this.pattern, by);
    if (this.finder === undefined || text === '') return text;
    let out = '';
    let last = 0;
    for (let found = this.next(text, 0); found !== undefined; found = this.next(text, last)) {
      out += `${text.slice(last, found.index)}${by}`;
      last = found.index + found.form.length;
    }
    return last === 0 ? text : `${out}${text.slice(last)}`;
  }

  /** Whether `text` holds a form. */
  test(text: string): boolean {
    if (this.pattern !== undefined) {
      this.pattern.lastIndex = 0;
      return this.pattern.test(text);
    }
    return this.finder !== undefined && this.next(text, 0) !== undefined;
  }
}
