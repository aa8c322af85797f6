/**
 * The `rule:` requirements of authentication (5) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const AUTH_RULE_RECORDS = rulesOf('auth', [
  {
    id: 'rule:auth.header-apikey',
    section: '5.1',
    statement: 'The header apikey with the account key authenticates a request.',
    ...stated('Every request carries the header apikey with the account API key (it may also be given as a body field).', 'All calls carry the header apikey.'),
  },
  {
    id: 'rule:auth.body-field-apikey',
    section: '5.1',
    statement: 'The key may also be given as a body field.',
    ...stated('Every request carries the header apikey with the account API key (it may also be given as a body field).'),
  },
  {
    id: 'rule:auth.no-bearer',
    section: '5.1',
    statement: 'No Authorization: Bearer is used: a bearer token alone is not a key (auth_01).',
    ...stated('No Authorization: Bearer and no OAuth tokens are used.', '| auth_01 | 401 | key not provided (no header, no body field) |'),
  },
  {
    id: 'rule:auth.manager-key-required',
    section: '5.3',
    statement: 'Subaccount operations (/manager/subaccount/*) require the manager key, not a subaccount key.',
    capability: 'manager-key',
    ...stated('Subaccount operations (/manager/subaccount/*) require the manager (administrator) key, not a subaccount key.'),
  },
  {
    id: 'rule:auth.subaccount-own-balance',
    section: '5.3',
    statement: 'A subaccount key acts on its own balance.',
    capability: 'manager-key',
    ...stated('A subaccount key acts on its own balance.'),
  },
  {
    id: 'rule:auth.v1-parameter',
    section: '5.5',
    statement: 'Legacy v1 endpoints take apikey as a request parameter.',
    ...stated('Legacy v1 endpoints take apikey as a request parameter.'),
  },
  {
    id: 'rule:auth.error-body',
    section: '5',
    statement: 'The body of every auth error has success=false, message, status, code.',
    ...stated('The body of every auth error has success=false, message, status, code.'),
  },
]);
