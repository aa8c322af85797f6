/**
 * The seams and faults of the legacy v1 SMS API (4.16, 7.4): its batch and message limits and its
 * numbered error codes.
 */
import { limitById } from '../../schemas/limits.ts';
import { keepFirst, keepLast, readLeniently } from './lenient-reading.ts';
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const LEGACY_V1_SEAMS = {
  'v1.message-max': point<number>('err:v1-03'),
  'v1.refuses-short-number': point<boolean>('err:v1-08'),
  'v1.batch-max': point<number>('limit:v1-batch-size'),
  'v1.refuses-repeated-number': point<boolean>('err:v1-15'),
  'v1.refuses-double-comma': point<boolean>('err:v1-21'),
  'v1.insufficient-credit-detail': point<string | undefined>('err:v1-13'),
} as const;

const fault = faultOn(LEGACY_V1_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const LEGACY_V1_MUTANTS = [
  {
    id: 'v1-batch-501',
    requirement: 'limit:v1-batch-size',
    description: 'a batch of 501 numbers is accepted (Codigo 14 from 502)',
    fault: fault('v1.batch-max', (max) => max + 1),
  },
  {
    id: 'v1-repeat-allowed',
    requirement: 'err:v1-15',
    description: 'a repeated number in a batch is accepted instead of Codigo 15',
    fault: fault('v1.refuses-repeated-number', () => false),
  },
  {
    id: 'v1-double-comma-ignored',
    requirement: 'err:v1-21',
    description: 'a double comma in numcelular is skipped instead of Codigo 21',
    fault: fault('v1.refuses-double-comma', () => false),
  },
  {
    id: 'v1-message-161',
    requirement: 'err:v1-03',
    description: 'the 160-character check is off by one: a message of 161 characters is not answered Codigo 03',
    fault: fault('v1.message-max', (max) => max + 1),
  },
  {
    id: 'v1-short-number-07',
    requirement: 'err:v1-08',
    description: 'a number under 6 digits answers Codigo 07 instead of 08',
    fault: fault('v1.refuses-short-number', () => false),
  },
  {
    id: 'v1-insufficient-no-credit',
    requirement: 'err:v1-13',
    description: 'Codigo 13 does not include the current credit in its message',
    fault: fault('v1.insufficient-credit-detail', () => undefined),
  },
  {
    id: 'v1-sender-truncated',
    requirement: 'limit:v1-sender-length',
    description: 'a remitente over 11 characters is cut to 11 instead of refused',
    fault: readLeniently(['legacy-v1/send', 'legacy-v1/send-multi'], keepFirst('remitente', limitById('v1-sender-length').max!)),
  },
  {
    id: 'v1-number-last-10',
    requirement: 'err:v1-07',
    description: 'a numcelular of 11 digits is sent to its last 10 instead of Codigo 07',
    fault: readLeniently(['legacy-v1/send'], keepLast('numcelular', 10)),
  },
] as const satisfies readonly MutantEntry[];
