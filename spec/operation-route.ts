/**
 * One registry operation (schemas/operations.ts) as a zod-to-openapi route: identity, tag,
 * texts, security, request, responses and the vendor extensions.
 */
import type { RouteConfig, ZodRequestBody } from '@asteasolutions/zod-to-openapi';
import type { SecurityRequirementObject } from 'openapi3-ts/oas31';
import type { z } from 'zod';
import type { AuthKind } from '../schemas/operation.ts';
import type { Operation } from '../schemas/operations.ts';
import { SECURITY } from './document-info.ts';
import { operationExtensions } from './operation-extensions.ts';
import { openApiOperationId } from './operation-ids.ts';
import { responsePlanOf } from './response-plan.ts';
import { renderResponses } from './responses.ts';
import { tagOf } from './tags.ts';

type Method = RouteConfig['method'];
const METHODS: Record<Operation['method'], Method> = { GET: 'get', POST: 'post', DELETE: 'delete' };

/**
 * Section 4: "Unless a line says otherwise ... the body is JSON; the reference also shows
 * form-style fields for the same operations", so every body is offered in both encodings.
 */
const BODY_MEDIA_TYPES = ['application/json', 'application/x-www-form-urlencoded'] as const;

function requestBody(schema: z.ZodType): ZodRequestBody {
  return {
    required: true,
    description: 'JSON (section 4); the same fields are also accepted form-encoded. The API key may also be given as a body field apikey (section 5.1).',
    content: Object.fromEntries(BODY_MEDIA_TYPES.map((m) => [m, { schema }])),
  };
}

/** Section 5: the header key (5.1), the manager key for subaccounts (5.3), the v1 parameter (5.5). */
function security(auth: AuthKind): SecurityRequirementObject[] | undefined {
  if (auth === 'v1-parameter') return [{ [SECURITY.v1Parameter]: [] }];
  // 'account' and 'manager' both send the header key (the global requirement); which key is needed
  // for subaccounts (5.3) is said by the registry's descriptions.
  return undefined;
}

/** Section 5.5; the manager key of 5.3 is stated by the registry's own descriptions. */
const AUTH_NOTES: Record<AuthKind, string | undefined> = {
  account: undefined,
  manager: undefined,
  'v1-parameter': 'The API key is the request parameter apikey (section 5.5).',
};

/** The registry's notShown says what the document leaves out, in its words. */
const notShownParagraph = (notShown: string | undefined): string | undefined =>
  notShown === undefined ? undefined : `Not shown: ${notShown.replace(/\.?$/, '.')}`;

function description(op: Operation): string {
  return [op.description, AUTH_NOTES[op.auth], notShownParagraph(op.notShown), `Source: section ${op.section}.`]
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .join('\n\n');
}

export function operationRoute(op: Operation): RouteConfig {
  const plan = responsePlanOf(op);
  const sec = security(op.auth);
  return {
    method: METHODS[op.method],
    path: op.path,
    operationId: openApiOperationId(op.operationId),
    tags: [tagOf(op.area)],
    summary: op.summary,
    description: description(op),
    ...(sec ? { security: sec } : {}),
    request: {
      ...(op.request.body ? { body: requestBody(op.request.body) } : {}),
      ...(op.request.query ? { query: op.request.query } : {}),
      ...(op.request.params ? { params: op.request.params } : {}),
    },
    responses: renderResponses(plan),
    ...operationExtensions(op),
  };
}
