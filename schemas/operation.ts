/**
 * The shape of an operation definition. Each area module defines its operations with this; the
 * registry (operations.ts) gathers them and adds what other tables already say of them (the result
 * codes of error-codes.ts, the limits of limits.ts), so that nothing is written twice.
 */
import type { z } from 'zod';
import type { AmbiguityId } from './ambiguities.ts';
import type { AreaId } from './areas.ts';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * - account: the account's key in the header apikey, or as a body field (5.1);
 * - manager: the manager (administrator) key (5.3);
 * - v1-parameter: apikey as a request parameter (5.5).
 */
export type AuthKind = 'account' | 'manager' | 'v1-parameter';

/** Which error body the operation answers with: 2.1, 4.4 or 4.16. */
export type ErrorBodyKind = 'envelope' | 'otp-v2' | 'legacy-v1';

export interface OperationDefinition {
  /** `area/verb-noun`, one scheme for every operation. */
  operationId: string;
  method: HttpMethod;
  path: string;
  area: AreaId;
  summary: string;
  description: string;
  section: string;
  auth: AuthKind;
  request: {
    body?: z.ZodType;
    query?: z.ZodObject;
    params?: z.ZodObject;
  };
  success: {
    /** HTTP statuses of a success (4.4: 201 for created, 200 for resent and restarted). */
    httpStatus: readonly number[];
    /** The documented `code`, where the document states one. */
    code?: string;
    /** The documented `message`, where the document states one. */
    message?: string;
    schema: z.ZodType;
    /** One example body per success status (keys: a short example name). */
    examples: Readonly<Record<string, { status: number; summary: string; value: unknown }>>;
  };
  errorBody: ErrorBodyKind;
  ambiguities: readonly AmbiguityId[];
  /** Set when the document does not show the operation's shape (4.15, and parts of 4.4, 4.5). */
  notShown?: string;
  /** Whether the operation sends a message (and so may charge credits and emit events). */
  sends?: boolean;
  /** Whether the operation accepts sandbox (and so must charge nothing with it). */
  sandbox?: boolean;
}
