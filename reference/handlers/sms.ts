/**
 * 4.2 SMS: POST /sms/send (many recipients, immediate or scheduled, sandbox, RCS, flash, URL
 * shortening) and GET /sms/send (a single SMS). Both answer the send result of 2.2; a short balance
 * answers sms_07 (7.2). The helpers that build send answers are shared with voice.ts and payments.ts.
 */
import { z } from 'zod';
import { isFlagSet, isGsm7, nonGsm7Characters, parseMexicoDateTime } from '../../schemas/formats.ts';
import { MEXICO_COUNTRY_CODE, SmsSendQuery, SmsSendRequest, recipientProblem, splitRecipients, urlsIn } from '../../schemas/sms.ts';
import type { Account } from '../accounts.ts';
import { handler, type HandlerSet, type RawRequest, type Reply } from '../handler.ts';
import type { SendOutcome, SendRequest } from '../messaging.ts';
import { genericInvalid } from '../pipeline.ts';
import { fail, invalidParameters, ok } from '../replies.ts';

/** A request that passed authentication: a handler's context, or what onInvalid receives. */
export type SendingRequest = RawRequest & { account: Account };

/**
 * 8: the sandbox daily quota. The document names no code for it outside v1 (Codigo 22), so the
 * envelope answers carry this one.
 */
const SANDBOX_LIMIT_CODE = 'sandbox_limit';

/** 7.2 sms_07 for a short balance; the sandbox quota of 8 otherwise. */
export function sendRefusal(req: SendingRequest, reason: Extract<SendOutcome, { ok: false }>['reason']): Reply {
  if (reason === 'insufficient-credits') return fail(req, 'sms_07', 'Insufficient credits');
  return fail(req, SANDBOX_LIMIT_CODE, `Sandbox daily limit of ${req.server.messaging.sandboxLimit()} sends reached (section 8)`);
}

const isTrue = (value: unknown): boolean => value === true || value === 'true';

/**
 * 4.2: "showCampaignId=true adds campaignId to the response; where it is placed in the request is
 * not shown" (ambiguity show-campaign-id-placement): under 'body' both placements are honoured (the
 * body field is the documented default); under 'query' the query parameter alone.
 */
export function wantsCampaignId(req: RawRequest): boolean {
  const asked =
    req.server.options.choices['show-campaign-id-placement'] === 'query'
      ? isTrue(req.query.showCampaignId)
      : isTrue(req.fields.showCampaignId) || isTrue(req.query.showCampaignId);
  return req.server.seams.at('sms.adds-campaign-id', asked);
}

/** Sends through the shared messaging and answers 2.2 (campaignId only when asked for). */
export function sendAndReply(req: SendingRequest, send: SendRequest, showCampaignId: boolean): Reply {
  const outcome = req.server.messaging.send(req.account, send);
  if (!outcome.ok) return sendRefusal(req, outcome.reason);
  const seams = req.server.seams;
  return ok(req, {
    // 2.2: total_messages is the number of messages; credit the credits consumed.
    total_messages: seams.at('send-result.total-messages', outcome.references.length),
    // 2.2: one reference per recipient, number with country code; 4.2 sandbox generates references.
    references: seams.at('send-result.references', outcome.references, { sandbox: send.sandbox }),
    credit: seams.at('send-result.credit', outcome.credit),
    ...(showCampaignId ? { campaignId: outcome.campaignId } : {}),
  });
}

type TextOutcome = { ok: true; text: string } | { ok: false; detail: string };

/** Combining marks left by canonical decomposition: the accents of accented letters. */
const COMBINING_MARKS = /\p{M}/gu;
const stripAccents = (text: string): string => text.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
const hasAccents = (text: string): boolean => stripAccents(text) !== text.normalize('NFC');

/**
 * 4.2 message: "sent without accents (a to a, n-tilde to n), always as GSM-7; accents must not be
 * included". Ambiguity sms-accented-text: 'rejected' refuses accents; 'stripped' (and record-only,
 * where this server takes the same position) removes them. What is left must be GSM-7.
 */
function smsText(req: RawRequest, message: string): TextOutcome {
  const rejectAccents = req.server.options.choices['sms-accented-text'] === 'rejected';
  if (rejectAccents && hasAccents(message)) return { ok: false, detail: 'message: accents must not be included (section 4.2)' };
  const text = stripAccents(message);
  // 4.2 "always as GSM-7".
  if (req.server.seams.at('sms.refuses-non-gsm7', !isGsm7(text)))
    return { ok: false, detail: `message: only GSM-7 characters are allowed; not GSM-7: ${nonGsm7Characters(text).join(' ')}` };
  return { ok: true, text };
}

