/**
 * Fixtures shared by the files of suites/contacts/ (4.6) and suites/agendas/ (4.7): contact lists
 * created under the run prefix and deleted at teardown, the listings read back through the API, and
 * text of an exact length for the limits of section 8.
 */
import { expect } from 'vitest';
import { z } from 'zod';
import { expectSchema, expectSuccess, judge, type Target } from '../../harness/kit/index.ts';
import { type Agenda, AgendaAddResponse, AgendaContact, AgendaListResponse } from '../../schemas/agendas.ts';
import { ContactCallbackResponse, type Contact } from '../../schemas/contacts.ts';
import { MEXICO_COUNTRY_CODE } from '../../schemas/sms.ts';

export interface CreatedList {
  listKey: string;
  name: string;
}

/** Creates a list (4.7 /agendas/add) whose deletion is registered as a cleanup. */
export async function createList(t: Target, name = t.name('list'), extra: Record<string, string> = {}): Promise<CreatedList> {
  const answer = await t.api('agendas/add', { json: { agenda_name: name, ...extra } });
  const body = expectSuccess(answer, 'agendas/add', AgendaAddResponse);
  t.onCleanup(() => t.api('agendas/delete', { json: { list_key: body.list_key } }));
  return { listKey: body.list_key, name };
}

/** 4.7 /agendas/get: the lists of the account, as answered (order kept). */
export async function listLists(t: Target): Promise<Agenda[]> {
  return expectSuccess(await t.api('agendas/list'), 'agendas/list', AgendaListResponse).result;
}

const AgendaContacts = z.array(AgendaContact);

/**
 * 4.7 /agendas/get_contacts: the contacts of a list (2.4 listing shape). The field that holds them
 * is not shown (ambiguity agendas-get-contacts-field): under 'result' it must be `result`; under
 * 'any-array' the array field whose items have the 2.4 listing shape (result preferred).
 */
export async function listContacts(t: Target, listKey: string): Promise<AgendaContact[]> {
  const answer = await t.api('agendas/list-contacts', { json: { list_key: listKey } });
  const body = expectSuccess(answer, 'agendas/list-contacts') as Record<string, unknown>;
  const fields = Object.entries(body).filter(([, v]) => Array.isArray(v) && AgendaContacts.safeParse(v).success);
  const field = fields.find(([k]) => k === 'result') ?? fields[0];
  const choice = t.choices['agendas-get-contacts-field'];
  judge('agendas-get-contacts-field', `contacts in ${field?.[0] ?? '(no array field)'}`, choice === 'result' ? field?.[0] === 'result' : field !== undefined);
  if (choice === 'result')
    return expectSchema('op:agendas/list-contacts', AgendaContacts, body.result, 'get_contacts_01 result (profile agendas-get-contacts-field=result)', answer);
  // 4.7: get_contacts_01 returns the contacts of the list; at op:agendas/list-contacts's fail level a body without them throws here.
  judge('op:agendas/list-contacts', 'the contacts of get_contacts_01 (4.7)', () =>
    expect(field, `get_contacts_01 has no array of contacts: ${answer.text.slice(0, 300)}`).toBeDefined(),
  );
  return field![1] as AgendaContact[];
}

/** 2.4: a stored number carries the country code (12 digits for Mexico); 4.6 takes the 10-digit national one. */
export const sameNumber = (stored: string | number, national: string): boolean =>
  String(stored) === national || String(stored) === `${MEXICO_COUNTRY_CODE}${national}`;

/** The listed contacts of `listKey` with the 10-digit `number`. */
export async function listedWith(t: Target, listKey: string, number: string): Promise<AgendaContact[]> {
  return (await listContacts(t, listKey)).filter((c) => sameNumber(c.contact_number, number));
}

/** Adds a contact (4.6 /contacts/add) and returns the callback of 2.4. */
export async function addContact(t: Target, listKey: string, fields: Record<string, string | number>): Promise<Contact> {
  const answer = await t.api('contacts/add', { json: { list_key: listKey, ...fields } });
  return expectSuccess(answer, 'contacts/add', ContactCallbackResponse).callback;
}

/** A name of exactly `length` characters, starting with `seed` (letters and digits). */
export function textOfLength(length: number, seed: string): string {
  const base = seed.slice(0, length);
  return base + 'x'.repeat(length - base.length);
}

/**
 * A syntactically valid address of exactly `length` characters (local part of `seed`, DNS labels of
 * at most 63 characters), so that only its length can make a target refuse it.
 */
export function emailOfLength(length: number, seed: string): string {
  const local = seed.slice(0, 30).toLowerCase();
  const tail = '.example.com';
  let remaining = length - local.length - 1 - tail.length;
  if (remaining < 1) throw new Error(`emailOfLength: ${length} is too short`);
  const labels: string[] = [];
  while (remaining > 60) {
    const size = Math.min(60, remaining - 2);
    labels.push('d'.repeat(size));
    remaining -= size + 1; // the label and the dot after it
  }
  labels.push('d'.repeat(remaining));
  const email = `${local}@${labels.join('.')}${tail}`;
  if (email.length !== length) throw new Error(`emailOfLength: built ${email.length} characters instead of ${length}`);
  return email;
}
