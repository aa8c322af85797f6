/**
 * The error body schemas of the responses, narrowed so that every documented result code appears
 * as an enum value: the common body of 2.1 with `code`, the current OTP body of 4.4 with `error`,
 * the legacy v1 body of 4.16 with `Codigo`.
 */
import { z } from 'zod';
import { OtpErrorBody, errorBodyWithCodes } from '../schemas/envelope.ts';
import { LegacyV1ErrorBody } from '../schemas/legacy-v1.ts';

export type Codes = readonly [string, ...string[]];

export function nonEmpty(codes: readonly string[]): Codes | undefined {
  const [first, ...rest] = codes;
  return first === undefined ? undefined : [first, ...rest];
}

/** A component schema: the common error body (2.1) restricted to `codes`, under the name `id`. */
export const namedEnvelopeErrorBody = (id: string, codes: Codes, description: string): z.ZodType =>
  errorBodyWithCodes(codes).meta({ id, description });

/** The common error body (2.1) restricted to `codes`. */
export const envelopeErrorBody = (codes: Codes): z.ZodType => errorBodyWithCodes(codes);

/** The current OTP error body (4.4) restricted to the `error` slugs `codes`. */
export const otpErrorBody = (codes: Codes): z.ZodType => OtpErrorBody.extend({ error: z.enum(codes) });

/** The legacy v1 error body (4.16) restricted to the `Codigo` values `codes` (7.4). */
export const legacyV1ErrorBody = (codes: Codes): z.ZodType => LegacyV1ErrorBody.extend({ Codigo: z.enum(codes) });
