/**
 * 4.6 and 2.4: contacts inside contact lists, kept in the shared contact book (contact-book.ts).
 * The document names no error codes for these operations (7.1: "code value for ... contact-update
 * ... validation failures: not shown"); the server answers err_01 for an unknown list (the code 7.2
 * gives "list does not exist" on the list operations) and contact_not_found for an unknown contact.
 */
import { contacts, dateText, limitById, sms } from '../../schemas/index.ts';
import type { Account } from '../accounts.ts';
import { callbackOf, contactById, contactCount, customValues, findList, upsertContact, type ContactList, type StoredContact } from '../contact-book.ts';
import { handler, type HandlerSet, type InvalidHandler, type RawRequest, type Reply } from '../handler.ts';
import { genericInvalid } from '../pipeline.ts';
import { quotaFull, quotaReached } from '../quotas.ts';
import { takesAlternate } from '../personality.ts';
import { fail, invalidParameters, ok } from '../replies.ts';

type Req = RawRequest & { account: Account };

const EMAIL_MAX = limitById('contact-email-length').max!;

/** 4.6 polling {action}: the values the alternate personality allows (the document shows none). */
const ALTERNATE_POLLING_ACTIONS: ReadonlySet<string> = new Set(['add', 'update', 'delete']);

/** 7.1: contact validation codes are not shown (latitude unnamed-codes: replies.invalidParameters). */
const invalid = (req: Req, field: string, detail: string): Reply => invalidParameters(req, field, detail);

/**
 * 4.6 polling "Body: list_key (req), contact_id (req).": a body without contact_id is refused like
 * any invalid one. The seam stands for a server that would poll the whole list instead.
 */
const pollInvalid: InvalidHandler = (req, issues) => {
  const listKey = req.fields.list_key;
  const onlyContactIdMissing = req.fields.contact_id === undefined && typeof listKey === 'string' && issues.every((i) => i.path[0] === 'contact_id');
  if (onlyContactIdMissing && !req.server.seams.at('contacts.poll-requires-contact-id', true)) return withList(req, listKey, () => ok(req));
  return genericInvalid(req, issues);
};

/** The list named by `key` in this account, or err_01 (7.2: "list does not exist"). */
function withList(req: Req, key: string, use: (list: ContactList) => Reply): Reply {
  // 1, 5.2: an account sees only its own lists.
  const shared = req.server.seams.at('lists.own-account-only', true)
    ? undefined
    : [...req.server.accounts.all()].map((a) => findList(a, key)).find((l) => l !== undefined);
  const list = findList(req.account, key) ?? shared;
  return list ? use(list) : fail(req, 'err_01', 'The list does not exist');
}

/** 2.4: stored numbers carry the country code; 4.6 takes 10 digits, or 12 with 52 under find_country_code=1. */
function fullNumber(number: string): string | undefined {
  if (contacts.contactNumberProblem(number, true)) return undefined;
  return number.length === 10 ? `${sms.MEXICO_COUNTRY_CODE}${number}` : number;
}

/** The contact of `list` with `number` (either spelling of 4.6), or contact_not_found. */
function withContact(req: Req, list: ContactList, number: string, use: (c: StoredContact) => Reply): Reply {
  const full = fullNumber(number);
  if (!full) return invalid(req, 'number', `number: ${contacts.contactNumberProblem(number, true)}`);
  const contact = list.contacts.get(full);
  return contact ? use(contact) : fail(req, 'contact_not_found', 'The contact does not exist in this list');
}

/** 4.6: "birthday_date (YYYY-MM-DD; ignored if the format is invalid)". */
const validBirthday = (text: string | undefined): string | undefined => (text !== undefined && dateText.safeParse(text).success ? text : undefined);

// Latitude unset-field (2.4): the alternate writes unset callback fields as "".
const callback = (req: Req, list: ContactList, c: StoredContact): Reply => ok(req, { callback: callbackOf(list, c, takesAlternate(req.server.options)) });

