/**
 * 4.4 (with 2.10, 3.1, 7.3, 8): the current OTP set under /v2/otp. The state machine is the table
 * of schemas/otp-v2-transitions.ts, applied by ../otp-v2-engine.ts; this module validates what
 * the table does not cover (expiry date, message length with the real code), sends, charges and
 * shapes the bodies (OtpCreateResponse, OtpErrorBody; the HTTP status is real, 7.3).
 */
import type { z } from 'zod';
import type { OtpState } from '../../schemas/envelope.ts';
import { formatMexicoDate, formatMexicoDateTime, parseMexicoDate, parseMexicoDateTime } from '../../schemas/formats.ts';
import { OtpCreateRequest, OtpTarget, OtpVerifyRequest, type OtpChannel } from '../../schemas/otp-v2.ts';
import { matchOtpTransition, OTP_V2_RULES, type OtpTransition } from '../../schemas/otp-v2-transitions.ts';
import { handler, type HandlerSet, type InvalidHandler, type RawRequest, type Reply, type RequestContext } from '../handler.ts';
import type { Account } from '../accounts.ts';
import { otpSlugForIssue } from '../otp-v2-error-slugs.ts';
import { resolveOtpExpiry } from '../otp-expiry.ts';
import { expandOtpMessage, otpMessageProblem } from '../otp-v2-message.ts';
import {
  createFacts,
  createStateOf,
  generateCode,
  otpKey,
  OtpVerifications,
  resendAvailableIn,
  rowGeneratesCode,
  rowSends,
  stateOf,
  verifyFacts,
  type OtpEffects,
  type OtpRecord,
} from '../otp-v2-engine.ts';
import { inCheckOrder, takesAlternate } from '../personality.ts';
import { otpFail, otpOk } from '../replies.ts';

type CreateInput = z.output<typeof OtpCreateRequest>;
type VerifyInput = z.output<typeof OtpVerifyRequest>;
type TargetInput = z.output<typeof OtpTarget>;

const PATH_CREATE = '/v2/otp';
const PATH_VERIFY = '/v2/otp/verify';
const PATH_STATUS = '/v2/otp/status';

/** 4.4 whatsapp: "a fixed official template from a verified sender" (its text: not shown). */
const WHATSAPP_TEMPLATE = 'Tu codigo de verificacion es {{code}}. No lo compartas con nadie.';
const WHATSAPP_WARNING = 'channel whatsapp sends a fixed official template: company and message were ignored';

/**
 * 7.3: slugs of the 404, 409 and 410 answers of verify are not shown (ambiguity
 * otp-verify-error-slugs); the server uses the conventional ones. A 429 of verify reuses 7.3's
 * otp_max_attempts (attempts exhausted).
 */
const VERIFY_SLUG_BY_STATUS: Readonly<Record<number, string>> = {
  401: 'otp_incorrect_code',
  404: 'otp_not_found',
  409: 'otp_already_verified',
  410: 'otp_expired',
  429: 'otp_max_attempts',
};

/** Message, hint and suggested paths of each error slug (4.4 error body). */
const ERROR_TEXTS: Readonly<Record<string, { message: string; hint: string; next: string[] }>> = {
  otp_missing_param: { message: 'A required parameter is missing', hint: '', next: [PATH_CREATE] },
  otp_invalid_param: { message: 'A parameter is invalid', hint: '', next: [PATH_CREATE] },
  otp_invalid_channel: { message: 'channel must be sms, whatsapp or voice', hint: '', next: [PATH_CREATE] },
  otp_message_invalid: { message: 'The message is invalid; the current verification is untouched', hint: '', next: [PATH_CREATE] },
  otp_throttled: {
    message: 'A code was sent less than 30 seconds ago',
    hint: 'Wait resend_available_in seconds before resending',
    next: [PATH_VERIFY, PATH_CREATE],
  },
  otp_max_attempts: { message: 'The attempts of this code are used up', hint: 'Rotate the code: POST /v2/otp with code_rotate=true', next: [PATH_CREATE] },
  otp_insufficient_credits: {
    message: 'Insufficient credits to send the code (code sms_07)',
    hint: 'Top up the balance and retry the send; the code stays registered but was not delivered, do not verify',
    next: [PATH_CREATE],
  },
  otp_incorrect_code: {
    message: 'The code is incorrect',
    hint: 'Ask the user to check the code; attempts_remaining says how many tries are left',
    next: [PATH_VERIFY, PATH_CREATE],
  },
  otp_not_found: { message: 'No active verification for this number', hint: 'Start one with POST /v2/otp', next: [PATH_CREATE] },
  otp_already_verified: { message: 'The number is already verified', hint: 'POST /v2/otp starts a new cycle if needed', next: [PATH_CREATE] },
  otp_expired: { message: 'The code expired', hint: 'Send a new code with POST /v2/otp', next: [PATH_CREATE] },
};

