/**
 * Calls shared by the agendas files (suites/agendas/, 4.7): a list key that no account holds, and
 * /contactlist/find answered with its success body.
 */
import { type Answer, expectSuccess, type Target } from '../../harness/kit/index.ts';
import { AgendaDeleteResponse, AgendaFindResponse, type AgendaFindResponse as FindBody } from '../../schemas/agendas.ts';
import { createList } from './contacts-lists.ts';

/** A list key that no account holds: a list created, then deleted (4.7: irreversibly). */
export async function deletedListKey(t: Target): Promise<string> {
  const { listKey } = await createList(t);
  expectSuccess(await t.api('agendas/delete', { json: { list_key: listKey } }), 'agendas/delete', AgendaDeleteResponse);
  return listKey;
}

/** 4.7 GET /contactlist/find with `query` as its query string: the answer, and its success body. */
export async function findLists(t: Target, query: Record<string, string | number>): Promise<{ answer: Answer; body: FindBody }> {
  const answer = await t.api('agendas/find', { query });
  return { answer, body: expectSuccess(answer, 'agendas/find', AgendaFindResponse) };
}
