/**
 * 4.16 Legacy v1 SMS: GET /v1/sms/send and GET /v1/sms/send/multi with Spanish query parameters.
 * Success: Estatus=ok, mensaje, referencia (multi: respuestas, one item per number); error:
 * Estatus=error, mensaje, Codigo (7.4). apikey (Codigo 01, 10) is checked by the pipeline (5.5).
 *
 * The Codigo values are decided here from the raw parameters, in the order of 7.4, for both the
 * valid and the refused requests: the schema says whether a request is valid, this module says
 * which documented Codigo a refusal carries. Codigo 23 (user not authorized) has no documented
 * trigger, so this server never answers it (capability v1-unauthorized-user).
 */
import type { z } from 'zod';
import { LegacyV1SendMultiQuery, LegacyV1SendQuery } from '../../schemas/legacy-v1.ts';
import { limitById } from '../../schemas/limits.ts';
import { countryCode } from '../../schemas/sms.ts';
import { creditString } from '../accounts.ts';
import { isAbsent } from '../field-issues.ts';
import { handler, type HandlerSet, type Reply } from '../handler.ts';
import type { SendOutcome } from '../messaging.ts';
import type { ResolvedOptions } from '../options.ts';
import { inCheckOrder } from '../personality.ts';
import { v1Fail } from '../replies.ts';
import type { Seams } from '../seams.ts';
import type { SendingRequest } from './sms.ts';

const MESSAGE_MAX = limitById('v1-message-length').max!;
const BATCH_MAX = limitById('v1-batch-size').max!;
/** 4.16: "numcelular (req, 10 digits)"; 7.4 08: under 6 digits. */
const NUMBER_DIGITS = 10;
const NUMBER_MIN_DIGITS = 6;

/**
 * Refusals 7.4 gives no Codigo for (an invalid remitente, language or sandbox value): a code
 * outside the documented list, so that no documented Codigo is given a second meaning.
 */
const V1_OTHER_INVALID = '99';

type Codigo = '02' | '03' | '04' | '05' | '06' | '07' | '08' | '13' | '14' | '15' | '21' | '22' | typeof V1_OTHER_INVALID;
type Lang = 'es' | 'en';
interface Problem {
  codigo: Codigo;
  detail?: string;
}

/** The texts of 7.4 in both languages of 4.16 (language: es default, en). */
const TEXTS: Record<Codigo | 'sent', Record<Lang, string>> = {
  sent: { es: 'Mensaje enviado', en: 'Message sent' },
  '02': { es: 'Falta el mensaje', en: 'The message is missing' },
  '03': { es: `El mensaje excede ${MESSAGE_MAX} caracteres`, en: `The message is over ${MESSAGE_MAX} characters` },
  '04': { es: 'Falta el numero celular', en: 'The mobile number is missing' },
  '05': { es: 'El numero celular no es numerico', en: 'The mobile number is not numeric' },
  '06': { es: 'Falta la region (numregion)', en: 'The region (numregion) is missing' },
  '07': { es: `El numero celular no tiene ${NUMBER_DIGITS} digitos`, en: `The mobile number does not have ${NUMBER_DIGITS} digits` },
  '08': { es: `El numero celular tiene menos de ${NUMBER_MIN_DIGITS} digitos`, en: `The mobile number has fewer than ${NUMBER_MIN_DIGITS} digits` },
  '13': { es: 'Credito insuficiente. Credito actual', en: 'Insufficient credit. Current credit' },
  '14': { es: `No se pueden enviar mas de ${BATCH_MAX} mensajes a la vez`, en: `More than ${BATCH_MAX} messages at once` },
  '15': { es: 'Numero repetido', en: 'Repeated number' },
  '21': { es: 'Doble coma en numcelular', en: 'Double comma in numcelular' },
  '22': { es: 'Se alcanzo el limite diario de envios en sandbox', en: 'Sandbox daily limit reached' },
  [V1_OTHER_INVALID]: { es: 'Parametro invalido', en: 'Invalid parameter' },
};

/** 4.16 language (es default, en) against 9 "always in Spanish": ambiguity response-language. */
function languageOf(req: SendingRequest): Lang {
  if (req.server.options.choices['response-language'] === 'spanish-only') return 'es';
  return req.fields.language === 'en' ? 'en' : 'es';
}

