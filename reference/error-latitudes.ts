/**
 * What the document leaves open in error answers outside the current OTP set, decided in one place
 * (replies.ts asks here): the HTTP status of errors whose status is not stated (latitude
 * unstated-error-status, through ambiguity business-error-http-status), the fields beyond the
 * documented ones (latitude extra-fields) and the codes of validation failures the document does
 * not name (latitude unnamed-codes). The default personality answers as before: HTTP 200, only the
 * documented fields, invalid_parameters.
 */
import type { RawRequest } from './handler.ts';
import { takesAlternate } from './personality.ts';

/**
 * 7.1 "<validation code> | 200" is the body's status; 7.2 gives sms_07 and the codes of agendas,
 * reports and webhooks no HTTP status at all. Under 'http-4xx' each refusal gets the 4xx a client
 * expects for its cause.
 */
const NOT_FOUND = new Set([
  // 7.2: list, campaign, webhook or legacy OTP record that does not exist.
  'err_01',
  'err_03',
  'details_03',
  'status_webhook_04',
  'validation_04',
  // The server's own codes for a missing resource (7.1: not shown).
  'contact_not_found',
  'wallet_not_found',
  'wallet_contact_not_found',
  'loyalty_not_found',
  'loyalty_contact_not_found',
  'usertool_not_found',
  'employee_not_found',
  'subaccount_not_found',
]);
const CONFLICT = new Set([
  'agenda_03',
  'verification_03',
  'verification_04',
  'validation_06',
  'employee_name_taken',
  'employee_number_taken',
  'employee_password_taken',
  'subaccount_exists',
  'wallet_contact_exists',
  'loyalty_contact_exists',
]);
/** Limits reached: the sandbox quota of 8, report_05, validation_03 (attempts per hour). */
const TOO_MANY = new Set(['sandbox_limit', 'report_05', 'validation_03', 'quota_exceeded']);
/**
 * 7.2 sms_07 and what stands for it (legacy OTP verification_05 "error sending": the balance was
 * short), and the server's own codes of a balance too small (4.8 a redeem, 4.11 a withdrawal or an
 * assignment beyond master_credit; 7.1: not shown).
 */
const PAYMENT_REQUIRED = new Set(['sms_07', 'verification_05', 'wallet_insufficient_balance', 'subaccount_credit_insufficient', 'master_credit_insufficient']);

/** The 4xx a client expects for a refusal that is not invalid input, by its cause; undefined for invalid input. */
function causeStatus(code: string): number | undefined {
  if (PAYMENT_REQUIRED.has(code)) return 402;
  if (NOT_FOUND.has(code)) return 404;
  if (CONFLICT.has(code)) return 409;
  if (TOO_MANY.has(code)) return 429;
  return undefined;
}

/**
 * The HTTP status of an envelope error whose body status is 200. Two decisions, one per reading of
 * 7.1: its "<validation code> | 200" speaks of invalid input, whose HTTP status is ambiguity
 * business-error-http-status ('http-4xx': 400); a missing resource, a duplicate, a short balance or
 * a limit is not said to be a validation failure and has no stated status (latitude
 * unstated-error-status, 7.1, 7.2): the alternate, and 'http-4xx', answer the 404, 409, 402 or 429 of
 * its cause, whatever the validation status is. So `--ambiguity business-error-http-status=http-200`
 * on the alternate answers invalid input with 200 and a duplicate with 409, as real servers do.
 */
export function businessErrorHttpStatus(req: RawRequest, code: string): number {
  const choice = req.server.options.choices['business-error-http-status'];
  const byCause = causeStatus(code);
  if (byCause !== undefined) return choice === 'http-4xx' || takesAlternate(req.server.options) ? byCause : 200;
  return choice === 'http-4xx' ? 400 : 200;
}

/**
 * The body status that goes with it: 7.1 fixes 200 in the body for validation failures (HTTP 400
 * here); for the other causes nothing states a body status, and 2.1 calls it "the status code
 * repeated inside the body".
 */
export const businessErrorBodyStatus = (httpStatus: number): number => (httpStatus === 400 ? 200 : httpStatus);

/** 7.4 gives the v1 Codigos no HTTP status either; under 'http-4xx' each gets one by its cause. */
export function v1ErrorHttpStatus(req: RawRequest, codigo: string): number {
  if (req.server.options.choices['business-error-http-status'] !== 'http-4xx') return 200;
  // 7.4: 01 apikey missing, 10 apikey wrong; 13 insufficient credit; 14 / 22 limits; 23 not authorized.
  if (codigo === '01' || codigo === '10') return 401;
  if (codigo === '13') return 402;
  if (codigo === '23') return 403;
  if (codigo === '22') return 429;
  return 400;
}

/**
 * Latitude extra-fields (2: each resource lists its fields, nothing forbids others): the alternate
 * adds a `details` object to error bodies (and the envelope ones a `hint`). Never a field the
 * document makes conditional (code, verification_code, campaignId, master_credit).
 */
export function extraErrorFields(req: RawRequest, withHint: boolean, section: string = req.op.section): Record<string, unknown> {
  if (!takesAlternate(req.server.options)) return {};
  const details = { operation: req.op.operationId, section };
  return withHint ? { hint: `See section ${section} of the Messaging Service API`, details } : { details };
}

/** The default code of validation failures the document does not name (7.1). */
const INVALID_PARAMETERS_CODE = 'invalid_parameters';

/**
 * Latitude unnamed-codes (7.1 "code value for ... validation failures: not shown"): the default
 * answers invalid_parameters, the alternate a code per field (validation_number, ...).
 */
export function unnamedValidationCode(req: RawRequest, field: string | undefined): string {
  if (!takesAlternate(req.server.options)) return INVALID_PARAMETERS_CODE;
  const name = (field ?? 'body')
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 40);
  return `validation_${name || 'body'}`;
}
