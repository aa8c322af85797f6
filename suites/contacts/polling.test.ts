/**
 * 4.6: POST /contacts/polling/{action}. The allowed actions are not shown (ambiguity
 * contacts-polling-action): the candidates the target accepts are recorded, the success body judged
 * on one of them, list_key and contact_id required where an accepted action lets a refusal say so,
 * and an unknown list or contact refused. The document names no error codes for these refusals
 * (7.1), so they go through expectRefused, which records the code the target chose. Lists are
 * created under the run prefix and deleted at teardown (4.7).
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, type RefusalKind, req, SkipTest, useTarget } from '../../harness/kit/index.ts';
import { ContactPollResponse } from '../../schemas/contacts.ts';
import { addContact, createList } from '../support/contacts-lists.ts';
import { refusedAs } from '../support/contacts-refusals.ts';

const t = useTarget();

describe('POST /contacts/polling/{action} (4.6)', () => {
  /** Candidate actions: the allowed values are not shown (ambiguity contacts-polling-action). */
  const ACTIONS = ['update', 'add', 'create', 'delete', 'changes'];

  req(['op:contacts/poll'], 'Ok / sms_11 for an action the target allows; the allowed values are recorded (ambiguity contacts-polling-action)', async () => {
    const { listKey } = await createList(t);
    const contact = await addContact(t, listKey, { number: t.phone(), name: t.name('poll') });
    const accepted: string[] = [];
    for (const action of ACTIONS) {
      const answer = await t.api('contacts/poll', { path: `/contacts/polling/${action}`, json: { list_key: listKey, contact_id: String(contact.id) } });
      if (answer.body.success === true) {
        expectSuccess(answer, 'contacts/poll', ContactPollResponse);
        accepted.push(action);
      } else {
        judge('contacts-polling-action', `${action}: refused with ${String(answer.body.code)}`, null);
        expectRefused('op:contacts/poll', answer, 'contacts/poll');
      }
    }
    judge('contacts-polling-action', `accepted: ${accepted.join(', ') || 'none'} of ${ACTIONS.join(', ')}`, null);
    judge('op:contacts/poll', 'an accepted polling action (4.6)', () =>
      expect(
        accepted.length,
        `no action of ${ACTIONS.join(', ')} was accepted: the success contract could not be observed (4.6: allowed values not shown)`,
      ).toBeGreaterThan(0),
    );
  });

  // 4.6 "Body: list_key (req), contact_id (req).": stated, so checked where it can fail: with an
  // action the target accepts when both are given (the allowed values are not shown; without such an
  // action a refusal would say nothing about the fields, and the test is skipped saying so).
  req(
    ['rule:contacts.poll-required-fields'],
    'list_key and contact_id are required: with an action the target accepts, a poll without either is refused',
    async () => {
      const { listKey } = await createList(t);
      const contact = await addContact(t, listKey, { number: t.phone(), name: t.name('pollr') });
      const both = { list_key: listKey, contact_id: String(contact.id) };
      let action: string | undefined;
      for (const candidate of ACTIONS) {
        if ((await t.api('contacts/poll', { path: `/contacts/polling/${candidate}`, json: both })).body.success === true) {
          action = candidate;
          break;
        }
      }
      if (action === undefined)
        throw new SkipTest(
          `no action of ${ACTIONS.join(', ')} was accepted with list_key and contact_id (4.6: allowed ` +
            `values not shown), so a refusal without one of them could not be told from a refused action`,
        );
      for (const [what, json] of [
        ['list_key missing', { contact_id: both.contact_id }],
        ['contact_id missing', { list_key: listKey }],
      ] as const) {
        const answer = await t.api('contacts/poll', { path: `/contacts/polling/${action}`, json });
        refusedAs(
          'rule:contacts.poll-required-fields',
          'list_key and contact_id are required (4.6)',
          answer,
          'contacts/poll',
          `${what} (action ${action}, accepted with both)`,
        );
      }
    },
  );

  req(['op:contacts/poll'], 'an unknown list or contact is refused', async () => {
    const { listKey } = await createList(t);
    const contact = await addContact(t, listKey, { number: t.phone(), name: t.name('pollx') });
    const path = `/contacts/polling/${ACTIONS[0]}`;
    for (const [what, json, kind] of [
      ['unknown list', { list_key: `${listKey}x`, contact_id: String(contact.id) }, 'missing-resource'],
      ['unknown contact', { list_key: listKey, contact_id: `${String(contact.id)}999` }, 'missing-resource'],
    ] as [string, Record<string, unknown>, RefusalKind?][]) {
      const answer = await t.api('contacts/poll', { path, json });
      // At op:contacts/poll's warn level an accepted poll is one warning and ends the test: its answer is no refusal to read.
      if (!refusedAs('op:contacts/poll', 'an unknown list or contact is refused (4.6)', answer, 'contacts/poll', what, kind)) return;
    }
  });
});
