/**
 * The seams and faults of the response envelope (2.1) and how bodies are read (0, 4): the status
 * field, the error body, JSON and form bodies.
 */
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const ENVELOPE_SEAMS = {
  'envelope.success-status': point<number | string>('rule:envelope.status-repeated'),
  'envelope.error-body': point<Record<string, unknown>>('rule:envelope.request-id', 'rule:envelope.validation-body-status', 'rule:envelope.success-flag'),
  'envelope.form-bodies-accepted': point<boolean>('rule:envelope.form-bodies'),
  'envelope.json-bodies-read': point<boolean, { area: string }>('rule:envelope.json-bodies'),
} as const;

const fault = faultOn(ENVELOPE_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const ENVELOPE_MUTANTS = [
  {
    id: 'envelope-no-request-id-on-errors',
    requirement: 'rule:envelope.request-id',
    description: 'business and validation errors carry no request_id',
    fault: fault('envelope.error-body', ({ request_id: _, ...body }) => body),
  },
  {
    id: 'envelope-validation-status-400',
    requirement: 'rule:envelope.validation-body-status',
    description: 'a validation failure (and any other error whose body status is 200) carries status 400 in the body instead of 200',
    fault: fault('envelope.error-body', (body) => (body.status === 200 ? { ...body, status: 400 } : body)),
  },
  {
    id: 'envelope-status-as-string',
    requirement: 'rule:envelope.status-repeated',
    description: 'success bodies repeat the status as the string "200"',
    fault: fault('envelope.success-status', () => '200'),
  },
  {
    id: 'envelope-error-success-missing',
    requirement: 'rule:envelope.success-flag',
    description: 'error bodies leave out success=false',
    fault: fault('envelope.error-body', ({ success: _, ...body }) => body),
  },
  {
    id: 'envelope-json-bodies-ignored',
    requirement: 'rule:envelope.json-bodies',
    description: 'the contact-list and contact endpoints read form fields only (as a server reading $_POST): the fields of a JSON body count as missing',
    fault: fault('envelope.json-bodies-read', (read, c) => read && c.area !== 'agendas' && c.area !== 'contacts'),
  },
  {
    id: 'envelope-form-bodies-refused',
    requirement: 'rule:envelope.form-bodies',
    description: 'form-urlencoded bodies are refused as invalid parameters',
    fault: fault('envelope.form-bodies-accepted', () => false),
  },
] as const satisfies readonly MutantEntry[];
