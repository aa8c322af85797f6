/**
 * The seams and faults of credits (1, 2.2, 2.7, 4.1): what a send is charged and reports, a short
 * balance, the balance as shown.
 */
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const CREDITS_SEAMS = {
  'send-result.credit': point<number>('op:sms/send'),
  'credits.messages-charged': point<number>('rule:sms.charges-credits'),
  'credits.refuses-short-balance': point<boolean>('err:sms_07'),
  'credits.balance': point<string, { hundredths: number }>('op:credits/consult'),
  'credits.shows-master-credit': point<boolean>('rule:credits.master-credit-admin-only'),
} as const;

const fault = faultOn(CREDITS_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const CREDITS_MUTANTS = [
  {
    id: 'credits-charge-per-request',
    requirement: 'rule:sms.charges-credits',
    description: 'a send is charged one message whatever the number of recipients',
    fault: fault('credits.messages-charged', () => 1),
  },
  {
    id: 'credits-short-balance-sends',
    requirement: 'err:sms_07',
    description: 'a short balance still sends (the balance goes negative) instead of sms_07',
    fault: fault('credits.refuses-short-balance', () => false),
  },
  {
    id: 'credits-balance-one-decimal',
    requirement: 'op:credits/consult',
    description: 'credit is a decimal string with one place instead of two',
    fault: fault('credits.balance', (_, c) => (c.hundredths / 100).toFixed(1)),
  },
  {
    id: 'credits-master-credit-everywhere',
    requirement: 'rule:credits.master-credit-admin-only',
    description: 'master_credit (null) is present on normal accounts and subaccounts',
    fault: fault('credits.shows-master-credit', () => true),
  },
  {
    id: 'credits-reported-credit-zero',
    requirement: 'op:sms/send',
    description: 'the send result reports credit 0 although the balance was charged',
    fault: fault('send-result.credit', () => 0),
  },
] as const satisfies readonly MutantEntry[];
