/**
 * Fields whose place in the request the document does not show, offered in the file at each place
 * its ambiguity allows (applied in place after generation): the registry's request (the default
 * option) stays as it is, and the other option's place is added as optional query parameters, so
 * that a client sending the field in both places is understood by a server of either reading.
 */
import type { OpenAPIObject, ParameterObject } from 'openapi3-ts/oas31';
import { ambiguityById } from '../schemas/ambiguities.ts';
import { openApiOperationId } from './operation-ids.ts';

interface Placement {
  operation: string;
  ambiguity: 'otp-delete-request-shape' | 'show-campaign-id-placement';
  /** The option the added parameters stand for. */
  option: string;
  parameters: { name: string; schema: ParameterObject['schema'] }[];
}

const PLACEMENTS: readonly Placement[] = [
  {
    operation: 'otp-v2/delete',
    ambiguity: 'otp-delete-request-shape',
    option: 'query',
    parameters: [
      { name: 'phone_number', schema: { type: 'string', pattern: '^\\d{1,10}$' } },
      { name: 'country_code', schema: { type: 'string', pattern: '^\\d{1,4}$' } },
    ],
  },
  {
    operation: 'sms/send',
    ambiguity: 'show-campaign-id-placement',
    option: 'query',
    parameters: [{ name: 'showCampaignId', schema: { type: 'string', enum: ['true', 'false'] } }],
  },
];

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

export function addAmbiguousPlacements(document: OpenAPIObject): void {
  for (const placement of PLACEMENTS) {
    const ambiguity = ambiguityById(placement.ambiguity);
    const option = ambiguity.options.find((o) => o.id === placement.option);
    if (!option) throw new Error(`placements: ${placement.ambiguity} has no option ${placement.option}`);
    const id = openApiOperationId(placement.operation);
    const operation = (Object.values(document.paths ?? {}) as Node[]).flatMap((item) => Object.values(item)).find((o) => isNode(o) && o.operationId === id);
    if (!isNode(operation)) throw new Error(`placements: no operation ${id}`);
    const existing = Array.isArray(operation.parameters) ? operation.parameters : [];
    const added: ParameterObject[] = placement.parameters.map((p) => ({
      name: p.name,
      in: 'query',
      required: false,
      description:
        `${ambiguity.title}: not shown (section ${ambiguity.sources[0]?.section ?? '4'}; ambiguity \`${ambiguity.id}\`). ` +
        `The body is the default reading; a server may read it here instead (${option.description}). Send it in both places to be read either way.`,
      schema: p.schema,
    }));
    operation.parameters = [...existing, ...added];
  }
}
