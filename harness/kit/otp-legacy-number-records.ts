/**
 * What the kit knows of each number of the legacy OTP set (4.5, 7.2), and the calls every part of
 * it makes on one: in memory on the embedded target (every number new), in the run's state
 * elsewhere (the profile's numbers, shared by the run's workers); every answer on a number a test
 * was lent updates its record (otp-legacy-states.ts OBSERVED, through answer-watchers.ts). The
 * numbers lent in a state are otp-legacy-numbers.ts's; what a reset does, otp-legacy-reset-finding.ts's.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MEXICO_COUNTRY_CODE } from '../../schemas/sms.ts';
import { watchAnswers } from './answer-watchers.ts';
import { holdNumbers, type HeldNumbers } from './phone-number-locks.ts';
import { LegacyNumberRecord, type LegacyOperation, observeAnswer, type ResetEffect, tellsState, UNKNOWN_NUMBER } from './otp-legacy-states.ts';
import { readRunState, updateRunState, type RunPlace } from './run-state.ts';
import type { Answer, ApiRequest, Target } from './target-contract.ts';
import { SkipTest } from './test-skip.ts';

/** What these numbers need of the file's target handle (target.ts): its run, its calls, its names. */
export type LegacyNumbersTarget = Pick<Target, 'config' | 'api' | 'name' | 'phone' | 'clock' | 'key'>;

/** What the run found out about POST /otp/reset (4.5: "listed as restarting an OTP verification"). */
export const LegacyResetFinding = z.object({
  /** What a reset left behind: a clean number, a restarted verification, or `other` (a reset refused, an unexpected answer). */
  effect: z.enum(['clears', 'restarts', 'other']),
  /** The HTTP status of the reset of a pending number, when one was made. */
  resetStatus: z.number().int().nullable(),
  /** Whether that reset answered success=true (the phone-and-country shape of otp-reset-request-shape was taken). */
  resetAccepted: z.boolean().nullable(),
  /** The reset's answer in a few words ("HTTP 200 success=true code=..."). */
  reset: z.string(),
  /** What was seen, in one sentence for the reports and skip reasons. */
  seen: z.string(),
  /** The body the reset took: phone and country (otp-reset-request-shape), or the fields a send takes where the target asked for them. */
  shape: z.enum(['phone-and-country', 'send-fields']).default('phone-and-country'),
});
export type LegacyResetFinding = z.infer<typeof LegacyResetFinding>;

export const FINDING_STATE = 'otp-legacy-reset-finding';

const NUMBERS_STATE = 'otp-legacy-numbers';
const NumberBook = z.record(z.string(), LegacyNumberRecord);

/**
 * How long a test waits for a number (phone-number-locks.ts), the probe of the reset for its own
 * number, and a test for the probe another one runs. Tests hold numbers for a few calls (a legacy
 * OTP expiry test, the longest, about 6 s); the probe is about five calls once it holds its number.
 * A longer wait means something is stuck: skip. The waits for the probe stay well inside a test's
 * timeout (60 s, requirement-test.ts), so that a stuck probe skips its waiters instead of timing
 * them out.
 */
const HOLD_WAIT_MS = 45_000;
export const PROBE_HOLD_WAIT_MS = 20_000;
export const PROBE_WAIT_MS = 30_000;
/** A test that needs another number mid-way waits less: it already holds some. */
export const SWAP_WAIT_MS = 5_000;

/**
 * The code of the free look at a number's state: any code will do (a wrong one changes nothing on
 * a number without a record); this one is improbable as a code the target generated (4 to 10
 * characters of 4.5's code types).
 */
const PROBE_CODE = 'ZZ00ZZ';

const LEGACY_OPERATIONS: readonly string[] = ['otp-legacy/send', 'otp-legacy/resend', 'otp-legacy/verify', 'otp-legacy/reset'];

export const placeOf = (t: LegacyNumbersTarget): RunPlace => ({ outDir: t.config.outDir, runId: t.config.runId });

export const codeOf = (answer: Answer): string => (typeof answer.body.code === 'string' ? answer.body.code : `(no code; HTTP ${answer.status})`);
export const describeAnswer = (answer: Answer): string => `HTTP ${answer.status} success=${String(answer.body.success)} code=${String(answer.body.code)}`;

/** 4.5 send and resend body: phone_number, country_code 52, company, template given (no ambiguity of template applies), showcode=1. */
export const sendingBody = (phone: string, company: string) => ({
  phone_number: phone,
  country_code: MEXICO_COUNTRY_CODE,
  company,
  template: 'a',
  showcode: 1,
});

type ResetShape = LegacyResetFinding['shape'];

/**
 * POST /otp/reset (4.5: parameters not shown): phone_number and country_code (otp-reset-request-shape);
 * where the target refuses that shape for a field it lacks (a refusal that tells nothing of the
 * number's state), again with the fields a send takes, company included. `known`: the shape the
 * run already found taken.
 */
