/**
 * The seams and faults of wallet, loyalty cards and tool users (2.5, 4.8 to 4.10): filters, sales,
 * uniqueness, the listed tool user and the limits of their fields.
 */
import { limitById } from '../../schemas/limits.ts';
import { FLAG_01, keepFirst, keepLast, outsideAs, readLeniently } from './lenient-reading.ts';
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const WALLET_LOYALTY_EMPLOYEES_SEAMS = {
  'wallet.contact-filter-applies': point<boolean>('rule:wallet.contact-listed'),
  'wallet.sale-default-amount': point<number | undefined>('rule:wallet.sale-amount-required'),
  'wallet.balance-change': point<number>('rule:wallet.balance-shown'),
  'loyalty.contact-filter-applies': point<boolean>('rule:loyalty.contact-listed'),
  'employees.refuses-taken-number': point<boolean>('limit:employee-phone-unique'),
  'employees.refuses-taken-password': point<boolean>('limit:employee-password-unique'),
  'employees.listed-tool-user': point<Record<string, unknown>>('rule:employees.listed'),
  'loyalty.sale-registers-stamp': point<boolean>('rule:loyalty.sale-stamp'),
} as const;

const fault = faultOn(WALLET_LOYALTY_EMPLOYEES_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const WALLET_LOYALTY_EMPLOYEES_MUTANTS = [
  {
    id: 'wallet-sale-amount-optional',
    requirement: 'rule:wallet.sale-amount-required',
    description: 'an add sale (transaction_type 0) without transaction_amount is accepted',
    fault: fault('wallet.sale-default-amount', () => 1),
  },
  {
    id: 'wallet-contact-filter-always',
    requirement: 'rule:wallet.contact-listed',
    description: '/wallet/contact/get without phone lists nothing (the filter is always applied)',
    fault: fault('wallet.contact-filter-applies', () => true),
  },
  {
    id: 'loyalty-contact-filter-always',
    requirement: 'rule:loyalty.contact-listed',
    description: '/loyalty/contact/get without phone lists nothing (the filter is always applied)',
    fault: fault('loyalty.contact-filter-applies', () => true),
  },
  {
    id: 'employees-number-not-unique',
    requirement: 'limit:employee-phone-unique',
    description: 'a second employee with the same phone number is accepted',
    fault: fault('employees.refuses-taken-number', () => false),
  },
  {
    id: 'employees-list-missing-type',
    requirement: 'rule:employees.listed',
    description: '/toolusers/get leaves out usertool_type',
    fault: fault('employees.listed-tool-user', (user) => ({ ...user, usertool_type: undefined })),
  },
  {
    id: 'employees-password-not-unique',
    requirement: 'limit:employee-password-unique',
    description: 'a second employee with a password already taken is accepted',
    fault: fault('employees.refuses-taken-password', () => false),
  },
  {
    id: 'employee-role-unknown-cajero',
    requirement: 'rule:employees.roles',
    description: 'an employee type other than cajero or gerente is stored as cajero instead of refused',
    fault: readLeniently(['employees/add'], outsideAs(['type'], ['cajero', 'gerente'], 'cajero')),
  },
  {
    id: 'employee-number-last-10',
    requirement: 'limit:employee-number-digits',
    description: 'an employee number of 11 digits is stored by its last 10 instead of refused',
    fault: readLeniently(['employees/add'], keepLast('number', limitById('employee-number-digits').max!)),
  },
  {
    id: 'employee-password-truncated',
    requirement: 'limit:employee-password-length',
    description: 'an employee password over 50 characters is cut to 50 instead of refused',
    fault: readLeniently(['employees/add'], keepFirst('password', limitById('employee-password-length').max!)),
  },
  {
    id: 'wallet-phone-last-10',
    requirement: 'limit:wallet-phone-digits',
    description: 'a wallet contact phone of 11 digits is stored by its last 10 instead of refused',
    fault: readLeniently(['wallet/add-contact'], keepLast('phone', limitById('wallet-phone-digits').max!)),
  },
  {
    id: 'wallet-transaction-type-add',
    requirement: 'limit:wallet-transaction-type',
    description: 'a transaction_type other than 0 or 1 is read as 0 (add) instead of refused',
    fault: readLeniently(['wallet/update-balance', 'wallet/register-sale'], outsideAs(['transaction_type'], FLAG_01, 0)),
  },
  {
    id: 'loyalty-phone-last-10',
    requirement: 'limit:loyalty-phone-digits',
    description: 'a loyalty contact phone of 11 digits is stored by its last 10 instead of refused',
    fault: readLeniently(['loyalty/add-contact'], keepLast('phone', limitById('loyalty-phone-digits').max!)),
  },
  {
    id: 'wallet-balance-unchanged',
    requirement: 'rule:wallet.balance-shown',
    description: 'a balance update or a sale is answered as done but leaves the balance as it was',
    fault: fault('wallet.balance-change', () => 0),
  },
] as const satisfies readonly MutantEntry[];

/** The fault of the loyalty sale's stamp (4.9, 2.5), last in the registry since it was added after the isolation faults. */
export const LOYALTY_STAMP_MUTANTS = [
  {
    id: 'loyalty-sale-no-stamp',
    requirement: 'rule:loyalty.sale-stamp',
    description: "a loyalty sale answers loyalty_sale_01 but registers no stamp (the contact's counters stay)",
    fault: fault('loyalty.sale-registers-stamp', () => false),
  },
] as const satisfies readonly MutantEntry[];
