/**
 * Per-account quotas of the reference server (latitude size-limits, schemas/latitudes.ts): the
 * document bounds none of these quantities, and without a bound one account could fill the
 * server's memory. Generous, so that no conformance test comes near them; listed in
 * docs/reference-server.md. Reaching one is a business error in the envelope (7.1: success=false, code
 * quota_exceeded), never a 5xx; what is already stored stays usable.
 */
import type { RawRequest, Reply } from './handler.ts';
import { fail } from './replies.ts';

export const QUOTAS = {
  /** 4.7 contact lists per account. */
  lists: { max: 1_000, what: 'contact lists per account' },
  /** 4.6 contacts per account, over all its lists. */
  contacts: { max: 10_000, what: 'contacts per account (all lists together)' },
  /** 4.8 contacts of the account's wallet. */
  walletContacts: { max: 10_000, what: 'wallet contacts per account' },
  /** 4.9 contacts of the account's loyalty card. */
  loyaltyContacts: { max: 10_000, what: 'loyalty contacts per account' },
  /** 4.10 tool users per account, disabled ones included. */
  toolUsers: { max: 1_000, what: 'tool users per account' },
  /** 4.11 subaccounts per manager, archived ones included (an archived subaccount keeps its email). */
  subaccounts: { max: 10_000, what: 'subaccounts per manager account (archived ones included)' },
} as const;

export type QuotaId = keyof typeof QUOTAS;

/** True when `count` items already fill quota `id`, so that one more is refused. */
export const quotaFull = (id: QuotaId, count: number): boolean => count >= QUOTAS[id].max;

export function quotaReached(req: RawRequest, id: QuotaId): Reply {
  const { max, what } = QUOTAS[id];
  return fail(req, 'quota_exceeded', `Quota reached: at most ${max.toLocaleString('en')} ${what} (a limit of the reference server; the document states none)`);
}
