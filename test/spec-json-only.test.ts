/**
 * The JSON-only variant (spec/openapi.json-only.json, spec/json-only-variant.ts), for client
 * generators that take one body type per operation: valid OpenAPI 3.1, no form-encoded content
 * anywhere, the same operations (method, path, operationId) and the same JSON request bodies as the
 * full file, its YAML twin the same document, and exported by the package.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPI } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

const read = (name: string): string => readFileSync(join(PACKAGE_ROOT, 'spec', name), 'utf8');
const full = JSON.parse(read('openapi.json')) as Node & { paths: Record<string, Node> };
const jsonOnly = JSON.parse(read('openapi.json-only.json')) as Node & { paths: Record<string, Node> };

const METHODS = ['get', 'post', 'delete', 'put', 'patch'] as const;
const FORM = 'application/x-www-form-urlencoded';

/** The media types of every `content` map of a document (request bodies and responses, paths and webhooks). */
function mediaTypes(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) mediaTypes(item, found);
  else if (isNode(node)) {
    if (isNode(node.content)) for (const type of Object.keys(node.content)) found.add(type);
    for (const [key, value] of Object.entries(node)) if (key !== 'example' && key !== 'examples' && !key.startsWith('x-')) mediaTypes(value, found);
  }
  return found;
}

/** `METHOD path operationId` of every operation, sorted. */
function operations(document: { paths: Record<string, Node> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => METHODS.flatMap((m) => (isNode(item[m]) ? [`${m.toUpperCase()} ${path} ${String(item[m].operationId)}`] : [])))
    .sort();
}

/** operationId -> its JSON request body schema. */
function jsonBodies(document: { paths: Record<string, Node> }): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const item of Object.values(document.paths))
    for (const m of METHODS) {
      const op = item[m];
      const body = isNode(op) ? op.requestBody : undefined;
      if (isNode(op) && isNode(body) && isNode(body.content)) out.set(String(op.operationId), body.content['application/json']);
    }
  return out;
}

describe('spec/openapi.json-only.json', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    expect(jsonOnly.openapi).toBe('3.1.0');
    const copy = structuredClone(jsonOnly) as unknown as OpenAPI.Document;
    await expect(SwaggerParser.validate(copy)).resolves.toBeDefined();
  });

  it('has no application/x-www-form-urlencoded content, where the full file has some', () => {
    expect(mediaTypes(jsonOnly)).not.toContain(FORM);
    expect(mediaTypes(jsonOnly)).toContain('application/json');
    expect(mediaTypes(full)).toContain(FORM);
  });

  it('has the same operations as the full file, each JSON body unchanged', () => {
    expect(operations(jsonOnly)).toEqual(operations(full));
    expect(operations(jsonOnly).length).toBeGreaterThan(0);
    const bodies = jsonBodies(full);
    expect(bodies.size).toBeGreaterThan(0);
    expect(jsonBodies(jsonOnly)).toEqual(bodies);
  });

  it('has the same components as the full file, but for ErrorBody.success: a bare const false (json-only-variant.ts)', () => {
    const expected = structuredClone(full.components) as { schemas: { ErrorBody: { properties: { success: Node } } } };
    expect(expected.schemas.ErrorBody.properties.success).toEqual({ type: 'boolean', const: false });
    delete expected.schemas.ErrorBody.properties.success.type;
    expect(jsonOnly.components).toEqual(expected);
  });

  it('is the same document in YAML', () => {
    expect(parse(read('openapi.json-only.yaml'))).toEqual(jsonOnly);
  });

  it('is exported by the package and shipped in its files', () => {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown>; files: string[] };
    expect(pkg.exports['./openapi.json-only.json']).toBe('./spec/openapi.json-only.json');
    expect(pkg.files).toContain('spec/openapi.json-only.json');
  });
});
