/**
 * The seams and faults of subaccounts (2.7, 3.3, 4.11, 5.3): whose balance a subaccount key spends,
 * the credit pool, withdrawals, archiving, get_apikey and the limits of their fields.
 */
import { limitById } from '../../schemas/limits.ts';
import { clamped, keepFirst, keepLast, outsideAs, readLeniently } from './lenient-reading.ts';
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const SUBACCOUNTS_SEAMS = {
  'auth.acting-account': point<number, { parentId: number | undefined }>('rule:auth.subaccount-own-balance'),
  'lists.own-account-only': point<boolean>('rule:subaccounts.isolation'),
  'subaccounts.refuses-withdraw-beyond-balance': point<boolean>('rule:subaccounts.credits-withdraw'),
  'subaccounts.pool-debit': point<number>('rule:subaccounts.credits-add'),
  'subaccounts.archive-disables': point<boolean>('rule:subaccounts.archived-refused'),
  'subaccounts.get-apikey': point<string, { managerKey: string }>('rule:subaccounts.get-apikey'),
} as const;

const fault = faultOn(SUBACCOUNTS_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const SUBACCOUNTS_MUTANTS = [
  {
    id: 'subaccount-spends-manager-balance',
    requirement: 'rule:auth.subaccount-own-balance',
    description: "a subaccount key acts on its administrator's account and balance",
    fault: fault('auth.acting-account', (id, c) => c.parentId ?? id),
  },
  {
    id: 'subaccount-lists-shared',
    requirement: 'rule:subaccounts.isolation',
    description: 'a list_key of another account is usable (lists are not isolated per account)',
    fault: fault('lists.own-account-only', () => false),
  },
  {
    id: 'subaccount-credits-pool-not-debited',
    requirement: 'rule:subaccounts.credits-add',
    description: 'adding credits to a subaccount does not debit master_credit',
    fault: fault('subaccounts.pool-debit', () => 0),
  },
  {
    id: 'subaccount-withdraw-overdraft',
    requirement: 'rule:subaccounts.credits-withdraw',
    description: 'withdrawing more than the subaccount holds is accepted',
    fault: fault('subaccounts.refuses-withdraw-beyond-balance', () => false),
  },
  {
    id: 'subaccount-archive-noop',
    requirement: 'rule:subaccounts.archived-refused',
    description: 'archiving answers success but the subaccount key keeps working',
    fault: fault('subaccounts.archive-disables', () => false),
  },
  {
    id: 'subaccount-get-apikey-manager',
    requirement: 'rule:subaccounts.get-apikey',
    description: "get_apikey returns the manager's key instead of the subaccount's",
    fault: fault('subaccounts.get-apikey', (_, c) => c.managerKey),
  },
  {
    id: 'subaccount-email-cut',
    requirement: 'limit:subaccount-email-length',
    description: 'an email over 70 characters is read by its last 70 instead of refused',
    fault: readLeniently(
      ['subaccounts/add', 'subaccounts/archive', 'subaccounts/get-apikey', 'subaccounts/manage-credits'],
      keepLast('email', limitById('subaccount-email-length').max!),
    ),
  },
  {
    id: 'subaccount-password-truncated',
    requirement: 'limit:subaccount-password-length',
    description: 'a subaccount password over 36 characters is cut to 36 instead of refused',
    fault: readLeniently(['subaccounts/add'], keepFirst('password', limitById('subaccount-password-length').max!)),
  },
  {
    id: 'subaccount-credits-type-add',
    requirement: 'limit:subaccount-credits-type',
    description: 'a credits/manage type other than 1 or 2 adds credits instead of being refused',
    fault: readLeniently(['subaccounts/manage-credits'], outsideAs(['type'], [1, 2], 1)),
  },
  {
    id: 'subaccount-credits-rounded',
    requirement: 'rule:subaccounts.credits-integer',
    description: 'credits with decimals, or not above 0, are rounded up to a whole credit instead of refused',
    fault: readLeniently(['subaccounts/manage-credits'], clamped('credits', 1, Number.MAX_SAFE_INTEGER, true)),
  },
] as const satisfies readonly MutantEntry[];
