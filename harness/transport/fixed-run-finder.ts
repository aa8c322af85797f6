/**
 * Finds, in a text, the leftmost occurrence of any of a set of strings of one length (the runs of
 * the secrets a report must not show). A regular expression listing thousands of runs is tried at
 * every position of every text the run writes and was the largest cost of a certification; a
 * rolling hash looks each position up in a table instead, in time linear in the text.
 */

const BASE = 257;

export interface FixedRunMatch {
  index: number;
  run: string;
}

export class FixedRunFinder {
  readonly length: number;
  private readonly byHash = new Map<number, string[]>();
  /** BASE to the power length - 1, modulo 2^32: what the character leaving the window weighed. */
  private readonly leaving: number;

  /** `runs`: strings of one length (others are ignored). */
  constructor(runs: Iterable<string>, length: number) {
    this.length = length;
    let power = 1;
    for (let i = 1; i < length; i++) power = Math.imul(power, BASE);
    this.leaving = power;
    for (const run of runs) {
      if (run.length !== length) continue;
      const hash = this.hashOf(run, 0);
      const same = this.byHash.get(hash);
      if (same === undefined) this.byHash.set(hash, [run]);
      else if (!same.includes(run)) same.push(run);
    }
  }

  get size(): number {
    let size = 0;
    for (const same of this.byHash.values()) size += same.length;
    return size;
  }

  private hashOf(text: string, from: number): number {
    let hash = 0;
    for (let i = from; i < from + this.length; i++) hash = (Math.imul(hash, BASE) + text.charCodeAt(i)) | 0;
    return hash;
  }

  /** The leftmost run at or after `from` in `text`, or undefined. */
  find(text: string, from = 0): FixedRunMatch | undefined {
    const { length } = this;
    if (this.byHash.size === 0 || from < 0 || text.length - from < length) return undefined;
    let hash = this.hashOf(text, from);
    for (let index = from; ; index++) {
      const same = this.byHash.get(hash);
      if (same !== undefined) for (const run of same) if (text.startsWith(run, index)) return { index, run };
      if (index + length >= text.length) return undefined;
      hash = (Math.imul(hash - Math.imul(text.charCodeAt(index), this.leaving), BASE) + text.charCodeAt(index + length)) | 0;
    }
  }
}
