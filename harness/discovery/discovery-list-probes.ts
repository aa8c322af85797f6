/**
 * The probes of discover on contact lists (4.6, 4.7): lists made for the probe, and deleted with
 * their contacts ("Deletes the list and all its contacts", 4.7) whatever the probe saw.
 */
import { asObject, callOperation, codeOf, probePhone, type AmbiguityProbe, type ProbeContext } from './discovery-probes.ts';

/** 4.7 /agendas/add; the list_key, or undefined when refused. */
async function addList(ctx: ProbeContext, name: string): Promise<string | undefined> {
  const added = await callOperation(ctx, 'agendas/add', { json: { agenda_name: name } });
  const listKey = added.body.list_key ?? asObject(added.body.result).list_key;
  return typeof listKey === 'string' ? listKey : undefined;
}

async function withLists<T>(ctx: ProbeContext, names: readonly string[], body: (keys: string[]) => Promise<T>, refused: () => T): Promise<T> {
  const keys: string[] = [];
  try {
    for (const name of names) {
      const key = await addList(ctx, name);
      if (key === undefined) return refused();
      keys.push(key);
    }
    return await body(keys);
  } finally {
    for (const key of keys) await callOperation(ctx, 'agendas/delete', { json: { list_key: key } });
  }
}

const noList = () => ({ note: 'could not create a list (/agendas/add refused)' });

export const LIST_PROBES: readonly AmbiguityProbe[] = [
  {
    // 4.7 /contactlist/find: "The request parameters that select the page or size: not shown".
    ambiguity: 'contactlist-find-paging',
    run: (ctx) =>
      withLists(
        ctx,
        [1, 2, 3].map((n) => `${ctx.prefix}pg${n}`),
        async () => {
          const found = await callOperation(ctx, 'agendas/find', { query: { query: `${ctx.prefix}pg`, limit: '1', page: '2' } });
          const { page, limit } = found.body;
          if (found.body.success !== true) return { note: `find refused (HTTP ${found.status}, ${codeOf(found)})` };
          return Number(page) === 2 && Number(limit) === 1
            ? { option: 'page-limit', note: 'three lists, limit=1&page=2: page 2, limit 1' }
            : { option: 'record-only', note: `three lists, limit=1&page=2: page ${String(page)}, limit ${String(limit)} (the parameters are named otherwise)` };
        },
        noList,
      ),
  },
  {
    // 4.7 get_contacts "with all contacts of the list": in which field (2.4).
    ambiguity: 'agendas-get-contacts-field',
    run: (ctx) =>
      withLists(
        ctx,
        [`${ctx.prefix}ct`],
        async ([listKey]) => {
          const number = probePhone(ctx, 20);
          const added = await callOperation(ctx, 'contacts/add', { json: { list_key: listKey, number, name: 'Probe' } });
          if (added.body.success !== true) return { note: `could not add a contact (${codeOf(added)})` };
          const listed = await callOperation(ctx, 'agendas/list-contacts', { json: { list_key: listKey } });
          const holds = (value: unknown) =>
            Array.isArray(value) && value.some((c) => String(asObject(c).contact_number ?? asObject(c).number ?? '').endsWith(number));
          if (holds(listed.body.result)) return { option: 'result', note: 'the contact added is in result' };
          const field = Object.entries(listed.body).find(([, value]) => holds(value))?.[0];
          return field
            ? { option: 'any-array', note: `the contact added is in ${field}` }
            : { note: `the contact added is in no array field (${codeOf(listed)})` };
        },
        noList,
      ),
  },
];
