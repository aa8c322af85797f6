/**
 * The two events the service sends to the account's webhook URL (section 6) as OpenAPI webhooks.
 * The document's default delivery is a form-encoded POST (6: "POST uses
 * application/x-www-form-urlencoded"; GET is the other choice, ambiguity webhook-delivery-method).
 */
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import type { AmbiguityId } from '../schemas/ambiguities.ts';
import { ConfirmationEvent, ResponseEvent } from '../schemas/events.ts';
import { REQUIREMENTS } from '../schemas/requirements.ts';
import { ambiguityRef } from './operation-extensions.ts';
import { tagOf } from './tags.ts';

type EventType = 'confirmation' | 'response';

interface EventDefinition {
  type: EventType;
  section: string;
  summary: string;
  description: string;
  schema: z.ZodType;
  ambiguities: readonly AmbiguityId[];
}

const EVENTS: readonly EventDefinition[] = [
  {
    type: 'confirmation',
    section: '6.1',
    summary: 'Delivery status of a message',
    description: 'Sent for every message of a send (6.3: "Emitted by: sends"), with the delivery status code 0 to 12 of section 6.1.',
    schema: ConfirmationEvent,
    ambiguities: ['webhook-delivery-method', 'webhook-head-check', 'sandbox-sends-emit-events'],
  },
  {
    type: 'response',
    section: '6.2',
    summary: 'Customer reply',
    description: 'Sent when a customer replies to a sent SMS (6.3).',
    schema: ResponseEvent,
    ambiguities: ['webhook-delivery-method', 'webhook-head-check'],
  },
];

/** Section 6 and 6.3: how deliveries behave, whatever the event. */
const DELIVERY_RULES = [
  "Delivered to the account's single webhook URL by GET or POST, as chosen in the panel; POST uses application/x-www-form-urlencoded (section 6).",
  'The URL must accept HEAD, which is checked before delivery, and answer HTTP 200 only after processing (section 6).',
  'Any answer other than HTTP 200 makes the service retry the event, up to 25 retries per event (section 6.3).',
  'Events carry no request_id (section 6). Signing or authentication of deliveries: not shown (6.3).',
].join('\n\n');

/** The requirement ids of an event: its fields, and the delivery rules common to both (6, 6.3). */
function requirementsOfEvent(type: EventType): string[] {
  return REQUIREMENTS.filter(
    (r) => r.id.startsWith(`event:${type}.`) || r.id.startsWith('event:delivery.') || (type === 'confirmation' && r.id === 'event:status-codes'),
  ).map((r) => r.id);
}

function eventRoute(e: EventDefinition): RouteConfig {
  return {
    method: 'post',
    path: e.type,
    // A verb and its object, as the operations' ids (operation-ids.ts): receiveConfirmationEvent.
    operationId: `receive${e.type.charAt(0).toUpperCase()}${e.type.slice(1)}Event`,
    tags: [tagOf('events')],
    summary: e.summary,
    description: `${e.description}\n\n${DELIVERY_RULES}\n\nSource: section ${e.section}.`,
    // The service calls the account's URL; the document shows no authentication of deliveries.
    security: [],
    request: {
      body: {
        required: true,
        description: `The event parameters, type=${e.type} (section ${e.section}).`,
        content: { 'application/x-www-form-urlencoded': { schema: e.schema } },
      },
    },
    responses: {
      '200': { description: 'The event was processed. Answer 200 only after processing (section 6).' },
      '4XX': { description: 'Not processed: the service retries the event, up to 25 retries (section 6.3).' },
      '5XX': { description: 'Not processed: the service retries the event, up to 25 retries (section 6.3).' },
    },
    'x-spec-section': e.section,
    'x-requirements': requirementsOfEvent(e.type),
    'x-ambiguities': e.ambiguities.map(ambiguityRef),
  };
}

export const WEBHOOK_ROUTES: readonly RouteConfig[] = EVENTS.map(eventRoute);
