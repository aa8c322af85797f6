/**
 * Wallet fixtures (4.8): the account's wallet and a look into bodies whose fields are not shown.
 * The document offers no operation that creates a wallet (2.5, 4.8): the suite uses the first one
 * /wallet/get answers in the first account that has one (program-account.ts), and skips where no
 * account has one.
 */
import { WalletListResponse, type Wallet } from '../../schemas/wallet.ts';
import type { ProgramAccount } from './program-account.ts';

/** The first wallet of the first account that has one (4.8 /wallet/get); `program.t` then acts in that account. */
export function firstWallet(program: ProgramAccount): Promise<Wallet> {
  return program.first('wallet/list', WalletListResponse, 'wallet', '2.5, 4.8');
}

/** Every scalar value of a JSON body, at any depth (for bodies whose field names are not shown). */
function scalarsOf(value: unknown): (string | number | boolean | null)[] {
  if (Array.isArray(value)) return value.flatMap(scalarsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(scalarsOf);
  return [value as string | number | boolean | null];
}

/** Whether a body holds the 10-digit `phone` (alone or with the country code 52) as a value. */
export const holdsPhone = (body: unknown, phone: string): boolean =>
  scalarsOf(body).some((v) => v !== null && (String(v) === phone || String(v) === `52${phone}`));

/** Whether a body holds `amount` as a value (a number or a numeric string such as "150.25"). */
export const holdsAmount = (body: unknown, amount: number): boolean =>
  scalarsOf(body).some((v) => (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '')) && Math.abs(Number(v) - amount) < 0.005);