export const contactsHandlers: HandlerSet = {
  // 4.6 add: an existing contact of the list (same number) is updated, otherwise created.
  'contacts/add': handler(contacts.ContactAddRequest, (ctx) => {
    const input = ctx.input;
    // 1: the service is for Mexico; 4.6: country_code defaults to 52.
    if (input.country_code !== undefined && input.country_code !== sms.MEXICO_COUNTRY_CODE)
      return invalid(ctx, 'country_code', 'country_code: only 52 (Mexico) is served');
    return withList(ctx, input.list_key, (list) => {
      const existing = list.contacts.get(fullNumber(input.number)!);
      if (!existing && quotaFull('contacts', contactCount(ctx.account))) return quotaReached(ctx, 'contacts');
      // 4.6 "If the contact already exists in the list it is updated" with the fields given.
      const changes = { name: input.name, email: input.email, birthday: validBirthday(input.birthday_date), custom: customValues(input) };
      const contact = upsertContact(
        ctx.account,
        list,
        fullNumber(input.number)!,
        ctx.server.clock.now(),
        ctx.server.seams.at('contacts.add-changes', changes, { existing: existing !== undefined }),
      );
      return callback(ctx, list, contact);
    });
  }),

  // 4.6 update: "email (optional, new email)"; same success body as add.
  'contacts/update': handler(contacts.ContactUpdateRequest, (ctx) => {
    const { list_key: key, number, email } = ctx.input;
    // 8: a contact's email is at most 100 characters, whichever operation sets it.
    if (email !== undefined && email.length > EMAIL_MAX) return invalid(ctx, 'email', `email: at most ${EMAIL_MAX} characters`);
    return withList(ctx, key, (list) =>
      withContact(ctx, list, number, (contact) => {
        // 4.6 update: "email (optional, new email)".
        const newEmail = ctx.server.seams.at('contacts.update-email', email);
        if (newEmail !== undefined) contact.email = newEmail;
        return callback(ctx, list, contact);
      }),
    );
  }),

  // 4.6 delete: "email (optional filter)": when given, only a contact with that email is deleted.
  'contacts/delete': handler(contacts.ContactDeleteRequest, (ctx) => {
    const { list_key: key, number, email } = ctx.input;
    return withList(ctx, key, (list) =>
      withContact(ctx, list, number, (contact) => {
        if (email !== undefined && email !== '' && contact.email !== email)
          return fail(ctx, 'contact_not_found', 'No contact with this number and email in this list');
        list.contacts.delete(contact.number);
        return ok(ctx);
      }),
    );
  }),

  // 4.6 duplicate: copies the contact into another list, where the same number is updated (as add).
  'contacts/duplicate': handler(contacts.ContactDuplicateRequest, (ctx) => {
    const { current_list_key: from, new_list_key: to, contact_id: id } = ctx.input;
    return withList(ctx, from, (source) =>
      withList(ctx, to, (target) => {
        const c = contactById(source, id);
        if (!c) return fail(ctx, 'contact_not_found', 'The contact does not exist in the source list');
        if (!target.contacts.has(c.number) && quotaFull('contacts', contactCount(ctx.account))) return quotaReached(ctx, 'contacts');
        const copy = upsertContact(ctx.account, target, c.number, ctx.server.clock.now(), {
          name: c.name,
          email: c.email,
          birthday: c.birthday,
          custom: c.custom,
        });
        return callback(ctx, target, copy);
      }),
    );
  }),

  // 4.6 polling: the automation platform's webhook is outside this server; the answer is Ok / sms_11.
  'contacts/poll': handler(
    contacts.ContactPollRequest,
    (ctx) => {
      // Ambiguity contacts-polling-action: the allowed values are not shown, so any non-empty action
      // passes; the alternate personality allows a fixed set, as a server with its own values would.
      if (!ctx.params.action) return invalid(ctx, 'action', 'action: required');
      if (takesAlternate(ctx.server.options) && !ALTERNATE_POLLING_ACTIONS.has(ctx.params.action))
        return invalid(ctx, 'action', `action: one of ${[...ALTERNATE_POLLING_ACTIONS].join(', ')}`);
      return withList(ctx, ctx.input.list_key, (list) =>
        contactById(list, ctx.input.contact_id) ? ok(ctx) : fail(ctx, 'contact_not_found', 'The contact does not exist in this list'),
      );
    },
    pollInvalid,
  ),
};
