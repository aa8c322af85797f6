/**
 * The `rule:` requirements of credits (2.7, 4.1) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const CREDITS_RULE_RECORDS = rulesOf('credits', [
  {
    id: 'rule:credits.master-credit-admin-only',
    section: '2.7',
    statement: 'master_credit is present on administrator accounts and absent on normal accounts and subaccounts.',
    capability: 'manager-key',
    ...stated(
      '| master_credit | string or null | credits available to assign to subaccounts; present only on administrator accounts ' +
        '(including white-label); absent on normal accounts and subaccounts; may be null if the pool was never initialised |',
    ),
  },
]);
