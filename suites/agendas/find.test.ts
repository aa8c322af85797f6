/**
 * 4.7: GET /contactlist/find. A search by name finds the list and not another; a name no list has
 * finds nothing; the length limit of query; the paged envelope, consistent in itself and page after
 * page (ambiguity contactlist-find-paging). Every list is named with the run prefix and deleted at
 * teardown.
 */
import { describe, expect } from 'vitest';
import { expectRefused, judge, req, useTarget } from '../../harness/kit/index.ts';
import type { AgendaFindResponse as FindBody } from '../../schemas/agendas.ts';
import { limitById } from '../../schemas/limits.ts';
import { findLists } from '../support/agendas-lists.ts';
import { createList, textOfLength } from '../support/contacts-lists.ts';

const t = useTarget();

const QUERY_LIMIT = limitById('contactlist-query-length');

/**
 * 4.7: the paged envelope is consistent in itself: total_pages counts pages of `limit` items,
 * has_more says whether a page follows, next_page is the following page or null on the last one,
 * and the page holds `limit` items except the last.
 */
function expectConsistentPage(body: FindBody, where: string): void {
  const { total_count: total, page, total_pages: pages, limit, has_more: more, next_page: next, result } = body;
  // 4.7 states the fields and "null on the last page"; how they agree with each other is our reading
  // (rule:agendas.find-paging, warn).
  const paging = 'the paged envelope of /contactlist/find (4.7)';
  if (total === 0) judge('rule:agendas.find-paging', paging, () => expect(pages, `${where}: total_pages of an empty result`).toBeLessThanOrEqual(1));
  else judge('rule:agendas.find-paging', paging, () => expect(pages, `${where}: total_pages = ceil(total_count / limit)`).toBe(Math.ceil(total / limit)));
  judge('rule:agendas.find-paging', paging, () => expect(more, `${where}: has_more = page < total_pages`).toBe(page < pages));
  if (page >= pages) judge('op:agendas/find', paging, () => expect(next, `${where}: next_page null on the last page`).toBeNull());
  else judge('rule:agendas.find-paging', paging, () => expect(next, `${where}: next_page is the following page`).toBe(page + 1));
  const expectedItems = Math.max(0, Math.min(limit, total - (page - 1) * limit));
  judge('rule:agendas.find-paging', paging, () =>
    expect(result.length, `${where}: items on page ${page} of ${pages} (${total} in all, ${limit} per page)`).toBe(expectedItems),
  );
}

/**
 * The names of the lists on every page of /contactlist/find, two per page (4.7). Another file working
 * in the same account may add or delete lists meanwhile: a walk during which total_count changed is
 * started again, at most five times.
 */
async function namesOnEveryPage(): Promise<string[]> {
  let found: string[] = [];
  for (let attempt = 0, stable = false; !stable && attempt < 5; attempt += 1) {
    found = [];
    stable = true;
    let total: number | undefined;
    for (let page = 1, more = true; more; page += 1) {
      const { body } = await findLists(t, { limit: 2, page });
      expectConsistentPage(body, `find?limit=2&page=${page}`);
      found.push(...body.result.map((r) => r.name));
      total ??= body.total_count;
      if (body.total_count !== total) stable = false;
      more = stable && body.has_more && page < 500;
    }
  }
  return found;
}

