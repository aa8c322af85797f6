/** Field formats shared across areas: GSM-7 (4.2, 4.4) and Mexico City dates (4.2, 4.12, 6). */
import { describe, expect, it } from 'vitest';
import {
  formatCompactDateTime,
  formatMexicoDateTime,
  GSM7_BASIC,
  GSM7_EXTENSION,
  gsm7Text,
  isGsm7,
  parseCompactDateTime,
  parseMexicoDate,
  parseMexicoDateTime,
} from '../schemas/formats.ts';

describe('GSM-7', () => {
  it('accepts the whole basic and extension alphabets, through the schema too', () => {
    expect(isGsm7(GSM7_BASIC + GSM7_EXTENSION)).toBe(true);
    expect(gsm7Text.safeParse(GSM7_BASIC + GSM7_EXTENSION).success).toBe(true);
  });
  it('refuses characters outside it', () => {
    for (const text of ['á', 'Código', '😀', '`', 'ç']) {
      expect(isGsm7(text), text).toBe(false);
      expect(gsm7Text.safeParse(text).success, text).toBe(false);
    }
  });
});

describe('America/Mexico_City dates', () => {
  it('reads wall time at UTC-6 (no daylight saving since 2022)', () => {
    expect(parseMexicoDateTime('2026-07-01 12:00:00')).toBe(Date.UTC(2026, 6, 1, 18, 0, 0));
    expect(parseMexicoDateTime('2026-01-01 00:00:00')).toBe(Date.UTC(2026, 0, 1, 6, 0, 0));
    expect(parseMexicoDate('2026-11-21')).toBe(Date.UTC(2026, 10, 21, 6, 0, 0));
  });
  it('read daylight saving time before it was abolished', () => {
    expect(parseMexicoDateTime('2021-07-01 12:00:00')).toBe(Date.UTC(2021, 6, 1, 17, 0, 0));
  });
  it('round-trips through the three formats', () => {
    const t = Date.UTC(2026, 10, 21, 16, 5, 9);
    expect(formatMexicoDateTime(t)).toBe('2026-11-21 10:05:09');
    expect(formatCompactDateTime(t)).toBe('20261121100509');
    expect(parseCompactDateTime('20261121100509')).toBe(t);
  });
  it('formats as Intl does, across the daylight-saving changes of 2021 too (offsets are cached per hour)', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Mexico_City', dateStyle: 'short', timeStyle: 'medium' });
    const around = [Date.UTC(2021, 3, 4, 8), Date.UTC(2021, 9, 31, 7), Date.UTC(2026, 10, 21, 6)];
    for (const centre of around)
      for (let t = centre - 6 * 3_600_000; t <= centre + 6 * 3_600_000; t += 7 * 60_000 + 13_000)
        expect(formatMexicoDateTime(t), new Date(t).toISOString()).toBe(intl.format(t));
  });
  it('refuses impossible or malformed dates', () => {
    for (const s of ['2026-02-30 10:00:00', '2026-11-21 24:00:00', '2026-11-21T10:00:00', '21/11/2026 10:00:00'])
      expect(parseMexicoDateTime(s), s).toBeUndefined();
    expect(parseMexicoDate('2026-13-01')).toBeUndefined();
  });
});