const textOf = (codigo: Codigo | 'sent', lang: Lang, detail?: string): string => (detail ? `${TEXTS[codigo][lang]}: ${detail}` : TEXTS[codigo][lang]);
const refuse = (req: SendingRequest, lang: Lang, p: Problem): Reply => v1Fail(req, p.codigo, textOf(p.codigo, lang, p.detail));
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** 7.4 02, 03. */
function messageProblem(mensaje: unknown, seams: Seams): Problem | undefined {
  if (typeof mensaje !== 'string' || mensaje === '') return { codigo: '02' };
  // 7.4 03 over 160.
  if (mensaje.length > seams.at('v1.message-max', MESSAGE_MAX)) return { codigo: '03' };
  return undefined;
}

/** 7.4 04, 05: present, and digits only. */
function numberPresenceProblem(numcelular: unknown): Problem | undefined {
  if (isAbsent(numcelular)) return { codigo: '04' };
  if (typeof numcelular !== 'string' || !/^\d+$/.test(numcelular)) return { codigo: '05', detail: String(numcelular) };
  return undefined;
}

/** 7.4 08 before 07, so that an input under 6 digits answers 08 rather than 07. */
function numberLengthProblem(numcelular: string, seams: Seams): Problem | undefined {
  // 7.4: 08 under 6 digits.
  if (seams.at('v1.refuses-short-number', numcelular.length < NUMBER_MIN_DIGITS)) return { codigo: '08', detail: numcelular };
  if (numcelular.length !== NUMBER_DIGITS) return { codigo: '07', detail: numcelular };
  return undefined;
}

/** One number of either path: 04, 05, 08, 07. */
const numberProblem = (numcelular: unknown, seams: Seams): Problem | undefined =>
  numberPresenceProblem(numcelular) ?? numberLengthProblem(str(numcelular), seams);

/** 7.4 06: "region missing"; a region that is not a country code is as good as missing. */
const regionProblem = (numregion: unknown): Problem | undefined =>
  typeof numregion === 'string' && countryCode.safeParse(numregion).success ? undefined : { codigo: '06' };

/** The optional parameters of 4.16, which 7.4 gives no Codigo for. */
function optionalProblem(fields: Record<string, unknown>): Problem | undefined {
  for (const name of ['remitente', 'language', 'sandbox'] as const)
    if (!LegacyV1SendQuery.shape[name].safeParse(fields[name]).success) return { codigo: V1_OTHER_INVALID, detail: name };
  return undefined;
}

/** The first problem the checks find, in the order given. */
function firstProblem(checks: readonly (() => Problem | undefined)[]): Problem | undefined {
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return undefined;
}

/**
 * 7.4 order for the single send: 02, 03, 04, 05, 06, 08/07, then the optional parameters
 * (latitude check-order: the alternate personality checks them in reverse; the length is only
 * measured on a number of digits, so a missing or non-numeric one still answers 04 or 05).
 */
function singleProblem(fields: Record<string, unknown>, seams: Seams, options: ResolvedOptions): Problem | undefined {
  const numcelular = fields.numcelular;
  const digitsOnly = typeof numcelular === 'string' && /^\d+$/.test(numcelular);
  return firstProblem(
    inCheckOrder(options, [
      () => messageProblem(fields.mensaje, seams),
      () => numberPresenceProblem(numcelular),
      () => regionProblem(fields.numregion),
      () => (digitsOnly ? numberLengthProblem(str(numcelular), seams) : undefined),
      () => optionalProblem(fields),
    ]),
  );
}

/** 7.4 batch codes, in their order: 14 more than 500, 15 repeated number, 21 double comma. */
function batchProblem(numcelular: string, seams: Seams): Problem | undefined {
  const numbers = numcelular.split(',').filter((n) => n !== '');
  // 8: at most 500; 7.4 15 repeats, 21 double commas.
  if (numbers.length > seams.at('v1.batch-max', BATCH_MAX)) return { codigo: '14', detail: String(numbers.length) };
  const repeated = numbers.find((n, i) => numbers.indexOf(n) !== i);
  if (seams.at('v1.refuses-repeated-number', repeated !== undefined)) return { codigo: '15', detail: repeated };
  if (seams.at('v1.refuses-double-comma', numcelular.includes(',,'))) return { codigo: '21' };
  return undefined;
}

/**
 * What refuses the whole batch: 02, 03, 04 (numcelular missing), 05 (not a list of text), 06, then
 * the batch codes. A number of the list that is itself wrong becomes an error item (4.16).
 */
