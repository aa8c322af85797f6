/**
 * The date formats of the request fields as patterns that admit real calendar dates only. The zod
 * schemas (schemas/formats.ts) check the form with a loose pattern and the calendar with a
 * refinement, which OpenAPI cannot carry; here the emitted request schemas get one pattern that
 * says both, so that a client validating with the file does not send `0000-00-00` or `2026-02-30`.
 * Response schemas keep the loose form (what a server writes is read liberally).
 *
 * Sections: 4.12 start_date, end_date "YYYY-MM-DD"; 4.2 date, 4.4 and 4.5 expiration_date
 * "YYYY-MM-DD HH:MM:SS" (HH:mm:ss).
 */

/** What zod-to-openapi emits for the loose patterns of schemas/formats.ts (DATE_RE, DATE_TIME_RE). */
const LOOSE_DATE_PATTERN = '^(\\d{4})-(\\d{2})-(\\d{2})$';
const LOOSE_DATE_TIME_PATTERN = '^(\\d{4})-(\\d{2})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2})$';

// Years 1000 to 9999: the reference's calendar check refuses the two-digit years (Date.UTC reads
// 0 to 99 as 1900 to 1999), and no request of the document means a year before 1000.
const YEAR = '[1-9]\\d{3}';
const MONTH_DAY = '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))';
// February 29 in leap years: divisible by 4 but not by 100, or by 400 (Gregorian calendar).
const LEAP_DAY = '(?:[1-9]\\d(?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[13579][26])00)-02-29';
const DATE = `(?:${YEAR}-${MONTH_DAY}|${LEAP_DAY})`;
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d';

const REAL_DATE_PATTERN = `^${DATE}$`;
const REAL_DATE_TIME_PATTERN = `^${DATE} ${TIME}$`;

/** The loose pattern -> the real-date one. */
export const DATE_PATTERN_REPLACEMENTS: Readonly<Record<string, string>> = {
  [LOOSE_DATE_PATTERN]: REAL_DATE_PATTERN,
  [LOOSE_DATE_TIME_PATTERN]: REAL_DATE_TIME_PATTERN,
};
