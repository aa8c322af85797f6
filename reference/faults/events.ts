/**
 * The seams and faults of events (6): the HEAD check, how an event is posted, its fields (6.1, 6.2)
 * and its retries (6.3).
 */
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const EVENTS_SEAMS = {
  'events.head-check-due': point<boolean>('event:delivery.head-before-delivery'),
  'events.head-holds-back': point<boolean>('event:delivery.head-before-delivery'),
  'events.delivered-params': point<Record<string, string>>('event:delivery.no-request-id'),
  'events.post-body': point<{ type: string; body: string }, { params: Record<string, string> }>('event:delivery.post-form-urlencoded'),
  'events.confirmation-status': point<string>('event:status-codes'),
  'events.confirmation-date': point<string, { at: number }>('event:confirmation.date'),
  'events.extra-params': point<string | undefined>('event:confirmation.extra_params'),
  'events.response-date': point<string, { at: number }>('event:response.response_date'),
  'events.retry-limit': point<number>('limit:event-retries', 'event:delivery.retry-until-200'),
  'events.delivered-statuses': point<readonly number[]>('event:delivery.retry-until-200', 'event:delivery.emitted-by'),
} as const;

const fault = faultOn(EVENTS_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const EVENTS_MUTANTS = [
  {
    id: 'events-head-skipped',
    requirement: 'event:delivery.head-before-delivery',
    description: 'events are delivered without the HEAD check',
    fault: fault('events.head-check-due', () => false),
  },
  {
    id: 'events-head-result-ignored',
    requirement: 'event:delivery.head-before-delivery',
    description: 'a HEAD answered with other than 200 does not hold the delivery back',
    fault: fault('events.head-holds-back', () => false),
  },
  {
    id: 'events-date-iso',
    requirement: 'event:confirmation.date',
    description: 'the confirmation date is ISO 8601 instead of YYYYMMDDHHMMSS',
    fault: fault('events.confirmation-date', (_, c) => new Date(c.at).toISOString()),
  },
  {
    id: 'events-request-id-included',
    requirement: 'event:delivery.no-request-id',
    description: 'events carry a request_id',
    fault: fault('events.delivered-params', (params) => ({ ...params, request_id: crypto.randomUUID() })),
  },
  {
    id: 'events-post-json',
    requirement: 'event:delivery.post-form-urlencoded',
    description: 'POST deliveries are JSON instead of application/x-www-form-urlencoded',
    conformsUnder: { ambiguity: 'webhook-delivery-method', option: 'get' },
    fault: fault('events.post-body', (_, c) => ({ type: 'application/json', body: JSON.stringify(c.params) })),
  },
  {
    id: 'events-status-text',
    requirement: 'event:status-codes',
    description: 'the confirmation status is the word "delivered" instead of a code 0 to 12',
    fault: fault('events.confirmation-status', () => 'delivered'),
  },
  {
    id: 'events-no-extra-params',
    requirement: 'event:confirmation.extra_params',
    description: 'confirmations leave out extra_params',
    fault: fault('events.extra-params', () => undefined),
  },
  {
    id: 'events-response-date-iso',
    requirement: 'event:response.response_date',
    description: "the reply event's response_date is ISO 8601 instead of YYYYMMDDHHMMSS",
    fault: fault('events.response-date', (_, c) => new Date(c.at).toISOString()),
  },
  {
    id: 'events-retries-stop-at-3',
    requirement: 'limit:event-retries',
    description: 'an event is retried 3 times instead of up to 25',
    fault: fault('events.retry-limit', () => 3),
  },
  {
    id: 'events-retries-26',
    requirement: 'limit:event-retries',
    description: 'an event is retried 26 times (one more than 25)',
    fault: fault('events.retry-limit', (limit) => limit + 1),
  },
  {
    id: 'events-2xx-is-success',
    requirement: 'event:delivery.retry-until-200',
    description: 'any 2xx answer counts as delivered (a 204 is not retried)',
    fault: fault('events.delivered-statuses', () => Array.from({ length: 100 }, (_, i) => 200 + i)),
  },
  {
    id: 'events-200-retried',
    requirement: 'event:delivery.emitted-by',
    description: 'an event answered 200 at once is delivered again (no answer counts as delivered)',
    fault: fault('events.delivered-statuses', () => []),
  },
  {
    id: 'events-no-retry',
    requirement: 'event:delivery.retry-until-200',
    description: 'a failed delivery is never retried',
    fault: fault('events.retry-limit', () => 0),
  },
] as const satisfies readonly MutantEntry[];