const ACTION_MESSAGES: Readonly<Record<string, string>> = {
  created: 'Verification code sent',
  resent: 'Verification code resent',
  restarted: 'New verification code sent',
};

const STATUS_TEXTS: Readonly<Record<OtpState, { message: string; hint: string; next: string[] }>> = {
  none: { message: 'No verification in progress', hint: 'Start one with POST /v2/otp', next: [PATH_CREATE] },
  pending: {
    message: 'Waiting for the code',
    hint: 'Verify with POST /v2/otp/verify; resend after resend_available_in seconds',
    next: [PATH_VERIFY, PATH_CREATE],
  },
  verified: { message: 'Number verified', hint: 'POST /v2/otp starts a new cycle if needed', next: [PATH_CREATE] },
  expired: { message: 'The code expired', hint: 'Send a new code with POST /v2/otp', next: [PATH_CREATE] },
  locked: { message: 'Attempts used up', hint: 'Rotate the code: POST /v2/otp with code_rotate=true', next: [PATH_CREATE] },
};

// ---------------------------------------------------------------------------------------------
// Shared pieces.
// ---------------------------------------------------------------------------------------------

/**
 * 2.10 counters of a record. None: nothing to count, so the fields are left out ("when
 * applicable", 4.4), or (latitude unset-field, alternate personality) written unset: null for the
 * numbers, "" for expires_at.
 */
function recordFields(req: RawRequest, record: OtpRecord | undefined, now: number): Record<string, unknown> {
  if (!record) return takesAlternate(req.server.options) ? { expires_at: '', attempts_remaining: null, resend_available_in: null } : {};
  return {
    expires_at: formatMexicoDateTime(record.expiresAt),
    attempts_remaining: record.attemptsRemaining,
    resend_available_in: resendAvailableIn(record, now),
  };
}

/** A 4.4 error body for `slug`, with the record's state and counters. */
function otpError(
  req: RawRequest,
  status: number,
  slug: string,
  record: OtpRecord | undefined,
  now: number,
  extra: { hint?: string } & Record<string, unknown> = {},
  headers?: Record<string, string>,
): Reply {
  const text = ERROR_TEXTS[slug] ?? { message: slug, hint: '', next: [PATH_CREATE] };
  const { hint, ...fields } = extra;
  return otpFail(
    req,
    status,
    slug,
    { state: stateOf(record), message: text.message, hint: hint ?? text.hint, next: text.next, ...recordFields(req, record, now), ...fields },
    headers,
  );
}

/** The record a request names, when its phone_number and country_code are readable. */
function recordOf(req: RawRequest & { account: Account }, now: number): OtpRecord | undefined {
  const target = OtpTarget.safeParse(req.fields);
  return target.success
    ? OtpVerifications.of(req.account).observe(otpKey(target.data.phone_number, target.data.country_code), now, req.server.seams)
    : undefined;
}

/**
 * 7.3: a refused request is 400 with the slug of otpSlugForIssue; the hint names the fields.
 * Latitude check-order: the slug is the first issue's in table order, or (alternate) the last's.
 * Latitude unset-field: without a valid number there is no verification to name; the state is
 * 'none' by default, null for the alternate personality.
 */
