/**
 * The stated limits (schemas/stated-limits.ts): every limit, range, enum, exact length, prohibition
 * and uniqueness rule the document states, listed one row per operation and field. Each row must
 * name a requirement of the catalogue at the fail level with the document's words, a suite test must
 * name that requirement (the suites' source is searched for the id), and the reference server's
 * mutant registry must hold a fault that accepts what the row forbids. The other direction holds
 * too: every `limit:` requirement the catalogue states at the fail level is a row here, so that a
 * limit added to the catalogue cannot stay outside the table the fuzzing reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listSuiteFiles, SUITES_DIR } from '../harness/config/project-paths.ts';
import { MUTANTS } from '../reference/mutants.ts';
import { planInvalidRequests, requestSchemaOf, statedLimitBroken } from '../suites/support/fuzz-bodies.ts';
import { operationById, OPERATIONS } from '../schemas/operations.ts';
import { isRequirementId, requirementById, REQUIREMENTS } from '../schemas/requirements.ts';
import { NOT_STATED_LIMITS, STATED_LIMIT_KINDS, STATED_LIMIT_REQUIREMENTS, STATED_LIMITS, type StatedLimit } from '../schemas/stated-limits.ts';

// Every suite file: an area's one file or each file of its folder (suites/<area>/<part>.test.ts).
const suiteSources = listSuiteFiles().map((f) => ({ file: f, text: readFileSync(join(SUITES_DIR, f), 'utf8') }));

/**
 * The suite files whose source names `id`: as a string ('id', "id" or `id`), or as a template over a
 * table whose literal head is a prefix of it (`webhook:forbidden-host.${family.id}` names every
 * family of the table it iterates).
 */
function suitesNaming(id: string): string[] {
  const literal = [`'${id}'`, `"${id}"`, `\`${id}\``];
  return suiteSources
    .filter(
      ({ text }) =>
        literal.some((l) => text.includes(l)) ||
        [...text.matchAll(/`([a-z0-9]+:[A-Za-z0-9_./-]*)\$\{/g)].some((m) => m[1]!.length > id.indexOf(':') + 1 && id.startsWith(m[1]!)),
    )
    .map(({ file }) => file);
}

/**
 * Stated rules whose fault the registry does not hold under their own id, with why: a fault of a
 * sibling requirement that accepts the same thing, or no seam to fault it at.
 */
const KILLED_BY_SIBLING: Readonly<Record<string, string>> = {
  'limit:v1-message-length': 'v1-message-161 (err:v1-03, the Codigo of the same bound)',
  'limit:v1-sandbox-report-day':
    'not faulted: the reports filter has no seam for the day of a v1 sandbox send, and the check needs a test clock (capability test-clock)',
  'limit:otp-legacy-expiry': "not faulted here: the 3-day check lives in the legacy OTP handler, whose seams are the OTP suite's",
};

function shapeOf(operationId: string): Record<string, z.ZodType> | undefined {
  const op = operationById(operationId);
  const schema = op.request.body ?? op.request.query;
  return (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
}

const rowName = (l: StatedLimit): string => `${l.requirement} (§${l.section}) ${l.operation}${l.field ? ` ${l.field}` : ''}: ${l.kind}, ${l.bound.text}`;

describe('stated limits (schemas/stated-limits.ts)', () => {
  it.each(STATED_LIMITS.map((l) => [rowName(l), l] as const))('%s', (_, l) => {
    expect(isRequirementId(l.requirement), `${l.requirement} is in the catalogue`).toBe(true);
    const r = requirementById(l.requirement);
    expect(r.level, `${l.requirement} is a fail-level rule (quotes.ts: stated)`).toBe('fail');
    expect(r.quotes.length, `${l.requirement} carries the document's words`).toBeGreaterThan(0);
    expect(STATED_LIMIT_KINDS).toContain(l.kind);
    if (l.operation !== '*')
      expect(
        OPERATIONS.map((o) => o.operationId),
        l.operation,
      ).toContain(l.operation);
    if (l.field !== undefined) expect(Object.keys(shapeOf(l.operation) ?? {}), `${l.operation} has a request field ${l.field}`).toContain(l.field);
    if (l.kind === 'enum') expect(l.bound.values?.length, 'an enum lists its values').toBeGreaterThan(0);
    if (l.kind === 'max-length' || l.kind === 'max-digits') expect(l.bound.max, 'a maximum').toBeGreaterThan(0);
    if (l.kind === 'length-range' || l.kind === 'exact-digits')
      expect(
        [l.bound.min, l.bound.max].every((n) => typeof n === 'number'),
        'both ends',
      ).toBe(true);
    expect(suitesNaming(l.requirement), `a suite test names ${l.requirement}`).not.toEqual([]);
  });

  it('every stated requirement has a fault in the mutant registry that accepts what it forbids (or says why not)', () => {
    const faulted = new Set<string>(MUTANTS.map((m) => m.requirement));
    const missing = [...new Set(STATED_LIMITS.map((l) => l.requirement))].filter((id) => !faulted.has(id) && KILLED_BY_SIBLING[id] === undefined);
    expect(missing).toEqual([]);
    const stale = Object.keys(KILLED_BY_SIBLING).filter((id) => faulted.has(id));
    expect(stale, 'an exemption whose requirement now has its own mutant').toEqual([]);
  });

  it('every limit the catalogue states at the fail level is a row of the table', () => {
    const rows = new Set(STATED_LIMITS.map((l) => l.requirement));
    const outside = REQUIREMENTS.filter((r) => r.kind === 'limit' && r.level === 'fail' && !rows.has(r.id)).map((r) => r.id);
    expect(outside).toEqual([]);
    const hosts = REQUIREMENTS.filter((r) => r.kind === 'forbidden-host' && !rows.has(r.id)).map((r) => r.id);
    expect(hosts, 'every forbidden host family (4.14)').toEqual([]);
  });

  it('the requirements the table introduces are used by a row, and the rules it bounds are stated', () => {
    const rows = new Set(STATED_LIMITS.map((l) => l.requirement));
    for (const r of STATED_LIMIT_REQUIREMENTS) expect(rows.has(r.id), r.id).toBe(true);
    // A row is a bound the document states: the rule record it checks says stated(...), not a reading.
    for (const id of [...rows].filter((id) => id.startsWith('rule:'))) expect(requirementById(id).level, id).toBe('fail');
  });

  it('what the document leaves open is no row: not-shown values stay below fail', () => {
    for (const open of NOT_STATED_LIMITS) {
      expect(open.why.trim().length, open.subject).toBeGreaterThan(10);
      if (open.requirement === undefined) continue;
      expect(isRequirementId(open.requirement), open.requirement).toBe(true);
      expect(
        STATED_LIMITS.some((l) => l.requirement === open.requirement),
        `${open.requirement} is not a stated limit`,
      ).toBe(false);
    }
    for (const id of ['limit:sms-message-length', 'limit:recipients-per-request', 'limit:report-requests']) expect(requirementById(id).level).toBe('record');
  });
});

