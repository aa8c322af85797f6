/**
 * Field formats shared by several areas of the document: GSM-7 text (4.2, 4.4),
 * digit strings (4.2, 4.4, 4.6, 4.8), the 0/1 flags (4.2, 4.3, 4.12) and the
 * three date formats (YYYY-MM-DD HH:MM:SS, YYYY-MM-DD, YYYYMMDDHHMMSS), whose wall
 * times are in the America/Mexico_City zone (4.2 `date`, 4.12).
 */
import { z } from 'zod';

/** GSM 03.38 basic character set (the characters that cost one septet). */
export const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' + '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** GSM 03.38 extension table (escape + one septet each). */
export const GSM7_EXTENSION = '\f^{}\\[~]|€';

const GSM7_SET = new Set([...GSM7_BASIC, ...GSM7_EXTENSION]);

/** True when every character of `text` is in the GSM-7 alphabet (basic or extension). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM7_SET.has(ch)) return false;
  return true;
}

/** Characters of `text` outside GSM-7, in order of first appearance. */
export function nonGsm7Characters(text: string): string[] {
  return [...new Set([...text].filter((ch) => !GSM7_SET.has(ch)))];
}

function escapeForCharClass(chars: string): string {
  return [...chars]
    .map((ch) => {
      if (ch === '\n') return '\\n';
      if (ch === '\r') return '\\r';
      if (ch === '\f') return '\\f';
      return /[\\\][^-]/.test(ch) ? `\\${ch}` : ch;
    })
    .join('');
}

/** The GSM-7 alphabet as a regular expression, so that it reaches OpenAPI as `pattern`. */
export const GSM7_PATTERN = new RegExp(`^[${escapeForCharClass(GSM7_BASIC + GSM7_EXTENSION)}]*$`);

export const gsm7Text = z.string().regex(GSM7_PATTERN, 'only GSM-7 characters are allowed');

/** A string of exactly `n` decimal digits. */
export const digits = (n: number) => z.string().regex(new RegExp(`^\\d{${n}}$`), `exactly ${n} digits`);
/** A string of `min` to `max` decimal digits. */
export const digitsBetween = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`), `${min} to ${max} digits`);

/**
 * The enum 0,1 flags of the document (sandbox, find_country_code, shorten_url, ...).
 * The document shows JSON bodies and form-style fields for the same operations (section 4),
 * so both the number and its string form are accepted.
 */
export const flag01 = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]);
export type Flag01 = z.infer<typeof flag01>;
export const isFlagSet = (value: Flag01 | undefined): boolean => value === 1 || value === '1';

// ---------------------------------------------------------------------------------------------
// Dates. Mexico City wall time (2.3, 4.2, 4.4, 4.12). Conversions go through Intl so that they
// stay right whatever the zone's offset rules are for the instant at hand.
// ---------------------------------------------------------------------------------------------

export const MEXICO_CITY_ZONE = 'America/Mexico_City';

const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT_RE = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function isRealWallTime(t: WallTime): boolean {
  const d = new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second));
  return (
    d.getUTCFullYear() === t.year &&
    d.getUTCMonth() === t.month - 1 &&
    d.getUTCDate() === t.day &&
    d.getUTCHours() === t.hour &&
    d.getUTCMinutes() === t.minute &&
    d.getUTCSeconds() === t.second
  );
}

function match(re: RegExp, text: string): WallTime | undefined {
  const m = re.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map(Number) as number[];
  const t: WallTime = { year: year!, month: month!, day: day!, hour, minute, second };
  return isRealWallTime(t) ? t : undefined;
}

const wallTimeFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: MEXICO_CITY_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Mexico City's wall time read by Intl (slow: a few microseconds; see offsetAt). */
function wallTimeByIntl(epochMs: number): WallTime {
  const parts = Object.fromEntries(wallTimeFormatter.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value])) as Record<string, string>;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const HOUR_MS = 3_600_000;
const offsets = new Map<number, number>();

/**
 * The zone's UTC offset at `epochMs`, learned from Intl once per UTC hour: the zone's offsets
 * change only on whole hours (daylight saving until 2022, on the hour). Every OTP create and
 * report row formats a date; Intl for each was a tenth of the reference server's time.
 */
function offsetAt(epochMs: number): number {
  const hour = Math.floor(epochMs / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const w = wallTimeByIntl(start);
    offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - start;
    if (offsets.size >= 4096) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

function wallTimeOf(epochMs: number): WallTime {
  const d = new Date(epochMs + offsetAt(epochMs));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

function wallTimeToEpoch(t: WallTime): number {
  // Guess with the wall time read as UTC, then correct by the zone offset at that instant (twice,
  // to settle across an offset change).
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallTimeOf(guess);
    const offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - guess;
    guess = asUtc - offset;
  }
  return guess;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS` in Mexico City → epoch ms; undefined when not a real date-time. */
