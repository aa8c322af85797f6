/**
 * The redaction self-check of every run (5.2): after the reports are written, every file of the
 * output folder is searched for the keys the run used (and their URL-encoded forms). Any hit fails
 * the run, naming the file but never the key.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Files of `dir` holding any of `secrets`, relative to `dir`. */
export function findLeaks(dir: string, secrets: readonly string[]): string[] {
  const needles = secrets.filter((s) => s.length >= 8).flatMap((s) => [...new Set([s, encodeURIComponent(s)])]).map((s) => Buffer.from(s));
  const leaks: string[] = [];
  for (const file of filesUnder(dir)) {
    const content = readFileSync(file);
    if (needles.some((n) => content.includes(n))) leaks.push(relative(dir, file));
  }
  return leaks;
}
