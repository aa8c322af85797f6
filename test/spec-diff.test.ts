/**
 * `npm run spec:diff BASE`: breaking changes between two made-up documents (spec/diff.ts), and the
 * committed document against itself (none).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { breakingChanges } from '../spec/diff.ts';

const ok = { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Answer' } } } };

/** The base: two operations, a flag 0/1, a code enum, one required field. */
const BASE = {
  openapi: '3.1.0',
  paths: {
    '/sms/send': {
      post: {
        operationId: 'sms/send',
        parameters: [{ name: 'trace', in: 'query', required: false, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/SendRequest' } } } },
        responses: { '200': ok, '429': ok, default: ok },
      },
    },
    '/credits/consult': { post: { operationId: 'credits/consult', responses: { '200': ok } } },
  },
  components: {
    schemas: {
      SendRequest: {
        type: 'object',
        required: ['numbers'],
        properties: {
          numbers: { type: 'string' },
          message: { type: 'string' },
          sandbox: {
            anyOf: [
              { type: 'number', enum: [0] },
              { type: 'number', enum: [1] },
              { type: 'string', enum: ['0'] },
              { type: 'string', enum: ['1'] },
            ],
          },
        },
      },
      Answer: {
        type: 'object',
        properties: { success: { type: 'boolean', enum: [true] }, code: { type: 'string', enum: ['sms_01', 'sms_02'] }, channel: { enum: [1, 2] } },
      },
    },
  },
};

/** The head: one operation removed, a response removed, a code dropped, a field newly required. */
const HEAD = {
  openapi: '3.1.0',
  paths: {
    '/sms/send': {
      post: {
        operationId: 'sms/send',
        parameters: [{ name: 'trace', in: 'query', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/SendRequest' } } } },
        responses: { '200': ok, default: ok },
      },
    },
  },
  components: {
    schemas: {
      SendRequest: {
        type: 'object',
        required: ['numbers', 'message'],
        properties: {
          numbers: { type: 'string' },
          message: { type: 'string' },
          // The same four values in another form: not a narrowing.
          sandbox: {
            oneOf: [
              { type: 'integer', const: 1 },
              { type: 'integer', const: 0 },
              { type: 'string', const: '0' },
              { type: 'string', const: '1' },
            ],
          },
        },
      },
      // success as const (same value), code narrowed, channel opened to any integer (not narrowed).
      Answer: {
        type: 'object',
        properties: { success: { type: 'boolean', const: true }, code: { type: 'string', enum: ['sms_01'] }, channel: { type: 'integer' } },
      },
    },
  },
};

describe('spec:diff', () => {
  it('lists removed operations, removed responses, narrowed enums and new required request fields', () => {
    const found = breakingChanges(BASE, HEAD).map((c) => `${c.kind} ${c.where} ${c.detail}`);
    expect(found.sort()).toEqual(
      [
        'removed-operation POST /credits/consult operation credits/consult removed',
        'removed-response POST /sms/send response 429 removed',
        'new-required-field POST /sms/send body application/json: message is now required',
        'new-required-field POST /sms/send parameters: query trace is now required',
        'narrowed-enum #/components/schemas/Answer/properties/code no longer admits "sms_02"',
      ].sort(),
    );
  });

  it('finds nothing between a document and itself, nor from HEAD back to a wider BASE of the same operations', () => {
    expect(breakingChanges(BASE, BASE)).toEqual([]);
    const committed = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'spec', 'openapi.json'), 'utf8')) as Record<string, unknown>;
    expect(breakingChanges(committed, committed)).toEqual([]);
  });

  it('a new optional field, a new operation and a widened enum are not breaking', () => {
    const wider = structuredClone(BASE);
    wider.components.schemas.Answer.properties.code.enum.push('sms_03');
    wider.paths['/credits/consult'].post.responses = { '200': ok };
    expect(breakingChanges(BASE, { ...wider, paths: { ...wider.paths, '/new': { get: { responses: { '200': ok } } } } })).toEqual([]);
  });
});
