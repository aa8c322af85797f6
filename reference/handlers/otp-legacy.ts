/**
 * 4.5 (with 2.10, 7.2): the legacy OTP set under /otp/*. One record per phone_number (country
 * code always 52), per account: pending until verified, expired once past its expiry (evaluated
 * lazily). Answers are the common envelope (2.1) with the codes of 7.2; texts follow locale (es
 * default, en) unless the response-language choice is spanish-only.
 */
import type { z } from 'zod';
import { parseMexicoDateTime } from '../../schemas/formats.ts';
import {
  DEFAULT_LEGACY_OTP_TEMPLATE,
  LegacyOtpResendRequest,
  LegacyOtpResetRequest,
  LegacyOtpSendRequest,
  LegacyOtpVerifyRequest,
  renderLegacyOtpTemplate,
} from '../../schemas/otp-legacy.ts';
import { limitById } from '../../schemas/limits.ts';
import { MEXICO_COUNTRY_CODE } from '../../schemas/sms.ts';
import { areaState, type Account } from '../accounts.ts';
import { DECLARED_VALUES } from '../declared-values.ts';
import { handler, type HandlerSet, type InvalidHandler, type RawRequest, type Reply, type RequestContext } from '../handler.ts';
import { legacyExpirationProblem } from '../otp-expiry.ts';
import { generateCode, RecordBook } from '../otp-v2-engine.ts';
import { genericInvalid } from '../pipeline.ts';
import { unnamedValidationCode } from '../error-latitudes.ts';
import { inCheckOrder, takesAlternate } from '../personality.ts';
import { fail, ok } from '../replies.ts';

type SendInput = z.output<typeof LegacyOtpSendRequest>;
type ResendInput = z.output<typeof LegacyOtpResendRequest>;
type VerifyInput = z.output<typeof LegacyOtpVerifyRequest>;
type ResetInput = z.output<typeof LegacyOtpResetRequest>;
type Locale = 'es' | 'en';

/** 7.2 validation_03 "attempts per hour exceeded": how many is not shown (the reference's choice, declared-values.ts). */
const LEGACY_WRONG_ATTEMPTS_PER_HOUR = DECLARED_VALUES.legacyOtpAttemptsPerHour;
/** 7.2 verification_11 "company too long": the length is not shown (the reference's choice, declared-values.ts). */
const LEGACY_COMPANY_MAX_LENGTH = DECLARED_VALUES.legacyOtpCompanyMax;

const HOUR_MS = 3_600_000;
const CODE_LENGTH = limitById('otp-legacy-code-length');
const EXPIRY = limitById('otp-legacy-expiry');
/** 4.5 code_type: "default alphanumeric". */
const DEFAULT_CODE_TYPE = 'alphanumeric';

interface LegacyRecord {
  code: string;
  /** The company of the last send or resend: the text of a restarted verification names it (alternate reset). */
  company: string;
  expiresAt: number;
  verifiedAt?: number;
  /** Instants of wrong verify attempts within the last hour (validation_03). */
  wrongAttempts: number[];
}

type LegacyState = 'none' | 'pending' | 'verified' | 'expired';

const legacyStateOf = (record: LegacyRecord | undefined, now: number): LegacyState =>
  !record ? 'none' : record.verifiedAt !== undefined ? 'verified' : now >= record.expiresAt ? 'expired' : 'pending';

/** Since when a record has been settled (verified or expired), for retention. */
const legacyStaleSince = (record: LegacyRecord, now: number): number | undefined =>
  record.verifiedAt ?? (now >= record.expiresAt ? record.expiresAt : undefined);

const legacyBook = (account: Account): RecordBook<LegacyRecord> => areaState(account, 'otp-legacy', () => new RecordBook<LegacyRecord>(legacyStaleSince));

// ---------------------------------------------------------------------------------------------
// Texts (response-language: locale es default, en).
// ---------------------------------------------------------------------------------------------

