/**
 * 4.9 and 2.5: POST /loyalty/get, the loyalty cards of the account. No operation creates a card
 * (2.5, 4.9): the answer is checked in every account tried (program-account.ts), and where none holds
 * a card the report says the fields of a card were not seen. Contacts are in loyalty/contacts.test.ts, sales
 * in sale.test.ts.
 */
import { describe, expect } from 'vitest';
import { judge, req, useTarget } from '../../harness/kit/index.ts';
import { cardIfAny } from '../support/loyalty-fixtures.ts';
import { programAccount } from '../support/program-account.ts';

// Wallets and cards are not created through the API: the tests act in the account that has one.
const program = programAccount(useTarget());

describe('POST /loyalty/get (4.9)', () => {
  req(['op:loyalty/list', 'rule:loyalty.card-creation'], 'loyalty_get_01 with the loyalty cards of the account (2.5 fields)', async () => {
    // The answer is checked in every account tried (loyalty_get_01, result an array of 2.5 cards).
    // Where none holds a card (no operation creates one, 2.5, 4.9) that is all there is to see: the
    // fields of a card are then not seen, and the report says so.
    const card = await cardIfAny(program);
    if (card === null) {
      judge(
        'rule:loyalty.card-creation',
        'POST /loyalty/get (4.9)',
        'loyalty_get_01 with an empty result in every account of the run: the fields of a card (2.5) were not seen',
      );
      return;
    }
    judge('op:loyalty/list', 'a card of loyalty_get_01 (4.9, 2.5)', () => expect(card.loyalty_key, 'a loyalty_key to name it by').not.toBe(''));
  });
});
