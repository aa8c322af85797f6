/**
 * The `rule:` requirements of subaccounts (4.11, 5.3) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const SUBACCOUNTS_RULE_RECORDS = rulesOf('subaccounts', [
  {
    id: 'rule:subaccounts.own-key',
    section: '4.11, 5.3',
    statement: 'A new subaccount has its own working API key.',
    capability: 'manager-key',
    ...stated(
      'Subaccounts administered by a manager account, each with its own API key and balance.',
      'Has an apikey (string) and a credit balance.',
      'Success: message=user_created, code subaccount_01, apikey, email.',
    ),
  },
  {
    id: 'rule:subaccounts.get-apikey',
    section: '4.11',
    statement: "get_apikey returns the subaccount's key.",
    capability: 'manager-key',
    ...stated('POST /manager/subaccount/get_apikey: email (req). Success: success, status 200, apikey, email.'),
  },
  {
    id: 'rule:subaccounts.isolation',
    section: '1, 5.2',
    statement: "An account's data is not visible to another account's key (our reading: the document gives a key access to its own account).",
    capability: 'manager-key',
    ...reading(
      'never stated: it follows from a key giving access to "the account" and a subaccount key acting on its own balance',
      'It gives full access to the account and balance and must only be used from a backend.',
      'A subaccount key acts on its own balance.',
    ),
  },
  {
    id: 'rule:subaccounts.archived-refused',
    section: '3.3, 5',
    statement: "An archived subaccount's key is refused (auth_06).",
    capability: 'manager-key',
    ...stated('POST /manager/subaccount/archive disables (archives) the subaccount.', '| auth_06 | 401 | account disabled or suspended |'),
  },
  {
    id: 'rule:subaccounts.credits-add',
    section: '4.11, 2.7',
    statement: 'type=1 moves credits to the subaccount: its balance rises and the pool falls.',
    capability: 'manager-key',
    ...stated(
      'type (enum 1 add credits to the subaccount, 2 withdraw credits from it; req)',
      '| master_credit | string or null | credits available to assign to subaccounts; present only on administrator accounts ' +
        '(including white-label); absent on normal accounts and subaccounts; may be null if the pool was never initialised |',
    ),
  },
  {
    id: 'rule:subaccounts.credits-withdraw',
    section: '4.11, 2.7',
    statement: 'type=2 withdraws credits from the subaccount: its balance falls; that the pool rises by as much is our reading.',
    capability: 'manager-key',
    ...reading(
      'the withdrawal is stated; where the credits go (back to master_credit) is our reading',
      'type (enum 1 add credits to the subaccount, 2 withdraw credits from it; req)',
    ),
  },
  {
    id: 'rule:subaccounts.credits-integer',
    section: '4.11',
    statement: 'credits is an integer greater than 0, no decimals: other values are refused and move nothing.',
    capability: 'manager-key',
    ...stated('credits (integer greater than 0, no decimals; req)'),
  },
]);