const TEXTS: Readonly<Record<string, { es: string; en: string }>> = {
  generated: { es: 'Codigo generado correctamente', en: 'Code successfully generated' },
  verification_03: {
    es: 'Ya se envio un codigo a este numero; pendiente de verificacion',
    en: 'A code was already sent to this number; awaiting verification',
  },
  verification_04: { es: 'El usuario ya esta verificado', en: 'The user is already verified' },
  verification_05: { es: 'Error al enviar el codigo: creditos insuficientes (sms_07)', en: 'Error sending the code: insufficient credits (sms_07)' },
  verification_02: { es: 'El codigo expiro', en: 'The code expired' },
  verification_07: { es: 'Numero incorrecto', en: 'Wrong number' },
  verification_08: { es: 'Codigo de pais incorrecto', en: 'Wrong country code' },
  verification_09: { es: 'Longitud de codigo no permitida', en: 'Code length not allowed' },
  verification_11: {
    es: `El nombre de la empresa es demasiado largo (maximo ${LEGACY_COMPANY_MAX_LENGTH})`,
    en: `Company too long (at most ${LEGACY_COMPANY_MAX_LENGTH} characters)`,
  },
  verification_12: { es: 'Parametro voice incorrecto', en: 'Bad voice parameter' },
  verification_13: { es: 'Fecha de expiracion incorrecta', en: 'Bad expiration date' },
  verification_14: { es: 'Parametro reset_code incorrecto', en: 'Bad reset_code parameter' },
  verification_15: { es: 'Parametro code_type incorrecto', en: 'Bad code_type parameter' },
  verification_20: { es: 'La empresa es obligatoria', en: 'Company is required' },
  verification_25: {
    es: 'El codigo expiro sin ser validado; es necesario reiniciar la verificacion',
    en: 'The code expired without validation; restart the verification',
  },
  template_required: { es: 'El parametro template es obligatorio', en: 'The template parameter is required' },
  validation_01: { es: 'Usuario verificado correctamente', en: 'User successfully verified' },
  validation_02: { es: 'El codigo expiro', en: 'The code expired' },
  validation_03: { es: 'Se excedio el numero de intentos por hora', en: 'Attempts per hour exceeded' },
  validation_04: { es: 'No existe registro para este numero', en: 'No record for this number' },
  validation_05: { es: 'Codigo incorrecto', en: 'Wrong code' },
  validation_06: { es: 'El usuario ya fue verificado', en: 'The user was already verified' },
  validation_07: { es: 'Numero incorrecto', en: 'Wrong number' },
  validation_08: { es: 'Falta el codigo de verificacion', en: 'Verification code missing' },
  reset: { es: 'Verificacion reiniciada', en: 'Verification reset' },
};

/** The request's locale, from the parsed input or the raw fields (validation answers). */
function localeOf(req: RawRequest, locale?: unknown): Locale {
  if (req.server.options.choices['response-language'] === 'spanish-only') return 'es';
  const given = locale ?? req.fields.locale;
  return given === 'en' ? 'en' : 'es';
}

const textOf = (key: string, locale: Locale): string => TEXTS[key]?.[locale] ?? key;

/** A 7.2 error in the envelope. */
const legacyFail = (req: RawRequest, code: string, locale: Locale, detail?: string): Reply =>
  fail(req, code, detail ? `${textOf(code, locale)}: ${detail}` : textOf(code, locale));

// ---------------------------------------------------------------------------------------------
// Validation answers (7.2): the field of the first issue names the code.
// ---------------------------------------------------------------------------------------------

const SEND_CODE_BY_FIELD: Readonly<Record<string, string>> = {
  phone_number: 'verification_07',
  country_code: 'verification_08',
  code_length: 'verification_09',
  company: 'verification_20',
  voice: 'verification_12',
  expiration_date: 'verification_13',
  reset_code: 'verification_14',
  code_type: 'verification_15',
};

const VERIFY_CODE_BY_FIELD: Readonly<Record<string, string>> = { phone_number: 'validation_07', verification_code: 'validation_08' };

/** Maps the first issue on a field with a 7.2 code to that code; other fields get the generic answer. */
const invalidBy =
  (codes: Readonly<Record<string, string>>): InvalidHandler =>
  (req, issues) => {
    // Latitude check-order: the issues in the order of the field table, or (alternate) the reverse.
    for (const issue of inCheckOrder(req.server.options, issues)) {
      const field = String(issue.path[0] ?? '');
      const code = codes[field];
      if (code) return legacyFail(req, code, localeOf(req), `${field}: ${issue.message}`);
    }
    return genericInvalid(req, issues);
  };

// ---------------------------------------------------------------------------------------------
// Sending (send and resend).
// ---------------------------------------------------------------------------------------------

