/**
 * The `rule:` requirements of loyalty cards (4.9) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { notShown, reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const LOYALTY_RULE_RECORDS = rulesOf('loyalty', [
  {
    id: 'rule:loyalty.contact-listed',
    section: '4.9',
    statement: 'A loyalty contact added is returned by /loyalty/contact/get.',
    ...stated('POST /loyalty/contact/get: loyalty_key (req), phone (optional filter). result array of loyalty contacts, code loyalty_contact_get_01.'),
  },
  {
    id: 'rule:loyalty.sale-stamp',
    section: '4.9, 2.5',
    statement:
      "A sale registers a stamp that shows in the contact's fields: contact_current_redeem or " +
      'contact_total_loyalty_completes moves forward (which one is our reading).',
    ...reading(
      'a sale "registers a stamp" and a loyalty contact has two counters, but which field shows the stamp is not stated: that one of ' +
        'contact_current_redeem and contact_total_loyalty_completes moves forward within the sales a card can take is our reading',
      'POST /loyalty/sale: loyalty_key (req), phone (req), usertool_id (integer, req). Registers a stamp.',
      'Loyalty contact: contact_name, contact_phone, contact_birthdate (strings), contact_total_loyalty_completes (integer), contact_current_redeem (integer).',
      'Wallet (stored balance) and loyalty-card (stamp) programs for contacts, operated by tool users (employees or collaborators).',
    ),
  },
  {
    id: 'rule:loyalty.card-creation',
    section: '2.5, 4.9',
    statement: 'Where a loyalty card comes from: no operation of 4.9 creates one, so an account may hold none.',
    ...notShown(
      '4.9 lists no operation that creates a loyalty card and 2.5 does not say where cards come from: an account whose /loyalty/get lists none is recorded, the fields of a card then not seen',
      'POST /loyalty/get: no body. result array (section 2.5), code loyalty_get_01.',
    ),
  },
]);
