/**
 * The vendor extensions of an operation: where in the source document it comes from, which
 * requirement ids bear on it, and what the document leaves open about it (ambiguities, "not
 * shown", limits). They let a reader of the OpenAPI document go back to the source and to the tests.
 */
import { ambiguityById } from '../schemas/ambiguities.ts';
import type { Operation } from '../schemas/operations.ts';
import { requirementsOfOperation } from '../schemas/requirements.ts';

export interface AmbiguityRef {
  id: string;
  title: string;
  default: string;
  options: string[];
}

interface LimitRef {
  id: string;
  description: string;
  unit: string;
  min?: number;
  max?: number;
  notShown?: string;
}

export interface OperationExtensions {
  'x-spec-section': string;
  'x-requirements': string[];
  'x-ambiguities'?: AmbiguityRef[];
  'x-not-shown'?: string;
  'x-limits'?: LimitRef[];
}

export function ambiguityRef(id: Operation['ambiguities'][number]): AmbiguityRef {
  const a = ambiguityById(id);
  return { id: a.id, title: a.title, default: a.default, options: a.options.map((o) => o.id) };
}

function limitRef(l: Operation['limits'][number]): LimitRef {
  return {
    id: l.id,
    description: l.description,
    unit: l.unit,
    ...(l.min === undefined ? {} : { min: l.min }),
    ...(l.max === undefined ? {} : { max: l.max }),
    ...(l.notShown === undefined ? {} : { notShown: l.notShown }),
  };
}

export function operationExtensions(op: Operation): OperationExtensions {
  return {
    'x-spec-section': op.section,
    'x-requirements': requirementsOfOperation(op.operationId),
    ...(op.ambiguities.length > 0 ? { 'x-ambiguities': op.ambiguities.map(ambiguityRef) } : {}),
    ...(op.notShown === undefined ? {} : { 'x-not-shown': op.notShown }),
    ...(op.limits.length > 0 ? { 'x-limits': op.limits.map(limitRef) } : {}),
  };
}