/** 4.5 expiration_date: format, future, at most 3 days ahead; default 24 h. 'bad' → verification_13. */
function legacyExpiry(text: string | undefined, now: number): number | 'bad' | undefined {
  if (text === undefined) return undefined;
  if (legacyExpirationProblem(text, now)) return 'bad';
  const at = parseMexicoDateTime(text);
  return at === undefined || at <= now ? 'bad' : at;
}

const defaultExpiry = (now: number): number => now + EXPIRY.default! * HOUR_MS;

/** The checks send and resend share: template (ambiguity otp-legacy-template-required), company, expiry. */
function commonProblem(ctx: RequestContext<SendInput | ResendInput>, locale: Locale, now: number): Reply | undefined {
  const checks: (() => Reply | undefined)[] = [
    () =>
      ctx.server.options.choices['otp-legacy-template-required'] === 'required' && ctx.input.template === undefined
        ? fail(ctx, unnamedValidationCode(ctx, 'template'), textOf('template_required', locale))
        : undefined,
    () => (ctx.input.company.length > LEGACY_COMPANY_MAX_LENGTH ? legacyFail(ctx, 'verification_11', locale) : undefined),
    () => (legacyExpiry(ctx.input.expiration_date, now) === 'bad' ? legacyFail(ctx, 'verification_13', locale) : undefined),
  ];
  // Latitude check-order: template, company, expiry; or (alternate) the reverse.
  for (const check of inCheckOrder(ctx.server.options, checks)) {
    const problem = check();
    if (problem) return problem;
  }
  return undefined;
}

/**
 * 7.2: a send to a number that already has a record. Pending → verification_03, verified → _04,
 * expired → verification_25 (ambiguity otp-legacy-expired-send-code; _02 when chosen).
 */
function blockedBy(state: LegacyState, ctx: RawRequest, locale: Locale, pendingBlocks: boolean): Reply | undefined {
  if (state === 'verified') return legacyFail(ctx, 'verification_04', locale);
  if (state === 'expired')
    return legacyFail(ctx, ctx.server.options.choices['otp-legacy-expired-send-code'] === 'verification_02' ? 'verification_02' : 'verification_25', locale);
  if (state === 'pending' && pendingBlocks) return legacyFail(ctx, 'verification_03', locale);
  return undefined;
}

interface Delivery {
  code: string;
  expiresAt: number;
  /** 4.5 resend: voice places a call; whatsapp without an instance falls back to SMS. */
  fallback: boolean;
  channel: 'sms' | 'voice';
  wrongAttempts: number[];
}

/** Sends the rendered template, stores the record and answers verification_01 (2.10 fields). */
function deliver(ctx: RequestContext<SendInput | ResendInput>, d: Delivery, locale: Locale): Reply {
  const input = ctx.input;
  const text = renderLegacyOtpTemplate(input.template ?? DEFAULT_LEGACY_OTP_TEMPLATE, { company: input.company, code: d.code });
  const number = `${MEXICO_COUNTRY_CODE}${input.phone_number}`;
  const outcome = ctx.server.messaging.send(ctx.account, { numbers: [number], message: text, kind: 'otp', sandbox: false, name: `otp-legacy-${d.channel}` });
  if (!outcome.ok) return legacyFail(ctx, 'verification_05', locale);
  const now = ctx.server.clock.now();
  legacyBook(ctx.account).put(input.phone_number, { code: d.code, company: input.company, expiresAt: d.expiresAt, wrongAttempts: d.wrongAttempts }, now);
  const message = ctx.server.options.choices['otp-legacy-send-success-message'] === 'any-text' ? textOf('generated', locale) : 'code_successfully_generated';
  return ok(
    ctx,
    {
      total_messages: outcome.references.length,
      number,
      credit: outcome.credit,
      // 4.5 reference "default true; returns the message reference"; when false, latitude unset-field: absent, or "" (alternate).
      ...(input.reference === false ? (takesAlternate(ctx.server.options) ? { reference: '' } : {}) : { reference: outcome.references[0]?.reference }),
      // 4.5 showcode=1 returns verification_code.
      ...(ctx.server.seams.at('otp-legacy.showcode-returns-code', input.showcode === 1 || input.showcode === '1') ? { verification_code: d.code } : {}),
      fallback: d.fallback,
    },
    { code: 'verification_01', message },
  );
}

