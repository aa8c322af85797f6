/**
 * Responses are planned as alternatives per status (a status such as 401 can carry both an
 * authentication error of section 5 and an OTP error of 7.3), then rendered into the response
 * objects of zod-to-openapi: one schema (a union when there are several alternatives) with the
 * named examples of every alternative.
 */
import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { HeadersObject, ReferenceObject } from 'openapi3-ts/oas31';
import { z } from 'zod';

export interface NamedExample {
  summary: string;
  value: unknown;
}

export interface ResponseAlternative {
  schema: z.ZodType;
  /** Markdown; the alternatives' descriptions are joined in the response description. */
  description: string;
  examples: Readonly<Record<string, NamedExample>>;
  headers?: HeadersObject;
  /**
   * Set on the alternatives every operation shares (authentication, rate limit): the name of the
   * response component that a status answered by this alternative alone points at.
   */
  component?: string;
}

/** Response key ('200', '401', 'default') -> its alternatives, in the order they were added. */
export type ResponsePlan = Map<string, ResponseAlternative[]>;

export function addAlternative(plan: ResponsePlan, status: string, alternative: ResponseAlternative): void {
  const list = plan.get(status) ?? [];
  list.push(alternative);
  plan.set(status, list);
}

function unionOf(schemas: z.ZodType[]): z.ZodType {
  const [first, second, ...rest] = schemas;
  if (first === undefined) throw new Error('a response needs at least one schema');
  // z.union is emitted as anyOf: a body is valid when it matches any alternative, also where two
  // overlap (an open success body of an operation whose shape is not shown, and an error body).
  return second === undefined ? first : z.union([first, second, ...rest]);
}

/** The schema of a response: the union of its alternatives' schemas (the one the document shows). */
export const responseSchema = (alternatives: readonly ResponseAlternative[]): z.ZodType => unionOf(alternatives.map((a) => a.schema));

/** The named examples of all alternatives; a name used twice would silently drop an example. */
function examplesOf(alternatives: readonly ResponseAlternative[]): Record<string, NamedExample> {
  const examples: Record<string, NamedExample> = {};
  for (const [name, example] of alternatives.flatMap((a) => Object.entries(a.examples))) {
    if (name in examples) throw new Error(`two examples of one response are named ${name}`);
    examples[name] = example;
  }
  return examples;
}

const responseRef = (component: string): ReferenceObject => ({ $ref: `#/components/responses/${component}` });

function renderResponse(alternatives: readonly ResponseAlternative[]): ResponseConfig | ReferenceObject {
  const [only, ...others] = alternatives;
  if (only?.component !== undefined && others.length === 0) return responseRef(only.component);
  const examples = examplesOf(alternatives);
  const headers = Object.assign({}, ...alternatives.map((a) => a.headers ?? {})) as HeadersObject;
  return {
    description: alternatives.map((a) => a.description).join('\n\n'),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    content: {
      'application/json': {
        schema: responseSchema(alternatives),
        ...(Object.keys(examples).length > 0 ? { examples } : {}),
      },
    },
  };
}

/** Numeric statuses in ascending order, then `default` (the order a reader expects). */
export function renderResponses(plan: ResponsePlan): Record<string, ResponseConfig | ReferenceObject> {
  const keys = [...plan.keys()].sort((a, b) => (a === 'default' ? 1 : b === 'default' ? -1 : Number(a) - Number(b)));
  return Object.fromEntries(keys.map((k) => [k, renderResponse(plan.get(k) ?? [])]));
}
