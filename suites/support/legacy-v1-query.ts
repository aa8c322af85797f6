/**
 * Helpers of the legacy v1 suite (4.16, 7.4, 8): query parameters with the Spanish names, in
 * sandbox unless a test needs a charged send (so that refusals can be checked on any target without
 * charges), and lists of distinct numbers for the batch endpoint.
 */
import type { QueryParams, Target } from '../../harness/kit/index.ts';
import { MEXICO_COUNTRY_CODE } from '../../schemas/sms.ts';

/** 4.16 parameters of one send: mensaje, numcelular (10 digits), numregion, sandbox=1; apikey is added by t.api (5.5). */
export function v1Query(t: Target, extra: QueryParams = {}): QueryParams {
  return { mensaje: `Prueba ${t.name('v1')}`, numcelular: t.phone(), numregion: MEXICO_COUNTRY_CODE, sandbox: '1', ...extra };
}

/** The same without some parameters (a required one left out: Codigo 01, 02, 04, 06). */
export function omit(query: QueryParams, ...names: string[]): QueryParams {
  return Object.fromEntries(Object.entries(query).filter(([k]) => !names.includes(k)));
}

/** `n` distinct 10-digit numbers. */
export const distinctNumbers = (t: Target, n: number): string[] => Array.from({ length: n }, () => t.phone());

/** The numbers, in the order of the texts, that a v1 mensaje contains ("Credito actual: 12.00" → [12]). */
export const numbersInText = (text: string): number[] => (text.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => Number(n.replace(',', '.')));
