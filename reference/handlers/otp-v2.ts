/**
 * 4.4 (with 2.10, 3.1, 7.3, 8): the current OTP set under /v2/otp. The state machine is the table
 * of schemas/otp-v2-transitions.ts, applied by ../otp-v2-engine.ts; this module validates what
 * the table does not cover (expiry date, message length with the real code), sends, charges and
 * shapes the bodies (OtpCreateResponse, OtpErrorBody; the HTTP status is real, 7.3).
 */
import type { z } from 'zod';
import type { OtpState } from '../../schemas/envelope.ts';
import { formatMexicoDate, formatMexicoDateTime, parseMexicoDate, parseMexicoDateTime } from '../../schemas/formats.ts';
import {
  expandOtpMessage,
  OtpCreateRequest,
  otpMessageProblem,
  otpSlugForIssue,
  OtpTarget,
  OtpVerifyRequest,
  resolveOtpExpiry,
  type OtpChannel,
} from '../../schemas/otp-v2.ts';
import { matchOtpTransition, OTP_V2_RULES, type OtpTransition } from '../../schemas/otp-v2-transitions.ts';
import { handler, type HandlerSet, type InvalidHandler, type RawRequest, type Reply, type RequestContext } from '../handler.ts';
import type { Account } from '../accounts.ts';
import {
  createFacts,
  generateCode,
  otpKey,
  OtpVerifications,
  resendAvailableIn,
  rowGeneratesCode,
  rowSends,
  stateOf,
  verifyFacts,
  type OtpRecord,
} from '../otp-v2-engine.ts';
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
const VERIFY_SLUG_BY_STATUS: Readonly<Record<number, string>> = { 404: 'otp_not_found', 409: 'otp_already_verified', 410: 'otp_expired', 429: 'otp_max_attempts' };

/** Message, hint and suggested paths of each error slug (4.4 error body). */
const ERROR_TEXTS: Readonly<Record<string, { message: string; hint: string; next: string[] }>> = {
  otp_missing_param: { message: 'A required parameter is missing', hint: '', next: [PATH_CREATE] },
  otp_invalid_param: { message: 'A parameter is invalid', hint: '', next: [PATH_CREATE] },
  otp_invalid_channel: { message: 'channel must be sms, whatsapp or voice', hint: '', next: [PATH_CREATE] },
  otp_message_invalid: { message: 'The message is invalid; the current verification is untouched', hint: '', next: [PATH_CREATE] },
  otp_throttled: { message: 'A code was sent less than 30 seconds ago', hint: 'Wait resend_available_in seconds before resending', next: [PATH_VERIFY, PATH_CREATE] },
  otp_max_attempts: { message: 'The attempts of this code are used up', hint: 'Rotate the code: POST /v2/otp with code_rotate=true', next: [PATH_CREATE] },
  otp_insufficient_credits: {
    message: 'Insufficient credits to send the code (code sms_07)',
    hint: 'Top up the balance and retry the send; the code stays registered but was not delivered, do not verify',
    next: [PATH_CREATE],
  },
  otp_incorrect_code: { message: 'The code is incorrect', hint: 'Ask the user to check the code; attempts_remaining says how many tries are left', next: [PATH_VERIFY, PATH_CREATE] },
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
  pending: { message: 'Waiting for the code', hint: 'Verify with POST /v2/otp/verify; resend after resend_available_in seconds', next: [PATH_VERIFY, PATH_CREATE] },
  verified: { message: 'Number verified', hint: 'POST /v2/otp starts a new cycle if needed', next: [PATH_CREATE] },
  expired: { message: 'The code expired', hint: 'Send a new code with POST /v2/otp', next: [PATH_CREATE] },
  locked: { message: 'Attempts used up', hint: 'Rotate the code: POST /v2/otp with code_rotate=true', next: [PATH_CREATE] },
};

// ---------------------------------------------------------------------------------------------
// Shared pieces.
// ---------------------------------------------------------------------------------------------

/** 2.10 counters of a record (none: nothing to count). */
function recordFields(record: OtpRecord | undefined, now: number): Record<string, unknown> {
  if (!record) return {};
  return { expires_at: formatMexicoDateTime(record.expiresAt), attempts_remaining: record.attemptsRemaining, resend_available_in: resendAvailableIn(record, now) };
}

