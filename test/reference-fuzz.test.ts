/**
 * Malformed requests across every operation of the registry: bad JSON, wrong types, huge fields
 * (past the server's field limit too), missing fields, names of Object.prototype as JSON, form and
 * query fields, unknown paths, wrong methods, odd content types. The reference server
 * must never answer 5xx or drop the connection, and every answer is JSON carrying a code (`code`,
 * the current OTP `error`, or the v1 `Codigo`) and a request_id.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, PERSONALITIES, type Operation } from '../schemas/index.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { FIELD_MAX_CHARS } from '../reference/size-limits.ts';

interface FuzzRequest {
  /** The operation the request was built from (coverage), when it was built from one. */
  operationId?: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const fieldNames = (op: Operation): string[] => {
  const schema = op.request.body ?? op.request.query;
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : ['numbers', 'message'];
};

const concretePath = (op: Operation) => op.path.replace(/\{\w+\}/g, 'x');

/** Names an own-property lookup must treat as unknown (they answered 500 as form or query fields). */
const PROTOTYPE_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

/** A JSON object written by hand: an object literal would turn a "__proto__" key into a prototype. */
const jsonObject = (pairs: readonly (readonly [string, unknown])[]): string =>
  `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;

const junkValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.anything(), { maxKeys: 3 }),
  fc.constant('x'.repeat(100_000)),
  // Just past the server's limit for a field without a documented maximum (latitude size-limits).
  fc.constant('z'.repeat(FIELD_MAX_CHARS + 1)),
  fc.constant('😀'.repeat(200)),
  fc.constant('{{code}}{{company}}'),
);

// The operation's fields and names of Object.prototype, each present or not, with junk values.
const fieldPairs = (o: Operation) =>
  fc
    .tuple(
      ...[...fieldNames(o), ...PROTOTYPE_NAMES].map((f) =>
        fc.option(
          junkValue.map((v): [string, unknown] => [f, v]),
          { nil: undefined },
        ),
      ),
    )
    .map((pairs) => pairs.filter((p): p is [string, unknown] => p !== undefined));
/** The same fields as a form body. */
const formBody = (o: Operation) =>
  fieldPairs(o).map((pairs) =>
    new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : String(JSON.stringify(v))])).toString(),
  );
/** Bodies that are no object: unreadable, a scalar, an array, or too long. */
const rawBody = fc.oneof(
  fc.constant('{"a":'),
  fc.constant('[1,2,3]'),
  fc.constant('42'),
  fc.constant('"text"'),
  fc.constant('null'),
  fc.string(),
  fc.constant(`{"x":"${'y'.repeat(2_000_000)}"}`),
);

function requestArbitrary(key: string): fc.Arbitrary<FuzzRequest> {
  const op = fc.constantFrom(...OPERATIONS);
  const auth = fc.constantFrom<Record<string, string>>({ apikey: key }, {}, { apikey: 'wrong' }, { token: 'jwt' });
  return fc.oneof(
    // An operation with junk fields (JSON or query).
    fc.tuple(op, auth).chain(([o, h]) =>
      fieldPairs(o).map((pairs) =>
        o.method === 'GET'
          ? {
              operationId: o.operationId,
              method: 'GET',
              path: `${concretePath(o)}?${new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, typeof v === 'string' ? v.slice(0, 500) : String(JSON.stringify(v))]))}`,
              headers: h,
            }
          : {
              operationId: o.operationId,
              method: o.method,
              path: concretePath(o),
              headers: { ...h, 'content-type': 'application/json' },
              body: jsonObject(pairs),
            },
      ),
    ),
    // The same as form fields (4: "the reference also shows form-style fields").
    fc.tuple(op, auth).chain(([o, h]) =>
      formBody(o).map((body) => ({
        operationId: o.operationId,
        method: o.method === 'GET' ? 'POST' : o.method,
        path: concretePath(o),
        headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      })),
    ),
    // Unreadable or non-object bodies.
    fc
      .tuple(op, auth, rawBody, fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/xml'))
      .map(([o, h, body, ct]) => ({
        operationId: o.operationId,
        method: o.method === 'GET' ? 'POST' : o.method,
        path: concretePath(o),
        headers: { ...h, 'content-type': ct },
        body,
      })),
    // Wrong methods and unknown paths.
    fc
      .tuple(op, auth, fc.constantFrom('PUT', 'PATCH', 'DELETE', 'GET', 'POST'))
      .map(([o, h, method]) => ({ operationId: o.operationId, method, path: concretePath(o), headers: h })),
    fc.tuple(fc.webPath(), auth).map(([p, h]) => ({ method: 'POST', path: p.startsWith('/') ? p : `/${p}`, headers: h })),
  );
}

// Both personalities: the alternate's lenient reading of fields and its other answers must hold too.
describe.each(PERSONALITIES)('fuzz: malformed requests never break the reference server (%s personality)', (personality) => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ rateLimit: 0, personality });
  });
  afterAll(() => server.close());

  it('answers 3,000 generated malformed requests over every operation without a 5xx, each in JSON with a code', async () => {
    const seen: number[] = [];
    const operations = new Set<string>();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(server.keys.account), async (req) => {
        const res = await fetch(`${server.baseUrl}${req.path}`, {
          method: req.method,
          headers: req.headers,
          body: req.method === 'GET' ? undefined : req.body,
        });
        const text = await res.text();
        seen.push(res.status);
        if (req.operationId !== undefined) operations.add(req.operationId);
        expect(res.status, `${req.method} ${req.path}`).toBeLessThan(500);
        const body = JSON.parse(text) as Record<string, unknown>;
        expect(body.code ?? body.error ?? body.Codigo ?? body.Estatus, `${req.method} ${req.path}: ${text.slice(0, 200)}`).toBeDefined();
        expect(body.request_id, `${req.method} ${req.path}`).toBeTypeOf('string');
      }),
      { numRuns: 3000, seed: 20261121 },
    );
    expect(seen.length).toBeGreaterThanOrEqual(3000);
    expect([...operations].sort()).toEqual(OPERATIONS.map((o) => o.operationId).sort());
  }, 120_000);
});
