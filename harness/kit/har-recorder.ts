/**
 * The worker's half of certify --har (RunConfig.harFile): every exchange a suite file makes with
 * the target, in its tests and in its setup and teardown, appended as one HAR entry per line
 * (transport/har-entry.ts) to this worker's file in `<out>/.har-parts/<run id>/`. Workers are
 * separate processes that run files one after the other and tests of a file concurrently, so each
 * writes a file of its own, with one synchronous write per entry (a line is never split by another
 * test's). The certify process assembles the HAR from these files when the run ends
 * (report/har-file.ts) and removes the folder.
 *
 * Every entry is redacted again with every secret the worker knows (5.2: a key learned from a later
 * answer, 4.11, or by another file); the certify process redacts it once more with the run's.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Exchange } from '../transport/exchange.ts';
import { harEntryOf, type HarEntry } from '../transport/har-entry.ts';
import { redactKnown } from '../transport/redaction.ts';
import { currentTest } from './current-test.ts';
import type { RunPlace } from './run-state.ts';

// The entry's shape, for the certify process that reads these files back (report/ reads kit's records, not transport/).
export { HarEntry } from '../transport/har-entry.ts';

/** Where the workers of a run write their entries. */
export const harPartsFolder = (place: RunPlace): string => join(place.outDir, '.har-parts', place.runId);

interface PartFile {
  folder: string;
  fd: number;
}

let part: PartFile | undefined;
/** Set once a write failed: the HAR then lacks entries, which the run says (a part file named so). */
let failed = false;

function partFileFor(folder: string): number {
  if (part?.folder === folder) return part.fd;
  if (part !== undefined) closeSync(part.fd);
  mkdirSync(folder, { recursive: true });
  part = { folder, fd: openSync(join(folder, `${process.pid}-${randomUUID()}.jsonl`), 'a') };
  return part.fd;
}

/** Every string of the entry redacted against every secret the worker knows. */
const redactedEntry = (entry: HarEntry): HarEntry =>
  JSON.parse(JSON.stringify(entry), (_key, value: unknown) => (typeof value === 'string' ? redactKnown(value) : value)) as HarEntry;

/**
 * Appends `exchange` to the worker's part of the run's HAR, when the run writes one
 * (`harFile`), named by the test that made it; never throws (the HAR is a record of the run, not a verdict on the target).
 */
export function recordHarExchange(config: RunPlace & { harFile?: string | undefined }, exchange: Exchange, fileTag: string): void {
  if (config.harFile === undefined || failed) return;
  // The test's full name starts with its file; outside a test, the file's tag (generated-names.ts) says whose setup it was.
  const test = currentTest()?.context.task;
  const comment = test !== undefined ? test.fullName : `setup or teardown of the suite file ${fileTag}`;
  const folder = harPartsFolder(config);
  try {
    writeSync(partFileFor(folder), `${JSON.stringify(redactedEntry(harEntryOf(exchange, comment)))}\n`);
  } catch (error) {
    failed = true;
    // The assembler reads this name and says the HAR is incomplete (report/har-file.ts).
    try {
      mkdirSync(folder, { recursive: true });
      closeSync(openSync(join(folder, `${process.pid}.failed`), 'w'));
    } catch {
      // Nothing more can be said from here: the run's folder itself is not writable.
    }
    console.warn(`messaging-conformance: the HAR of the run lacks this worker's exchanges from now on: ${(error as Error).message}`);
  }
}
