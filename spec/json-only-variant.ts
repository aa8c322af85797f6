/**
 * The JSON-only variant of the OpenAPI document, for client generators that cannot take a request
 * body offered in two media types (openapi-python-client stops on an operation with both a JSON and
 * a form body). Section 4: "the body is JSON (Content-Type: application/json); the reference also
 * shows form-style fields for the same operations", so JSON is the one every operation takes.
 *
 * Same document, minus: the form-encoded alternatives of the request bodies, and the `webhooks`
 * (the events of section 6 are form-encoded POSTs the service sends, which a client does not
 * call; they stay in the full file, and their event schemas stay under components for a receiver).
 * Operations, schemas, responses and links are unchanged.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

const NOTE =
  'JSON-only variant: every request body is offered as application/json alone (section 4: JSON is the body of every ' +
  'operation; the form-encoded alternative of the full file is left out), and the webhooks of section 6 (form-encoded ' +
  'POSTs the service sends) are left out; their event schemas stay under components (ConfirmationEvent, ResponseEvent) ' +
  'for a receiver. For client generators that take one body type per operation. The full document is openapi.json.';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

const REQUEST_BODY_DESCRIPTION = 'JSON (section 4). The API key may also be given as a body field apikey (section 5.1).';

export function jsonOnlyVariant(document: OpenAPIObject): OpenAPIObject {
  const copy = structuredClone(document);
  for (const item of Object.values(copy.paths ?? {}) as Node[]) {
    for (const operation of Object.values(item)) {
      const body = isNode(operation) ? operation.requestBody : undefined;
      if (!isNode(body) || !isNode(body.content) || !(FORM_MEDIA_TYPE in body.content)) continue;
      delete body.content[FORM_MEDIA_TYPE];
      body.description = REQUEST_BODY_DESCRIPTION;
      if (Object.keys(body.content).length === 0) throw new Error(`json-only: a request body had only the form media type`);
    }
  }
  const { webhooks: _events, ...rest } = copy;
  return { ...rest, info: { ...copy.info, description: [NOTE, copy.info.description].filter(Boolean).join('\n\n') } };
}
