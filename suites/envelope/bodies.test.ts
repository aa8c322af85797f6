/**
 * Sections 0 and 4: request bodies. "Bodies are JSON unless a section says otherwise" (0) and "the
 * body is JSON (Content-Type: application/json)" (4): proven on operations whose effect is read
 * back. 4: the same operations accept form-style fields, a reading (SHOULD).
 */
import { describe, expect } from 'vitest';
import { AgendaAddResponse, AgendaListResponse } from '../../schemas/agendas.ts';
import { ContactCallbackResponse } from '../../schemas/contacts.ts';
import { expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';

const t = useTarget();

// 0: "Bodies are JSON unless a section says otherwise"; 4: "the body is JSON (Content-Type:
// application/json)". The kit sends every body so; this test names the rule on two operations whose
// effect is read back, so that a target that does not read JSON bodies fails the rule itself.
// (legacy-v1/send.test.ts proves the v1 half: query parameters.)
describe('JSON bodies (0, 4)', () => {
  req(['rule:envelope.json-bodies'], 'agendas/add and contacts/add read their fields from a JSON body (Content-Type: application/json)', async () => {
    const name = t.name('json');
    // The required fields are in the JSON body: a target that does not read it answers that they are
    // missing (7.2 agenda_02; a refusal for contacts/add), not a success. Checked before the
    // operations' contracts, so that such a failure is this rule's.
    const listAnswer = await t.api('agendas/add', { json: { agenda_name: name } });
    judge('rule:envelope.json-bodies', 'agendas/add reads a JSON body (0, 4)', () =>
      expect(listAnswer.body.success, `agendas/add with agenda_name in a JSON body succeeds (${listAnswer.text.slice(0, 200)})`).toBe(true),
    );
    const added = expectSuccess(listAnswer, 'agendas/add', AgendaAddResponse);
    t.onCleanup(() => t.api('agendas/delete', { json: { list_key: added.list_key } }));
    const contactAnswer = await t.api('contacts/add', { json: { list_key: added.list_key, number: t.phone(), name: 'Jason' } });
    judge('rule:envelope.json-bodies', 'contacts/add reads a JSON body (0, 4)', () =>
      expect(contactAnswer.body.success, `contacts/add with list_key and number in a JSON body succeeds (${contactAnswer.text.slice(0, 200)})`).toBe(true),
    );
    const contact = expectSuccess(contactAnswer, 'contacts/add', ContactCallbackResponse);
    judge('rule:envelope.json-bodies', 'the contact has the name of the JSON body (0, 4)', () =>
      expect(contact.callback.name, 'the contact made from a JSON body has the name sent').toBe('Jason'),
    );
    const lists = expectSuccess(await t.api('agendas/list'), 'agendas/list', AgendaListResponse).result;
    judge('rule:envelope.json-bodies', 'the list has the name of the JSON body (0, 4)', () =>
      expect(lists.find((l) => l.list_key === added.list_key)?.agenda_name, 'the list made from a JSON body has the name sent').toBe(name),
    );
  });
});

// 4: "the reference also shows form-style fields for the same operations" is a reading, not a rule:
// these tests name only that reading (the operations' contracts are proven with JSON bodies).
describe('form-style bodies (4)', () => {
  req(['rule:envelope.form-bodies'], 'agendas/add and contacts/add accept form fields like JSON (SHOULD)', async () => {
    const name = t.name('form');
    const added = expectSuccess(await t.api('agendas/add', { form: { agenda_name: name } }), 'agendas/add', AgendaAddResponse);
    t.onCleanup(() => t.api('agendas/delete', { json: { list_key: added.list_key } }));
    expectSuccess(await t.api('contacts/add', { form: { list_key: added.list_key, number: t.phone(), name: 'Forma' } }), 'contacts/add');
    const lists = expectSuccess(await t.api('agendas/list'), 'agendas/list', AgendaListResponse).result;
    judge('rule:envelope.form-bodies', 'the list has the name of the form fields (4)', () =>
      expect(lists.find((l) => l.list_key === added.list_key)?.agenda_name, 'the list made from form fields has the name sent').toBe(name),
    );
  });

  req(['rule:envelope.form-bodies'], 'credits/manage accepts its integer fields as form fields (SHOULD)', async () => {
    const sub = await t.newSubaccount();
    expectSuccess(
      await t.api('subaccounts/manage-credits', { key: t.managerKey!, form: { email: sub.email, type: 1, credits: 2 } }),
      'subaccounts/manage-credits',
    );
    const credits = await t.credits(sub.key);
    judge('rule:envelope.form-bodies', 'the credits sent as form fields (4)', () => expect(credits, 'the credits given as form fields').toBe(2));
  });
});
