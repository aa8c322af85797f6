/**
 * Which suite files start first in a run: those whose tests wait in real time, because the run lasts
 * as long as its slowest file, so that one must start at once, not when a worker frees up. Declared
 * here as data (an area, or one file of an area's folder, and why it waits) rather than read out of
 * the suite files; the size of a file is the proxy for the weight of the others. Neither needs a
 * history of earlier runs.
 */
import type { SuiteFileId } from '../config/project-paths.ts';

/** By suite file id: an area (`events`: its one file, or every file of its folder) or one file of a folder (`otp-v2/waits`). */
const STARTS_FIRST: Readonly<Record<string, string>> = {
  events: 'event retries and the silences of 6.3',
  'otp-legacy': "expiries, and on a real target the profile's few phone numbers, held by one test at a time",
  'otp-v2/cooldown': 'the 30 s cooldown of 8 in real time',
  'otp-v2/waits': 'expiries and the rows of 3.1 reached by waiting out the 30 s cooldown of 8',
  'otp-v2/model-based': 'random sequences with waits: the 30 s cooldown of 8 and expiries in real time',
  sandbox: 'a sandbox event that may never come (untimedWaitSeconds: the document times no event)',
  webhooks: 'the 5-second verification window of 4.14 in real time (on a test clock it passes without waiting)',
};

/** Whether a file starts first: declared by its id or its area; a whole area (id = area, the kill matrix's runs) when any file of it is. */
function startsFirst(file: SuiteFileId): boolean {
  const declared = Object.keys(STARTS_FIRST);
  return declared.includes(file.id) || declared.includes(file.area) || (file.id === file.area && declared.some((id) => id.startsWith(`${file.area}/`)));
}

/** The weight of a suite file, heaviest first: a file that starts first outweighs any other; among the rest, the larger file. */
export function scheduleWeight(file: SuiteFileId | undefined, sizeBytes: number): number {
  return (file !== undefined && startsFirst(file) ? Number.MAX_SAFE_INTEGER / 2 : 0) + sizeBytes;
}