/** POST /otp/send: a new code (default length 4, alphanumeric) for a number without a live record. */
function send(ctx: RequestContext<SendInput>): Reply {
  const now = ctx.server.clock.now();
  const locale = localeOf(ctx, ctx.input.locale);
  const problem = commonProblem(ctx, locale, now);
  if (problem) return problem;
  const record = legacyBook(ctx.account).get(ctx.input.phone_number, now);
  // 7.2 verification_03: a send while a code is pending is refused.
  const blocked = blockedBy(legacyStateOf(record, now), ctx, locale, ctx.server.seams.at('otp-legacy.pending-refuses-send', true));
  if (blocked) return blocked;
  const expiry = legacyExpiry(ctx.input.expiration_date, now);
  // 4.5, 8: legacy default code length 4.
  const defaultLength = ctx.server.seams.at('otp-legacy.send-default-code-length', CODE_LENGTH.default!);
  return deliver(
    ctx,
    {
      code: generateCode(ctx.input.code_length ?? defaultLength, ctx.input.code_type ?? DEFAULT_CODE_TYPE),
      expiresAt: typeof expiry === 'number' ? expiry : defaultExpiry(now),
      fallback: false,
      channel: 'sms',
      wrongAttempts: record?.wrongAttempts ?? [],
    },
    locale,
  );
}

/**
 * POST /otp/resend: the same code, or with reset_code=true a new one (code_length and code_type
 * only then). Server choices where 4.5 is silent: a number without a record gets a first code as
 * send would; a given expiration_date moves the expiry, otherwise a kept code keeps its expiry;
 * voice wins over whatsapp; the reference has no WhatsApp instance, so whatsapp falls back to SMS.
 */
function resend(ctx: RequestContext<ResendInput>): Reply {
  const now = ctx.server.clock.now();
  const input = ctx.input;
  const locale = localeOf(ctx, input.locale);
  const problem = commonProblem(ctx, locale, now);
  if (problem) return problem;
  const record = legacyBook(ctx.account).get(input.phone_number, now);
  const blocked = blockedBy(legacyStateOf(record, now), ctx, locale, false);
  if (blocked) return blocked;
  // 4.5 reset_code "true generates a new random code, false keeps the same".
  const renew = !record || ctx.server.seams.at('otp-legacy.resend-renews-code', input.reset_code === true);
  const expiry = legacyExpiry(input.expiration_date, now);
  const voice = input.voice === true;
  return deliver(
    ctx,
    {
      code: renew ? generateCode(input.code_length ?? CODE_LENGTH.default!, input.code_type ?? DEFAULT_CODE_TYPE) : record.code,
      expiresAt: typeof expiry === 'number' ? expiry : renew ? defaultExpiry(now) : record.expiresAt,
      // 4.5 whatsapp "needs an active WhatsApp instance, otherwise falls back to SMS"; 2.10 fallback.
      fallback: !voice && ctx.server.seams.at('otp-legacy.whatsapp-falls-back', input.whatsapp === true),
      channel: voice ? 'voice' : 'sms',
      wrongAttempts: record?.wrongAttempts ?? [],
    },
    locale,
  );
}

// ---------------------------------------------------------------------------------------------
// Verify and reset.
// ---------------------------------------------------------------------------------------------

/**
 * 4.5, 5.2: the codes verify looks in, those the key's own account sent. The seam stands for a
 * server that keeps them per number across accounts and finds another account's.
 */
function verifyBook(ctx: RequestContext<VerifyInput>, now: number): RecordBook<LegacyRecord> {
  const own = legacyBook(ctx.account);
  const phone = ctx.input.phone_number;
  if (ctx.server.seams.at('otp-legacy.verify-own-account-only', true) || own.get(phone, now) !== undefined) return own;
  return [...ctx.server.accounts.all()].map(legacyBook).find((b) => b.get(phone, now) !== undefined) ?? own;
}

