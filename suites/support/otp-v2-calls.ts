/**
 * The calls of 4.4 (create, verify, status, delete) for one verification (phone_number +
 * country_code, 3.1), in the request shapes the document leaves open (ambiguities
 * otp-status-request-shape, otp-delete-request-shape), the fresh subjects they are made for, and
 * the balance they spend (4.4: only sending a message charges): the part `d.calls` of OtpDriver,
 * which the parts that reach a state, wait out the cooldown or read a state are built on. HTTP only:
 * nothing here knows the reference server.
 */
import { expect } from 'vitest';
import { type Answer, judge, type Target } from '../../harness/kit/index.ts';
import { COMPANY, COUNTRY_CODE, type Fields, MESSAGE, type OtpSubject } from './otp-v2-subject.ts';

export class OtpCalls {
  constructor(private readonly t: Target) {}

  get choices(): Target['choices'] {
    return this.t.choices;
  }

  /**
   * A fresh verification. Sends are real (charged) where the run may charge any fresh number (the
   * embedded target: t.deliverableNumber() is a fresh number there); otherwise sandbox (4.4: free),
   * so that per-number state of one test never meets another's. `ownAccount` puts it in a subaccount
   * of its own when a manager key is given, so that charges can be measured while other tests run.
   */
  async subject(options: { ownAccount?: boolean; credits?: number } = {}): Promise<OtpSubject> {
    const t = this.t;
    const charged = t.has('real-delivery') && t.config.embedded;
    const phone = charged ? t.deliverableNumber() : t.phone();
    if (options.ownAccount && t.managerKey !== undefined) {
      const sub = await t.newSubaccount(options.credits ?? 40);
      return { phone, key: sub.key, sandbox: !charged, measuresCharges: true };
    }
    return { phone, key: t.key, sandbox: !charged, measuresCharges: !options.ownAccount };
  }

  /** Another verification (a fresh number) in the same account as `s`. */
  sibling(s: OtpSubject): OtpSubject {
    return { ...s, phone: s.sandbox ? this.t.phone() : this.t.deliverableNumber() };
  }

  /**
   * POST /v2/otp with the required fields, code_in_response=true and the subject's sandbox flag.
   * `expectsRefusal`: the test expects a 400, which spends none of the day's sandbox quota (8).
   */
  create(s: OtpSubject, fields: Fields = {}, expectsRefusal = false): Promise<Answer> {
    const json: Fields = {
      phone_number: s.phone,
      country_code: COUNTRY_CODE,
      company: COMPANY,
      message: MESSAGE,
      code_in_response: true,
      ...(s.sandbox ? { sandbox: true } : {}),
      ...fields,
    };
    for (const [k, v] of Object.entries(json)) if (v === undefined) delete json[k];
    // A 429 of 3.1 (otp_throttled, otp_max_attempts; 7.3) is an answer under test, which the client
    // never resends; a 429 rate_01 (7.1, 8) refused the request before processing it and is resent
    // after Retry-After (harness/transport/http-client.ts rateLimitSignalOf tells them apart by the body).
    return this.t.api('otp-v2/create', { key: s.key, json, ...(expectsRefusal ? { expectsRefusal } : {}) });
  }

  verify(s: OtpSubject, code: string, fields: Fields = {}): Promise<Answer> {
    return this.t.api('otp-v2/verify', { key: s.key, json: { phone_number: s.phone, country_code: COUNTRY_CODE, code, ...fields } });
  }

  /** GET /v2/otp/status in the shape of otp-status-request-shape (both options send the query). */
  status(s: OtpSubject): Promise<Answer> {
    return this.t.api('otp-v2/get-status', { key: s.key, query: { phone_number: s.phone, country_code: COUNTRY_CODE } });
  }

  /** DELETE /v2/otp in the shape of otp-delete-request-shape. */
  remove(s: OtpSubject): Promise<Answer> {
    const target = { phone_number: s.phone, country_code: COUNTRY_CODE };
    const shape = this.t.choices['otp-delete-request-shape'];
    return this.t.api('otp-v2/delete', { key: s.key, ...(shape === 'query' ? { query: target } : { json: target }) });
  }

  /** The balance of the subject's account, when its charges can be measured. */
  async balance(s: OtpSubject): Promise<number | undefined> {
    return s.measuresCharges ? this.t.credits(s.key) : undefined;
  }

  /**
   * Runs `act` and returns its answer with the balance consumed (undefined when not measurable).
   */
  async measured(s: OtpSubject, act: () => Promise<Answer>): Promise<{ answer: Answer; spent: number | undefined }> {
    const before = await this.balance(s);
    const answer = await act();
    const after = await this.balance(s);
    return { answer, spent: before === undefined || after === undefined ? undefined : Math.round((before - after) * 100) / 100 };
  }
}

/**
 * 4.4: "only sending a message charges one message of balance"; sandbox charges nothing. `unit` is
 * the cost of one message measured on the same account (undefined: only positivity is checked).
 * Judged as `requirement`, the rule or row of 3.1 that states the charge of the caller's call (a
 * send's, a free call's); a sandbox send's as 4.4's sandbox rule, whatever the call.
 */
export function expectCharge(
  s: OtpSubject,
  spent: number | undefined,
  messages: 0 | 1,
  unit: number | undefined,
  what: string,
  requirement: string,
): number | undefined {
  if (spent === undefined) return unit;
  if (s.sandbox) {
    judge('rule:otp2.sandbox-free', `${what}: sandbox=true charges nothing (4.4)`, () => expect(spent, `${what}: sandbox=true charges nothing (4.4)`).toBe(0));
    return unit;
  }
  if (messages === 0) {
    judge(requirement, `${what}: charges nothing (4.4)`, () => expect(spent, `${what}: charges nothing (4.4)`).toBe(0));
    return unit;
  }
  judge(requirement, `${what}: one message of balance (4.4)`, () => {
    expect(spent, `${what}: sending a message charges one message of balance (4.4)`).toBeGreaterThan(0);
    if (unit !== undefined) expect(spent, `${what}: one message, the same as any other send (4.4)`).toBe(unit);
  });
  return unit ?? spent;
}
