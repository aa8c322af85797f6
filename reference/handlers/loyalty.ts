/**
 * 4.9 and 2.5: the loyalty-card (stamp) program. The API cannot create a card, so every account
 * gets one on first use. Stamps per card are not shown: the server completes a card at
 * STAMPS_PER_CARD stamps (contact_total_loyalty_completes + 1) and contact_current_redeem counts
 * the stamps of the card in progress. Refusals use descriptive codes (7.1: not shown).
 */
import { randomBytes } from 'node:crypto';
import { loyalty } from '../../schemas/index.ts';
import { areaState, type Account } from '../accounts.ts';
import { handler, type HandlerSet, type RawRequest, type Reply } from '../handler.ts';
import { quotaFull, quotaReached } from '../quotas.ts';
import { takesAlternate } from '../personality.ts';
import { fail, ok } from '../replies.ts';
import { checkToolUser } from './employees.ts';

type Req = RawRequest & { account: Account };

const STAMPS_PER_CARD = 10;

interface LoyaltyProgram {
  card: loyalty.LoyaltyCard;
  contacts: Map<string, loyalty.LoyaltyContact>;
}

/** 2.5: one loyalty card per account, seeded on first use (no operation creates one). */
const program = (account: Account): LoyaltyProgram =>
  areaState(account, 'loyalty', () => ({
    card: {
      loyalty_name: 'Tarjeta de sellos',
      loyalty_key: `lc_${randomBytes(6).toString('hex')}`,
      loyalty_app_client: `app_${account.id}`,
      loyalty_plan_type: 'basic',
    },
    contacts: new Map(),
  }));

/** The account's card when `key` names it, or loyalty_not_found (another account's key included). */
function withCard(req: Req, key: string, use: (p: LoyaltyProgram) => Reply): Reply {
  const p = program(req.account);
  return p.card.loyalty_key === key ? use(p) : fail(req, 'loyalty_not_found', 'The loyalty card does not exist');
}

/** 4.9 sale: "Registers a stamp"; a full card counts as completed and a new one starts. */
function stamp(c: loyalty.LoyaltyContact): void {
  c.contact_current_redeem += 1;
  if (c.contact_current_redeem < STAMPS_PER_CARD) return;
  c.contact_current_redeem = 0;
  c.contact_total_loyalty_completes += 1;
}

export const loyaltyHandlers: HandlerSet = {
  'loyalty/list': handler(undefined, (ctx) => ok(ctx, { result: [program(ctx.account).card] })),

  // 4.9 contact/add: phone exactly 10 digits (schema), usertool_id a tool user of the account.
  'loyalty/add-contact': handler(loyalty.LoyaltyAddContactRequest, (ctx) => {
    const { loyalty_key: key, phone, customer_name: name, usertool_id: userId } = ctx.input;
    return withCard(ctx, key, (p) => {
      const user = checkToolUser(ctx, userId);
      if (!user.ok) return user.reply;
      if (p.contacts.has(phone)) return fail(ctx, 'loyalty_contact_exists', 'The phone is already a contact of this card');
      if (quotaFull('loyaltyContacts', p.contacts.size)) return quotaReached(ctx, 'loyaltyContacts');
      p.contacts.set(phone, { contact_name: name, contact_phone: phone, contact_birthdate: '', contact_total_loyalty_completes: 0, contact_current_redeem: 0 });
      // Ambiguity loyalty-add-contact-success-code: loyalty_sale_01 as the sample (the registry's
      // code); under record-only the alternate personality answers a code of the add's own.
      const ownCode = ctx.server.options.choices['loyalty-add-contact-success-code'] === 'record-only' && takesAlternate(ctx.server.options);
      return ok(ctx, {}, ownCode ? { code: 'loyalty_contact_add_01', message: 'loyalty_contact_added' } : { message: 'loyalty_contact_added' });
    });
  }),

  // 4.9 contact/get: result array of loyalty contacts, phone an optional filter.
  'loyalty/get-contacts': handler(loyalty.LoyaltyGetContactsRequest, (ctx) =>
    withCard(ctx, ctx.input.loyalty_key, (p) => {
      const phone = ctx.input.phone;
      // 4.9 phone is an optional filter.
      const filtered = ctx.server.seams.at('loyalty.contact-filter-applies', phone !== undefined && phone !== '');
      const rows = [...p.contacts.values()].filter((c) => !filtered || c.contact_phone === phone);
      return ok(ctx, { result: rows.map((c) => ({ ...c })) }, { message: 'loyalty_contacts' });
    }),
  ),

  // 4.9 sale: a stamp for the contact phone, by a tool user; "message confirming the sale".
  'loyalty/register-sale': handler(loyalty.LoyaltySaleRequest, (ctx) => {
    const { loyalty_key: key, phone, usertool_id: userId } = ctx.input;
    return withCard(ctx, key, (p) => {
      const user = checkToolUser(ctx, userId);
      if (!user.ok) return user.reply;
      const c = p.contacts.get(phone);
      if (!c) return fail(ctx, 'loyalty_contact_not_found', 'The phone is not a contact of this card');
      // 4.9 "Registers a stamp".
      if (ctx.server.seams.at('loyalty.sale-registers-stamp', true)) stamp(c);
      return ok(ctx, { ...c }, { message: 'sale_registered' });
    });
  }),
};