/** 7.2 verify codes, in the order they are checked: no record, verified, expired, hourly limit, wrong code. */
function verify(ctx: RequestContext<VerifyInput>): Reply {
  const now = ctx.server.clock.now();
  const locale = localeOf(ctx, ctx.input.locale);
  const book = verifyBook(ctx, now);
  const record = book.get(ctx.input.phone_number, now);
  const state = legacyStateOf(record, now);
  if (!record || state === 'none') return legacyFail(ctx, 'validation_04', locale);
  // 7.2 validation_06 already verified, validation_02 expired.
  if (state === 'verified') return legacyFail(ctx, ctx.server.seams.at('otp-legacy.verified-verify-code', 'validation_06'), locale);
  if (state === 'expired') return legacyFail(ctx, ctx.server.seams.at('otp-legacy.expired-verify-code', 'validation_02'), locale);
  record.wrongAttempts = record.wrongAttempts.filter((at) => now - at < HOUR_MS);
  if (record.wrongAttempts.length >= LEGACY_WRONG_ATTEMPTS_PER_HOUR) return legacyFail(ctx, 'validation_03', locale);
  if (record.code !== ctx.input.verification_code) {
    record.wrongAttempts.push(now);
    return legacyFail(ctx, ctx.server.seams.at('otp-legacy.wrong-verify-code', 'validation_05'), locale);
  }
  book.put(ctx.input.phone_number, { ...record, verifiedAt: now }, now);
  return ok(ctx, { number: `${MEXICO_COUNTRY_CODE}${ctx.input.phone_number}` }, { code: 'validation_01', message: textOf('validation_01', locale) });
}

/**
 * POST /otp/reset (parameters and response not shown; ambiguity otp-reset-request-shape:
 * phone_number and country_code). 4.5 lists it only "as restarting an OTP verification", which
 * reads two ways (latitude legacy-reset-effect): the default invalidates the number's record so
 * that send starts afresh; the alternate restarts the verification, as the words say: a new code
 * (default length and type) is sent and charged, the number is pending again, its hourly wrong
 * attempts kept (7.2 validation_03 counts per hour). Server choices: the send codes
 * verification_07/_08 for a bad number or country code, and validation_04 for a number without a
 * record (nothing to restart).
 */
function reset(ctx: RequestContext<ResetInput>): Reply {
  const locale = localeOf(ctx);
  const phone = ctx.input.phone_number;
  if (typeof phone !== 'string' || !/^\d{10}$/.test(phone)) return legacyFail(ctx, 'verification_07', locale);
  if (String(ctx.input.country_code ?? '') !== MEXICO_COUNTRY_CODE) return legacyFail(ctx, 'verification_08', locale);
  const book = legacyBook(ctx.account);
  const now = ctx.server.clock.now();
  const record = book.get(phone, now);
  if (!record) return legacyFail(ctx, 'validation_04', locale);
  const number = `${MEXICO_COUNTRY_CODE}${phone}`;
  // Latitude legacy-reset-effect (4.5 "restarting an OTP verification"): the alternate restarts.
  if (takesAlternate(ctx.server.options)) return restart(ctx, phone, record, locale);
  book.delete(phone);
  return ok(ctx, { number }, { message: textOf('reset', locale) });
}

/** The alternate reset: a new code sent with template a for the record's company, the number pending again. */
function restart(ctx: RequestContext<ResetInput>, phone: string, record: LegacyRecord, locale: Locale): Reply {
  const now = ctx.server.clock.now();
  const code = generateCode(CODE_LENGTH.default!, DEFAULT_CODE_TYPE);
  const text = renderLegacyOtpTemplate(DEFAULT_LEGACY_OTP_TEMPLATE, { company: record.company, code });
  const number = `${MEXICO_COUNTRY_CODE}${phone}`;
  const outcome = ctx.server.messaging.send(ctx.account, { numbers: [number], message: text, kind: 'otp', sandbox: false, name: 'otp-legacy-reset' });
  if (!outcome.ok) return legacyFail(ctx, 'verification_05', locale);
  const wrongAttempts = record.wrongAttempts.filter((at) => now - at < HOUR_MS);
  legacyBook(ctx.account).put(phone, { code, company: record.company, expiresAt: defaultExpiry(now), wrongAttempts }, now);
  return ok(
    ctx,
    { number, total_messages: outcome.references.length, credit: outcome.credit, reference: outcome.references[0]?.reference },
    { message: textOf('reset', locale) },
  );
}

export const otpLegacyHandlers: HandlerSet = {
  'otp-legacy/send': handler(LegacyOtpSendRequest, send, invalidBy(SEND_CODE_BY_FIELD)),
  'otp-legacy/resend': handler(LegacyOtpResendRequest, resend, invalidBy(SEND_CODE_BY_FIELD)),
  'otp-legacy/verify': handler(LegacyOtpVerifyRequest, verify, invalidBy(VERIFY_CODE_BY_FIELD)),
  'otp-legacy/reset': handler(LegacyOtpResetRequest, reset),
};
