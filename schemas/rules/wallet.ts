/**
 * The `rule:` requirements of the wallet (4.8) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { WALLET_NOT_SHOWN } from '../document-excerpts.ts';
import { reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const WALLET_RULE_RECORDS = rulesOf('wallet', [
  {
    id: 'rule:wallet.contact-listed',
    section: '4.8',
    statement: 'A wallet contact added is returned by /wallet/contact/get (whose fields are not shown).',
    ...reading(
      'contact/get "returns the contact\'s wallet balance" but its fields are not shown: finding the added contact in it is our reading',
      "POST /wallet/contact/get: wallet_key (req), phone (optional filter). Returns the contact's wallet balance.",
      WALLET_NOT_SHOWN,
    ),
  },
  {
    id: 'rule:wallet.balance-shown',
    section: '4.8',
    statement:
      'The balance /wallet/contact/get returns follows the transactions: transaction_type 0 adds the amount, 1 redeems it, ' +
      'and a refused balance update or sale leaves it as it was.',
    ...reading(
      'contact/get "returns the contact\'s wallet balance" but its balance fields are not shown: finding the amount in it, ' +
        "and so a transaction's effect, is our reading",
      "POST /wallet/contact/get: wallet_key (req), phone (optional filter). Returns the contact's wallet balance.",
      'transaction_type (integer, req: 0 add, 1 redeem)',
      WALLET_NOT_SHOWN,
    ),
  },
  {
    id: 'rule:wallet.sale-amount-required',
    section: '4.8',
    statement: '/wallet/sale needs transaction_amount when transaction_type is 0.',
    ...stated('transaction_amount (number, optional; required when transaction_type is 0)'),
  },
]);