describe('GET /contactlist/find (4.7)', () => {
  req(['op:agendas/find', 'rule:agendas.find-by-name'], "contactlist_03: a search by a list's name finds it and not a list of another name", async () => {
    const base = t.name('find');
    const alpha = await createList(t, `${base}Alpha`);
    const beta = await createList(t, `${base}Beta`);
    const { body } = await findLists(t, { query: alpha.name });
    const names = body.result.map((r) => r.name);
    judge('rule:agendas.find-by-name', 'search by name (4.7)', () => expect(names, 'the list named in the query').toContain(alpha.name));
    judge('rule:agendas.find-by-name', 'search by name (4.7)', () => expect(names, 'a list whose name does not match').not.toContain(beta.name));
    expectConsistentPage(body, 'find by name');
  });

  req(['op:agendas/find', 'rule:agendas.find-by-name'], 'a search for a name no list has finds nothing (an empty last page)', async () => {
    const { body } = await findLists(t, { query: `${t.name('none')}Zz` });
    judge('rule:agendas.find-by-name', 'search by name (4.7)', () => expect(body.result).toEqual([]));
    judge('rule:agendas.find-by-name', 'search by name (4.7)', () => expect(body.total_count).toBe(0));
    // The envelope of an empty answer: its only page is the last one (4.7: next_page "null on the last page").
    judge('rule:agendas.find-paging', 'the paged envelope (4.7)', () => expect(body.has_more, 'an empty result has no more').toBe(false));
    judge('op:agendas/find', 'the paged envelope (4.7)', () => expect(body.next_page).toBeNull());
  });

  req(
    ['limit:contactlist-query-length'],
    `query of ${QUERY_LIMIT.max} characters is accepted, ${QUERY_LIMIT.max! + 1} refused (4.7: max ${QUERY_LIMIT.max} chars)`,
    async () => {
      const max = QUERY_LIMIT.max!;
      const query = textOfLength(max, t.name('q'));
      const { body } = await findLists(t, { query });
      expectConsistentPage(body, `find with a query of ${max} characters`);
      expectRefused('limit:contactlist-query-length', await t.api('agendas/find', { query: { query: `${query}x` } }), 'agendas/find');
    },
  );

  req(['rule:agendas.find-paging', 'op:agendas/find'], 'the paged envelope is consistent page after page (ambiguity contactlist-find-paging)', async () => {
    const base = t.name('page');
    for (const suffix of ['A', 'B', 'C']) await createList(t, `${base}${suffix}`);
    const choice = t.choices['contactlist-find-paging'];

    const first = await findLists(t, {});
    expectConsistentPage(first.body, 'find without paging parameters');
    // 4.7: the parameters that select the page are not shown; page 1 when none is asked is our reading.
    judge('rule:agendas.find-paging', 'paging (4.7)', () => expect(first.body.page, 'the first page is answered when none is asked').toBe(1));
    // A search without a query counting every list is our reading of "query (optional)"; the pages below walk these three.
    const counted = judge('rule:agendas.find-paging', 'paging (4.7)', () =>
      expect(first.body.total_count, 'the three lists at least').toBeGreaterThanOrEqual(3),
    );
    if (!counted) return;

    // 4.7: the parameters that select the page or size are not shown; the profile names them.
    const second = await findLists(t, { limit: 1, page: 2 });
    expectConsistentPage(second.body, 'find?limit=1&page=2');
    const honoured = second.body.limit === 1 && second.body.page === 2;
    judge('contactlist-find-paging', `limit=1&page=2 answered limit ${second.body.limit}, page ${second.body.page}`, choice === 'page-limit' ? honoured : null);
    if (choice !== 'page-limit') return;
    // The pages below are asked by these parameters: a target that does not honour them leaves nothing more to judge.
    const asked = judge('rule:agendas.find-paging', 'paging (4.7)', () =>
      expect({ limit: second.body.limit, page: second.body.page }, 'page and limit as asked (profile contactlist-find-paging=page-limit)').toEqual({
        limit: 1,
        page: 2,
      }),
    );
    if (!asked) return;
    const onePerPage = await findLists(t, { limit: 1, page: 1 });
    expectConsistentPage(onePerPage.body, 'find?limit=1&page=1');
    judge('rule:agendas.find-paging', 'paging (4.7)', () =>
      expect(second.body.result[0]?.id, 'page 2 holds another list than page 1').not.toBe(onePerPage.body.result[0]?.id),
    );
    // The last page: has_more false (our reading of its name) and next_page null (4.7: "null on the last page").
    const last = await findLists(t, { limit: 1, page: second.body.total_pages });
    expectConsistentPage(last.body, `find?limit=1&page=${second.body.total_pages}`);
    judge('rule:agendas.find-paging', 'paging (4.7)', () => expect(last.body.has_more, 'the last page has no more').toBe(false));
    judge('op:agendas/find', 'paging (4.7)', () => expect(last.body.next_page, 'the last page has next_page null').toBeNull());
    // Every list is on one of the pages: walking them all (two per page) meets the three of this test once each.
    const found = await namesOnEveryPage();
    judge('rule:agendas.find-paging', 'paging (4.7)', () =>
      expect(found.filter((n) => n.startsWith(base)).sort(), 'the pages together hold every list once').toEqual([`${base}A`, `${base}B`, `${base}C`]),
    );
  });
});
