/**
 * Latitude invalid-input (schemas/latitudes.ts): an input outside the documented form may be
 * refused or ignored (or coerced), unless the document says it is rejected or names a code for it.
 * The default personality refuses; the alternate reads the fields below leniently, before the
 * operation's schema sees them. The table is explicit so that every entry can be checked against
 * the document: none of its fields has a refusal stated or a code named for it, and none is a
 * limit of section 8 or a field of the current OTP set (7.3: "missing or invalid parameter" is
 * refused with 400 there). A field whose bound the document states (schemas/stated-limits.ts: an
 * enum such as find_country_code "enum 0,1") is only ever coerced to the value it stands for, never
 * dropped: a value outside the bound is refused on both personalities.
 */
import type { z } from 'zod';
import { statedLimitsOf, type Operation } from '../schemas/index.ts';
import { splitRecipients } from '../schemas/sms.ts';
import { takesAlternate } from './personality.ts';
import type { ResolvedOptions } from './options.ts';

/** How the alternate reads a field its schema refuses: coerced to the type it wants, else dropped; or dropped. */
type Leniency = 'coerce' | 'ignore';

/** 4.5: the optional fields send and resend share; 7.2 names no code for any of them. */
const LEGACY_OTP_OPTIONAL: Readonly<Record<string, Leniency>> = {
  formal_tone: 'coerce',
  reference: 'coerce',
  showcode: 'coerce',
  // 4.5 locale "es, en; default es": another value is read as the default.
  locale: 'ignore',
  // 4.5 sender: "ignored if not contracted"; the reference has no contracted sender.
  sender: 'ignore',
};

/**
 * 4.16: the optional v1 parameters 7.4 lists no Codigo for and whose values the document leaves open
 * (remitente "max 11 alphanumeric" states its bound: refused past it, stated-limits.ts).
 */
const V1_OPTIONAL: Readonly<Record<string, Leniency>> = { language: 'ignore', sandbox: 'ignore' };

const LENIENT_FIELDS: Readonly<Record<string, Readonly<Record<string, Leniency>>>> = {
  // 4.2: showCampaignId=true (a string "true" is coerced); read_confirmation's structure is not shown.
  'sms/send': { showCampaignId: 'coerce', read_confirmation: 'ignore' },
  // 4.3 formal_tone: boolean, default false.
  'voice/send': { formal_tone: 'coerce' },
  'otp-legacy/send': LEGACY_OTP_OPTIONAL,
  // 4.5 resend: whatsapp "sends via WhatsApp" (voice and reset_code have codes: 7.2 _12, _14).
  'otp-legacy/resend': { ...LEGACY_OTP_OPTIONAL, whatsapp: 'coerce' },
  'otp-legacy/verify': { locale: 'ignore' },
  // 4.6: find_country_code (enum 0,1); birthday_date "ignored if the format is invalid", whatever its type.
  'contacts/add': { find_country_code: 'coerce', birthday_date: 'ignore' },
  // 4.12 sandbox (integer 0,1).
  'reports/generate': { sandbox: 'coerce' },
  'reports/get-campaign-details': { sandbox: 'coerce' },
  'legacy-v1/send': V1_OPTIONAL,
  'legacy-v1/send-multi': V1_OPTIONAL,
};

/**
 * Operations whose recipients are a comma-separated list with no rule on repeats (4.2, 4.3): the
 * alternate sends once per number (v1 multi states "no repeats" with Codigo 15 and is not here).
 */
const DEDUPLICATED_RECIPIENTS: ReadonlySet<string> = new Set(['sms/send', 'voice/send', 'voice/send-via-get']);

const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined => {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? shape : undefined;
};

/** The JSON value a text stands for, where it is a boolean or a number. */
function coercedText(value: unknown): unknown {
  if (value === 'true' || value === 'false') return value === 'true';
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return undefined;
}

function lenientValue(leniency: Leniency, value: unknown, field: z.ZodType): unknown {
  if (leniency === 'coerce') {
    const coerced = coercedText(value);
    return coerced !== undefined && field.safeParse(coerced).success ? coerced : undefined;
  }
  return undefined;
}

/** A comma-separated list without its repeated numbers (first occurrence kept). */
const withoutRepeats = (numbers: string): string => [...new Set(splitRecipients(numbers))].join(',');

/**
 * The request's fields as the alternate personality reads them; the fields themselves under the
 * default personality. A field of the table its schema refuses is coerced or dropped (an absent
 * optional field takes its documented default).
 */
export function lenientFields(
  op: Operation,
  schema: z.ZodType | undefined,
  fields: Record<string, unknown>,
  options: ResolvedOptions,
): Record<string, unknown> {
  if (!takesAlternate(options)) return fields;
  const lenient = LENIENT_FIELDS[op.operationId];
  const dedupe = DEDUPLICATED_RECIPIENTS.has(op.operationId) && typeof fields.numbers === 'string';
  const shape = shapeOf(schema);
  if ((!lenient && !dedupe) || !shape) return fields;
  const out: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, fields);
  if (dedupe) out.numbers = withoutRepeats(String(fields.numbers));
  for (const [name, leniency] of Object.entries(lenient ?? {})) {
    const field = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (!field || out[name] === undefined || field.safeParse(out[name]).success) continue;
    const value = lenientValue(leniency, out[name], field);
    if (value !== undefined) out[name] = value;
    // A stated bound (stated-limits.ts) is kept for the schema to refuse; anything else is ignored.
    else if (statedLimitsOf(op.operationId, name).length === 0) delete out[name];
  }
  return out;
}