const onInvalid: InvalidHandler = (req, issues) => {
  const now = req.server.clock.now();
  // Two errors at once, a verify with a malformed parameter on a number without a verification: 7
  // states no order of checks. The alternate looks the verification up first and answers 3.1's
  // "none | POST /v2/otp/verify | any code | none | HTTP 404"; the default validates first (400).
  if (takesAlternate(req.server.options) && req.op.operationId === 'otp-v2/verify' && OtpTarget.safeParse(req.fields).success) {
    const record = recordOf(req, now);
    if (stateOf(record) === 'none') return otpError(req, 404, VERIFY_SLUG_BY_STATUS[404]!, record, now);
  }
  const first = inCheckOrder(req.server.options, issues)[0];
  const slug = first ? otpSlugForIssue(first, req.fields) : 'otp_invalid_param';
  const hint = issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  const noNumber = takesAlternate(req.server.options) && !OtpTarget.safeParse(req.fields).success;
  return otpError(req, 400, slug, recordOf(req, now), now, noNumber ? { hint, state: null } : { hint });
};

/** Seconds until the sandbox day (8: sends per day) starts again, in Mexico City time. */
function secondsUntilNextDay(now: number): number {
  const dayStart = parseMexicoDate(formatMexicoDate(now)) ?? now;
  return Math.max(1, Math.ceil((dayStart + 86_400_000 - now) / 1000));
}

// ---------------------------------------------------------------------------------------------
// POST /v2/otp
// ---------------------------------------------------------------------------------------------

/** 4.4 expiration_date: future, clamped to 3 days; 'past' when not in the future. */
function requestedExpiry(ctx: RequestContext<CreateInput>, now: number): number | undefined | 'past' {
  const input = ctx.input;
  if (input.expiration_date === undefined) return undefined;
  const at = parseMexicoDateTime(input.expiration_date);
  // 4.4 "maximum 3 days (larger values are clamped)".
  const resolved = at === undefined ? undefined : ctx.server.seams.at('otp2.requested-expiry', resolveOtpExpiry(now, at), { requested: at });
  return resolved ?? 'past';
}

/** The text sent: whatsapp's fixed template, otherwise the request's message with the real code. */
function textToSend(input: CreateInput, channel: OtpChannel, code: string): string {
  return channel === 'whatsapp' ? expandOtpMessage(WHATSAPP_TEMPLATE, input.company, code) : expandOtpMessage(input.message, input.company, code);
}

/** The answer of a row that refuses (throttled, locked): 3.1 and 7.3. */
function refusedByRow(ctx: RequestContext<CreateInput>, row: OtpTransition, record: OtpRecord | undefined, now: number): Reply {
  const status = row.httpStatus ?? 400;
  const slug = row.error ?? 'otp_invalid_param';
  if (slug !== 'otp_throttled') return otpError(ctx, status, slug, record, now);
  // 3.1: "HTTP 429 otp_throttled with resend_available_in and Retry-After header".
  const wait = Math.max(1, resendAvailableIn(record, now));
  const headers = ctx.server.seams.at('otp2.throttled-headers', { 'retry-after': String(wait) });
  return otpError(ctx, status, slug, record, now, { resend_available_in: wait, hint: `Wait ${wait} seconds before resending` }, headers);
}

/**
 * Sends `text` and charges per the row: its `charge` messages, nothing in sandbox (4.4). One
 * recipient is one message, so a charging row sends one; a row that charged nothing would send
 * like the sandbox.
 */
function deliver(ctx: RequestContext<CreateInput>, row: OtpTransition, text: string) {
  // 4.4: "Only sending a message charges one message" (create, resend or rotate); sandbox charges nothing.
  const charged = ctx.server.seams.at('otp2.messages-charged', ctx.input.sandbox === true ? 0 : row.charge, { rowCharge: row.charge, action: row.action });
  const sandbox = charged === 0;
  return ctx.server.messaging.send(ctx.account, {
    numbers: [`${ctx.input.country_code}${ctx.input.phone_number}`],
    message: text,
    kind: 'otp',
    sandbox,
    name: 'otp-v2',
  });
}

