/**
 * Section 6: the events the service sends to the account's single webhook URL. With POST they
 * arrive as application/x-www-form-urlencoded (with GET as query parameters), so every value is a
 * string: "number" parameters are numeric strings, dates are YYYYMMDDHHMMSS, extra_params is a JSON
 * string. The delivery status codes (6.1) and the delivery rules (6, 6.3) are data.
 */
import { z } from 'zod';
import type { AmbiguityId } from './ambiguities.ts';
import { compactDateTimeText } from './formats.ts';

/** 6.1: "Status codes: 0 delivered; 1 not delivered; ... 12 country not contracted." */
export const DELIVERY_STATUS_CODES = {
  0: 'delivered',
  1: 'not delivered',
  2: 'temporary disconnection',
  3: 'expired',
  4: 'rejected',
  5: 'unknown',
  6: 'unknown number',
  7: 'incorrect format',
  8: 'error',
  9: 'phishing',
  10: 'blacklist',
  11: 'landline number',
  12: 'country not contracted',
} as const satisfies Record<number, string>;
export type DeliveryStatusCode = keyof typeof DELIVERY_STATUS_CODES;

/** The codes as they arrive in a form body: '0' to '12'. */
const DELIVERY_STATUS_TEXTS = Object.keys(DELIVERY_STATUS_CODES) as [`${DeliveryStatusCode}`, ...`${DeliveryStatusCode}`[]];

export const deliveryStatusMeaning = (status: string): string | undefined =>
  Object.hasOwn(DELIVERY_STATUS_CODES, status) ? DELIVERY_STATUS_CODES[Number(status) as DeliveryStatusCode] : undefined;

/** A "number" parameter of 6.1/6.2, as it arrives in a form body. */
const numericText = z.string().regex(/^\d+$/, 'a numeric string');

/** 6.1: "JSON string echoing the values supplied as extra_params at send time". */
const extraParams = z
  .string()
  .refine((s) => {
    // How extra_params is supplied at send time is not shown (6.3), so what arrives when none was
    // supplied is unknown: an empty value is let through; anything else must be JSON.
    if (s === '') return true;
    try {
      JSON.parse(s);
      return true;
    } catch {
      return false;
    }
  }, 'a JSON string')
  .meta({ description: 'JSON string echoing the values supplied as extra_params at send time', example: '{"order":"A-1001"}' });

export const ConfirmationEvent = z
  .object({
    type: z.literal('confirmation'),
    reference: z.string().min(1).meta({ description: 'Message reference returned by the send' }),
    status: z.enum(DELIVERY_STATUS_TEXTS).meta({ description: 'Delivery code 0 to 12 (section 6.1), as a numeric string', example: '0' }),
    number: numericText.meta({ description: 'Recipient number', example: '525512345678' }),
    date: compactDateTimeText.meta({ description: 'Confirmation time, format YYYYMMDDHHMMSS', example: '20261121103005' }),
    // Listed in 6.1; optional because the way it is supplied (6.3) is not shown.
    extra_params: extraParams.optional(),
  })
  .meta({ id: 'ConfirmationEvent', description: 'type=confirmation: delivery status of a message, form-urlencoded (section 6.1)' });
export type ConfirmationEvent = z.infer<typeof ConfirmationEvent>;

export const ResponseEvent = z
  .object({
    type: z.literal('response'),
    reference: z.string().min(1).meta({ description: 'Reference of the original message' }),
    number: numericText.meta({ description: 'Number that replied', example: '525512345678' }),
    message: z.string().meta({ description: 'Message originally sent' }),
    response: z.string().meta({ description: 'Reply content' }),
    send_date: compactDateTimeText.meta({ description: 'Original send time, YYYYMMDDHHMMSS', example: '20261121103000' }),
    response_date: compactDateTimeText.meta({ description: 'Reply time, YYYYMMDDHHMMSS', example: '20261121104512' }),
  })
  .meta({ id: 'ResponseEvent', description: 'type=response: customer reply, form-urlencoded (section 6.2)' });
export type ResponseEvent = z.infer<typeof ResponseEvent>;

/** 6: "The parameter type selects the event kind: confirmation or response." */
export const WebhookEvent = z
  .discriminatedUnion('type', [ConfirmationEvent, ResponseEvent])
  .meta({ id: 'WebhookEvent', description: 'An event delivered to the webhook, selected by type (section 6)' });
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export interface EventDeliveryRule {
  id: string;
  section: string;
  /** The document's statement. */
  statement: string;
  /** Set when the statement is that something is not shown. */
  notShown?: boolean;
  ambiguity?: AmbiguityId;
  /** An obligation of the receiving URL, not of the service (not a requirement on a target). */
  receiverDuty?: boolean;
}

export const EVENT_DELIVERY_RULES = [
  { id: 'single-url-per-account', section: '6', statement: "The service sends events to the account's single webhook URL." },
  { id: 'delivery-get-or-post', section: '6', statement: 'Delivery is by GET or POST (chosen in the panel).', ambiguity: 'webhook-delivery-method' },
  { id: 'post-form-urlencoded', section: '6', statement: 'POST uses application/x-www-form-urlencoded.' },
  { id: 'type-selects-kind', section: '6', statement: 'The parameter type selects the event kind: confirmation or response.' },
  { id: 'no-request-id', section: '6', statement: 'Events carry no request_id.' },
  { id: 'head-before-delivery', section: '6', statement: 'The URL must accept HEAD (checked before delivery).', ambiguity: 'webhook-head-check' },
  { id: 'answer-200-after-processing', section: '6', statement: 'The URL must answer HTTP 200 only after processing.', receiverDuty: true },
  { id: 'answer-200-quickly', section: '4.14', statement: 'The URL must accept HEAD and answer HTTP 200 quickly to events.', receiverDuty: true },
  {
    id: 'retry-until-200',
    section: '6.3',
    statement: 'If the endpoint does not answer HTTP 200 the event is retried, up to 25 retries per event (limit event-retries).',
  },
  { id: 'emitted-by', section: '6.3', statement: 'Emitted by: sends (confirmation), customer replies to sent SMS (response).' },
  { id: 'signing-not-shown', section: '6.3', statement: 'Signing or authentication of deliveries: not shown.', notShown: true },
  {
    id: 'extra-params-shape-not-shown',
    section: '6.3',
    statement: 'The request shape by which extra_params is supplied when sending: not shown.',
    notShown: true,
  },
] as const satisfies readonly EventDeliveryRule[];

export type EventDeliveryRuleId = (typeof EVENT_DELIVERY_RULES)[number]['id'];
export const eventDeliveryRuleById = (id: EventDeliveryRuleId): EventDeliveryRule => EVENT_DELIVERY_RULES.find((r) => r.id === id)!;
