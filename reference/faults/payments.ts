/**
 * The seams and faults of payment requests (4.13, 8): the stated bounds of template, message and
 * amount, and the limits of the other fields.
 */
import { limitById } from '../../schemas/limits.ts';
import { keepFirst, keepLast, readLeniently } from './lenient-reading.ts';
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const PAYMENTS_SEAMS = {
  /** The body as the payment request's own check (template, message, amount) reads it. */
  'payments.checked-fields': point<Record<string, unknown>>('limit:payment-amount', 'limit:payment-message-length', 'limit:payment-template-length'),
} as const;

const fault = faultOn(PAYMENTS_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const PAYMENTS_MUTANTS = [
  {
    id: 'payment-amount-clamped',
    requirement: 'limit:payment-amount',
    description: 'an amount outside 15 to 110000 is clamped into range instead of refused',
    fault: fault('payments.checked-fields', (fields) =>
      typeof fields.amount === 'number'
        ? { ...fields, amount: Math.min(limitById('payment-amount').max!, Math.max(limitById('payment-amount').min!, fields.amount)) }
        : fields,
    ),
  },
  {
    id: 'payment-message-truncated',
    requirement: 'limit:payment-message-length',
    description: 'a message over 123 characters is truncated instead of refused',
    fault: fault('payments.checked-fields', (fields) =>
      typeof fields.message === 'string' ? { ...fields, message: fields.message.slice(0, limitById('payment-message-length').max!) } : fields,
    ),
  },
  {
    id: 'payment-template-truncated',
    requirement: 'limit:payment-template-length',
    description: 'a template over 40 characters is truncated instead of refused',
    fault: fault('payments.checked-fields', (fields) =>
      typeof fields.template === 'string' ? { ...fields, template: fields.template.slice(0, limitById('payment-template-length').max!) } : fields,
    ),
  },
  {
    id: 'payment-name-truncated',
    requirement: 'limit:payment-name-length',
    description: 'a name over 150 characters is cut to 150 instead of refused',
    fault: readLeniently(['payments/send-request'], keepFirst('name', limitById('payment-name-length').max!)),
  },
  {
    id: 'payment-number-last-10',
    requirement: 'limit:payment-number-digits',
    description: 'a number of 11 digits is sent to its last 10 instead of refused',
    fault: readLeniently(['payments/send-request'], keepLast('number', limitById('payment-number-digits').max!)),
  },
] as const satisfies readonly MutantEntry[];
