/**
 * The legacy v1 sends of the files of suites/legacy-v1/ (4.16, 7.4, 8): one send and one batch with
 * the query of support/legacy-v1-query.ts (sandbox unless a test leaves it out), the same expected to
 * be refused, and what those files share of 4.16 and 8.
 */
import type { Answer, Target } from '../../harness/kit/index.ts';
import type { CapabilityId } from '../../schemas/capabilities.ts';
import { v1Query } from './legacy-v1-query.ts';

/** 4.16: numcelular has 10 digits. */
export const NUMBER_DIGITS = 10;

/** 8: sandbox sends per day; 100 or 1,000 per the profile (the limit row names the ambiguity). */
export const sandboxDailyLimit = (t: Target): number => Number(t.choices['sandbox-daily-limit']);

/** A charged send (not sandbox): real delivery outside the embedded target. */
export const CHARGED = { needs: ['real-delivery'] as CapabilityId[] };

type Query = Parameters<typeof v1Query>[1];

interface V1Sends {
  single(query: Query, key?: string | null): Promise<Answer>;
  multi(numbers: readonly string[], query?: Query): Promise<Answer>;
  /**
   * The requests a test expects answered Estatus=error: a refused one spends none of the day's sandbox
   * quota (8), so the run's sandbox plan lets it out (expectsRefusal).
   */
  refusedSingle(query: Query, key?: string | null): Promise<Answer>;
  refusedMulti(numbers: readonly string[], query?: Query): Promise<Answer>;
}

/** The sends of the suite file's target `t`, in its account unless a key is given. */
export function v1Sends(t: Target): V1Sends {
  const single = (query: Query, key?: string | null): Promise<Answer> =>
    t.api('legacy-v1/send', { query: v1Query(t, query), ...(key !== undefined ? { key } : {}) });
  const multi = (numbers: readonly string[], query: Query = {}): Promise<Answer> =>
    t.api('legacy-v1/send-multi', { query: v1Query(t, { numcelular: numbers.join(','), ...query }) });
  const refusedSingle = (query: Query, key?: string | null): Promise<Answer> =>
    t.api('legacy-v1/send', { query: v1Query(t, query), ...(key !== undefined ? { key } : {}), expectsRefusal: true });
  const refusedMulti = (numbers: readonly string[], query: Query = {}): Promise<Answer> =>
    t.api('legacy-v1/send-multi', { query: v1Query(t, { numcelular: numbers.join(','), ...query }), expectsRefusal: true });
  return { single, multi, refusedSingle, refusedMulti };
}
