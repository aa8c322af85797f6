/**
 * The seams and faults of the request rate of section 8 and its answer of 7.1: which requests
 * count, the limit, the window, the code.
 */
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const RATE_LIMIT_SEAMS = {
  'rate-limit.applies': point<boolean, { area: string }>('limit:rate-limit'),
  'rate-limit.code': point<string>('err:rate_01'),
  'rate-limit.window-resets': point<boolean, { overLimit: boolean }>('rule:limits.rate-recovery'),
  'rate-limit.per-second': point<number>('limit:rate-limit'),
} as const;

const fault = faultOn(RATE_LIMIT_SEAMS);

/** The areas whose operations send a message (the fault rate-limit-sends-only limits only these). */
const SENDING_AREAS: ReadonlySet<string> = new Set(['sms', 'voice', 'otp-v2', 'otp-legacy', 'payments', 'legacy-v1']);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const RATE_LIMIT_MUTANTS = [
  {
    id: 'rate-limit-sends-only',
    requirement: 'limit:rate-limit',
    description: 'the 100 per second limit applies to sending operations only, not to all endpoints',
    fault: fault('rate-limit.applies', (_, c) => SENDING_AREAS.has(c.area)),
  },
  {
    id: 'rate-limit-no-recovery',
    requirement: 'rule:limits.rate-recovery',
    description: 'the per-key counter never resets: once limited, a key stays limited',
    fault: fault('rate-limit.window-resets', (resets, c) => resets && !c.overLimit),
  },
  {
    id: 'rate-limit-150',
    requirement: 'limit:rate-limit',
    description: 'the rate limit lets 150 requests per second of one key through instead of 100',
    fault: fault('rate-limit.per-second', (perSecond) => perSecond + perSecond / 2),
  },
  {
    id: 'rate-limit-wrong-code',
    requirement: 'err:rate_01',
    description: 'the rate limit answers code rate_limit_exceeded instead of rate_01',
    fault: fault('rate-limit.code', () => 'rate_limit_exceeded'),
  },
] as const satisfies readonly MutantEntry[];
