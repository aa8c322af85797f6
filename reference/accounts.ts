/**
 * Accounts of the reference server: a manager (administrator, 2.7 master_credit), a normal account,
 * a restricted account with an IP allow-list (5.4), and the subaccounts created through 4.11.
 * Balances are kept in hundredths so that the decimal strings of 2.7 stay exact.
 * Each area keeps its own data on the account under its own key (areaState), so that every
 * account's data is isolated from every other's.
 */
import { randomBytes } from 'node:crypto';

type AccountKind = 'manager' | 'normal' | 'subaccount';

export interface Account {
  id: number;
  kind: AccountKind;
  apiKey: string;
  email: string;
  /** Hundredths of a credit. */
  balance: number;
  /** Manager accounts only: hundredths available to assign to subaccounts; null if never initialised (2.7). */
  pool: number | null;
  archived: boolean;
  parentId?: number;
  password?: string;
  ipAllowList?: readonly string[];
  areas: Map<string, unknown>;
}

export const toHundredths = (credits: number): number => Math.round(credits * 100);
/** 2.7: "string (decimal, two places)". */
export const creditString = (hundredths: number): string => (hundredths / 100).toFixed(2);

export const newApiKey = (): string => randomBytes(20).toString('hex');

/** The per-area data of an account, created on first use. */
export function areaState<T>(account: Account, area: string, init: () => T): T {
  let state = account.areas.get(area) as T | undefined;
  if (state === undefined) {
    state = init();
    account.areas.set(area, state);
  }
  return state;
}

export class AccountBook {
  private readonly byKey = new Map<string, Account>();
  private readonly byId = new Map<number, Account>();
  private nextId = 1;

  create(fields: Omit<Account, 'id' | 'areas' | 'archived'> & { archived?: boolean }): Account {
    const account: Account = { archived: false, ...fields, id: this.nextId++, areas: new Map() };
    this.byKey.set(account.apiKey, account);
    this.byId.set(account.id, account);
    return account;
  }

  byApiKey(key: string): Account | undefined {
    return this.byKey.get(key);
  }

  get(id: number): Account | undefined {
    return this.byId.get(id);
  }

  subaccountOf(manager: Account, email: string): Account | undefined {
    for (const a of this.byId.values()) if (a.kind === 'subaccount' && a.parentId === manager.id && a.email === email) return a;
    return undefined;
  }

  /** Subaccounts of `manager`, archived ones included (quota subaccounts, quotas.ts). */
  subaccountCount(manager: Account): number {
    let n = 0;
    for (const a of this.byId.values()) if (a.kind === 'subaccount' && a.parentId === manager.id) n++;
    return n;
  }

  all(): IterableIterator<Account> {
    return this.byId.values();
  }
}
