/**
 * The operation registry (schemas/operations.ts) and the events (section 6) -> the OpenAPI 3.1
 * document. Pure: the same registry always gives the same document (components sorted by name,
 * everything else in registry order, no timestamps).
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { AMBIGUITIES } from '../schemas/ambiguities.ts';
import { LATITUDES } from '../schemas/latitudes.ts';
import type { AreaId } from '../schemas/areas.ts';
import { OPERATIONS, type Operation } from '../schemas/operations.ts';
import { GLOBAL_SECURITY, INFO, SECURITY_SCHEMES, SERVERS } from './document-info.ts';
import { rewriteSchemaForms } from './json-schema-forms.ts';
import { addAmbiguousPlacements } from './ambiguous-placements.ts';
import { addRequestExamples } from './request-examples.ts';
import { carryRequestRules } from './request-schemas.ts';
import { addResponseLinks } from './response-links.ts';
import { markNeverSchemas, resolveNeverMarks } from './never-schemas.ts';
import { operationRoute } from './operation-route.ts';
import { SHARED_SCHEMAS, registerSharedResponses } from './shared-responses.ts';
import { buildTags } from './tags.ts';
import { WEBHOOK_ROUTES } from './webhooks.ts';

const OPENAPI_VERSION = '3.1.0';

function registryOf(operations: readonly Operation[]): OpenAPIRegistry {
  const routes = operations.map(operationRoute);
  markNeverSchemas([...routes, ...WEBHOOK_ROUTES]);
  const registry = new OpenAPIRegistry();
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) registry.registerComponent('securitySchemes', name, scheme);
  registerSharedResponses(registry);
  for (const route of routes) registry.registerPath(route);
  for (const route of WEBHOOK_ROUTES) registry.registerWebhook(route);
  return registry;
}

export function buildDocument(operations: readonly Operation[] = OPERATIONS): OpenAPIObject {
  const definitions = [...registryOf(operations).definitions, ...SHARED_SCHEMAS.map((schema) => ({ type: 'schema' as const, schema }))];
  const generated = new OpenApiGeneratorV31(definitions, { sortComponents: 'alphabetically' }).generateDocument({
    openapi: OPENAPI_VERSION,
    info: INFO,
  });
  const usedAreas = new Set<AreaId>([...operations.map((op) => op.area), 'events']);
  // Keys in the order a reader expects; JSON round trip drops undefined values and shared references.
  const document: OpenAPIObject = {
    openapi: OPENAPI_VERSION,
    info: INFO,
    servers: SERVERS,
    security: GLOBAL_SECURITY,
    tags: buildTags(usedAreas),
    paths: generated.paths ?? {},
    webhooks: generated.webhooks ?? {},
    components: generated.components ?? {},
    // The whole ambiguity register (schemas/ambiguities.ts), which operations cite by id.
    'x-ambiguities': AMBIGUITIES,
    'x-latitudes': LATITUDES,
  };
  const copy = JSON.parse(JSON.stringify(document)) as OpenAPIObject;
  resolveNeverMarks(copy);
  rewriteSchemaForms(copy);
  // After the rewrites: the request rules of the document (request-rules.ts) and the links of the
  // chains it implies (response-links.ts) are written in their final JSON Schema form.
  carryRequestRules(copy);
  addResponseLinks(copy);
  addAmbiguousPlacements(copy);
  addRequestExamples(copy);
  return copy;
}
