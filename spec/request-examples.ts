/**
 * Puts the named request examples of schemas/request-examples.ts into the document (applied in
 * place after generation): the body examples under `examples` of every media type of the request
 * body (the request samples a reader such as Redoc shows, one tab per name), and each parameter's
 * value of every named parameter example under the parameter's `examples`. Fails when an operation
 * with a body or a parameter has no example, or an example names a field the operation does not have.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { OPERATIONS } from '../schemas/operations.ts';
import { REQUEST_EXAMPLES, type RequestExample } from '../schemas/request-examples.ts';
import { openApiOperationId } from './operation-ids.ts';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function operationObject(document: OpenAPIObject, operationId: string): Node {
  for (const item of Object.values(document.paths ?? {}) as Node[])
    for (const operation of Object.values(item)) if (isNode(operation) && operation.operationId === operationId) return operation;
  throw new Error(`request examples: no operation ${operationId}`);
}

const named = (examples: Readonly<Record<string, RequestExample>>): Node =>
  Object.fromEntries(Object.entries(examples).map(([name, e]) => [name, { summary: e.summary, value: e.value }]));

function addBodyExamples(id: string, operation: Node, examples: Readonly<Record<string, RequestExample>> | undefined): void {
  const body = operation.requestBody;
  if (!isNode(body) || !isNode(body.content)) {
    if (examples) throw new Error(`request examples: ${id} has body examples but no body`);
    return;
  }
  if (!examples || Object.keys(examples).length === 0) throw new Error(`request examples: ${id} has a body and no example`);
  for (const media of Object.values(body.content)) if (isNode(media)) media.examples = named(examples);
}

function addParameterExamples(id: string, operation: Node, examples: Readonly<Record<string, RequestExample>> | undefined): void {
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(isNode);
  const names = new Set(parameters.map((p) => p.name));
  for (const [name, example] of Object.entries(examples ?? {}))
    for (const field of Object.keys(example.value)) if (!names.has(field)) throw new Error(`request examples: ${id} ${name} names ${field}, no parameter`);
  for (const parameter of parameters) {
    const own = Object.entries(examples ?? {}).filter(([, e]) => e.value[String(parameter.name)] !== undefined);
    if (own.length === 0) throw new Error(`request examples: ${id} parameter ${String(parameter.name)} has no example`);
    parameter.examples = Object.fromEntries(own.map(([name, e]) => [name, { summary: e.summary, value: e.value[String(parameter.name)] }]));
  }
}

export function addRequestExamples(document: OpenAPIObject): void {
  for (const op of OPERATIONS) {
    const operation = operationObject(document, openApiOperationId(op.operationId));
    const examples = REQUEST_EXAMPLES[op.operationId];
    addBodyExamples(op.operationId, operation, examples?.body);
    addParameterExamples(op.operationId, operation, examples?.parameters);
  }
  for (const id of Object.keys(REQUEST_EXAMPLES)) if (!OPERATIONS.some((op) => op.operationId === id)) throw new Error(`request examples: no operation ${id}`);
}
