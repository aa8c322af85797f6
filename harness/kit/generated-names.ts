/**
 * The names and numbers a suite file creates things with. Every name carries the run prefix and the
 * file's tag, and every phone number a block of the run and of the file, so that files running at
 * once never meet on a name or a number (and a run's leftovers are recognisable by their prefix);
 * a number that may really be charged is the profile's own (5.2, 8).
 */
import { listSuiteFiles, suiteFileAt, type SuiteFileId } from '../config/project-paths.ts';
import type { RunConfig } from '../config/run-config.ts';
import { CostGuardError } from './cost-guard.ts';

/** A suite file as its names and numbers know it: a tag of letters and digits, and its place among the suite files. */
export interface SuiteFile {
  tag: string;
  index: number;
}

/**
 * The calling suite file: its id (`sms`, `otp-v2/state-table`: the files of an area's folder run at
 * once, each on its own) in letters and digits tags the names it creates, and its index among the
 * suite files gives its phone numbers a block of their own, so that files running at once never meet
 * on a name or a number.
 */
export function suiteFileOf(file: SuiteFileId | undefined): SuiteFile {
  const id = file?.id ?? 'adhoc';
  const ids = listSuiteFiles()
    .map((f) => suiteFileAt(f)?.id)
    .filter((f) => f !== undefined);
  return { tag: id.replace(/[^A-Za-z0-9]/g, '').toLowerCase(), index: Math.max(0, ids.indexOf(id)) };
}

/** One per suite file: its counters make each name and number of the file new. */
export class GeneratedNames {
  private readonly config: RunConfig;
  private readonly file: SuiteFile;
  private counter = 0;
  private phoneCounter = 0;

  constructor(config: RunConfig, file: SuiteFile) {
    this.config = config;
    this.file = file;
  }

  /** `mc<run><file><label><n>`, letters and digits only. */
  name = (label = ''): string => `mc${this.config.runId}${this.file.tag}${label.replace(/[^A-Za-z0-9]/g, '')}${(this.counter += 1)}`;

  phone = (): string => {
    // 55 (Mexico City), 2 digits of the run, 2 of the file, a 4-digit counter: distinct within a
    // run, so that the per-number state (3.1, 4.5) of one test never meets another's. The profile's
    // own numbers are passed over: they carry the state of the tests that send to them (onNumbers),
    // and a "fresh" number that is one of them is not fresh (a run whose 2 digits made 5511110001
    // met a pending code there and read validation_05 for validation_04).
    const run = [...this.config.runId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100, 7);
    const prefix = `55${String(run).padStart(2, '0')}${String(this.file.index % 100).padStart(2, '0')}`;
    // Ends: a profile lists far fewer than the block's 10,000 numbers.
    for (;;) {
      this.phoneCounter += 1;
      const phone = `${prefix}${String(this.phoneCounter % 10000).padStart(4, '0')}`;
      if (!this.config.profile.phoneNumbers.includes(phone)) return phone;
    }
  };

  /** A number that may really be charged: the profile's (real-delivery), any on the embedded target. */
  deliverableNumber = (index = 0): string => {
    if (this.config.embedded) return this.phone();
    const numbers = this.config.profile.phoneNumbers;
    if (numbers.length === 0)
      throw new CostGuardError("cost guard: no phone numbers in the profile (phoneNumbers): a send that is charged may only go to the profile's own numbers");
    return numbers[index % numbers.length]!;
  };

  /** A new subaccount's email and password (subaccounts.ts): the password takes the count the email's name took. */
  subaccountCredentials(): { email: string; password: string } {
    const email = `${this.name('sub')}@example.com`;
    return { email, password: `Pw${this.config.runId}${this.counter}x` };
  }
}
