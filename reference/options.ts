/**
 * Options of the reference server (flags of `serve`, or `startReferenceServer(options)`).
 * Ambiguity choices are validated against the register of schemas/ambiguities.ts.
 */
import { z } from 'zod';
import { AMBIGUITIES, PERSONALITIES, type AmbiguityChoices } from '../schemas/index.ts';
import { isMutantId, MUTANTS, seamsOf } from './mutants.ts';
import { personalityChoices } from './personality.ts';
import type { Seams } from './seams.ts';

const ambiguityChoices = z.record(z.string(), z.string()).superRefine((choices, ctx) => {
  for (const [id, option] of Object.entries(choices)) {
    const entry = AMBIGUITIES.find((a) => a.id === id);
    if (!entry) ctx.addIssue({ code: 'custom', path: [id], message: `unknown ambiguity id (known: ${AMBIGUITIES.map((a) => a.id).join(', ')})` });
    else if (!entry.options.some((o) => o.id === option))
      ctx.addIssue({ code: 'custom', path: [id], message: `unknown option "${option}" (options: ${entry.options.map((o) => o.id).join(', ')})` });
  }
});

export const ReferenceServerOptions = z.object({
  host: z.string().default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(0),
  /** Keys of the seeded accounts; random when not given. */
  managerKey: z.string().min(8).optional(),
  accountKey: z.string().min(8).optional(),
  /** Initial balances, in credits. */
  accountCredits: z.number().nonnegative().default(10_000),
  managerCredits: z.number().nonnegative().default(10_000),
  managerPool: z.number().nonnegative().default(100_000),
  /** Credits one message costs (2.2 `credit`: credits consumed). */
  creditsPerMessage: z.number().positive().default(1),
  /**
   * Which defensible choice the server makes at every open point of the document (schemas/latitudes.ts
   * and the ambiguity register): `default`, or `alternate`, the other one (a check that
   * fails on either personality is a reading, not the document). Explicit `ambiguities` win.
   */
  personality: z.enum(PERSONALITIES).default('default'),
  ambiguities: ambiguityChoices.default({}),
  /** Lets a loopback webhook receiver register (4.14 forbids local hosts otherwise). */
  allowLoopbackWebhooks: z.boolean().default(false),
  /** Test hook: virtual clock and reply simulation under /__test (off: nothing beyond the API). */
  testClock: z.boolean().default(false),
  /** 8: requests per second per key; 0 lifts the limit (benchmarks only). */
  rateLimit: z.number().int().nonnegative().default(100),
  /** 5.4: a third seeded account whose allow-list holds only these addresses (auth_04). */
  restrictedAllowList: z.array(z.string()).default(['192.0.2.1']),
  /** 4.14: time allowed to the registration GET. */
  webhookVerifyTimeoutMs: z.number().int().positive().default(5000),
  /** 6.3: delay before retrying an event that was not answered with 200 (when no schedule is given). */
  webhookRetryDelayMs: z.number().int().nonnegative().default(1000),
  /**
   * 6.3 states retries ("up to 25") but no schedule: seconds before each successive retry, the last
   * value repeating (`10,30,60`: 10 s, then 30 s, then 60 s between every later one). Lets a
   * reference server retry as slowly as a real one, for the suite's bounded waits. Wins
   * over webhookRetryDelayMs.
   */
  eventRetryScheduleSeconds: z.array(z.number().nonnegative()).min(1).optional(),
  /** Delay between a send and its confirmation event. */
  confirmationDelayMs: z.number().int().nonnegative().default(200),
  /** Fault injection (mutants.ts): the server deviates from the document in this one named way. */
  mutant: z
    .string()
    .refine(isMutantId, { message: `unknown mutant id (${MUTANTS.length} known: list them with: messaging-conformance serve --list-mutants)` })
    .optional(),
});
export type ReferenceServerOptionsInput = z.input<typeof ReferenceServerOptions>;
export type ResolvedOptions = z.output<typeof ReferenceServerOptions> & { choices: AmbiguityChoices; seams: Seams };

export function resolveOptions(input: ReferenceServerOptionsInput = {}): ResolvedOptions {
  const parsed = ReferenceServerOptions.parse(input);
  const mutant = parsed.mutant !== undefined && isMutantId(parsed.mutant) ? parsed.mutant : undefined;
  return { ...parsed, choices: { ...personalityChoices(parsed.personality), ...parsed.ambiguities } as AmbiguityChoices, seams: seamsOf(mutant) };
}