function createdBody(ctx: RequestContext<CreateInput>, row: OtpTransition, record: OtpRecord, channel: OtpChannel, now: number): Record<string, unknown> {
  const seams = ctx.server.seams;
  // 3.1 action column: created, resent (the same code), restarted (a new code).
  const action = seams.at('otp2.action', row.action ?? 'created', { row: row.id });
  return {
    state: record.state,
    action,
    message: ACTION_MESSAGES[action] ?? action,
    hint: `Ask the user for the code and call POST ${PATH_VERIFY}`,
    next: [PATH_VERIFY, PATH_CREATE],
    ...recordFields(ctx, record, now),
    // 4.4: warning "present when whatsapp ignored company/message"; code "only when requested".
    ...(seams.at('otp2.whatsapp-warning', channel === 'whatsapp') ? { warning: WHATSAPP_WARNING } : {}),
    ...(seams.at('otp2.code-in-response', ctx.input.code_in_response === true) ? { code: record.code } : {}),
  };
}

function create(ctx: RequestContext<CreateInput>): Reply {
  const now = ctx.server.clock.now();
  const input = ctx.input;
  const book = OtpVerifications.of(ctx.account);
  const key = otpKey(input.phone_number, input.country_code);
  const seams = ctx.server.seams;
  const record = book.observe(key, now, seams);
  const requested = requestedExpiry(ctx, now);
  // 4.4 expiration_date "future".
  if (seams.at('otp2.refuses-past-expiry', requested === 'past'))
    return otpError(ctx, 400, 'otp_invalid_param', record, now, { hint: 'expiration_date must be a future YYYY-MM-DD HH:mm:ss' });
  const expiry = requested === 'past' ? undefined : requested;

  // 3.1: a pending record whose 7 attempts are used up is matched as locked ("7 attempts used up → locked").
  const row = matchOtpTransition(
    createStateOf(record),
    'create',
    createFacts(record, { codeRotate: input.code_rotate === true, codeCustom: input.code_custom }, now, seams),
  );
  if (!row) return otpError(ctx, 500, 'otp_internal', record, now);
  if (row.error || !rowSends(row)) {
    // A refusal sends nothing and changes nothing, but such a pending record is locked from here on.
    const settled = record !== undefined && row.next !== 'not-shown' && row.next !== record.state ? book.apply(key, record, row, { seams }, now) : record;
    return refusedByRow(ctx, row, settled, now);
  }

  // 4.4: code_length/code_format only when a new code is generated; a resend reuses the stored code.
  const generates = rowGeneratesCode(row);
  const code = generates
    ? (input.code_custom ?? generateCode(input.code_length ?? OTP_V2_RULES.defaultCodeLength, input.code_format ?? 'numeric'))
    : (record?.code ?? '');
  const send: CreateSend = { code, generates, channel: input.channel ?? 'sms', expiry };
  const refused = messageRefusal(ctx, send, record, now);
  if (refused) return refused;

  const outcome = deliver(ctx, row, textToSend(input, send.channel, code));
  if (!outcome.ok && outcome.reason === 'sandbox-limit') return sandboxLimitReached(ctx, record, now);
  return registerSend(ctx, { key, book, record, row, now }, send, outcome.ok);
}

/** What a create that sends sends: the code (new or the stored one), whether it is new, the channel, the requested expiry. */
interface CreateSend {
  code: string;
  generates: boolean;
  channel: OtpChannel;
  expiry: number | undefined;
}

/**
 * 4.4, 7.3: the message is checked at every send with the code really sent; refusing it leaves
 * the verification untouched. whatsapp ignores the message.
 * "checked at every send with the real length of the code being sent (a resend reuses the stored
 * code, which may be longer than this request's code_length)"; GSM-7 characters only, company included.
 */
function messageRefusal(ctx: RequestContext<CreateInput>, send: CreateSend, record: OtpRecord | undefined, now: number): Reply | undefined {
  const { input } = ctx;
  const seams = ctx.server.seams;
  const checkedCode = seams.at('otp2.message-checked-code', send.code, {
    generated: send.generates,
    requestCodeLength: input.code_length ?? OTP_V2_RULES.defaultCodeLength,
  });
  const checkedCompany = seams.at('otp2.message-checked-company', input.company);
  const maxLength = seams.at('otp2.message-max-length', OTP_V2_RULES.maxMessageLength);
  const problem = send.channel === 'whatsapp' ? undefined : otpMessageProblem(input.message, checkedCompany, checkedCode, maxLength);
  if (!problem) return undefined;
  const hint = problem.excess === undefined ? problem.reason : `${problem.reason}: shorten it by ${problem.excess} characters`;
  return otpError(ctx, 400, 'otp_message_invalid', record, now, { hint });
}