/** 2.2: "number is the recipient with country code" (12 digits with find_country_code=1 already). */
const withCountryCode = (number: string, findCountryCode: boolean, countryCode: string): string => (findCountryCode ? number : `${countryCode}${number}`);

/** 4.2 date: a scheduled send must be in the future (Mexico City wall time); undefined = now. */
function scheduledAt(req: RawRequest, date: string | undefined): { ok: true; at?: number } | { ok: false; detail: string } {
  if (date === undefined) return { ok: true };
  const at = parseMexicoDateTime(date);
  // 4.2 "must be in the future".
  if (at === undefined || req.server.seams.at('sms.refuses-past-date', at <= req.server.clock.now()))
    return { ok: false, detail: `date: ${date} (America/Mexico_City) must be in the future` };
  return { ok: true, at };
}

/** POST /sms/send once the body is valid. */
function sendSms(req: SendingRequest, input: SmsSendRequest): Reply {
  const text = smsText(req, input.message);
  if (!text.ok) return invalidParameters(req, 'message', text.detail);
  const when = scheduledAt(req, input.date);
  if (!when.ok) return invalidParameters(req, 'date', when.detail);
  // 4.2 find_country_code=1: the number already holds it.
  const findCc = req.server.seams.at('sms.numbers-include-country-code', isFlagSet(input.find_country_code));
  const numbers = splitRecipients(input.numbers).map((n) => withCountryCode(n, findCc, input.country_code ?? MEXICO_COUNTRY_CODE));
  // 4.2 sandbox: validations run and references are generated, nothing is charged (messaging.send).
  const send: SendRequest = {
    numbers,
    message: text.text,
    kind: 'sms',
    sandbox: isFlagSet(input.sandbox),
    ...(when.at !== undefined ? { sendAt: when.at } : {}),
  };
  return sendAndReply(req, send, wantsCampaignId(req));
}

/** The body's fields without the cross-field rules, to re-read a body refused by one of them. */
const SmsSendFields = z.object(SmsSendRequest.shape);

/**
 * Ambiguity sms-shorten-url-count: the schema holds the "exactly one URL" reading. Under
 * 'at-least-one' a body refused only for having several URLs is valid: every URL is shortened.
 */
function shortenUrlRelaxed(req: RawRequest, issues: readonly z.core.$ZodIssue[]): boolean {
  if (req.server.options.choices['sms-shorten-url-count'] !== 'at-least-one') return false;
  const onlyUrlCount = issues.every((i) => i.code === 'custom' && i.path.length === 1 && i.path[0] === 'message');
  const message = req.fields.message;
  return onlyUrlCount && typeof message === 'string' && urlsIn(message).length > 1;
}

function onSmsInvalid(req: SendingRequest, issues: readonly z.core.$ZodIssue[]): Reply {
  // 4.2, 8: sender at most 11, no scheduled sends in sandbox: the body is checked as sent; fields
  // that differ from the sent ones are checked afresh.
  const fields = req.server.seams.at('sms.checked-fields', req.fields);
  const retried = fields !== req.fields && SmsSendRequest.safeParse(fields);
  if (retried !== false && retried.success) return sendSms(req, retried.data);
  if (shortenUrlRelaxed(req, issues)) {
    const parsed = SmsSendFields.safeParse(req.fields);
    if (parsed.success) return sendSms(req, parsed.data);
  }
  return genericInvalid(req, issues);
}

/** GET /sms/send: "Sends a single SMS" to one national number of Mexico (4.2). */
function sendSingleSms(req: SendingRequest, input: z.output<typeof SmsSendQuery>): Reply {
  if (input.numbers.includes(',')) return invalidParameters(req, 'numbers', 'numbers: GET /sms/send sends a single SMS (one number)');
  const problem = recipientProblem(input.numbers.trim(), false);
  if (problem) return invalidParameters(req, 'numbers', `numbers: ${problem}`);
  const countryCode = input.country_code ?? MEXICO_COUNTRY_CODE;
  if (countryCode !== MEXICO_COUNTRY_CODE) return invalidParameters(req, 'country_code', 'country_code: Mexico only (52)');
  const text = smsText(req, input.message);
  if (!text.ok) return invalidParameters(req, 'message', text.detail);
  const send: SendRequest = { numbers: [withCountryCode(input.numbers.trim(), false, countryCode)], message: text.text, kind: 'sms', sandbox: false };
  return sendAndReply(req, send, wantsCampaignId(req));
}

export const smsHandlers: HandlerSet = {
  'sms/send': handler(SmsSendRequest, (ctx) => sendSms(ctx, ctx.input), onSmsInvalid),
  'sms/send-via-get': handler(SmsSendQuery, (ctx) => sendSingleSms(ctx, ctx.input)),
};