function multiProblem(fields: Record<string, unknown>, seams: Seams, options: ResolvedOptions): Problem | undefined {
  const numcelular = fields.numcelular;
  const listProblem = isAbsent(numcelular) ? { codigo: '04' as const } : typeof numcelular !== 'string' ? { codigo: '05' as const } : undefined;
  // Latitude check-order: as singleProblem.
  return firstProblem(
    inCheckOrder(options, [
      () => messageProblem(fields.mensaje, seams),
      () => listProblem,
      () => regionProblem(fields.numregion),
      () => batchProblem(str(numcelular), seams),
      () => optionalProblem(fields),
    ]),
  );
}

/** 7.4 13 (with the current credit) and 22. */
function sendRefusal(req: SendingRequest, lang: Lang, reason: Extract<SendOutcome, { ok: false }>['reason']): Reply {
  if (reason === 'sandbox-limit') return refuse(req, lang, { codigo: '22' });
  // 7.4 13: "message includes current credit".
  return refuse(req, lang, { codigo: '13', detail: req.server.seams.at('v1.insufficient-credit-detail', creditString(req.account.balance)) });
}

/** The message of a valid request; 4.16 sandbox=1 charges nothing (messaging.send). */
const sendOf = (fields: Record<string, unknown>, numbers: string[]) => ({
  numbers: numbers.map((n) => `${str(fields.numregion)}${n}`),
  message: str(fields.mensaje),
  kind: 'v1' as const,
  sandbox: fields.sandbox === '1',
});

const issuesText = (issues: readonly z.core.$ZodIssue[]): string => issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

/** GET /v1/sms/send; `issues` when the schema refused the request. */
function v1Single(req: SendingRequest, issues?: readonly z.core.$ZodIssue[]): Reply {
  const lang = languageOf(req);
  const problem =
    singleProblem(req.fields, req.server.seams, req.server.options) ?? (issues ? { codigo: V1_OTHER_INVALID, detail: issuesText(issues) } : undefined);
  if (problem) return refuse(req, lang, problem);
  const outcome = req.server.messaging.send(req.account, sendOf(req.fields, [str(req.fields.numcelular)]));
  if (!outcome.ok) return sendRefusal(req, lang, outcome.reason);
  return { status: 200, body: { Estatus: 'ok', mensaje: textOf('sent', lang), referencia: outcome.references[0]!.reference, request_id: req.requestId } };
}

/** One item of respuestas per number of the list, in its order (4.16). */
function multiItems(
  entries: readonly string[],
  problems: readonly (Problem | undefined)[],
  references: readonly string[],
  lang: Lang,
): Record<string, string>[] {
  let sent = 0;
  return entries.map((numcelular, i): Record<string, string> => {
    const p = problems[i];
    if (p) return { Estatus: 'error', mensaje: textOf(p.codigo, lang, p.detail), Codigo: p.codigo, numcelular };
    return { Estatus: 'ok', mensaje: textOf('sent', lang), referencia: references[sent++]!, numcelular };
  });
}

/**
 * GET /v1/sms/send/multi; `issues` when the schema refused the request. A batch refused only for
 * some of its numbers is sent to the others, the refused ones answering error items.
 */
function v1Multi(req: SendingRequest, issues?: readonly z.core.$ZodIssue[]): Reply {
  const lang = languageOf(req);
  const problem =
    multiProblem(req.fields, req.server.seams, req.server.options) ??
    (issues?.some((i) => i.path[0] !== 'numcelular') ? { codigo: V1_OTHER_INVALID, detail: issuesText(issues) } : undefined);
  if (problem) return refuse(req, lang, problem);
  const entries = str(req.fields.numcelular).split(',');
  const problems = entries.map((n) => numberProblem(n, req.server.seams));
  const valid = entries.filter((_, i) => problems[i] === undefined);
  let references: string[] = [];
  if (valid.length > 0) {
    const outcome = req.server.messaging.send(req.account, sendOf(req.fields, valid));
    if (!outcome.ok) return sendRefusal(req, lang, outcome.reason);
    references = outcome.references.map((r) => r.reference);
  }
  return { status: 200, body: { respuestas: multiItems(entries, problems, references, lang), request_id: req.requestId } };
}

export const legacyV1Handlers: HandlerSet = {
  'legacy-v1/send': handler(
    LegacyV1SendQuery,
    (ctx) => v1Single(ctx),
    (req, issues) => v1Single(req, issues),
  ),
  'legacy-v1/send-multi': handler(
    LegacyV1SendMultiQuery,
    (ctx) => v1Multi(ctx),
    (req, issues) => v1Multi(req, issues),
  ),
};
