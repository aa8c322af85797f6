/**
 * Section 5: authentication. The key comes in the header apikey or as a body field (5.1), or as a
 * request parameter on v1 (5.5); the legacy token header answers 410 auth_deprecated (5.6);
 * archived accounts auth_06, subaccounts of an unusable administrator auth_07, addresses outside an
 * allow-list 403 auth_04 (5.4); /manager/subaccount/* needs the manager key (5.3).
 */
import type { Account, AccountBook } from './accounts.ts';
import type { RawRequest, Reply } from './handler.ts';
import { authFail, v1Fail } from './replies.ts';

export type AuthOutcome = { ok: true; account: Account } | { ok: false; reply: Reply };

const header = (req: RawRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The key a request carries, wherever the document lets it be. */
export function presentedKey(req: RawRequest): string | undefined {
  const fromField = req.fields.apikey;
  const field = typeof fromField === 'string' && fromField !== '' ? fromField : undefined;
  if (req.op.auth === 'v1-parameter') return field ?? header(req, 'apikey');
  // 5.1: header or body field; no Bearer.
  const fromHeader = header(req, 'apikey');
  return req.server.seams.at('auth.presented-key', fromHeader || field, { header: fromHeader, field, authorization: header(req, 'authorization') });
}

/** IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) compare as IPv4. */
const normaliseIp = (ip: string): string => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

export function authenticate(req: RawRequest, accounts: AccountBook): AuthOutcome {
  const v1 = req.op.auth === 'v1-parameter';
  const seams = req.server.seams;
  // 5.6: the legacy token header is refused.
  if (!v1 && seams.at('auth.token-header-refused', header(req, 'token') !== undefined))
    return { ok: false, reply: authFail(req, 'auth_deprecated', 410, 'The token header is no longer accepted; use the header apikey') };

  const key = presentedKey(req);
  if (!key)
    return {
      ok: false,
      reply: v1 ? v1Fail(req, '01', 'Falta el parametro apikey') : authFail(req, seams.at('auth.missing-key-code', 'auth_01'), 401, 'API key not provided'),
    };

  const account = accounts.byApiKey(key);
  if (!account) return { ok: false, reply: v1 ? v1Fail(req, '10', 'apikey incorrecta') : authFail(req, 'auth_05', 401, 'API key invalid or unknown') };
  if (account.archived)
    return { ok: false, reply: v1 ? v1Fail(req, '10', 'apikey incorrecta') : authFail(req, 'auth_06', 401, 'Account disabled or suspended') };

  if (account.parentId !== undefined) {
    const parent = accounts.get(account.parentId);
    if (!parent || parent.archived)
      return { ok: false, reply: authFail(req, 'auth_07', 401, 'The administrator account of this subaccount is invalid or disabled') };
  }

  // 5.4: an allow-list admits only its addresses.
  if (seams.at('auth.outside-allow-list', account.ipAllowList !== undefined && !account.ipAllowList.includes(normaliseIp(req.ip))))
    return { ok: false, reply: authFail(req, 'auth_04', 403, 'IP not in the allow-list') };

  // 5.3: the manager operations need the manager key.
  if (req.op.auth === 'manager' && seams.at('auth.manager-key-refused', account.kind !== 'manager', { kind: account.kind }))
    return { ok: false, reply: authFail(req, 'auth_manager_required', 403, 'Subaccount operations require the manager key') };

  // 5.3 "A subaccount key acts on its own balance".
  const acting = seams.at('auth.acting-account', account.id, { parentId: account.parentId });
  return { ok: true, account: acting === account.id ? account : (accounts.get(acting) ?? account) };
}
