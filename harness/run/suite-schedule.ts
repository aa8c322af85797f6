/**
 * Which suite files start first in a run: those whose tests wait in real time, because the run lasts
 * as long as its slowest file, so that one must start at once, not when a worker frees up. Declared
 * here as data (an area, or one file of an area's folder, and why it waits) rather than read out of
 * the suite files; the size of a file is the proxy for the weight of the others. Neither needs a
 * history of earlier runs.
 */
import type { SuiteFileId } from '../config/project-paths.ts';

/** By suite file id: an area (`events`: every file of its folder) or one file of it (`otp-v2/waits`). */
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

/**
 * The areas whose files run one after another, in this order, as the describes of the area's one
 * file did before it became a folder. Where files run one at a time (no manager key: every file
 * sends from the run's account), the sandbox plan (kit/sandbox-plan.ts) gives an area a share
 * measured over its tests in this order, the costly ones last (every voice template, the SMS limits
 * the document does not show), and what the area leaves goes to the areas after it: the order of an
 * area's files, and of the areas among themselves, decides which tests the budget reaches.
 */
const PART_ORDER: Readonly<Record<string, readonly string[]>> = {
  agendas: ['add-get', 'change-name', 'get-contacts', 'delete', 'ownership', 'find'],
  auth: ['key-placement', 'codes', 'manager-key'],
  contacts: ['add', 'update', 'delete', 'duplicate', 'polling'],
  employees: ['add-get', 'ownership', 'disable'],
  envelope: ['success', 'error-bodies', 'bodies', 'fuzz'],
  isolation: ['otp', 'lists', 'reports', 'webhook', 'wallet'],
  'legacy-v1': ['send', 'codigo', 'multi', 'sandbox-day'],
  limits: ['rate', 'enums'],
  loyalty: ['get', 'contacts', 'sale'],
  payments: ['send', 'credits'],
  reports: ['generate', 'details'],
  sandbox: ['sends', 'daily-limit', 'events'],
  sms: ['post', 'get', 'recipients', 'options', 'text', 'limits'],
  subaccounts: ['add', 'get-apikey', 'archive', 'credits', 'isolation'],
  // Every template, the costly tier, last.
  voice: ['post', 'get', 'templates', 'limits', 'per-template'],
  wallet: ['contacts', 'ownership', 'balance', 'sale'],
};

/** The areas that declare the order of their files, with it (test/suite-files.test.ts checks each names its files once). */
export const declaredPartOrders = (): [string, readonly string[]][] => Object.entries(PART_ORDER);

/** The weight of a suite file, heaviest first: a file that starts first outweighs any other; among the rest, the larger file. */
export function scheduleWeight(file: SuiteFileId | undefined, sizeBytes: number): number {
  return (file !== undefined && startsFirst(file) ? Number.MAX_SAFE_INTEGER / 2 : 0) + sizeBytes;
}

/** A suite file to schedule: its id (undefined outside the layout) and its size. */
export interface ScheduledFile {
  readonly file: SuiteFileId | undefined;
  readonly sizeBytes: number;
}

/**
 * The files in the order a run starts them, heaviest first (scheduleWeight); the files of an area of
 * PART_ORDER together, weighing what all of them weigh, in the area's order (an equal weight never
 * interleaves two areas).
 */
export function scheduleOrder<F extends ScheduledFile>(files: readonly F[]): F[] {
  const ordered = (f: F): SuiteFileId | undefined => (f.file !== undefined && Object.hasOwn(PART_ORDER, f.file.area) ? f.file : undefined);
  const areaBytes = new Map<string, number>();
  for (const f of files) {
    const file = ordered(f);
    if (file !== undefined) areaBytes.set(file.area, (areaBytes.get(file.area) ?? 0) + f.sizeBytes);
  }
  const weight = (f: F): number => scheduleWeight(f.file, areaBytes.get(ordered(f)?.area ?? '') ?? f.sizeBytes);
  const part = (f: F): number => {
    const file = ordered(f);
    return file === undefined ? 0 : PART_ORDER[file.area]!.indexOf(file.id.slice(file.area.length + 1));
  };
  const area = (f: F): string => ordered(f)?.area ?? '';
  return [...files].sort((a, b) => weight(b) - weight(a) || area(a).localeCompare(area(b)) || part(a) - part(b));
}
