/**
 * spec/openapi.json loaded into a JSON Schema 2020-12 validator (the dialect of OpenAPI 3.1), for the
 * tests that validate answers (spec-answers.test.ts) and requests (spec-requests.test.ts) against it.
 *
 * ajv is not a dependency of the project: it comes with @apidevtools/swagger-parser (a dev
 * dependency), and is loaded through it so that the tests use the copy that is installed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';

export interface ValidationError {
  instancePath: string;
  message?: string;
  schemaPath: string;
}

/** The part of Ajv's API used here (ajv/dist/2020). */
export interface Validator {
  (data: unknown): boolean;
  errors?: readonly ValidationError[] | null;
}
interface Ajv2020 {
  addSchema(schema: object, key: string): Ajv2020;
  getSchema(ref: string): Validator | undefined;
}
type Ajv2020Class = new (options: object) => Ajv2020;
type AddFormats = (ajv: Ajv2020) => void;

const requireFromProject = createRequire(join(PACKAGE_ROOT, 'package.json'));

/** The $id the document is registered under: a schema of it is `${DOCUMENT_ID}#/<pointer>`. */
const DOCUMENT_ID = 'https://spec.local/openapi.json';

/** spec/openapi.json as committed, parsed. */
export const specDocument: unknown = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'spec', 'openapi.json'), 'utf8'));

function loadValidator(): Ajv2020 {
  const ajvModule = requireFromProject('ajv/dist/2020.js') as { default: Ajv2020Class };
  const formats = requireFromProject('ajv-formats') as { default: AddFormats };
  // strict off: the document carries OpenAPI keywords (example, x-*) that are not JSON Schema ones.
  const ajv = new ajvModule.default({ strict: false, allErrors: true, validateFormats: true });
  formats.default(ajv);
  ajv.addSchema({ ...(specDocument as object), $id: DOCUMENT_ID }, DOCUMENT_ID);
  return ajv;
}

const ajv = loadValidator();

/** The validator of the schema at `pointer` (`/components/schemas/X`) of the document. */
export function schemaValidator(pointer: string): Validator {
  const validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
  if (!validate) throw new Error(`no schema at ${DOCUMENT_ID}#${pointer}`);
  return validate;
}

/** A validator's errors, one line each: where, what, and the schema's rule. */
export const errorLines = (errors: readonly ValidationError[] | null | undefined): string[] =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} (${e.schemaPath})`);
