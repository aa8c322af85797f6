/** Section 4.2 and 2.2: sending SMS (and RCS). */
import { z } from 'zod';
import { successBody, unsettable } from './envelope.ts';
import { dateTimeText, flag01, isFlagSet } from './formats.ts';
import { limitById } from './limits.ts';
import type { OperationDefinition } from './operation.ts';

/** 4.2: Mexico only. */
export const MEXICO_COUNTRY_CODE = '52';
export const countryCode = z
  .string()
  .regex(/^\d{1,4}$/, 'a numeric country code')
  .meta({ example: MEXICO_COUNTRY_CODE });

const SENDER_MAX = limitById('sender-id-length').max!;
/** 4.2, 8: alphanumeric sender id, at most 11 characters. */
export const senderId = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9]{1,${SENDER_MAX}}$`), `alphanumeric, at most ${SENDER_MAX} characters`)
  .meta({ example: 'MYBRAND' });

/** 4.2: recipients separated by commas. */
export const splitRecipients = (numbers: string): string[] => numbers.split(',').map((n) => n.trim());

/**
 * 4.2: national numbers have 10 digits; with find_country_code=1 each number has 12 digits
 * including the country code (Mexico: 52).
 */
export function recipientProblem(number: string, findCountryCode: boolean): string | undefined {
  if (findCountryCode) return /^52\d{10}$/.test(number) ? undefined : `${number}: with find_country_code=1 a number has 12 digits starting with 52`;
  return /^\d{10}$/.test(number) ? undefined : `${number}: a national number has 10 digits`;
}

const URL_RE = /\bhttps?:\/\/[^\s]+/gi;
/** URLs in a message text (4.2 shorten_url). */
export const urlsIn = (text: string): string[] => text.match(URL_RE) ?? [];

export const SmsChannel = z.union([z.literal(1), z.literal(2)]).meta({ description: '1 SMS (default), 2 RCS' });

export const SmsSendRequest = z
  .object({
    numbers: z
      .string()
      .min(1)
      .meta({ description: 'Recipients separated by commas; Mexico only. 10 digits each, or 12 with find_country_code=1', example: '5512345678,5598765432' }),
    message: z
      .string()
      .min(1)
      .meta({ description: 'Sent without accents, always as GSM-7; accents must not be included', example: 'Tu pedido ha sido enviado' }),
    sender: senderId.optional(),
    country_code: countryCode.optional().meta({ description: 'Default 52; not needed with find_country_code=1' }),
    find_country_code: flag01.optional(),
    date: dateTimeText
      .optional()
      .meta({ description: 'Scheduled send, YYYY-MM-DD HH:MM:SS, zone America/Mexico_City, must be in the future; unavailable in sandbox' }),
    sandbox: flag01.optional().meta({ description: 'Default 0; 1 validates and generates references but delivers nothing and charges nothing' }),
    channel: SmsChannel.optional(),
    flash: flag01
      .optional()
      .meta({ description: 'Flash SMS shown on screen without being stored; incompatible with RCS (parameter name not shown explicitly)' }),
    shorten_url: flag01.optional().meta({ description: '1 shortens the URL; the message must contain exactly one URL' }),
    url_to_shorten: z.string().optional(),
    // The example is the one value that invents no element (renderers would sample [null]).
    read_confirmation: z
      .array(z.unknown())
      .optional()
      .meta({ description: 'Read-confirmation configuration; structure of its elements: not shown', example: [] }),
    showCampaignId: z.boolean().optional().meta({ description: 'true adds campaignId to the response (placement in the request: not shown)' }),
  })
  .superRefine((req, ctx) => {
    const findCc = isFlagSet(req.find_country_code);
    for (const n of splitRecipients(req.numbers)) {
      const problem = recipientProblem(n, findCc);
      if (problem) ctx.addIssue({ code: 'custom', path: ['numbers'], message: problem });
    }
    if (req.country_code !== undefined && req.country_code !== MEXICO_COUNTRY_CODE && !findCc)
      ctx.addIssue({ code: 'custom', path: ['country_code'], message: 'Mexico only (52)' });
    if (isFlagSet(req.sandbox) && req.date !== undefined) ctx.addIssue({ code: 'custom', path: ['date'], message: 'no scheduled sends in sandbox' });
    if (req.channel === 2 && isFlagSet(req.flash)) ctx.addIssue({ code: 'custom', path: ['flash'], message: 'RCS is incompatible with flash' });
    if (isFlagSet(req.shorten_url) && req.url_to_shorten === undefined && urlsIn(req.message).length !== 1)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'shorten_url=1 needs exactly one URL in the message' });
  })
  .meta({ id: 'SmsSendRequest', description: 'POST /sms/send body (section 4.2)' });
export type SmsSendRequest = z.infer<typeof SmsSendRequest>;

export const SmsSendQuery = z
  .object({
    numbers: z.string().min(1),
    message: z.string().min(1),
    sender: senderId.optional(),
    country_code: countryCode.optional(),
  })
  .meta({ id: 'SmsSendQuery', description: 'GET /sms/send query (section 4.2)' });

export const MessageReference = z
  .object({
    reference: z.string().min(1).meta({ description: 'Unique message id' }),
    number: z.string().meta({ description: 'Recipient with country code', example: '525512345678' }),
  })
  .meta({ id: 'MessageReference' });

/** 2.2: message send result (SMS, voice). */
export const SendResult = successBody(
  { code: 'sms_11', message: 'sent_messages' },
  {
    total_messages: z.number().int().nonnegative(),
    references: z.array(MessageReference),
    credit: z.number().nonnegative().meta({ description: 'Credits consumed' }),
    campaignId: unsettable(z.number().int()).meta({ description: 'Only when showCampaignId=true (otherwise absent, null or "")' }),
  },
).meta({ id: 'SendResult', description: 'Message send result (section 2.2)' });
export type SendResult = z.infer<typeof SendResult>;

const sendResultExample = (numbers: string[], credit: number) => ({
  success: true,
  message: 'sent_messages',
  status: 200,
  code: 'sms_11',
  total_messages: numbers.length,
  references: numbers.map((n, i) => ({ reference: `ref-${i + 1}a7c9`, number: `52${n}` })),
  credit,
  request_id: '5d7c1f0e-2b1a-4c3d-8e9f-0a1b2c3d4e5f',
});

/** 2.2, 4.2, 4.3: the success contract of an operation answering SendResult, with an example for `numbers`. */
export const sendResultSuccess = (summary: string, numbers: string[]): OperationDefinition['success'] => ({
  httpStatus: [200],
  code: 'sms_11',
  message: 'sent_messages',
  schema: SendResult,
  examples: { sent: { status: 200, summary, value: sendResultExample(numbers, numbers.length) } },
});

export const smsOperations: OperationDefinition[] = [
  {
    operationId: 'sms/send',
    method: 'POST',
    path: '/sms/send',
    area: 'sms',
    summary: 'Send SMS',
    description:
      'Sends an SMS (or RCS with channel=2) to one or many Mexican numbers, immediately or at a scheduled date. Insufficient ' +
      'credits answer sms_07. Recommended for marketing and notifications only; verification codes belong to the OTP endpoints.',
    section: '4.2',
    auth: 'account',
    request: { body: SmsSendRequest },
    success: sendResultSuccess('Two recipients', ['5512345678', '5598765432']),
    errorBody: 'envelope',
    ambiguities: [
      'show-campaign-id-placement',
      'sms-flash-parameter-name',
      'sandbox-daily-limit',
      'sandbox-sends-emit-events',
      'sms-accented-text',
      'sms-shorten-url-count',
    ],
    sends: true,
    sandbox: true,
  },
  {
    operationId: 'sms/send-via-get',
    method: 'GET',
    path: '/sms/send',
    area: 'sms',
    summary: 'Send a single SMS by GET',
    description: 'Sends a single SMS with query parameters. Same response as POST /sms/send.',
    section: '4.2',
    auth: 'account',
    request: { query: SmsSendQuery },
    success: sendResultSuccess('One recipient', ['5512345678']),
    errorBody: 'envelope',
    ambiguities: [],
    sends: true,
  },
];
