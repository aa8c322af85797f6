/**
 * The account a wallet or loyalty-card test works in. The document offers no operation that
 * creates a wallet or a loyalty card (2.5, 4.8, 4.9), so which accounts own one is the server's
 * choice: it may seed them only in the accounts it was set up with, not in subaccounts created
 * later. A test uses the first account that has one: the file's (its fresh subaccount when a
 * manager key isolates the file), else the account of the run's key; with none anywhere the test
 * is skipped naming the missing resource, never failed against the statement it meant to prove.
 *
 * `program.t` is the file's target with that account's key as its default key, so fixtures that
 * take a Target (tool users, contacts of the card) act in the same account as the program.
 */
import type { z } from 'zod';
import { type Answer, type ApiRequest, expectSuccess, SkipTest, type Target } from '../../harness/kit/index.ts';

export interface ProgramAccount {
  /** The file's target, its default key the account that owns the program once one was found. */
  readonly t: Target;
  /** The first program `listOperation` answers in the first account that has one. */
  first<P>(listOperation: string, schema: z.ZodType<{ result: P[] }>, what: string, section: string): Promise<P>;
}

export function programAccount(file: Target): ProgramAccount {
  let chosenKey: string | undefined;
  const api = (operationId: string, request: ApiRequest = {}): Promise<Answer> =>
    file.api(operationId, request.key === undefined && chosenKey !== undefined ? { ...request, key: chosenKey } : request);
  const t = new Proxy(file, {
    get(target, property) {
      if (property === 'key') return chosenKey ?? target.key;
      if (property === 'api') return api;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    t,
    async first<P>(listOperation: string, schema: z.ZodType<{ result: P[] }>, what: string, section: string): Promise<P> {
      const candidates = [...new Set([file.key, file.config.apiKey])];
      for (const key of candidates) {
        const { result } = expectSuccess(await file.api(listOperation, { key }), listOperation, schema);
        if (result.length > 0) {
          chosenKey = key;
          return result[0]!;
        }
      }
      const where = file.subaccount ? "the file's subaccount nor the account of --api-key has one" : 'the account of --api-key has none';
      throw new SkipTest(`no ${what}: ${where}, and the document offers no operation that creates one (${section}); give the target's account a ${what}`);
    },
  };
}