/** A 4.4 error body for `slug`, with the record's state and counters. */
function otpError(req: RawRequest, status: number, slug: string, record: OtpRecord | undefined, now: number, extra: { hint?: string } & Record<string, unknown> = {}, headers?: Record<string, string>): Reply {
  const text = ERROR_TEXTS[slug] ?? { message: slug, hint: '', next: [PATH_CREATE] };
  const { hint, ...fields } = extra;
  return otpFail(req, status, slug, { state: stateOf(record), message: text.message, hint: hint ?? text.hint, next: text.next, ...recordFields(record, now), ...fields }, headers);
}

/** The record a request names, when its phone_number and country_code are readable. */
function recordOf(req: RawRequest & { account: Account }, now: number): OtpRecord | undefined {
  const target = OtpTarget.safeParse(req.fields);
  return target.success ? OtpVerifications.of(req.account).observe(otpKey(target.data.phone_number, target.data.country_code), now) : undefined;
}

/** 7.3: a refused request is 400 with the slug of otpSlugForIssue; the hint names the fields. */
const onInvalid: InvalidHandler = (req, issues) => {
  const now = req.server.clock.now();
  const first = issues[0];
  const slug = first ? otpSlugForIssue(first, req.fields) : 'otp_invalid_param';
  const hint = issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  return otpError(req, 400, slug, recordOf(req, now), now, { hint });
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
function requestedExpiry(input: CreateInput, now: number): number | undefined | 'past' {
  if (input.expiration_date === undefined) return undefined;
  const at = parseMexicoDateTime(input.expiration_date);
  const resolved = at === undefined ? undefined : resolveOtpExpiry(now, at);
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
  return otpError(ctx, status, slug, record, now, { resend_available_in: wait, hint: `Wait ${wait} seconds before resending` }, { 'retry-after': String(wait) });
}

/**
 * Sends `text` and charges per the row: its `charge` messages, nothing in sandbox (4.4). One
 * recipient is one message, so a charging row sends one; a row that charged nothing would send
 * like the sandbox.
 */
function deliver(ctx: RequestContext<CreateInput>, row: OtpTransition, text: string) {
  const sandbox = ctx.input.sandbox === true || row.charge === 0;
  return ctx.server.messaging.send(ctx.account, { numbers: [`${ctx.input.country_code}${ctx.input.phone_number}`], message: text, kind: 'otp', sandbox, name: 'otp-v2' });
}

function createdBody(ctx: RequestContext<CreateInput>, row: OtpTransition, record: OtpRecord, channel: OtpChannel, now: number): Record<string, unknown> {
  const action = row.action ?? 'created';
  return {
    state: record.state,
    action,
    message: ACTION_MESSAGES[action] ?? action,
    hint: `Ask the user for the code and call POST ${PATH_VERIFY}`,
    next: [PATH_VERIFY, PATH_CREATE],
    ...recordFields(record, now),
    ...(channel === 'whatsapp' ? { warning: WHATSAPP_WARNING } : {}),
    ...(ctx.input.code_in_response === true ? { code: record.code } : {}),
  };
}

function create(ctx: RequestContext<CreateInput>): Reply {
  const now = ctx.server.clock.now();
  const input = ctx.input;
  const book = OtpVerifications.of(ctx.account);
  const key = otpKey(input.phone_number, input.country_code);
  const record = book.observe(key, now);
  const expiry = requestedExpiry(input, now);
  if (expiry === 'past') return otpError(ctx, 400, 'otp_invalid_param', record, now, { hint: 'expiration_date must be a future YYYY-MM-DD HH:mm:ss' });

  const row = matchOtpTransition(stateOf(record), 'create', createFacts(record, { codeRotate: input.code_rotate === true, codeCustom: input.code_custom }, now));
  if (!row) return otpError(ctx, 500, 'otp_internal', record, now);
  if (row.error || !rowSends(row)) return refusedByRow(ctx, row, record, now);

  // 4.4: code_length/code_format only when a new code is generated; a resend reuses the stored code.
  const generates = rowGeneratesCode(row);
  const code = generates ? (input.code_custom ?? generateCode(input.code_length ?? OTP_V2_RULES.defaultCodeLength, input.code_format ?? 'numeric')) : (record?.code ?? '');
  const channel = input.channel ?? 'sms';

  // 4.4, 7.3: the message is checked at every send with the code really sent; refusing it leaves
  // the verification untouched. whatsapp ignores the message.
  const problem = channel === 'whatsapp' ? undefined : otpMessageProblem(input.message, input.company, code);
  if (problem) {
    const hint = problem.excess === undefined ? problem.reason : `${problem.reason}: shorten it by ${problem.excess} characters`;
    return otpError(ctx, 400, 'otp_message_invalid', record, now, { hint });
  }

  const outcome = deliver(ctx, row, textToSend(input, channel, code));
  if (!outcome.ok && outcome.reason === 'sandbox-limit') {
    const wait = secondsUntilNextDay(now);
    return otpError(ctx, 429, 'otp_throttled', record, now, { resend_available_in: wait, hint: `Sandbox daily limit of ${ctx.server.messaging.sandboxLimit()} sends reached` }, { 'retry-after': String(wait) });
  }
  const effects = {
    ...(generates ? { newCode: code, expiresAt: expiry ?? resolveOtpExpiry(now, undefined) } : { expiresAt: expiry }),
    channel,
    sentAt: outcome.ok ? now : undefined,
  };
  const next = book.apply(key, record, row, effects, now);
  if (!next) return otpError(ctx, 500, 'otp_internal', record, now);
  // 4.4: "If sending fails (402 or 502) the code stays registered but nothing was delivered".
  if (!outcome.ok) return otpError(ctx, 402, 'otp_insufficient_credits', next, now, input.code_in_response === true ? { code: next.code } : {});
  return otpOk(ctx, row.httpStatus ?? 200, createdBody(ctx, row, next, channel, now));
}

// ---------------------------------------------------------------------------------------------
// POST /v2/otp/verify, GET /v2/otp/status, DELETE /v2/otp (all free, 4.4)
// ---------------------------------------------------------------------------------------------

function verify(ctx: RequestContext<VerifyInput>): Reply {
  const now = ctx.server.clock.now();
  const book = OtpVerifications.of(ctx.account);
  const key = otpKey(ctx.input.phone_number, ctx.input.country_code);
  const record = book.observe(key, now);
  const row = matchOtpTransition(stateOf(record), 'verify', verifyFacts(record, ctx.input.code, ctx.server.options.choices['otp-v2-lock-point']));
  if (!row) return otpError(ctx, 500, 'otp_internal', record, now);
  const next = book.apply(key, record, row, {}, now);
  const status = row.httpStatus ?? 200;
  if (status === 200) return otpOk(ctx, 200, { state: stateOf(next), message: 'Number verified', hint: 'The code was correct', next: [] });
  return otpError(ctx, status, row.error ?? VERIFY_SLUG_BY_STATUS[status] ?? 'otp_invalid_param', next, now);
}

/** 4.4: read-only; the state and the attempts and resend counters (ambiguity otp-status-request-shape: query). */
function status(ctx: RequestContext<TargetInput>): Reply {
  const now = ctx.server.clock.now();
  const record = OtpVerifications.of(ctx.account).observe(otpKey(ctx.input.phone_number, ctx.input.country_code), now);
  const state = stateOf(record);
  return otpOk(ctx, 200, { state, ...STATUS_TEXTS[state], ...recordFields(record, now) });
}

/** 3.1 any + DELETE: back to none, nothing sent, no charge (request shape: body or query). */
function remove(ctx: RequestContext<TargetInput>): Reply {
  const now = ctx.server.clock.now();
  const book = OtpVerifications.of(ctx.account);
  const key = otpKey(ctx.input.phone_number, ctx.input.country_code);
  const record = book.observe(key, now);
  const row = matchOtpTransition(stateOf(record), 'delete');
  if (!row) return otpError(ctx, 500, 'otp_internal', record, now);
  const next = book.apply(key, record, row, {}, now);
  return otpOk(ctx, 200, { state: stateOf(next), message: 'Verification invalidated', hint: 'Nothing was sent and nothing was charged', next: [PATH_CREATE, PATH_STATUS] });
}

export const otpV2Handlers: HandlerSet = {
  'otp-v2/create': handler(OtpCreateRequest, create, onInvalid),
  'otp-v2/verify': handler(OtpVerifyRequest, verify, onInvalid),
  'otp-v2/get-status': handler(OtpTarget, status, onInvalid),
  'otp-v2/delete': handler(OtpTarget, remove, onInvalid),
};
