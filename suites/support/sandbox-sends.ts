/**
 * The sandbox sends of the files of suites/sandbox/ (1, 4.2): a sandbox /sms/send body with a fresh
 * plain text, and its send on the file's account or another one; and whether a file's tests overlap.
 */
import type { Answer, Target } from '../../harness/kit/index.ts';
import { sandboxSmsBody, type Fields } from './sending-helpers.ts';

interface SandboxSends {
  /** A sandbox /sms/send body (sandbox=1) to `numbers`, its text new, `extra` fields added. */
  sandboxSms(numbers: readonly string[], extra?: Fields): Fields;
  /** POST /sms/send with `json`, in the account of `key` (the file's when omitted). */
  sendSms(json: Fields, key?: string): Promise<Answer>;
}

/** The sandbox sends of the suite's target `t`. */
export function sandboxSends(t: Target): SandboxSends {
  return {
    sandboxSms: (numbers, extra = {}) => sandboxSmsBody(t, 'sbx', numbers, extra),
    sendSms: (json, key) => t.api('sms/send', key === undefined ? { json } : { json, key }),
  };
}

/**
 * With a manager key the tests of a sandbox file run side by side (each test in an account of its
 * own where it needs one), as the three files do: the sandbox-events test waits for an event that
 * may never come (the document times no event, so the wait is the profile's untimedWaitSeconds), and
 * that wait overlaps the rest (long waits overlap). Without one they run one after the other in the account.
 */
export const overlaps = (t: Target): boolean => t.managerKey !== undefined;
