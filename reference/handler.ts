/**
 * What an operation handler sees and returns. Each area module of reference/handlers/ exports a
 * HandlerSet keyed by operationId (the registry's ids); server.ts routes every registry operation
 * to its entry.
 */
import type { z } from 'zod';
import type { Operation } from '../schemas/index.ts';
import type { Account, AccountBook } from './accounts.ts';
import type { Clock } from './clock.ts';
import type { Messaging } from './messaging.ts';
import type { ResolvedOptions } from './options.ts';
import type { Seams } from './seams.ts';
import type { WebhookService } from './webhook-service.ts';

/** Everything the server shares between requests. */
export interface ServerContext {
  options: ResolvedOptions;
  clock: Clock;
  accounts: AccountBook;
  messaging: Messaging;
  webhooks: WebhookService;
  /** The named points where the injected fault, if any (mutants.ts), replaces the document's value. */
  seams: Seams;
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** A request before validation: who sent it and what it carried. */
export interface RawRequest {
  op: Operation;
  server: ServerContext;
  requestId: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  /** Body fields (JSON or form) for body operations, query parameters for query operations. */
  fields: Record<string, unknown>;
  /** The query string, also on body operations (4.2: where showCampaignId goes is not shown). */
  query: Record<string, unknown>;
  params: Record<string, string>;
}

export interface RequestContext<T = unknown> extends RawRequest {
  account: Account;
  /** The request as the operation's schema parsed it. */
  input: T;
}

export type Handler<T = unknown> = (ctx: RequestContext<T>) => Reply | Promise<Reply>;

/** Maps the schema's issues to the operation's documented error answer. */
export type InvalidHandler = (req: RawRequest & { account: Account }, issues: readonly z.core.$ZodIssue[]) => Reply | Promise<Reply>;

export interface OperationHandler {
  handle: Handler<never>;
  onInvalid?: InvalidHandler;
}

export type HandlerSet = Record<string, OperationHandler>;

/** Types a handler by the schema it is fed (the pipeline has parsed the input with it). */
export const handler = <S extends z.ZodType>(_schema: S | undefined, handle: Handler<z.output<S>>, onInvalid?: InvalidHandler): OperationHandler => ({
  handle: handle as Handler<never>,
  ...(onInvalid ? { onInvalid } : {}),
});
