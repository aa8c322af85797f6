/**
 * The JSON-only variant of the OpenAPI document, for client generators that cannot take a request
 * body offered in two media types (openapi-python-client stops on an operation with both a JSON and
 * a form body). Section 4: "the body is JSON (Content-Type: application/json); the reference also
 * shows form-style fields for the same operations", so JSON is the one every operation takes.
 *
 * Same document, minus: the form-encoded alternatives of the request bodies, and the `webhooks`
 * (the events of section 6 are form-encoded POSTs the service sends, which a client does not
 * call; they stay in the full file, and their event schemas stay under components for a receiver).
 * Operations, schemas, responses and links are unchanged but for two forms, which admit the same
 * values: where an answer is the operation's success or the common error body (an HTTP 200, 7.1),
 * the error body is the first alternative; and that body's `success` (2.1: false on error) is a
 * bare `const: false`, without `type: boolean`. openapi-python-client reads a typed boolean as any
 * boolean, const or not, and keeps the first alternative that parses: several success bodies have
 * only optional or plain-string fields (DELETE /v2/otp's shape is not shown, 4.4; /wallet/sale,
 * 4.8), so an error read as that success. With the bare const it builds an `ErrorBody` that refuses
 * a success, tried first. The full file keeps the typed form: orval types a bare const as
 * `unknown`, which does not narrow a union on `success`.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';

const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

const NOTE =
  'JSON-only variant: every request body is offered as application/json alone (section 4: JSON is the body of every ' +
  'operation; the form-encoded alternative of the full file is left out), and the webhooks of section 6 (form-encoded ' +
  'POSTs the service sends) are left out; their event schemas stay under components (ConfirmationEvent, ResponseEvent) ' +
  'for a receiver. Where an HTTP 200 is a success or the common error body, ErrorBody is the first alternative, and its ' +
  'success is a bare const false (a generator that reads a typed boolean as any boolean still tells the two apart). ' +
  'For client generators that take one body type per operation. The full document is openapi.json.';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/** The common error body's `success` as a bare `const: false` (see above); throws when it is not the typed const. */
function bareErrorFlag(schemas: unknown): void {
  const errorBody = isNode(schemas) ? schemas.ErrorBody : undefined;
  const properties = isNode(errorBody) ? errorBody.properties : undefined;
  const success = isNode(properties) ? properties.success : undefined;
  if (!isNode(success) || success.type !== 'boolean' || success.const !== false)
    throw new Error('json-only: ErrorBody.success is not {type: boolean, const: false}');
  delete success.type;
}

/** The response schemas of the operations with the common error body first among their alternatives. */
function errorBodyFirst(responses: Node): void {
  for (const response of Object.values(responses)) {
    const content = isNode(response) && isNode(response.content) ? response.content : {};
    for (const media of Object.values(content)) {
      const schema = isNode(media) && isNode(media.schema) ? media.schema : undefined;
      const alternatives = schema !== undefined && Array.isArray(schema.anyOf) ? (schema.anyOf as unknown[]) : [];
      const errorAt = alternatives.findIndex((a) => isNode(a) && a.$ref === ERROR_BODY_REF);
      if (errorAt > 0) alternatives.unshift(...alternatives.splice(errorAt, 1));
    }
  }
}

const REQUEST_BODY_DESCRIPTION = 'JSON (section 4). The API key may also be given as a body field apikey (section 5.1).';

export function jsonOnlyVariant(document: OpenAPIObject): OpenAPIObject {
  const copy = structuredClone(document);
  for (const item of Object.values(copy.paths ?? {}) as Node[]) {
    for (const operation of Object.values(item)) {
      if (isNode(operation) && isNode(operation.responses)) errorBodyFirst(operation.responses);
      const body = isNode(operation) ? operation.requestBody : undefined;
      if (!isNode(body) || !isNode(body.content) || !(FORM_MEDIA_TYPE in body.content)) continue;
      delete body.content[FORM_MEDIA_TYPE];
      body.description = REQUEST_BODY_DESCRIPTION;
      if (Object.keys(body.content).length === 0) throw new Error(`json-only: a request body had only the form media type`);
    }
  }
  bareErrorFlag(copy.components?.schemas);
  const { webhooks: _events, ...rest } = copy;
  return { ...rest, info: { ...copy.info, description: [NOTE, copy.info.description].filter(Boolean).join('\n\n') } };
}
