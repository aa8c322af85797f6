/**
 * The error body schemas of the responses, narrowed so that every documented result code appears
 * as an enum value: the common body of 2.1 with `code`, the current OTP body of 4.4 with `error`,
 * the legacy v1 body of 4.16 with `Codigo`.
 */
import { z } from 'zod';
import { ErrorBody, OtpErrorBody, errorBodyWithCodes } from '../schemas/envelope.ts';
import { LegacyV1ErrorBody } from '../schemas/legacy-v1.ts';

export type Codes = readonly [string, ...string[]];

export function nonEmpty(codes: readonly string[]): Codes | undefined {
  const [first, ...rest] = codes;
  return first === undefined ? undefined : [first, ...rest];
}

/**
 * `code` of a common error body that names `codes` and admits any other code: 7.1 lists a
 * "<validation code>" among the common errors of all endpoints whose value is "not shown" (latitude
 * unnamed-codes), and 5.3 gives the refusal of a key that is not the manager key no code. The
 * documented codes stay in the schema as an enum, for readers and for client autocompletion.
 */
const openCode = (codes: Codes) =>
  z.union([z.enum(codes), z.string()]).meta({ description: 'One of the codes listed, or a code the document does not name (section 7.1)' });

/** A component schema: the common error body (2.1) restricted to `codes`, under the name `id`. */
export const namedEnvelopeErrorBody = (id: string, codes: Codes, description: string): z.ZodType => errorBodyWithCodes(codes).meta({ id, description });

/** A component schema: the common error body (2.1) naming `codes` and admitting others (see openCode). */
export const namedOpenEnvelopeErrorBody = (id: string, codes: Codes, description: string): z.ZodType =>
  ErrorBody.extend({ code: openCode(codes) }).meta({ id, description });

/** The common error body (2.1) naming `codes` and admitting others (see openCode). */
export const envelopeErrorBody = (codes: Codes): z.ZodType => ErrorBody.extend({ code: openCode(codes) });

/** The current OTP error body (4.4) restricted to the `error` slugs `codes`. */
export const otpErrorBody = (codes: Codes): z.ZodType => OtpErrorBody.extend({ error: z.enum(codes) });

/**
 * The legacy v1 error body (4.16) naming the `Codigo` values `codes` (7.4) and admitting others: 4.16
 * states a bound 7.4 gives no Codigo for (remitente "max 11 alphanumeric"), so a refusal of it
 * carries a code the document does not name, as 7.1's validation codes of all endpoints are "not
 * shown". The document writes the codes with two digits and does not say whether Codigo is a
 * string or a number (schemas/legacy-v1.ts accepts both), so a number is admitted too.
 */
export const legacyV1ErrorBody = (codes: Codes): z.ZodType =>
  LegacyV1ErrorBody.extend({
    Codigo: z
      .union([z.enum(codes), z.string(), z.number().int()])
      .meta({ description: 'One of the Codigo values listed (section 7.4), or a code the document does not name (a refusal 7.4 gives no code for)' }),
  });