/** 7.3 otp_throttled with the seconds until the sandbox's next day, when its daily sends are used up. */
function sandboxLimitReached(ctx: RequestContext<CreateInput>, record: OtpRecord | undefined, now: number): Reply {
  const wait = secondsUntilNextDay(now);
  return otpError(
    ctx,
    429,
    'otp_throttled',
    record,
    now,
    { resend_available_in: wait, hint: `Sandbox daily limit of ${ctx.server.messaging.sandboxLimit()} sends reached` },
    { 'retry-after': String(wait) },
  );
}

/** The verification a create works on: its key in the account's book, its record before the create, the 3.1 row taken, the time. */
interface CreateTarget {
  key: string;
  book: OtpVerifications;
  record: OtpRecord | undefined;
  row: OtpTransition;
  now: number;
}

/** Registers what was sent (or, 4.4, the code of a failed send) and answers the row's status, or 402 when the send failed. */
function registerSend(ctx: RequestContext<CreateInput>, { key, book, record, row, now }: CreateTarget, send: CreateSend, sent: boolean): Reply {
  const seams = ctx.server.seams;
  const { code, generates, channel, expiry } = send;
  const effects: OtpEffects = {
    newCode: generates ? code : undefined,
    expiresAt: generates ? (expiry ?? resolveOtpExpiry(now, undefined)) : expiry,
    channel,
    sentAt: sent ? now : undefined,
    seams,
  };
  // 4.4: "If sending fails (402 or 502) the code stays registered but nothing was delivered".
  if (!sent && !seams.at('otp2.failed-send-registers', true)) return otpError(ctx, 402, 'otp_insufficient_credits', record, now);
  const next = book.apply(key, record, row, effects, now);
  if (!next) return otpError(ctx, 500, 'otp_internal', record, now);
  // 4.4's error body carries "when applicable ... code", and 7.3's row reads "no balance (code sms_07)":
  // the default puts the registered code there when code_in_response asks for it; the alternate
  // writes the row's sms_07, as written.
  const failedCode = takesAlternate(ctx.server.options) ? { code: 'sms_07' } : ctx.input.code_in_response === true ? { code: next.code } : {};
  if (!sent) return otpError(ctx, 402, 'otp_insufficient_credits', next, now, failedCode);
  // 3.1 status column: 201 for created and for a verified number's new cycle, 200 for resent and restarted.
  const status = seams.at('otp2.http-status', row.httpStatus ?? 200, { row: row.id, action: row.action });
  return otpOk(ctx, status, createdBody(ctx, row, next, channel, now));
}

// ---------------------------------------------------------------------------------------------
// POST /v2/otp/verify, GET /v2/otp/status, DELETE /v2/otp (all free, 4.4)
// ---------------------------------------------------------------------------------------------

/**
 * 2.10, 5.2: the verifications verify looks in, the key's own account's. The seam stands for a
 * server that keeps them per number across accounts and finds another account's.
 */
function verifyBook(ctx: RequestContext<VerifyInput>, key: string, now: number): OtpVerifications {
  const own = OtpVerifications.of(ctx.account);
  if (ctx.server.seams.at('otp2.verify-own-account-only', true) || own.observe(key, now) !== undefined) return own;
  return [...ctx.server.accounts.all()].map((a) => OtpVerifications.of(a)).find((b) => b.observe(key, now) !== undefined) ?? own;
}

