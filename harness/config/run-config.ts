/**
 * The run configuration: everything a suite file needs to know about the target and the run, handed
 * from the `certify` process to the vitest workers as one provided value (vitest's `provide`, read
 * with `inject` by kit/run-context.ts): workers are separate processes, and vitest sends provided
 * values to them over its own channel, in memory. Keys never reach a file of the output folder (5.2:
 * a key gives full access to the account).
 */
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { TargetProfile } from './profile.ts';
import { MAX_SEED } from './run-seed.ts';
import { TargetRoute } from './target-route.ts';

export const RunConfig = z.object({
  /** Base URL of the target, without a trailing slash. */
  baseUrl: z.string().url(),
  /** The account key (5.1). */
  apiKey: z.string().min(1),
  /** The manager (administrator) key (5.3): enables subaccount isolation and the manager endpoints. */
  managerKey: z.string().min(1).optional(),
  /** Whether the target is the embedded reference server (it has the test hooks the profile names). */
  embedded: z.boolean(),
  profile: TargetProfile,
  /** Non-sandbox sends are allowed, to the profile's phone numbers only. */
  allowCharges: z.boolean(),
  /** The run stops when the credits consumed would exceed this (measured with /credits/consult). */
  maxCredits: z.number().nonnegative().optional(),
  /** The main account's balance measured by the preflight, against which the budget is counted. */
  startingCredits: z.number().optional(),
  /** A URL in front of the local webhook receiver, for targets that cannot reach this machine. */
  webhookPublicUrl: z.string().url().optional(),
  /**
   * A short id of this run, the prefix of every name the suite creates: unique per run, so that
   * runs never meet on a name. Nothing asserted may depend on it (the seed decides that).
   */
  runId: z.string().regex(/^[a-z0-9]{4,12}$/),
  /** The seed of every random choice that decides what is asserted (run-seed.ts, certify --seed). */
  seed: z.number().int().min(0).max(MAX_SEED),
  /**
   * The target's latency measured by the preflight, ms (the median of its calls): test and hook
   * timeouts scale with it (latency-scale.ts), so that a slow but working target is not failed by
   * the kit's own clock.
   */
  latencyMs: z.number().nonnegative().optional(),
  /**
   * The area of each of the run's suite files, once per file (run/run-suites.ts): the sandbox plan shares
   * the run account's quota among these areas only, an area's share kept until all its files have started
   * (kit/sandbox-plan.ts). Absent: every area that sends in sandbox, one file each.
   */
  suiteAreas: z.array(z.string()).optional(),
  /** Only the tests that name one of these requirement ids run (--requirements); the rest are skipped. */
  onlyRequirements: z.array(z.string()).optional(),
  /** Where the harness writes its own files (the output folder). */
  outDir: z.string(),
  /**
   * Where the run's HAR 1.2 goes (certify --har FILE, absolute): every exchange with the target,
   * redacted (5.2). The workers append to `<outDir>/.har-parts/` (kit/har-recorder.ts), the certify
   * process assembles the file when the run ends (report/har-file.ts). Absent: no HAR is written.
   */
  harFile: z
    .string()
    .refine((path) => isAbsolute(path), 'an absolute path')
    .optional(),
  /**
   * How the requests reach the target behind a gateway, a private certificate authority, a
   * mutual-TLS edge or a proxy (config/target-route.ts, resolved by the command): every client of
   * the target in a worker goes that road. Absent: straight to it. Its header values, passphrase
   * and proxy credentials are secrets of the run, like the keys.
   */
  route: TargetRoute.optional(),
});
export type RunConfig = z.infer<typeof RunConfig>;

// The name of the provided value: run/run-suites.ts provides it, kit/run-context.ts injects it.
declare module 'vitest' {
  export interface ProvidedContext {
    runConfig: RunConfig;
  }
}

/** A run id: lower-case letters and digits, so it fits names of every kind (lists, wallets, emails). */
export function newRunId(random: () => number = Math.random): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 6 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
}
