/**
 * The `rule:` requirements of contact lists (4.7) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const AGENDAS_RULE_RECORDS = rulesOf('agendas', [
  {
    id: 'rule:agendas.ordered-by-name',
    section: '4.7',
    statement: '/agendas/get returns the lists ordered by name.',
    ...stated('Returns result array of lists (section 2.3 fields agenda_name, agenda_description, agenda_creation_date, list_key) ordered by name;'),
  },
  {
    id: 'rule:agendas.contacts-ordered-by-name',
    section: '4.7',
    statement: '/agendas/get_contacts returns all contacts of the list, no pagination, ordered by name.',
    ...stated('Success: code get_contacts_01 with all contacts of the list, no pagination, ordered by name.'),
  },
  {
    id: 'rule:agendas.rename-visible',
    section: '4.7',
    statement: 'A renamed list shows the new name.',
    ...stated('POST /agendas/change_name: list_key (req), agenda_name (req). Success: code change_name_01, message phonebook_name_updated.'),
  },
  {
    id: 'rule:agendas.delete-irreversible',
    section: '4.7',
    statement: '/agendas/delete deletes the list and all its contacts, irreversibly.',
    ...stated('Deletes the list and all its contacts, irreversibly.'),
  },
  {
    id: 'rule:agendas.find-by-name',
    section: '4.7',
    statement: '/contactlist/find searches lists by name.',
    ...stated('query parameter query (string, optional; search by name, max 100 chars)'),
  },
  {
    id: 'rule:agendas.find-paging',
    section: '4.7',
    statement: 'The paged envelope is consistent: total_pages, has_more, next_page null on the last page (the paging parameters: not shown).',
    ambiguity: 'contactlist-find-paging',
    ...reading(
      'the parameters that select the page are not shown; the fields are stated, their ' +
        'consistency across pages (beyond next_page null on the last page) is our reading',
      'total_count, page, total_pages, limit (items per page), has_more (boolean), next_page (integer or null on the last page).',
      'The request parameters that select the page or size: not shown.',
    ),
  },
]);
