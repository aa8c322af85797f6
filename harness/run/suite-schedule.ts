/**
 * Which suite files start first in a run: those whose tests wait in real time, because the run lasts
 * as long as its slowest file, so that one must start at once, not when a worker frees up. Declared
 * here as data (an area and why it waits) rather than read out of the suite files; the size of a file
 * is the proxy for the weight of the others. Neither needs a history of earlier runs.
 */
const STARTS_FIRST: Readonly<Record<string, string>> = {
  events: 'event retries and the silences of 6.3',
  'otp-legacy': "expiries, and on a real target the profile's few phone numbers, held by one test at a time",
  'otp-v2': 'the 30 s cooldown of 8 in real time, expiries',
  sandbox: 'a sandbox event that may never come (untimedWaitSeconds: the document times no event)',
  webhooks: 'the 5-second verification window of 4.14 in real time (on a test clock it passes without waiting)',
};

/** The weight of a suite file, heaviest first: a file that starts first outweighs any other; among the rest, the larger file. */
export function scheduleWeight(area: string | undefined, sizeBytes: number): number {
  return (area !== undefined && Object.hasOwn(STARTS_FIRST, area) ? Number.MAX_SAFE_INTEGER / 2 : 0) + sizeBytes;
}