describe('the negative fuzzing reads the table (suites/support/fuzz-bodies.ts)', () => {
  const casesOf = (operationId: string) => {
    const op = operationById(operationId);
    const found = requestSchemaOf(op)!;
    return planInvalidRequests(found.schema, found.carrier, {
      maxCases: 200,
      seed: 7,
      frozen: op.sandbox ? ['sandbox'] : [],
      include: op.sandbox ? { sandbox: 1 } : {},
    }).cases;
  };

  it('a generated body past a stated bound names its row; a value of another type names none', () => {
    const sms = casesOf('sms/send');
    expect(statedLimitBroken('sms/send', sms.find((c) => c.rule === 'too-long' && c.field === 'sender')!)?.requirement).toBe('limit:sender-id-length');
    expect(statedLimitBroken('sms/send', sms.find((c) => c.rule === 'wrong-enum' && c.field === 'channel')!)?.requirement).toBe('limit:sms-channel');
    for (const c of sms.filter((x) => x.rule === 'wrong-type' || x.rule === 'drop-required'))
      expect(statedLimitBroken('sms/send', c), `${c.rule} on ${c.field}`).toBeUndefined();
    const payments = casesOf('payments/send-request');
    expect(statedLimitBroken('payments/send-request', payments.find((c) => c.rule === 'out-of-range' && c.field === 'amount')!)?.requirement).toBe(
      'limit:payment-amount',
    );
  });

  it('a row under an ambiguity (the flash parameter, whose name is not shown explicitly) is not made strict', () => {
    const flash = casesOf('sms/send').find((c) => c.field === 'flash' && c.rule === 'wrong-enum');
    if (flash) expect(statedLimitBroken('sms/send', flash)).toBeUndefined();
  });
});
