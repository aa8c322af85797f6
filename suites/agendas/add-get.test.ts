/**
 * 4.7 and 2.3: POST /agendas/add and POST /agendas/get, with the codes of 7.2 (agenda_). A list
 * added is listed by /agendas/get with its fields, in name order; a list without a name or with the
 * name of another list of the account is refused and not created. Every list is named with the run
 * prefix and deleted at teardown.
 */
import { describe, expect } from 'vitest';
import { expectError, judge, req, useTarget } from '../../harness/kit/index.ts';
import { isUnset } from '../../schemas/envelope.ts';
import { createList, listLists } from '../support/contacts-lists.ts';

const t = useTarget();

describe('POST /agendas/add (4.7)', () => {
  req(['op:agendas/add', 'op:agendas/list'], 'answers agenda_01 with a list_key, and /agendas/get lists the new list with its fields (2.3)', async () => {
    const name = t.name('add');
    const description = `desc ${name}`;
    // 2.3: "labels of up to four custom fields", given at /agendas/add (4.7); distinct, so a label under the wrong field shows.
    const labels = { custom_field_1: 'uno', custom_field_2: 'dos', custom_field_3: 'tres', custom_field_4: 'cuatro' } as const;
    const { listKey } = await createList(t, name, { agenda_description: description, ...labels });
    const listed = (await listLists(t)).filter((l) => l.list_key === listKey);
    // 4.7: /agendas/get returns the lists of the account with the fields of 2.3.
    judge('op:agendas/list', 'the new list in /agendas/get (4.7, 2.3)', () => expect(listed, 'the new list appears once in /agendas/get').toHaveLength(1));
    const list = listed[0]!;
    judge('op:agendas/list', 'the fields of the listed list (4.7, 2.3)', () => expect(list.agenda_name).toBe(name));
    judge('op:agendas/list', 'the fields of the listed list (4.7, 2.3)', () => expect(list.agenda_description).toBe(description));
    // 4.7 names only four fields of /agendas/get: a listing may leave the labels out, but a label it writes is the one given.
    const written = Object.entries(labels).filter(([field]) => !isUnset(list[field as keyof typeof labels]));
    judge('extra-fields', 'custom-field labels in /agendas/get', written.length === 0 ? 'not listed' : `listed: ${written.map(([f]) => f).join(', ')}`);
    for (const [field, label] of written)
      judge('op:agendas/list', 'the fields of the listed list (4.7, 2.3)', () =>
        expect(list[field as keyof typeof labels], `${field}: the label given to /agendas/add (2.3)`).toBe(label),
      );
  });

  req(['err:agenda_02'], 'agenda_02 when agenda_name is missing, and no list is created', async () => {
    const description = `nameless ${t.name('d')}`;
    expectError('err:agenda_02', await t.api('agendas/add', { json: { agenda_description: description } }), 'agenda_02', 'agendas/add');
    // An empty name is no name.
    expectError('err:agenda_02', await t.api('agendas/add', { json: { agenda_name: '', agenda_description: description } }), 'agenda_02', 'agendas/add');
    const lists = await listLists(t);
    judge('err:agenda_02', 'a list without a name is not created (4.7)', () =>
      expect(
        lists.some((l) => l.agenda_description === description),
        'the refused list is not listed',
      ).toBe(false),
    );
  });

  req(['err:agenda_03'], 'agenda_03 when a list of the account already has the name (2.3: unique within the account)', async () => {
    const { name } = await createList(t);
    const again = await t.api('agendas/add', { json: { agenda_name: name } });
    // Should a faulty target create it anyway, delete it at teardown.
    if (typeof again.body.list_key === 'string') t.onCleanup(() => t.api('agendas/delete', { json: { list_key: again.body.list_key } }));
    expectError('err:agenda_03', again, 'agenda_03', 'agendas/add');
    const named = (await listLists(t)).filter((l) => l.agenda_name === name);
    judge('err:agenda_03', 'a list name is unique within the account (4.7, 2.3)', () => expect(named, 'still one list with the name').toHaveLength(1));
  });
});

describe('POST /agendas/get (4.7)', () => {
  req(['op:agendas/list', 'rule:agendas.ordered-by-name'], 'returns the lists ordered by name (created out of order)', async () => {
    const base = t.name('ord');
    // Same prefix and case, one distinct last letter: any collation orders them A, B, C.
    for (const suffix of ['C', 'A', 'B']) await createList(t, `${base}${suffix}`);
    const mine = (await listLists(t)).map((l) => l.agenda_name).filter((n) => n.startsWith(base));
    judge('rule:agendas.ordered-by-name', 'the order of /agendas/get (4.7)', () =>
      expect(mine, 'the three lists, in name order').toEqual([`${base}A`, `${base}B`, `${base}C`]),
    );
  });
});
