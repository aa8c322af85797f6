/**
 * `npm run spec:diff BASE [HEAD]`: the breaking changes from the OpenAPI document BASE (a file) to
 * HEAD (default: the committed spec/openapi.json), for a client generated from BASE:
 *  - removed operations (a path and method of BASE that HEAD lacks);
 *  - removed response codes (a status or `default` of an operation that HEAD no longer declares);
 *  - narrowed enums (a value listed by an enum, a const or a union of them in BASE that the schema at
 *    the same place in HEAD no longer lists; a schema HEAD opens to any value is not narrowed);
 *  - new required request fields (a property newly required in a request body, or a newly
 *    required parameter).
 * Prints one line per change and exits 1 when there is any, 0 otherwise (2 on a usage error).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface BreakingChange {
  kind: 'removed-operation' | 'removed-response' | 'narrowed-enum' | 'new-required-field';
  /** `METHOD /path` or a JSON pointer into the document. */
  where: string;
  detail: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function operationsOf(document: Node): Map<string, Node> {
  const found = new Map<string, Node>();
  const paths = isNode(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isNode(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (isNode(op)) found.set(`${method.toUpperCase()} ${path}`, op);
    }
  }
  return found;
}

/** Follows local $refs of `document`. */
function deref(document: Node, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isNode(current) && typeof current.$ref === 'string' && current.$ref.startsWith('#/'); hops += 1) {
    if (hops > 20) return undefined;
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((n, key) => (isNode(n) ? n[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), document);
  }
  return current;
}

/** The values a schema node admits when it is a closed list (enum, const, or a union of those). */
function valuesOf(document: Node, node: unknown): unknown[] | undefined {
  const schema = deref(document, node);
  if (!isNode(schema)) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  const members = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (members === undefined) return undefined;
  const lists = members.map((m) => valuesOf(document, m));
  return lists.every((l): l is unknown[] => l !== undefined) ? lists.flat() : undefined;
}

const key = (v: unknown): string => JSON.stringify(v);

/** Walks BASE and HEAD side by side (same keys), reporting values an enum of BASE lost in HEAD. */
function narrowedEnums(base: Node, head: Node): BreakingChange[] {
  const changes: BreakingChange[] = [];
  const walk = (b: unknown, h: unknown, pointer: string): void => {
    if (Array.isArray(b) && Array.isArray(h)) {
      for (const [i, item] of b.entries()) walk(item, h[i], `${pointer}/${i}`);
      return;
    }
    if (!isNode(b) || !isNode(h)) return;
    if (Array.isArray(b.enum) || 'const' in b || Array.isArray(b.oneOf) || Array.isArray(b.anyOf)) {
      const before = valuesOf(base, b);
      const after = valuesOf(head, h);
      if (before !== undefined && after !== undefined) {
        const kept = new Set(after.map(key));
        const lost = before.filter((v) => !kept.has(key(v)));
        if (lost.length > 0) changes.push({ kind: 'narrowed-enum', where: pointer, detail: `no longer admits ${lost.map(key).join(', ')}` });
        // The lists say all of it: their members, compared one by one, could only repeat the
        // finding or, reordered, report values that moved.
        return;
      }
    }
    for (const [name, value] of Object.entries(b)) {
      if (name === 'example' || name === 'examples' || name.startsWith('x-')) continue;
      walk(value, h[name], `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(base.paths, head.paths, '#/paths');
  walk(base.components, head.components, '#/components');
  return changes;
}

/** The required property names of each request body media type, and the required parameters. */
function requiredOf(document: Node, op: Node): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const body = deref(document, op.requestBody);
  const content = isNode(body) && isNode(body.content) ? body.content : {};
  for (const [media, entry] of Object.entries(content)) {
    const schema = isNode(entry) ? deref(document, entry.schema) : undefined;
    const required = isNode(schema) && Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
    found.set(`body ${media}`, new Set(required));
  }
  const parameters = Array.isArray(op.parameters) ? op.parameters.map((p) => deref(document, p)).filter(isNode) : [];
  found.set('parameters', new Set(parameters.filter((p) => p.required === true).map((p) => `${String(p.in)} ${String(p.name)}`)));
  return found;
}

export function breakingChanges(base: Node, head: Node): BreakingChange[] {
  const changes: BreakingChange[] = [];
  const before = operationsOf(base);
  const after = operationsOf(head);
  for (const [where, op] of before) {
    const now = after.get(where);
    if (now === undefined) {
      changes.push({ kind: 'removed-operation', where, detail: `operation ${String(op.operationId ?? '')} removed`.trim() });
      continue;
    }
    const statuses = new Set(Object.keys(isNode(now.responses) ? now.responses : {}));
    for (const status of Object.keys(isNode(op.responses) ? op.responses : {})) {
      if (!statuses.has(status)) changes.push({ kind: 'removed-response', where, detail: `response ${status} removed` });
    }
    const requiredBefore = requiredOf(base, op);
    for (const [place, names] of requiredOf(head, now)) {
      const had = requiredBefore.get(place) ?? new Set<string>();
      for (const name of names) if (!had.has(name)) changes.push({ kind: 'new-required-field', where, detail: `${place}: ${name} is now required` });
    }
  }
  return [...changes, ...narrowedEnums(base, head)];
}

const readDocument = (file: string): Node => {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!isNode(parsed)) throw new Error(`${file} is not a JSON object`);
  return parsed;
};

function main(argv: readonly string[]): number {
  const [baseFile, headFile = fileURLToPath(new URL('openapi.json', import.meta.url)), ...extra] = argv;
  if (baseFile === undefined || extra.length > 0) {
    console.error('usage: npm run spec:diff BASE [HEAD]   (JSON files; HEAD defaults to spec/openapi.json)');
    return 2;
  }
  const changes = breakingChanges(readDocument(baseFile), readDocument(headFile));
  for (const c of changes) console.log(`${c.kind}\t${c.where}\t${c.detail}`);
  console.error(changes.length === 0 ? 'spec:diff: no breaking change' : `spec:diff: ${changes.length} breaking change(s)`);
  return changes.length === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
