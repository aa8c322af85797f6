/**
 * The seams and faults of isolation between accounts (1, 5.2): a key reaches its own account's
 * verifications, codes, lists and webhook only.
 */
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const ISOLATION_SEAMS = {
  'otp2.verify-own-account-only': point<boolean>('rule:isolation.otp-v2'),
  'otp-legacy.verify-own-account-only': point<boolean>('rule:isolation.otp-legacy'),
  'agendas.get-contacts-own-account-only': point<boolean>('rule:isolation.contact-lists'),
  'webhooks.get-own-account-only': point<boolean>('rule:isolation.webhooks'),
} as const;

const fault = faultOn(ISOLATION_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const ISOLATION_MUTANTS = [
  {
    id: 'isolation-otp2-verify-other-account',
    requirement: 'rule:isolation.otp-v2',
    description: "/v2/otp/verify finds another account's verification of the number (verifications kept per number across accounts)",
    fault: fault('otp2.verify-own-account-only', () => false),
  },
  {
    id: 'isolation-otp-legacy-verify-other-account',
    requirement: 'rule:isolation.otp-legacy',
    description: '/otp/verify finds a code another account sent to the number (codes kept per number across accounts)',
    fault: fault('otp-legacy.verify-own-account-only', () => false),
  },
  {
    id: 'isolation-list-contacts-readable',
    requirement: 'rule:isolation.contact-lists',
    description: "/agendas/get_contacts reads another account's list given its list_key",
    fault: fault('agendas.get-contacts-own-account-only', () => false),
  },
  {
    id: 'isolation-webhook-get-other-account',
    requirement: 'rule:isolation.webhooks',
    description: "/webhook/get of an account with no webhook answers another account's",
    fault: fault('webhooks.get-own-account-only', () => false),
  },
] as const satisfies readonly MutantEntry[];
