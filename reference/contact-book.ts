/**
 * The contact lists (agendas, 2.3, 4.7) and the contacts inside them (2.4, 4.6) of one account.
 * Contacts and agendas share this data: deleting a list removes its contacts (4.7), and every
 * contact operation names its list by list_key (2.3). Kept per account (areaState) so that no
 * account sees another's lists (1: "An account holds ...").
 */
import { randomBytes } from 'node:crypto';
import { formatMexicoDateTime } from '../schemas/index.ts';
import { areaState, type Account } from './accounts.ts';

const CUSTOM_FIELDS = ['custom_field_1', 'custom_field_2', 'custom_field_3', 'custom_field_4'] as const;
export type CustomField = (typeof CUSTOM_FIELDS)[number];
export type CustomValues = Partial<Record<CustomField, string>>;

export interface StoredContact {
  id: number;
  /** With country code (2.4: "12 digits for Mexico"). */
  number: string;
  name?: string;
  email?: string;
  /** YYYY-MM-DD, only when the request gave a valid one (4.6: "ignored if the format is invalid"). */
  birthday?: string;
  custom: CustomValues;
  createdAt: number;
}

export interface ContactList {
  /** The integer id of 2.4 list_id and of /contactlist/find's result id. */
  id: number;
  /** 2.3 list_key: what every contact operation names the list by. */
  key: string;
  name: string;
  description: string;
  /** 2.3: labels of up to four custom fields. */
  labels: CustomValues;
  createdAt: number;
  /** Keyed by number with country code: the same number in a list is the same contact (4.6). */
  contacts: Map<string, StoredContact>;
}

interface Book {
  lists: Map<string, ContactList>;
  nextListId: number;
  nextContactId: number;
}

const book = (account: Account): Book => areaState(account, 'contact-book', () => ({ lists: new Map(), nextListId: 1, nextContactId: 1 }));

/** 4.7: lists and contacts are "ordered by name"; case-insensitive, then exact, then id, so the order is total. */
function byName<T extends { id: number }>(name: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => {
    const x = name(a);
    const y = name(b);
    const folded = x.toLowerCase().localeCompare(y.toLowerCase(), 'en');
    if (folded !== 0) return folded;
    if (x !== y) return x < y ? -1 : 1;
    return a.id - b.id;
  };
}

export function listsOf(account: Account): ContactList[] {
  return [...book(account).lists.values()].sort(byName((l) => l.name));
}

/** Lists of the account (quota lists, quotas.ts). */
export const listCount = (account: Account): number => book(account).lists.size;

/** Contacts of the account over all its lists (quota contacts, quotas.ts): at most a quota of lists to sum. */
export function contactCount(account: Account): number {
  let n = 0;
  for (const l of book(account).lists.values()) n += l.contacts.size;
  return n;
}

export function findList(account: Account, key: string): ContactList | undefined {
  return book(account).lists.get(key);
}

/** 2.3: "agenda_name ... unique within the account" (4.7 agenda_03). */
export function listNamed(account: Account, name: string): ContactList | undefined {
  for (const l of book(account).lists.values()) if (l.name === name) return l;
  return undefined;
}

export function createList(account: Account, now: number, fields: { name: string; description: string; labels: CustomValues }): ContactList {
  const b = book(account);
  const list: ContactList = { id: b.nextListId++, key: `lk_${randomBytes(8).toString('hex')}`, ...fields, createdAt: now, contacts: new Map() };
  b.lists.set(list.key, list);
  return list;
}

/** 4.7: "Deletes the list and all its contacts, irreversibly". */
export function deleteList(account: Account, key: string): boolean {
  return book(account).lists.delete(key);
}

export function contactsOf(list: ContactList): StoredContact[] {
  return [...list.contacts.values()].sort(byName((c) => c.name ?? ''));
}

export function contactById(list: ContactList, id: string | number): StoredContact | undefined {
  const wanted = String(id);
  for (const c of list.contacts.values()) if (String(c.id) === wanted) return c;
  return undefined;
}

export type ContactChanges = Omit<Partial<StoredContact>, 'id' | 'number' | 'createdAt' | 'custom'> & { custom?: CustomValues };

/** 4.6: "If the contact already exists in the list it is updated"; otherwise it is created. */
export function upsertContact(account: Account, list: ContactList, number: string, now: number, changes: ContactChanges): StoredContact {
  const existing = list.contacts.get(number);
  const { custom, ...rest } = changes;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as ContactChanges;
  if (existing) {
    Object.assign(existing, defined);
    existing.custom = { ...existing.custom, ...custom };
    return existing;
  }
  const contact: StoredContact = Object.assign({ id: book(account).nextContactId++, number, custom: { ...custom }, createdAt: now }, defined);
  list.contacts.set(number, contact);
  return contact;
}

/** 2.4 fields this server never sets (it keeps no social profiles nor addresses). */
const NEVER_SET_FIELDS = ['facebook', 'twitter', 'linkedin', 'instagram', 'street', 'zip'] as const;

/**
 * 2.4: the contact as the callback object of add, update and duplicate carries it. Latitude
 * unset-field: unset fields are left out, or (`unsetAsEmpty`, the alternate personality) every
 * field of 2.4 is written, an unset one as the empty string.
 */
export function callbackOf(list: ContactList, c: StoredContact, unsetAsEmpty = false): Record<string, unknown> {
  if (unsetAsEmpty) {
    const custom = Object.fromEntries(CUSTOM_FIELDS.map((f) => [f, c.custom[f] ?? '']));
    const never = Object.fromEntries(NEVER_SET_FIELDS.map((f) => [f, '']));
    return { id: c.id, name: c.name ?? '', number: c.number, email: c.email ?? '', ...custom, list_id: list.id, birthday_date: c.birthday ?? '', ...never };
  }
  return {
    id: c.id,
    ...(c.name !== undefined ? { name: c.name } : {}),
    number: c.number,
    ...(c.email !== undefined ? { email: c.email } : {}),
    ...c.custom,
    list_id: list.id,
    ...(c.birthday !== undefined ? { birthday_date: c.birthday } : {}),
  };
}

/** 2.4: "Listing a list's contacts returns: contact_name, contact_number, contact_email, contact_creation_date". */
export function listingOf(c: StoredContact): Record<string, string> {
  return { contact_name: c.name ?? '', contact_number: c.number, contact_email: c.email ?? '', contact_creation_date: formatMexicoDateTime(c.createdAt) };
}

/** 2.3 as /agendas/get answers it; the custom-field labels only where set, or (latitude unset-field, `unsetAsEmpty`) all four, "" when unset. */
export function agendaOf(l: ContactList, unsetAsEmpty = false): Record<string, string> {
  const labels = unsetAsEmpty ? Object.fromEntries(CUSTOM_FIELDS.map((f) => [f, l.labels[f] ?? ''])) : l.labels;
  return { list_key: l.key, agenda_name: l.name, agenda_description: l.description, agenda_creation_date: formatMexicoDateTime(l.createdAt), ...labels };
}

/** The custom fields a request carries, as strings. */
export function customValues(input: Partial<Record<CustomField, string | undefined>>): CustomValues {
  const out: CustomValues = {};
  for (const f of CUSTOM_FIELDS) {
    const v = input[f];
    if (v !== undefined) out[f] = v;
  }
  return out;
}
