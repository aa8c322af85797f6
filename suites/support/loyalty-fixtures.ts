/**
 * Loyalty fixtures (4.9): the account's loyalty card and its contacts. The document offers no
 * operation that creates a card (2.5, 4.9): the suite uses the first one /loyalty/get answers, and a
 * target whose account has none cannot be certified on these statements.
 */
import { expect } from 'vitest';
import { expectSuccess } from '../../harness/kit/expectations.ts';
import type { Target } from '../../harness/kit/target.ts';
import { LoyaltyGetContactsResponse, LoyaltyListResponse, type LoyaltyCard, type LoyaltyContact } from '../../schemas/loyalty.ts';

/** The first loyalty card of the account (4.9 /loyalty/get). */
export async function firstCard(t: Target): Promise<LoyaltyCard> {
  const { result } = expectSuccess(await t.api('loyalty/list'), 'loyalty/list', LoyaltyListResponse);
  if (result.length === 0) expect.fail('/loyalty/get answered no loyalty card: the account needs one (the document offers no operation that creates a card, 4.9)');
  return result[0]!;
}

/** 4.9 /loyalty/contact/get, with the optional phone filter. */
export async function cardContacts(t: Target, loyaltyKey: string, phone?: string): Promise<LoyaltyContact[]> {
  const answer = await t.api('loyalty/get-contacts', { json: { loyalty_key: loyaltyKey, ...(phone === undefined ? {} : { phone }) } });
  return expectSuccess(answer, 'loyalty/get-contacts', LoyaltyGetContactsResponse).result;
}