export function parseMexicoDateTime(text: string): number | undefined {
  const t = match(DATE_TIME_RE, text);
  return t && wallTimeToEpoch(t);
}

/** `YYYY-MM-DD` (a Mexico City calendar day) → epoch ms of its first second; undefined when invalid. */
export function parseMexicoDate(text: string): number | undefined {
  const t = match(DATE_RE, text);
  return t && wallTimeToEpoch(t);
}

/** `YYYYMMDDHHMMSS` (event dates, 6.1 and 6.2) → epoch ms; undefined when invalid. */
export function parseCompactDateTime(text: string): number | undefined {
  const t = match(COMPACT_RE, text);
  return t && wallTimeToEpoch(t);
}

/** epoch ms → `YYYY-MM-DD HH:MM:SS` in Mexico City. */
export function formatMexicoDateTime(epochMs: number): string {
  const t = wallTimeOf(epochMs);
  return `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** epoch ms → `YYYY-MM-DD` in Mexico City. */
export function formatMexicoDate(epochMs: number): string {
  return formatMexicoDateTime(epochMs).slice(0, 10);
}

/** epoch ms → `YYYYMMDDHHMMSS` in Mexico City (6.1 `date`, 6.2 `send_date`, `response_date`). */
export function formatCompactDateTime(epochMs: number): string {
  return formatMexicoDateTime(epochMs).replace(/[- :]/g, '');
}

/**
 * The example of the date-time request fields. They are all future-only (4.2 `date`: "must be in
 * the future"; 4.4 `expiration_date`: "future"), so the example is far in the future: a near fixed
 * date becomes a date in the past, an example the document refuses.
 */
export const FAR_FUTURE_DATE_TIME = '2099-12-31 10:30:00';

const dateTimeFormat = z
  .string()
  .regex(DATE_TIME_RE, 'format YYYY-MM-DD HH:MM:SS')
  .refine((s) => parseMexicoDateTime(s) !== undefined, 'not a real date and time');

export const dateTimeText = dateTimeFormat.meta({ description: 'YYYY-MM-DD HH:MM:SS, zone America/Mexico_City', example: FAR_FUTURE_DATE_TIME });

/**
 * The same format without an example, for a field bounded on both sides without clamping (4.5
 * legacy expiration_date: "max 3 days"): every fixed date is in time past or beyond the bound.
 */
export const dateTimeTextWithoutExample = dateTimeFormat.meta({ description: 'YYYY-MM-DD HH:MM:SS, zone America/Mexico_City' });

export const dateText = z
  .string()
  .regex(DATE_RE, 'format YYYY-MM-DD')
  .refine((s) => parseMexicoDate(s) !== undefined, 'not a real date')
  .meta({ description: 'YYYY-MM-DD, zone America/Mexico_City', example: '2026-11-21' });

export const compactDateTimeText = z
  .string()
  .regex(COMPACT_RE, 'format YYYYMMDDHHMMSS')
  .refine((s) => parseCompactDateTime(s) !== undefined, 'not a real date and time')
  .meta({ description: 'YYYYMMDDHHMMSS', example: '20261121103000' });

/** Response timestamps (2.3 agenda_creation_date, 2.10 expires_at): the format only. */
export const dateTimeOut = z.string().regex(DATE_TIME_RE).meta({ example: '2026-11-21 10:30:00' });

/** A decimal with exactly two places, as a string (2.7 `credit`). */
export const twoPlaceDecimal = z
  .string()
  .regex(/^-?\d+\.\d{2}$/, 'a decimal with two places')
  .meta({ example: '1500.00' });