export async function resetNumber(t: LegacyNumbersTarget, phone: string, company: string, known?: ResetShape): Promise<{ answer: Answer; shape: ResetShape }> {
  if (known !== 'send-fields') {
    const answer = await t.api('otp-legacy/reset', { json: { phone_number: phone, country_code: MEXICO_COUNTRY_CODE } });
    const decisive = answer.body.success === true || answer.status >= 500 || tellsState('otp-legacy/reset', codeOf(answer));
    if (known === 'phone-and-country' || decisive) return { answer, shape: 'phone-and-country' };
    const withSendFields = await t.api('otp-legacy/reset', { json: sendingBody(phone, company) });
    return withSendFields.body.success === true || tellsState('otp-legacy/reset', codeOf(withSendFields))
      ? { answer: withSendFields, shape: 'send-fields' }
      : { answer, shape: 'phone-and-country' };
  }
  return { answer: await t.api('otp-legacy/reset', { json: sendingBody(phone, company) }), shape: 'send-fields' };
}

export const resetShapeOf = (t: LegacyNumbersTarget): ResetShape | undefined => readRunState(placeOf(t), FINDING_STATE, LegacyResetFinding)?.shape;

/** The free look at a number (7.2): validation_04 no record, _06 verified, _02 expired, _05 pending (one wrong attempt), _03 locked. */
export const look = (t: LegacyNumbersTarget, phone: string): Promise<Answer> =>
  t.api('otp-legacy/verify', { json: { phone_number: phone, verification_code: PROBE_CODE } });

// -------------------------------------------------------------------------------------------------
// What the kit knows of each number: in memory on the embedded target (every number new), in the
// run's state elsewhere (the profile's numbers, shared by the run's workers).
// -------------------------------------------------------------------------------------------------

export interface Records {
  read(phone: string): Promise<LegacyNumberRecord>;
  readAll(phones: readonly string[]): Promise<Record<string, LegacyNumberRecord>>;
  update(phone: string, next: (record: LegacyNumberRecord) => LegacyNumberRecord): Promise<void>;
}

const embeddedBooks = new WeakMap<object, Map<string, LegacyNumberRecord>>();

export function recordsOf(t: LegacyNumbersTarget): Records {
  if (t.config.embedded) {
    let book = embeddedBooks.get(t);
    if (book === undefined) embeddedBooks.set(t, (book = new Map()));
    const memory = book;
    return {
      read: async (phone) => memory.get(phone) ?? UNKNOWN_NUMBER,
      readAll: async (phones) => Object.fromEntries(phones.map((p) => [p, memory.get(p) ?? UNKNOWN_NUMBER])),
      update: async (phone, next) => void memory.set(phone, next(memory.get(phone) ?? UNKNOWN_NUMBER)),
    };
  }
  const place = placeOf(t);
  // A code is the account's (4.5, 5.2): a number has a record per account, and files that act in
  // subaccounts of their own each have theirs. The account is named by a digest of its key.
  const account = createHash('sha256').update(t.key).digest('hex').slice(0, 12);
  const entry = (phone: string) => `${account}/${phone}`;
  const readAll = (phones: readonly string[]) => {
    const book = readRunState(place, NUMBERS_STATE, NumberBook) ?? {};
    return Object.fromEntries(phones.map((p) => [p, book[entry(p)] ?? UNKNOWN_NUMBER]));
  };
  return {
    read: async (phone) => readAll([phone])[phone]!,
    readAll: async (phones) => readAll(phones),
    update: (phone, next) =>
      updateRunState(place, NUMBERS_STATE, NumberBook, {}, (book) => ({
        state: { ...book, [entry(phone)]: next(book[entry(phone)] ?? UNKNOWN_NUMBER) },
        result: undefined,
      })),
  };
}

export const resetEffectOf = (t: LegacyNumbersTarget): ResetEffect => readRunState(placeOf(t), FINDING_STATE, LegacyResetFinding)?.effect ?? 'unknown';

/** Runs `body` with every legacy OTP answer on one of `phones` (a live set: numbers join it as they are lent) kept in the records. */
export function watchingNumbers<T>(t: LegacyNumbersTarget, records: Records, phones: ReadonlySet<string>, body: () => Promise<T>): Promise<T> {
  return watchAnswers(async (operationId: string, request: ApiRequest, answer: Answer) => {
    if (!LEGACY_OPERATIONS.includes(operationId)) return;
    // A call with another account's key tells nothing of this account's record (a code is the account's, 4.5).
    if (request.key !== undefined && request.key !== t.key) return;
    const json = (request.json ?? {}) as Record<string, unknown>;
    const phone = json.phone_number;
    if (typeof phone !== 'string' || !phones.has(phone)) return;
    const effect = resetEffectOf(t);
    const observed = { operation: operationId as LegacyOperation, request: json, status: answer.status, body: answer.body };
    await records.update(phone, (record) => observeAnswer(record, observed, effect, Date.now()));
  }, body);
}

export async function holdOrSkip(
  t: LegacyNumbersTarget,
  candidates: readonly string[],
  count = candidates.length,
  waitMs = HOLD_WAIT_MS,
): Promise<HeldNumbers> {
  const profileNumbers = t.config.profile.phoneNumbers;
  const held = await holdNumbers({ outDir: t.config.outDir, runId: t.config.runId, candidates, count, waitMs });
  if (!held)
    throw new SkipTest(
      `too few phone numbers: ${count} of the profile's ${profileNumbers.length} (phoneNumbers) were ` +
        `held by other tests for ${waitMs / 1000} s; a number in the state a test needs is used by one test at a time`,
    );
  return held;
}
