/**
 * The seams and faults of contacts and contact lists (2.3, 4.6, 4.7): names, order, labels, codes,
 * deletion, search pages and the limits of their fields.
 */
import { limitById } from '../../schemas/limits.ts';
import { FLAG_01, keepFirst, outsideAs, readLeniently } from './lenient-reading.ts';
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const CONTACTS_SEAMS = {
  'agendas.refuses-duplicate-name': point<boolean>('err:agenda_03'),
  'agendas.lists-order': point<'name' | 'creation'>('rule:agendas.ordered-by-name'),
  'agendas.listed-labels': point<Partial<Record<'custom_field_1' | 'custom_field_2' | 'custom_field_3' | 'custom_field_4', string>>>('op:agendas/add'),
  'agendas.rename-unknown-list-code': point<string>('err:err_03'),
  'agendas.contacts-order': point<'name' | 'insertion'>('rule:agendas.contacts-ordered-by-name'),
  'agendas.missing-list-key-code': point<string>('err:get_contacts_02'),
  'agendas.delete-removes-list': point<boolean>('rule:agendas.delete-irreversible'),
  'agendas.find-next-page-on-last': point<number | null>('rule:agendas.find-paging'),
  'contacts.add-changes': point<
    {
      name?: string;
      email?: string;
      birthday?: string;
      custom?: Partial<Record<'custom_field_1' | 'custom_field_2' | 'custom_field_3' | 'custom_field_4', string>>;
    },
    { existing: boolean }
  >('rule:contacts.upsert'),
  'contacts.update-email': point<string | undefined>('rule:contacts.update-email'),
  'contacts.poll-requires-contact-id': point<boolean>('rule:contacts.poll-required-fields'),
} as const;

const fault = faultOn(CONTACTS_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const CONTACTS_MUTANTS = [
  {
    id: 'agendas-creation-order',
    requirement: 'rule:agendas.ordered-by-name',
    description: '/agendas/get lists in creation order instead of by name',
    fault: fault('agendas.lists-order', () => 'creation' as const),
  },
  {
    id: 'agendas-contacts-insertion-order',
    requirement: 'rule:agendas.contacts-ordered-by-name',
    description: '/agendas/get_contacts lists contacts in insertion order instead of by name',
    fault: fault('agendas.contacts-order', () => 'insertion' as const),
  },
  {
    id: 'agendas-labels-shifted',
    requirement: 'op:agendas/add',
    description: '/agendas/get lists each custom-field label under the next field (custom_field_1 shows the label of custom_field_2)',
    fault: fault('agendas.listed-labels', (labels) => ({
      custom_field_1: labels.custom_field_2,
      custom_field_2: labels.custom_field_3,
      custom_field_3: labels.custom_field_4,
      custom_field_4: labels.custom_field_1,
    })),
  },
  {
    id: 'agendas-duplicate-name-allowed',
    requirement: 'err:agenda_03',
    description: 'a second list with the same name is created instead of agenda_03',
    fault: fault('agendas.refuses-duplicate-name', () => false),
  },
  {
    id: 'agendas-rename-unknown-err01',
    requirement: 'err:err_03',
    description: 'renaming an unknown list answers err_01 instead of err_03',
    fault: fault('agendas.rename-unknown-list-code', () => 'err_01'),
  },
  {
    id: 'agendas-missing-key-err01',
    requirement: 'err:get_contacts_02',
    description: 'get_contacts without list_key answers err_01 instead of get_contacts_02',
    fault: fault('agendas.missing-list-key-code', () => 'err_01'),
  },
  {
    id: 'agendas-delete-keeps-list',
    requirement: 'rule:agendas.delete-irreversible',
    description: '/agendas/delete answers delete_01 but keeps the list',
    fault: fault('agendas.delete-removes-list', () => false),
  },
  {
    id: 'agendas-find-next-page-zero',
    requirement: 'rule:agendas.find-paging',
    description: 'next_page is 0 instead of null on the last page',
    fault: fault('agendas.find-next-page-on-last', () => 0),
  },
  {
    id: 'contacts-add-existing-not-updated',
    requirement: 'rule:contacts.upsert',
    description: 'adding an existing number answers success but does not update the contact',
    fault: fault('contacts.add-changes', (changes, c) => (c.existing ? {} : changes)),
  },
  {
    id: 'contacts-update-ignores-email',
    requirement: 'rule:contacts.update-email',
    description: '/contacts/update answers success without changing the email',
    fault: fault('contacts.update-email', () => undefined),
  },
  {
    id: 'contact-number-last-10',
    requirement: 'limit:contact-number-digits',
    description: 'a contact number of 11 digits is stored by its last 10 instead of refused',
    fault: readLeniently(['contacts/add'], (f) => (typeof f.number === 'string' && /^\d{11}$/.test(f.number) ? { ...f, number: f.number.slice(1) } : f)),
  },
  {
    id: 'contact-name-truncated',
    requirement: 'limit:contact-name-length',
    description: 'a contact name over 100 characters is cut to 100 instead of refused',
    fault: readLeniently(['contacts/add'], keepFirst('name', limitById('contact-name-length').max!)),
  },
  {
    id: 'contact-email-truncated',
    requirement: 'limit:contact-email-length',
    description: 'a contact email over 100 characters is cut to 100 instead of refused',
    fault: readLeniently(['contacts/add'], keepFirst('email', limitById('contact-email-length').max!)),
  },
  {
    id: 'contact-find-country-code-truthy',
    requirement: 'limit:contact-find-country-code',
    description: 'a find_country_code other than 0 or 1 is read as 1 instead of refused',
    fault: readLeniently(['contacts/add'], outsideAs(['find_country_code'], FLAG_01, 1)),
  },
  {
    id: 'contacts-poll-without-contact-id',
    requirement: 'rule:contacts.poll-required-fields',
    description: 'a poll without contact_id is accepted (the whole list polled) instead of refused',
    fault: fault('contacts.poll-requires-contact-id', () => false),
  },
  {
    id: 'contactlist-query-truncated',
    requirement: 'limit:contactlist-query-length',
    description: 'a /contactlist/find query over 100 characters is cut to 100 instead of refused',
    fault: readLeniently(['agendas/find'], keepFirst('query', limitById('contactlist-query-length').max!)),
  },
] as const satisfies readonly MutantEntry[];
