/**
 * The `rule:` requirements of contacts (4.6) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const CONTACTS_RULE_RECORDS = rulesOf('contacts', [
  {
    id: 'rule:contacts.listed',
    section: '4.6, 4.7',
    statement: 'A contact added is listed by /agendas/get_contacts.',
    ...stated('Success: code get_contacts_01 with all contacts of the list, no pagination, ordered by name.'),
  },
  {
    id: 'rule:contacts.upsert',
    section: '4.6',
    statement: 'Adding a contact that already exists in the list updates it.',
    ...stated('If the contact already exists in the list it is updated.'),
  },
  {
    id: 'rule:contacts.update-email',
    section: '4.6',
    statement: '/contacts/update changes the email.',
    ...stated('POST /contacts/update: list_key (req), number (req), email (optional, new email).'),
  },
  {
    id: 'rule:contacts.delete-removes',
    section: '4.6',
    statement: 'A deleted contact is no longer listed.',
    ...stated('POST /contacts/delete: list_key (req), number (req), email (optional filter).'),
  },
  {
    id: 'rule:contacts.duplicate-copies',
    section: '4.6',
    statement: '/contacts/duplicate copies a contact into another list.',
    ...stated('POST /contacts/duplicate: current_list_key (req, source), new_list_key (req, destination), contact_id (req, string).'),
  },
  {
    id: 'rule:contacts.birthday-ignored',
    section: '4.6',
    statement: 'birthday_date in an invalid format is ignored (the contact is still added).',
    ...stated('birthday_date (YYYY-MM-DD; ignored if the format is invalid)'),
  },
  {
    id: 'rule:contacts.poll-required-fields',
    section: '4.6',
    statement:
      'POST /contacts/polling/{action} requires list_key and contact_id: with an action accepted when both are given, a poll without either is refused.',
    ...stated('Body: list_key (req), contact_id (req).'),
  },
]);
