/**
 * Section 4.16 (with 7.4, 8 and 9): the legacy v1 SMS API. GET with query parameters, Spanish field
 * names, apikey as a parameter (5.5), and its own response shape: Estatus=ok with mensaje and
 * referencia, or Estatus=error with mensaje and Codigo. Not the common envelope of 2.1, so
 * successBody is not used here.
 */
import { z } from 'zod';
import { digits } from './formats.ts';
import { limitById } from './limits.ts';
import type { OperationDefinition } from './operation.ts';
import { countryCode } from './sms.ts';

const MESSAGE_MAX = limitById('v1-message-length').max!;
const SENDER_MAX = limitById('v1-sender-length').max!;
const BATCH_MAX = limitById('v1-batch-size').max!;

/** 4.16: "numcelular (req, 10 digits)" (7.4: 05 not numeric, 07 not 10 digits, 08 under 6 digits). */
const V1_NUMBER_DIGITS = 10;
const v1Number = digits(V1_NUMBER_DIGITS);

/** The parameters both v1 paths share (4.16: multi takes "same parameters"). */
const commonParameters = {
  apikey: z.string().min(1).meta({ description: 'Account API key, as a request parameter (required; 7.4 Codigo 01 when missing)' }),
  mensaje: z
    .string()
    .min(1)
    .max(MESSAGE_MAX)
    .meta({ description: `Message text, required, max ${MESSAGE_MAX} characters`, example: 'Tu pedido ha sido enviado' }),
  numregion: countryCode.meta({ description: 'Required; a number, the country code', example: '52' }),
  remitente: z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9]{1,${SENDER_MAX}}$`), `alphanumeric, at most ${SENDER_MAX} characters`)
    .optional()
    .meta({ description: `Optional sender, max ${SENDER_MAX} alphanumeric characters` }),
  language: z.enum(['es', 'en']).optional().meta({ description: 'Response language: es (default) or en' }),
  // 4.16: "sandbox (1)". Query values are strings; '0' (not sandbox) is accepted as the flag's other value.
  sandbox: z.enum(['0', '1']).optional().meta({ description: '1 runs the request in sandbox' }),
};

export const LegacyV1SendQuery = z
  .object({
    ...commonParameters,
    numcelular: v1Number.meta({ description: `Recipient, required, ${V1_NUMBER_DIGITS} digits`, example: '5512345678' }),
  })
  .meta({ id: 'LegacyV1SendQuery', description: 'GET /v1/sms/send query parameters (section 4.16)' });
export type LegacyV1SendQuery = z.infer<typeof LegacyV1SendQuery>;

/**
 * 4.16: "numcelular holds comma-separated numbers (max 500, no repeats, no double commas)", each a
 * number as in the single send. 7.4: 14 more than 500, 15 repeated number, 21 double comma.
 */
export function v1BatchProblems(numcelular: string): { codigo?: string; message: string }[] {
  const problems: { codigo?: string; message: string }[] = [];
  if (numcelular.includes(',,')) problems.push({ codigo: '21', message: 'double comma in numcelular' });
  const items = numcelular.split(',');
  const numbers = items.filter((n) => n !== '');
  if (numcelular.startsWith(',') || numcelular.endsWith(',')) problems.push({ message: 'numcelular starts or ends with a comma (an empty number)' });
  if (numbers.length > BATCH_MAX) problems.push({ codigo: '14', message: `more than ${BATCH_MAX} numbers at once` });
  const seen = new Set<string>();
  for (const n of numbers) {
    if (seen.has(n)) problems.push({ codigo: '15', message: `repeated number ${n}` });
    seen.add(n);
    if (!v1Number.safeParse(n).success) problems.push({ message: `${n}: a number has ${V1_NUMBER_DIGITS} digits` });
  }
  return problems;
}

export const LegacyV1SendMultiQuery = z
  .object({
    ...commonParameters,
    numcelular: z
      .string()
      .min(1)
      .meta({
        description: `Comma-separated numbers of ${V1_NUMBER_DIGITS} digits: max ${BATCH_MAX}, no repeats, no double commas`,
        example: '5512345678,5598765432',
      }),
  })
  .superRefine((query, ctx) => {
    for (const p of v1BatchProblems(query.numcelular))
      ctx.addIssue({ code: 'custom', path: ['numcelular'], message: p.codigo ? `${p.message} (Codigo ${p.codigo})` : p.message });
  })
  .meta({ id: 'LegacyV1SendMultiQuery', description: 'GET /v1/sms/send/multi query parameters (section 4.16)' });
export type LegacyV1SendMultiQuery = z.infer<typeof LegacyV1SendMultiQuery>;

/**
 * 4.16: "Error: Estatus=error, mensaje, Codigo". The document does not say whether Codigo is a
 * string or a number; 7.4 writes the values with two digits (01, 02, ...), so both are accepted.
 */
export const LegacyV1ErrorBody = z
  .object({
    Estatus: z.literal('error'),
    mensaje: z.string(),
    Codigo: z.union([z.string(), z.number().int()]).meta({ description: 'Error code of section 7.4 (01 to 23)', example: '07' }),
  })
  .meta({ id: 'LegacyV1ErrorBody', description: 'Legacy v1 error body (sections 4.16, 7.4)' });
export type LegacyV1ErrorBody = z.infer<typeof LegacyV1ErrorBody>;

export const LegacyV1SendResponse = z
  .object({
    Estatus: z.literal('ok'),
    mensaje: z.string(),
    referencia: z.string().meta({ description: 'Message reference' }),
  })
  .meta({ id: 'LegacyV1SendResponse', description: 'Legacy v1 single send success (section 4.16)' });
export type LegacyV1SendResponse = z.infer<typeof LegacyV1SendResponse>;

/** 4.16: each item of respuestas "with Estatus, mensaje, referencia and numcelular, or an error item". */
export const LegacyV1MultiOkItem = LegacyV1SendResponse.extend({ numcelular: z.string() }).meta({
  id: 'LegacyV1MultiOkItem',
  description: 'One sent number of a legacy v1 batch (section 4.16)',
});
/** An error item: the error body, with numcelular where the target names the number (not shown). */
export const LegacyV1MultiErrorItem = LegacyV1ErrorBody.extend({ numcelular: z.string().optional() }).meta({
  id: 'LegacyV1MultiErrorItem',
  description: 'One refused number of a legacy v1 batch (section 4.16)',
});
export const LegacyV1MultiItem = z.discriminatedUnion('Estatus', [LegacyV1MultiOkItem, LegacyV1MultiErrorItem]);

export const LegacyV1SendMultiResponse = z
  .object({ respuestas: z.array(LegacyV1MultiItem) })
  .meta({ id: 'LegacyV1SendMultiResponse', description: 'Legacy v1 batch send: one item per number (section 4.16)' });
export type LegacyV1SendMultiResponse = z.infer<typeof LegacyV1SendMultiResponse>;

export const legacyV1Operations: OperationDefinition[] = [
  {
    operationId: 'legacy-v1/send',
    method: 'GET',
    path: '/v1/sms/send',
    area: 'legacy-v1',
    summary: 'Send an SMS (legacy v1)',
    description:
      'Legacy v1 single send with query parameters: apikey, mensaje (max 160), numcelular (10 digits), numregion (country ' +
      'code), remitente (optional, max 11 alphanumeric), language (es default, en), sandbox (1). Success: Estatus=ok, mensaje, ' +
      'referencia. Error: Estatus=error, mensaje, Codigo (the document points to section 7.3; the v1 codes are those of 7.4).',
    section: '4.16',
    auth: 'v1-parameter',
    request: { query: LegacyV1SendQuery },
    success: {
      httpStatus: [200],
      schema: LegacyV1SendResponse,
      examples: {
        sent: {
          status: 200,
          summary: 'Sent (the mensaje text is not shown by the document; this one is illustrative)',
          value: { Estatus: 'ok', mensaje: 'Mensaje enviado', referencia: 'ref-5c2e8' },
        },
      },
    },
    errorBody: 'legacy-v1',
    ambiguities: ['sandbox-daily-limit', 'response-language'],
    sends: true,
    sandbox: true,
  },
  {
    operationId: 'legacy-v1/send-multi',
    method: 'GET',
    path: '/v1/sms/send/multi',
    area: 'legacy-v1',
    summary: 'Send an SMS to many numbers (legacy v1)',
    description:
      'Same parameters as GET /v1/sms/send; numcelular holds comma-separated numbers (max 500, no repeats, no double ' +
      'commas). Response: respuestas array, each item with Estatus, mensaje, referencia and numcelular, or an error item.',
    section: '4.16',
    auth: 'v1-parameter',
    request: { query: LegacyV1SendMultiQuery },
    success: {
      httpStatus: [200],
      schema: LegacyV1SendMultiResponse,
      examples: {
        sent: {
          status: 200,
          summary: 'Two numbers sent (the mensaje text is not shown by the document; this one is illustrative)',
          value: {
            respuestas: [
              { Estatus: 'ok', mensaje: 'Mensaje enviado', referencia: 'ref-5c2e9', numcelular: '5512345678' },
              { Estatus: 'ok', mensaje: 'Mensaje enviado', referencia: 'ref-5c2ea', numcelular: '5598765432' },
            ],
          },
        },
      },
    },
    errorBody: 'legacy-v1',
    ambiguities: ['sandbox-daily-limit', 'response-language'],
    sends: true,
    sandbox: true,
  },
];
