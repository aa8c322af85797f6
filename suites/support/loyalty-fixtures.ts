/**
 * Loyalty fixtures (4.9): the account's loyalty card and its contacts. The document offers no
 * operation that creates a card (2.5, 4.9): the suite uses the first one /loyalty/get answers in the
 * first account that has one (program-account.ts), and skips where no account has one.
 */
import { expectSuccess, SkipTest, type Target } from '../../harness/kit/index.ts';
import type { ProgramAccount } from './program-account.ts';
import { LoyaltyGetContactsResponse, LoyaltyListResponse, type LoyaltyCard, type LoyaltyContact } from '../../schemas/loyalty.ts';

/** The first loyalty card of the first account that has one (4.9 /loyalty/get); `program.t` then acts in that account. */
export function firstCard(program: ProgramAccount): Promise<LoyaltyCard> {
  return program.first('loyalty/list', LoyaltyListResponse, 'loyalty card', '2.5, 4.9');
}

/**
 * The first loyalty card, or null where no account of the run has one (each answered 4.9
 * /loyalty/get with success and an empty result): for the checks that a card's absence decides too,
 * a key no /loyalty/get listed being a key of no card.
 */
export async function cardIfAny(program: ProgramAccount): Promise<LoyaltyCard | null> {
  try {
    return await firstCard(program);
  } catch (error) {
    if (error instanceof SkipTest) return null;
    throw error;
  }
}

/** 4.9 /loyalty/contact/get, with the optional phone filter. */
export async function cardContacts(t: Target, loyaltyKey: string, phone?: string): Promise<LoyaltyContact[]> {
  const answer = await t.api('loyalty/get-contacts', { json: { loyalty_key: loyaltyKey, ...(phone === undefined ? {} : { phone }) } });
  return expectSuccess(answer, 'loyalty/get-contacts', LoyaltyGetContactsResponse).result;
}
