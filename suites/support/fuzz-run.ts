/**
 * Sends the invalid requests of fuzz-bodies.ts for one operation and checks the refusal the
 * document gives each body family: the 2.1 error body (success=false, message, status, code,
 * request_id); for the current OTP set the 4.4 error body with a 4xx, and on create and verify the
 * 400 of 7.3 ("missing or invalid parameter") with one of its slugs; for legacy v1 Estatus=error
 * with a Codigo (4.16).
 *
 * Each case's refusal is judged against the requirement that states it, at that requirement's level
 * (judge): a body past a bound the document states, the row's own id (schemas/stated-limits.ts: "max
 * 11 chars", "exactly 10 digits", "15 to 110000", "enum a..k"); the current OTP create and verify,
 * whose 7.3 row covers "missing or invalid parameter", rule:otp2.invalid-parameter-refused; a missing
 * required field ("Req: yes"), rule:envelope.required-field-refused. Where the document only gives a
 * field its type or form and says nothing of other values (latitude invalid-input), the deviation may
 * be refused or ignored: rule:envelope.invalid-input-refused, a reading, and a target that accepts it
 * gets a warning.
 */
import { expect } from 'vitest';
import { RESULT_CODES } from '../../schemas/error-codes.ts';
import type { Operation } from '../../schemas/operations.ts';
import { type Answer, type ApiRequest, expectRefused, judge, seedFor, type Target } from '../../harness/kit/index.ts';
import { CUSTOM_TEXT_TEMPLATE } from '../../schemas/voice.ts';
import { concretePath } from './auth-requests.ts';
import type { StatedLimit } from '../../schemas/stated-limits.ts';
import { planInvalidRequests, requestSchemaOf, statedLimitBroken, type FuzzPlan, type InvalidCase } from './fuzz-bodies.ts';

/** At most this many requests per operation (the run stays short and the target unburdened). */
const MAX_CASES_PER_OPERATION = 8;

/** 7.3: the slugs of a 400 on this operation (missing or invalid parameter, channel, message). */
const otp400Slugs = (operationId: string): string[] =>
  RESULT_CODES.filter((c) => c.family === 'otp-v2' && c.httpStatus === 400 && c.operations !== 'all' && c.operations.includes(operationId)).map((c) => c.code);

export interface FuzzContext {
  t: Target;
  key: string;
  /** Real values for fields that name things (list keys, subaccount emails). */
  overrides: Record<string, unknown>;
}

/**
 * The seed of an operation's invalid requests: from the run's seed (certify --seed), never from the
 * run id, so that the same target and seed meet the same cases (reproducible verdicts).
 */
const fuzzSeed = (t: Target, op: Operation): number => seedFor(t.config.seed, `fuzz:${op.operationId}`);

export function planFor(op: Operation, context: FuzzContext): FuzzPlan | undefined {
  const found = requestSchemaOf(op);
  if (!found) return undefined;
  const { t } = context;
  const sandboxFlag = op.errorBody === 'otp-v2' ? true : found.carrier === 'query' ? '1' : 1;
  return planInvalidRequests(found.schema, found.carrier, {
    maxCases: MAX_CASES_PER_OPERATION,
    seed: fuzzSeed(t, op),
    overrides: context.overrides,
    include: {
      ...(op.sandbox ? { sandbox: sandboxFlag } : {}),
      // 4.4: sandbox=true needs code_in_response=true.
      ...(op.operationId === 'otp-v2/create' ? { code_in_response: true } : {}),
      // 4.3: voice_message counts "only with template k" (latitude only-with: beside another
      // template it may be ignored), so the base is a k call and voice_message mutations are tested.
      ...(op.area === 'voice' ? { template: CUSTOM_TEXT_TEMPLATE } : {}),
    },
    frozen: op.sandbox ? ['sandbox'] : [],
    implicit: op.auth === 'v1-parameter' ? { apikey: 'present' } : {},
    // A send that can be sandbox is fuzzed in sandbox (the flag is frozen above): free whatever the
    // target accepts (4.2, 4.3, 4.4, 4.16), so any number will do and the profile's own are not needed.
    // A send without sandbox would charge a wrongly accepted body: only to the profile's numbers
    // (its test needs real-delivery, envelope/fuzz.test.ts).
    number: () => (op.sends && !op.sandbox ? t.deliverableNumber() : t.phone()),
  });
}

