/**
 * The error responses every operation shares, written once under components/responses and
 * referenced by the operations: the authentication errors of section 5 (one per HTTP status of its
 * table) and rate_01 (7.1, 8). An operation whose status also carries its own errors (the current
 * OTP set: 401, 410, 429) gets them inline, merged with these.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { ResponseObject } from 'openapi3-ts/oas31';
import type { z } from 'zod';
import { RESULT_CODES, resultCode, type ResultCode } from '../schemas/error-codes.ts';
import { namedEnvelopeErrorBody, namedOpenEnvelopeErrorBody, nonEmpty } from './error-bodies.ts';
import { envelopeErrorExample } from './error-examples.ts';
import type { NamedExample, ResponseAlternative } from './responses.ts';

export interface SharedResponse {
  status: number;
  schemaId: string;
  alternative: ResponseAlternative & { component: string };
}

export const codeList = (codes: readonly ResultCode[], label = (c: ResultCode) => `\`${c.code}\``): string =>
  codes.map((c) => `- ${label(c)}: ${c.meaning}`).join('\n');

export const examplesOf = (codes: readonly ResultCode[], make: (c: ResultCode) => NamedExample): Record<string, NamedExample> =>
  Object.fromEntries(codes.map((c) => [c.family === 'legacy-v1' ? `codigo_${c.code}` : c.code, make(c)]));

/** Shared bodies have their status in `bodyStatus` (5, 7.1), so their examples do not depend on the area. */
const sharedExample = (c: ResultCode): NamedExample => envelopeErrorExample(c, 'auth');

const AUTH_NAMES: Readonly<Record<number, string>> = { 401: 'Unauthorized', 403: 'Forbidden', 410: 'Gone' };

function authResponses(): SharedResponse[] {
  const byStatus = new Map<number, ResultCode[]>();
  for (const c of RESULT_CODES) {
    if (c.family === 'auth' && c.httpStatus !== undefined) byStatus.set(c.httpStatus, [...(byStatus.get(c.httpStatus) ?? []), c]);
  }
  return [...byStatus].map(([status, codes]) => {
    const enumCodes = nonEmpty(codes.map((c) => c.code));
    if (!enumCodes) throw new Error(`no auth code for ${status}`);
    const schemaId = `AuthError${status}Body`;
    return {
      status,
      schemaId,
      alternative: {
        component: `Auth${AUTH_NAMES[status] ?? status}`,
        // 5.3 gives the refusal of a key that is not the manager key no code (nor status): a 403
        // may carry a code of the server's own, so that body admits other codes.
        schema: (status === 403 ? namedOpenEnvelopeErrorBody : namedEnvelopeErrorBody)(
          schemaId,
          enumCodes,
          `Authentication error answered with HTTP ${status} (section 5)`,
        ),
        description: [
          `Authentication error (section 5), HTTP ${status}:`,
          codeList(codes),
          'The current OTP reference states that authentication errors reach the client with HTTP 200 and ' +
            'the detail in the body (ambiguity `auth-error-http-status`): read the body `status` and `code`.',
        ].join('\n'),
        examples: examplesOf(codes, sharedExample),
      },
    };
  });
}

function rateLimitResponse(): SharedResponse {
  const rate = resultCode('rate_01');
  const schemaId = 'RateLimitErrorBody';
  return {
    status: 429,
    schemaId,
    alternative: {
      component: 'RateLimited',
      // rate_01 is the code of 429 (7.1, 8), but a business error whose status the document does not
      // state may also be answered with 429 (latitude unstated-error-status): other codes are admitted.
      schema: namedOpenEnvelopeErrorBody(
        schemaId,
        ['rate_01'],
        'Rate limit exceeded, rate_01 (sections 7.1, 8); an error whose HTTP status the document does not state may also arrive with 429, with its own code',
      ),
      description: `\`rate_01\`: ${rate.meaning} (sections 7.1, 8; the document gives 429 as the status in the body, ambiguity \`rate-limit-http-status\`).`,
      examples: examplesOf([rate], sharedExample),
    },
  };
}

export const AUTH_RESPONSES: readonly SharedResponse[] = authResponses();
export const RATE_LIMIT_RESPONSE: SharedResponse = rateLimitResponse();
const SHARED: readonly SharedResponse[] = [...AUTH_RESPONSES, RATE_LIMIT_RESPONSE];

/** The schemas of the shared responses (components, since the responses point at them by name). */
export const SHARED_SCHEMAS: readonly z.ZodType[] = SHARED.map((s) => s.alternative.schema);

/** Registers the response components; their schemas are SHARED_SCHEMAS. */
export function registerSharedResponses(registry: OpenAPIRegistry): void {
  for (const shared of SHARED) {
    const response: ResponseObject = {
      description: shared.alternative.description,
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/${shared.schemaId}` },
          examples: shared.alternative.examples,
        },
      },
    };
    registry.registerComponent('responses', shared.alternative.component, response);
  }
}
