/**
 * The registry against the document: every operation of section 4 and every result code named
 * anywhere in the document is in the registry, and nothing is there that the document lacks.
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS, RESULT_CODES } from '../schemas/index.ts';
import { boldOperations, namedCodes, PROSE_OPERATIONS, sectionText, specText, v1Codigos } from './spec-document.ts';

const text = specText();
const key = (o: { method: string; path: string }) => `${o.method} ${o.path}`;

describe('operation registry (section 4)', () => {
  const expected = [...boldOperations(text), ...PROSE_OPERATIONS];

  it('the prose-named operations are still named in their sections', () => {
    for (const op of PROSE_OPERATIONS) expect(sectionText(text, op.section), key(op)).toContain(op.words);
  });

  it('holds every operation of the document, in its section, once', () => {
    expect(OPERATIONS.map(key).sort()).toEqual(expected.map(key).sort());
    for (const doc of expected) {
      const op = OPERATIONS.find((o) => key(o) === key(doc))!;
      expect(op.section, key(doc)).toBe(doc.section);
    }
  });

  it('uses one operationId scheme (area/verb-noun), unique', () => {
    const ids = OPERATIONS.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of OPERATIONS) expect(op.operationId).toMatch(new RegExp(`^${op.area}/[a-z]+(-[a-z]+)*$`));
  });

  it('every success example parses with its success schema', () => {
    for (const op of OPERATIONS) {
      expect(Object.keys(op.success.examples).length, op.operationId).toBeGreaterThan(0);
      for (const [name, ex] of Object.entries(op.success.examples)) {
        const parsed = op.success.schema.safeParse(ex.value);
        expect(parsed.success, `${op.operationId} example ${name}: ${parsed.error?.message}`).toBe(true);
        expect(op.success.httpStatus).toContain(ex.status);
      }
    }
  });
});

describe('result codes (sections 5, 7)', () => {
  const documented = new Set([
    ...RESULT_CODES.filter((c) => c.family !== 'legacy-v1').map((c) => c.code),
    ...OPERATIONS.flatMap((o) => (o.success.code ? [o.success.code] : [])),
  ]);
  const named = namedCodes(text);

  it('finds a plausible number of codes in the document (the parser works)', () => {
    // A guard on the parser, not a copied count: 7.2 alone names more than forty codes.
    expect(named.size).toBeGreaterThan(40);
    for (const sample of ['verification_25', 'validation_10', 'add_webhook_08', 'status_webhook_03', 'otp_throttled', 'auth_deprecated'])
      expect(named).toContain(sample);
  });

  it('every code named in the document is in the registry', () => {
    expect([...named].filter((c) => !documented.has(c)).sort()).toEqual([]);
  });

  it('the registry names no code the document lacks', () => {
    expect([...documented].filter((c) => !named.has(c)).sort()).toEqual([]);
  });

  it('every v1 Codigo of 7.4 is in the registry, and no other', () => {
    const v1 = RESULT_CODES.filter((c) => c.family === 'legacy-v1')
      .map((c) => c.code)
      .sort();
    expect(v1).toEqual([...v1Codigos(text)].sort());
  });

  it('every operation a code names exists', () => {
    const ids = new Set(OPERATIONS.map((o) => o.operationId));
    for (const c of RESULT_CODES) if (c.operations !== 'all') for (const op of c.operations) expect(ids.has(op), `${c.code} -> ${op}`).toBe(true);
  });
});