function requestOf(op: Operation, plan: FuzzPlan, c: InvalidCase, context: FuzzContext): ApiRequest {
  // Every case expects a refusal: a sandbox one then spends none of the day's quota (8), and the run's plan lets it out.
  const base: ApiRequest = { key: context.key, path: concretePath(op), expectsRefusal: true };
  // DELETE /v2/otp: the request shape is not shown (ambiguity otp-delete-request-shape).
  const asQuery = plan.carrier === 'query' || (op.operationId === 'otp-v2/delete' && context.t.choices['otp-delete-request-shape'] === 'query');
  if (!asQuery) return { ...base, json: c.fields };
  const query = Object.fromEntries(Object.entries(c.fields).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
  return { ...base, query, ...(op.auth === 'v1-parameter' ? { keyPlacement: 'query' as const } : {}) };
}

/**
 * A verify case that leaves phone_number and country_code valid names a fresh number (t.phone(): no
 * verification), so it holds two errors at once: the invalid parameter (7.3: 400) and 3.1's "none |
 * POST /v2/otp/verify | any code | none | HTTP 404". 7 states no order of checks: either answer is
 * the document's, and which one came is recorded.
 */
function namesFreshVerification(op: Operation, c: InvalidCase): boolean {
  return op.operationId === 'otp-v2/verify' && c.field !== 'phone_number' && c.field !== 'country_code';
}

/**
 * The refusal of one case, judged as `requirement` (refusalRequirement) under `what`, the case: the
 * first check that does not hold ends the case, so that below fail a case warns once.
 */
function checkRefusal(requirement: string, what: string, op: Operation, answer: Answer, c: InvalidCase, stated: StatedLimit | undefined): void {
  // A stated bound: refused, and the body is an error, never a success (7.1, 4.4, 4.16).
  if (
    stated &&
    !judge(requirement, what, () => expect(answer.body.success === true || answer.body.Estatus === 'ok', `accepted past ${stated.bound.text}`).toBe(false))
  )
    return;
  if (!judge(requirement, what, () => expectRefused(requirement, answer, op.operationId))) return;
  if (op.errorBody !== 'otp-v2') return;
  const slugs = otp400Slugs(op.operationId);
  if (slugs.length === 0) return; // status and delete: their errors are not shown (7.3)
  if (namesFreshVerification(op, c) && answer.status === 404) {
    judge('check-order', `${op.operationId}: ${c.rule} on ${c.field} of a number with no verification (7: no order of checks)`, 'the lookup first: HTTP 404');
    judge(requirement, what, () => expect(answer.body.state ?? 'none', `${op.operationId}: a 404 names no verification (3.1 none)`).toBe('none'));
    return;
  }
  if (!judge(requirement, what, () => expect(answer.status, `${op.operationId}: a missing or invalid parameter answers 400 (7.3)`).toBe(400))) return;
  if (!judge(requirement, what, () => expect(slugs, `${op.operationId}: the slug of a 400 (7.3)`).toContain(answer.body.error))) return;
  if (namesFreshVerification(op, c))
    judge(
      'check-order',
      `${op.operationId}: ${c.rule} on ${c.field} of a number with no verification (7: no order of checks)`,
      'the validation first: HTTP 400',
    );
}

/** 7.3's row of a 400 on the current OTP create and verify: "missing or invalid parameter". */
const OTP_PARAMETER_RULE = 'rule:otp2.invalid-parameter-refused';
/** A field the operation's table marks required, left out (4, 7.1). */
const REQUIRED_FIELD_RULE = 'rule:envelope.required-field-refused';

const hasOtpParameterRow = (op: Operation): boolean => op.errorBody === 'otp-v2' && otp400Slugs(op.operationId).length > 0;

/**
 * The requirement a case's refusal is judged against (see the header): the stated bound it breaks,
 * 7.3's row on the current OTP create and verify, the required field it drops; else the reading
 * rule:envelope.invalid-input-refused. Its level is the catalogue's (judge).
 */
function refusalRequirement(op: Operation, c: InvalidCase, stated: StatedLimit | undefined): string {
  if (stated) return stated.requirement;
  if (hasOtpParameterRow(op)) return OTP_PARAMETER_RULE;
  return c.rule === 'drop-required' ? REQUIRED_FIELD_RULE : 'rule:envelope.invalid-input-refused';
}

/**
 * The rules of the refusals the test of `op` judges that it names itself (its plan's cases; the
 * stated bounds are named by their own tests, and the reading by every fuzzing test).
 */
export function refusalRulesNamed(op: Operation, plan: FuzzPlan): string[] {
  const named = new Set(plan.cases.map((c) => refusalRequirement(op, c, statedLimitBroken(op.operationId, c))));
  return [OTP_PARAMETER_RULE, REQUIRED_FIELD_RULE].filter((id) => named.has(id));
}

/** A failed check's error, its message opened by the case it judged (no key is in a case); the same error, so its tag stays. */
function namingCase(what: string, error: unknown): unknown {
  if (error instanceof Error) error.message = `${what}\n${error.message}`;
  return error;
}

/** Sends every case of the plan; a failure names the case and the seed (no key is in a case). */
export async function sendInvalidRequests(op: Operation, plan: FuzzPlan, context: FuzzContext, onAccepted?: (c: InvalidCase) => void): Promise<void> {
  // The kit's own invariant: every fuzzed operation's schema yields invalid requests (fuzz-bodies.ts).
  if (plan.cases.length === 0) throw new Error(`kit: ${op.operationId}: the schema yields no invalid requests`);
  // The kit's own premise, not the target's: a case breaks one rule only if the base breaks none.
  if (!plan.baseValid)
    throw new Error(`${op.operationId}: the kit could not build a base request its schema accepts: ${JSON.stringify(plan.base).slice(0, 300)}`);
  for (const c of plan.cases) {
    const answer = await context.t.api(op.operationId, requestOf(op, plan, c, context));
    if (answer.body.success === true) onAccepted?.(c);
    const stated = statedLimitBroken(op.operationId, c);
    const breaks = stated ? ` breaks the stated limit ${stated.requirement} (§${stated.section}: ${stated.bound.text})` : '';
    const what = `${op.operationId}, ${c.rule} on ${c.field}${breaks} (seed ${fuzzSeed(context.t, op)}): ${JSON.stringify(c.fields).slice(0, 300)}`;
    try {
      // Below fail the warning names the case (judge); at fail the failure's message does (namingCase).
      checkRefusal(refusalRequirement(op, c, stated), what, op, answer, c, stated);
    } catch (error) {
      throw namingCase(what, error);
    }
  }
}
