/**
 * Loyalty fixtures (4.9): the account's loyalty card and its contacts, for the files of
 * suites/loyalty/. The document offers no operation that creates a card (2.5, 4.9): the suite uses
 * the first one /loyalty/get answers in the first account that has one (program-account.ts), and
 * skips where no account has one.
 */
import { z } from 'zod';
import { type Answer, expectSchema, expectSuccess, judge, SkipTest, type Target } from '../../harness/kit/index.ts';
import { addEmployee } from './employees-fixtures.ts';
import { sameNumber } from './contacts-lists.ts';
import type { ProgramAccount } from './program-account.ts';
import { LoyaltyAddContactResponse, LoyaltyGetContactsResponse, LoyaltyListResponse, type LoyaltyCard, type LoyaltyContact } from '../../schemas/loyalty.ts';

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

/** A fresh contact of a card (cardWithContact), with the tool user that added it. */
interface CardContact {
  loyaltyKey: string;
  usertoolId: number;
  phone: string;
  name: string;
}

interface LoyaltyContacts {
  /**
   * 4.9 contact/add: "Sample success: code loyalty_sale_01" (ambiguity loyalty-add-contact-success-code).
   * Under record-only any code passes, the envelope (2.1) with success=true still required. The
   * profile's code is judged as `requirement`, what the caller's test proves with the contact.
   */
  expectAddContactSuccess(answer: Answer, requirement: string): void;
  /** A card, a tool user and a fresh contact of the card (4.9 contact/add), its answer judged as `requirement` (expectAddContactSuccess). */
  cardWithContact(requirement: string): Promise<CardContact>;
}

/** The contacts of `program`'s card, added through `program.t` (one per suite file: each file has its own program account). */
export function loyaltyContacts(program: ProgramAccount): LoyaltyContacts {
  const t = program.t;
  function expectAddContactSuccess(answer: Answer, requirement: string): void {
    const choice = t.choices['loyalty-add-contact-success-code'];
    const body = expectSuccess(answer, 'loyalty/add-contact', LoyaltyAddContactResponse.extend({ code: z.string() }));
    judge('loyalty-add-contact-success-code', `code ${body.code}`, choice === 'loyalty_sale_01' ? body.code === 'loyalty_sale_01' : null);
    if (choice === 'loyalty_sale_01')
      expectSchema(
        requirement,
        LoyaltyAddContactResponse,
        answer.json,
        'loyalty/add-contact success (profile loyalty-add-contact-success-code=loyalty_sale_01)',
        answer,
      );
  }
  async function cardWithContact(requirement: string): Promise<CardContact> {
    const card = await firstCard(program);
    const user = await addEmployee(t);
    const phone = t.phone();
    const name = t.name('cliente');
    expectAddContactSuccess(
      await t.api('loyalty/add-contact', { json: { loyalty_key: card.loyalty_key, phone, customer_name: name, usertool_id: user.collaboratorId } }),
      requirement,
    );
    return { loyaltyKey: card.loyalty_key, usertoolId: user.collaboratorId, phone, name };
  }
  return { expectAddContactSuccess, cardWithContact };
}

/** Picks a contact of the card by its phone (sameNumber: with or without the country code). */
export const withPhone = (phone: string) => (c: { contact_phone: string }) => sameNumber(c.contact_phone, phone);
