/**
 * The request examples and the response links of spec/openapi.json, driven the way a tool drives
 * the file: every named example validates against its schema and names no field the schema does
 * not list; every operation with a body or parameters has one; and a stateful walk of the file
 * (test/openapi-link-walk.ts) sends every example to the embedded reference server, on both
 * personalities, with the values the links resolve from real success answers: every example is
 * answered with a documented success, and at least 15 links are followed from a success answer to
 * a call that succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { PERSONALITIES } from '../schemas/latitudes.ts';
import { registryIdOf } from '../spec/operation-ids.ts';
import { startWebhookReceiver, WALK_BINDINGS, walkFigures, walkLinks, type WalkResult } from './openapi-link-walk.ts';
import { errorLines, schemaValidator, specDocument } from './spec-validator.ts';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

const document = specDocument as Node & { paths: Record<string, Record<string, Node>>; components: { schemas: Record<string, Node> } };

interface Located {
  id: string;
  pointer: string;
  op: Node;
}

const pointerSegment = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

const operations: Located[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, op]) =>
    isNode(op) && typeof op.operationId === 'string' ? [{ id: registryIdOf(op.operationId), pointer: `/paths/${pointerSegment(path)}/${method}`, op }] : [],
  ),
);

const mediaTypes = (op: Node): [string, Node][] =>
  isNode(op.requestBody) && isNode(op.requestBody.content) ? Object.entries(op.requestBody.content).filter((e): e is [string, Node] => isNode(e[1])) : [];

/** The properties a body schema lists (its component's own). */
function listedFields(schema: unknown): Set<string> | undefined {
  const ref = isNode(schema) ? schema.$ref : undefined;
  const component = typeof ref === 'string' ? document.components.schemas[ref.replace('#/components/schemas/', '')] : undefined;
  if (!isNode(component) || !isNode(component.properties)) return undefined;
  // An open body (its shape not shown, 4.15) lists nothing and admits any field.
  return Object.keys(component.properties).length > 0 ? new Set(Object.keys(component.properties)) : undefined;
}

describe('request examples of spec/openapi.json', () => {
  it.each(operations.map((o) => [o.id, o] as const))('%s: every body and parameter has named examples that validate', (_id, { pointer, op }) => {
    for (const [type, media] of mediaTypes(op)) {
      const examples = isNode(media.examples) ? Object.entries(media.examples) : [];
      expect(examples.length, `${type} examples`).toBeGreaterThan(0);
      const validate = schemaValidator(`${pointer}/requestBody/content/${pointerSegment(type)}/schema`);
      const fields = listedFields(media.schema);
      for (const [name, example] of examples) {
        const value = isNode(example) ? example.value : undefined;
        expect(validate(value), `${type} ${name}: ${errorLines(validate.errors).join('; ')}`).toBe(true);
        if (fields && isNode(value))
          expect(
            Object.keys(value).filter((k) => !fields.has(k)),
            `${type} ${name}: fields the schema does not list`,
          ).toEqual([]);
      }
    }
    const parameters = (Array.isArray(op.parameters) ? op.parameters : []).filter(isNode);
    parameters.forEach((parameter, index) => {
      const examples = isNode(parameter.examples) ? Object.entries(parameter.examples) : [];
      expect(examples.length, `parameter ${String(parameter.name)} examples`).toBeGreaterThan(0);
      const validate = schemaValidator(`${pointer}/parameters/${index}/schema`);
      for (const [name, example] of examples) {
        const value = isNode(example) ? example.value : undefined;
        expect(validate(value), `parameter ${String(parameter.name)} ${name}: ${errorLines(validate.errors).join('; ')}`).toBe(true);
      }
    });
  });

  it('the JSON and the form-encoded body of an operation show the same examples (section 4: the same fields)', () => {
    for (const { id, op } of operations) {
      const [json, ...others] = mediaTypes(op).map(([, media]) => media.examples);
      for (const other of others) expect(other, id).toEqual(json);
    }
  });
});

/** 4.15, latitude passing-paths: the alternate personality answers these paths 404 not_found. */
const PASSING_PATHS = ['other/whatsapp-send', 'other/agenda', 'other/campaigns'];

describe.each(PERSONALITIES)('a stateful walk of the examples and links against the embedded server, %s personality', (personality) => {
  let server: RunningReferenceServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let result: WalkResult;
  beforeAll(async () => {
    // 4.14: the webhook an example registers is a loopback receiver (a public URL is unreachable here).
    server = await startReferenceServer({ personality, allowLoopbackWebhooks: true });
    receiver = await startWebhookReceiver();
    result = await walkLinks(
      specDocument as Node,
      { baseUrl: server.baseUrl, accountKey: server.keys.account, managerKey: server.keys.manager },
      { bindings: WALK_BINDINGS, overrides: { 'webhooks/add': { url: receiver.url } } },
    );
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await server?.close();
  });

  it('sends an example of every operation, and every example is answered with a documented success', () => {
    expect(new Set(result.examples.map((e) => e.operation))).toEqual(new Set(operations.map((o) => o.id)));
    const passing = personality === 'alternate' ? PASSING_PATHS : [];
    const refused = result.examples.filter((e) => !e.success && !passing.includes(e.operation));
    expect(
      refused.map((e) => `${e.operation} ${e.example}: ${e.status} ${JSON.stringify(e.body)}`),
      'examples refused',
    ).toEqual([]);
    // The latitude's other answer, where it applies.
    for (const e of result.examples.filter((x) => passing.includes(x.operation))) expect(e.status, e.operation).toBe(404);
  });

  it('follows at least 15 links from a success answer, and every call they lead to succeeds', () => {
    const figures = walkFigures(result);
    expect(figures.linksFollowedFromSuccess, JSON.stringify(result.links.filter((l) => !l.followed))).toBeGreaterThanOrEqual(15);
    expect(result.links.filter((l) => l.followed && !l.targetSuccess).map((l) => `${l.link}: ${l.detail}`)).toEqual([]);
    // A link not followed is one whose source answered another success status (4.4: 201 or 200), never an unresolved expression.
    for (const l of result.links.filter((x) => !x.followed)) expect(l.detail, l.link).toBe('source answered another status');
  });
});