function verify(ctx: RequestContext<VerifyInput>): Reply {
  const now = ctx.server.clock.now();
  const key = otpKey(ctx.input.phone_number, ctx.input.country_code);
  const book = verifyBook(ctx, key, now);
  const seams = ctx.server.seams;
  const record = book.observe(key, now, seams);
  // 3.1, 8: once the round's 7 attempts are used no code verifies (verifyFacts).
  const match = verifyFacts(record, ctx.input.code, ctx.server.options.choices['otp-v2-lock-point'], seams);
  const row = matchOtpTransition(match.state, 'verify', match.facts);
  if (!row) return otpError(ctx, 500, 'otp_internal', record, now);
  const next = book.apply(key, record, row, { seams }, now);
  // 4.4 "Verify, status and delete are free".
  const charged = seams.at('otp2.verify-messages-charged', 0);
  if (charged !== 0) ctx.server.messaging.charge(ctx.account, charged * ctx.server.options.creditsPerMessage);
  // 3.1 status column of verify: 200 correct, 401 wrong, 429 used up, 409 verified, 404 none, 410 expired.
  const status = seams.at('otp2.http-status', row.httpStatus ?? 200, { row: row.id, action: row.action });
  if (status === 200) return otpOk(ctx, 200, { state: stateOf(next), message: 'Number verified', hint: 'The code was correct', next: [] });
  return otpError(ctx, status, row.error ?? VERIFY_SLUG_BY_STATUS[status] ?? 'otp_invalid_param', next, now);
}

/** 4.4: read-only; the state and the attempts and resend counters (ambiguity otp-status-request-shape: query). */
function status(ctx: RequestContext<TargetInput>): Reply {
  const now = ctx.server.clock.now();
  const seams = ctx.server.seams;
  const record = OtpVerifications.of(ctx.account).observe(otpKey(ctx.input.phone_number, ctx.input.country_code), now, seams);
  // 4.4 status is "read-only, no side effects": it uses no attempt.
  const used = seams.at('otp2.status-attempts-used', 0);
  if (used !== 0 && record?.state === 'pending') record.attemptsRemaining = Math.max(0, record.attemptsRemaining - used);
  const state = stateOf(record);
  return otpOk(ctx, 200, { state, ...STATUS_TEXTS[state], ...recordFields(ctx, record, now) });
}

/** 3.1 any + DELETE: back to none, nothing sent, no charge (request shape: body or query). */
function remove(ctx: RequestContext<TargetInput>): Reply {
  const now = ctx.server.clock.now();
  const book = OtpVerifications.of(ctx.account);
  const key = otpKey(ctx.input.phone_number, ctx.input.country_code);
  const seams = ctx.server.seams;
  const record = book.observe(key, now, seams);
  const row = matchOtpTransition(stateOf(record), 'delete');
  if (!row) return otpError(ctx, 500, 'otp_internal', record, now);
  // 3.1 any + DELETE → none: "verification invalidated".
  const next = seams.at('otp2.delete-invalidates', true) ? book.apply(key, record, row, {}, now) : undefined;
  return otpOk(ctx, 200, {
    state: stateOf(next),
    message: 'Verification invalidated',
    hint: 'Nothing was sent and nothing was charged',
    next: [PATH_CREATE, PATH_STATUS],
  });
}

/**
 * 4.4 country_code "numeric; 52 for Mexico": a leading + is how E.164 writes a country code, and the
 * document does not rule on it. The default refuses "+52" as not numeric; the alternate reads it as
 * 52 (the fields without the +, parsed again). Letters ("MX") stay refused on both.
 */
function withoutPlusSign<S extends z.ZodType>(req: RawRequest, schema: S): { fields: Record<string, unknown>; input: z.output<S> } | undefined {
  const countryCode = req.fields.country_code;
  if (!takesAlternate(req.server.options) || typeof countryCode !== 'string' || !/^\+\d+$/.test(countryCode)) return undefined;
  const fields = { ...req.fields, country_code: countryCode.slice(1) };
  const parsed = schema.safeParse(fields);
  return parsed.success ? { fields, input: parsed.data } : undefined;
}

/** An operation of the set: its handler, and on a refused request the reading above, then onInvalid. */
function otpHandler<S extends z.ZodType>(schema: S, handle: (ctx: RequestContext<z.output<S>>) => Reply) {
  return handler(schema, handle, (req, issues) => {
    const read = withoutPlusSign(req, schema);
    return read === undefined ? onInvalid(req, issues) : handle({ ...req, ...read });
  });
}

export const otpV2Handlers: HandlerSet = {
  'otp-v2/create': otpHandler(OtpCreateRequest, create),
  'otp-v2/verify': otpHandler(OtpVerifyRequest, verify),
  'otp-v2/get-status': otpHandler(OtpTarget, status),
  'otp-v2/delete': otpHandler(OtpTarget, remove),
};
