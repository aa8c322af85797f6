/**
 * What a row of the state table of 3.1 (schemas/otp-v2-transitions.ts) states of the answer to its
 * trigger (HTTP status, action or slug, next state, side effects, charge), each judged as the row's own
 * requirement, and the trigger that judges it; the scenarios that reach each row are otp-v2-rows.ts.
 */
import { expect } from 'vitest';
import { type Answer, expectError, expectSchema, expectSuccess, judge } from '../../harness/kit/index.ts';
import { OtpErrorBody, type OtpState } from '../../schemas/envelope.ts';
import { OtpCreateResponse, OtpDeleteResponse, OtpVerifyResponse } from '../../schemas/otp-v2.ts';
import { OTP_V2_RULES, type OtpTransition } from '../../schemas/otp-v2-transitions.ts';
import { expectCharge } from './otp-v2-calls.ts';
import type { Timed } from './otp-v2-clock.ts';
import type { OtpDriver } from './otp-v2-driver.ts';
import type { OtpSubject } from './otp-v2-subject.ts';

/** What is known of the verification just before the trigger. */
export interface Prior {
  code?: string;
  attempts?: number;
  /** Cost of one message measured on the subject's account (4.4). */
  unit?: number;
  /** The last call that sent a code, timed on the kit's clock (the 30 s cooldown of 8 counts from it). */
  send?: Timed;
}

/** The row's own requirement in the catalogue: what a check of it is judged as. */
export const idOf = (row: OtpTransition): string => `otp2:${row.id}`;

const operationOf = (row: OtpTransition): string => (row.trigger === 'verify' ? 'otp-v2/verify' : row.trigger === 'delete' ? 'otp-v2/delete' : 'otp-v2/create');

/**
 * The checks a row of 3.1 implies for the answer to its trigger, each judged as the row's own
 * requirement; whether they held. The first that does not hold stops the others: at the fail level
 * it throws, below it (any + DELETE, a reading) it is the row's one warning and the scenario stops.
 */
function expectRow(d: OtpDriver, row: OtpTransition, s: OtpSubject, prior: Prior, m: { answer: Answer; spent: number | undefined }): boolean {
  const id = idOf(row);
  const where = `3.1 ${row.state} + ${row.trigger} (${row.condition})`;
  const held = answersAsRow(d, row, id, where, m.answer) && leavesRowState(d, row, id, where, m.answer) && judgeSideEffects(row, id, where, m.answer, prior);
  // A create's charge is its row's; verify and delete are free (4.4), a stated rule of its own.
  if (held) expectCharge(s, m.spent, row.charge, prior.unit, where, row.trigger === 'create' ? id : 'rule:otp2.free-operations');
  return held;
}

/** The answer's kind, action or slug and HTTP status the row states. */
function answersAsRow(d: OtpDriver, row: OtpTransition, id: string, where: string, answer: Answer): boolean {
  const op = operationOf(row);
  let held = true;
  if (row.trigger === 'create' && row.action)
    held = d.states.judgeCreated(answer, expectSuccess(answer, 'otp-v2/create', OtpCreateResponse), row.action, id, row.httpStatus);
  else if (row.error) expectError(id, answer, row.error, op);
  else if (row.trigger === 'verify' && row.httpStatus === 200) expectSuccess(answer, op, OtpVerifyResponse);
  else if (row.trigger === 'delete') expectSuccess(answer, op, OtpDeleteResponse);
  else if (row.httpStatus === 404 || row.httpStatus === 409 || row.httpStatus === 410)
    held = d.reads.expectVerifyRefusal(answer, row.httpStatus, row.next as OtpState, id);
  else {
    held = judge(id, `${where}: HTTP ${row.httpStatus}`, () =>
      expect(answer.status, `${where}: HTTP status — ${answer.text.slice(0, 200)}`).toBe(row.httpStatus),
    );
    // Its HTTP status is judged here already.
    if (held) expectSchema(id, OtpErrorBody, answer.json, `${where}: the error body of 4.4`, answer);
    return held;
  }
  if (!held || row.httpStatus === undefined) return held;
  return judge(id, `${where}: HTTP ${row.httpStatus}`, () => expect(answer.status, `${where}: HTTP ${row.httpStatus}`).toBe(row.httpStatus));
}

