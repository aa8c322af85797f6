/**
 * Wallet fixtures (4.8): the account's wallet and a look into bodies whose fields are not shown.
 * The document offers no operation that creates a wallet (2.5, 4.8): the suite uses the first one
 * /wallet/get answers, and a target whose account has none cannot be certified on these statements.
 */
import { expect } from 'vitest';
import { expectSuccess } from '../../harness/kit/expectations.ts';
import type { Target } from '../../harness/kit/target.ts';
import { WalletListResponse, type Wallet } from '../../schemas/wallet.ts';

/** The first wallet of the account (4.8 /wallet/get). */
export async function firstWallet(t: Target): Promise<Wallet> {
  const { result } = expectSuccess(await t.api('wallet/list'), 'wallet/list', WalletListResponse);
  if (result.length === 0) expect.fail('/wallet/get answered no wallet: the account needs one (the document offers no operation that creates a wallet, 4.8)');
  return result[0]!;
}

/** Every scalar value of a JSON body, at any depth (for bodies whose field names are not shown). */
export function scalarsOf(value: unknown): (string | number | boolean | null)[] {
  if (Array.isArray(value)) return value.flatMap(scalarsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(scalarsOf);
  return [value as string | number | boolean | null];
}

/** Whether a body holds the 10-digit `phone` (alone or with the country code 52) as a value. */
export const holdsPhone = (body: unknown, phone: string): boolean => scalarsOf(body).some((v) => v !== null && (String(v) === phone || String(v) === `52${phone}`));

/** Whether a body holds `amount` as a value (a number or a numeric string such as "150.25"). */
export const holdsAmount = (body: unknown, amount: number): boolean =>
  scalarsOf(body).some((v) => (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '')) && Math.abs(Number(v) - amount) < 0.005);
