/** Section 4.3 and 2.2: voice calls that read a text-to-speech template. */
import { z } from 'zod';
import { flag01 } from './formats.ts';
import { limitById } from './limits.ts';
import type { OperationDefinition } from './operation.ts';
import { MEXICO_COUNTRY_CODE, sendResultSuccess, splitRecipients } from './sms.ts';

/** 4.3: the fixed spoken scripts a..k and what each is for (k: custom text from voice_message). */
export const VOICE_TEMPLATES = {
  a: 'verification',
  b: 'account validation',
  c: 'activation',
  d: 'authentication',
  e: 'alternative activation',
  f: 'simple code',
  g: 'confirmation',
  h: 'inverted verification',
  i: 'login',
  j: 'extended activation',
  k: 'custom text',
} as const;
export type VoiceTemplateLetter = keyof typeof VOICE_TEMPLATES;
const VOICE_TEMPLATE_LETTERS = Object.keys(VOICE_TEMPLATES) as [VoiceTemplateLetter, ...VoiceTemplateLetter[]];

/** 4.3: template k is the one that reads voice_message. */
export const CUSTOM_TEXT_TEMPLATE = 'k' satisfies VoiceTemplateLetter;

export const VoiceTemplate = z.enum(VOICE_TEMPLATE_LETTERS).meta({
  description:
    'Fixed spoken script: a verification, b account validation, c activation, d authentication, e alternative activation, f ' +
    'simple code, g confirmation, h inverted verification, i login, j extended activation, k custom text (uses voice_message)',
  example: 'a',
});

const VOICE_MESSAGE_MAX = limitById('voice-message-length').max!;

/**
 * The fields common to the body of POST and the query of GET (4.3: "the reference states GET is
 * also supported", so the same fields travel as query parameters). formal_tone differs: a JSON
 * boolean in the body, its text form in the query.
 */
const voiceFields = {
  numbers: z
    .string()
    .min(1)
    .meta({ description: 'Comma-separated recipients (the digit count of a voice recipient: not shown)', example: '5512345678,5598765432' }),
  // 4.3: "always 52".
  country_code: z.literal(MEXICO_COUNTRY_CODE).meta({ description: 'Always 52' }),
  template: VoiceTemplate,
  sandbox: flag01.optional().meta({ description: 'Default 0; 1 charges nothing' }),
  company: z.string().optional().meta({ description: 'Name spoken in the message (replaces {{company}})', example: 'ACME' }),
  code: z.string().optional().meta({ description: 'Code to be read out (replaces {{code}})', example: '4821' }),
  voice_message: z
    .string()
    .max(VOICE_MESSAGE_MAX)
    .optional()
    .meta({ description: `Max ${VOICE_MESSAGE_MAX} chars; only with template k` }),
};

/** 4.3 cross-field rules shared by the body and the query. */
function checkVoiceRequest(req: { numbers: string; template: VoiceTemplateLetter; voice_message?: string | undefined }, ctx: z.RefinementCtx): void {
  // 4.3: "comma-separated recipients": no empty entry between commas.
  if (splitRecipients(req.numbers).some((n) => n === '')) ctx.addIssue({ code: 'custom', path: ['numbers'], message: 'an empty recipient between commas' });
  // 4.3 voice_message: "only with template k".
  if (req.voice_message !== undefined && req.template !== CUSTOM_TEXT_TEMPLATE)
    ctx.addIssue({ code: 'custom', path: ['voice_message'], message: 'voice_message is only allowed with template k' });
}

export const VoiceSendRequest = z
  .object({
    ...voiceFields,
    formal_tone: z.boolean().optional().meta({ description: 'Default false (informal); true = formal address' }),
  })
  .superRefine(checkVoiceRequest)
  .meta({ id: 'VoiceSendRequest', description: 'POST /voice/send body (section 4.3)' });
export type VoiceSendRequest = z.infer<typeof VoiceSendRequest>;

export const VoiceSendQuery = z
  .object({
    ...voiceFields,
    // A query parameter is text: the boolean of 4.3 as 'true' / 'false'.
    formal_tone: z.enum(['true', 'false']).optional().meta({ description: 'Default false (informal); true = formal address' }),
  })
  .superRefine(checkVoiceRequest)
  .meta({ id: 'VoiceSendQuery', description: 'GET /voice/send query: the fields of the POST body as query parameters (section 4.3)' });
export type VoiceSendQuery = z.infer<typeof VoiceSendQuery>;

const VOICE_DESCRIPTION =
  'Places voice calls to comma-separated recipients (country code always 52) that read a fixed text-to-speech template (a to k), ' +
  'with the variables {{company}} and {{code}} substituted; template k reads the custom text of voice_message. formal_tone switches ' +
  'between informal (default) and formal address. sandbox=1 charges nothing. Response: the message send result of section 2.2.';

export const voiceOperations: OperationDefinition[] = [
  {
    operationId: 'voice/send',
    method: 'POST',
    path: '/voice/send',
    area: 'voice',
    summary: 'Send a voice call',
    description: VOICE_DESCRIPTION,
    section: '4.3',
    auth: 'account',
    request: { body: VoiceSendRequest },
    success: sendResultSuccess('Two recipients, template a', ['5512345678', '5598765432']),
    errorBody: 'envelope',
    ambiguities: ['sandbox-sends-emit-events'],
    sends: true,
    sandbox: true,
  },
  {
    operationId: 'voice/send-via-get',
    method: 'GET',
    path: '/voice/send',
    area: 'voice',
    summary: 'Send a voice call by GET',
    description: `${VOICE_DESCRIPTION} The reference states GET is also supported: the same fields as query parameters.`,
    section: '4.3',
    auth: 'account',
    request: { query: VoiceSendQuery },
    success: sendResultSuccess('One recipient', ['5512345678']),
    errorBody: 'envelope',
    ambiguities: ['sandbox-sends-emit-events'],
    sends: true,
    sandbox: true,
  },
];