/** The next state the row states (a restarted verified one per the profile, 3.1 does not show it). */
function leavesRowState(d: OtpDriver, row: OtpTransition, id: string, where: string, answer: Answer): boolean {
  const state = answer.body.state;
  if (row.next === 'not-shown') {
    const choice = d.calls.choices['otp-state-after-verified-restart'];
    judge('otp-state-after-verified-restart', `state=${String(state)}`, state === 'pending');
    if (choice !== 'pending') return true;
    return judge(id, `${where}: state pending`, () => expect(state, `${where}: state (profile otp-state-after-verified-restart=pending)`).toBe('pending'));
  }
  if (row.trigger === 'delete' && state === undefined) return true;
  return judge(id, `${where}: next state ${row.next}`, () => expect(state, `${where}: next state`).toBe(row.next));
}

/** The row's side effects on the code and its attempts, as far as the answer shows them. */
function judgeSideEffects(row: OtpTransition, id: string, where: string, answer: Answer, prior: Prior): boolean {
  const body = answer.body;
  const effects = row.sideEffects as readonly string[];
  const { code, attempts } = prior;
  const fresh = OTP_V2_RULES.attemptsPerRound;
  const checks: [boolean, () => boolean][] = [
    [
      effects.includes('fresh-attempts'),
      () => judge(id, `${where}: ${fresh} fresh attempts`, () => expect(body.attempts_remaining, `${where}: ${fresh} fresh attempts`).toBe(fresh)),
    ],
    [
      effects.includes('decrement-attempts') && answer.status === 401 && attempts !== undefined,
      () =>
        judge(id, `${where}: attempts_remaining decremented by one`, () =>
          expect(body.attempts_remaining, `${where}: attempts_remaining decremented by one`).toBe(Number(attempts) - 1),
        ),
    ],
    [
      effects.includes('decrement-attempts') && answer.status === 429 && body.attempts_remaining !== undefined,
      () => judge(id, `${where}: no attempt left once locked`, () => expect(body.attempts_remaining, `${where}: no attempt left once locked`).toBe(0)),
    ],
    [
      effects.includes('resend-same-code') && code !== undefined,
      () => judge(id, `${where}: the same code is resent`, () => expect(body.code, `${where}: the same code is resent`).toBe(code)),
    ],
    [
      effects.includes('resend-same-code') && attempts !== undefined,
      () =>
        judge(id, `${where}: a resend never resets attempts`, () => expect(body.attempts_remaining, `${where}: a resend never resets attempts`).toBe(attempts)),
    ],
    [
      effects.includes('send-new-code'),
      () => judge(id, `${where}: a new code`, () => expect(body.code, `${where}: a new code (code_in_response=true)`).toBeTypeOf('string')),
    ],
    [
      effects.includes('discard-old-code') && code !== undefined,
      () => judge(id, `${where}: the old code is discarded`, () => expect(body.code, `${where}: the old code is discarded`).not.toBe(code)),
    ],
  ];
  return checks.every(([applies, judged]) => !applies || judged());
}

/**
 * Triggers `row` with `call` and asserts what the row states, unless `judged` says its premise was not
 * established. For the stated rows (fail): a check that does not hold throws; below it see actHeld.
 */
export async function act(
  d: OtpDriver,
  s: OtpSubject,
  row: OtpTransition,
  prior: Prior,
  call: () => Promise<Answer>,
  judged: () => boolean = () => true,
): Promise<Answer> {
  const m = await d.calls.measured(s, call);
  if (judged()) expectRow(d, row, s, prior, m);
  return m.answer;
}

/** Triggers `row` with `call` and judges what the row states; whether it held (a row below the fail level: the scenario stops on false). */
export async function actHeld(d: OtpDriver, s: OtpSubject, row: OtpTransition, prior: Prior, call: () => Promise<Answer>): Promise<boolean> {
  return expectRow(d, row, s, prior, await d.calls.measured(s, call));
}
