/**
 * The embedded default target: the reference server started in the CLI's process (only the CLI
 * starts it: suites talk HTTP to whatever target they are given). Its profile declares what the
 * reference server offers beyond the documented API, and takes the ambiguity options of the given
 * profile, which the server is then configured to follow.
 */
import type { AmbiguityChoices } from '../../schemas/ambiguities.ts';
import type { Personality } from '../../schemas/latitudes.ts';
import type { MutantId } from '../../reference/mutants.ts';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/server.ts';
import { parseProfile, type TargetProfile } from '../config/profile.ts';
import { EMBEDDED_REQUESTS_PER_SECOND } from '../config/pacing-defaults.ts';

/**
 * The waits the reference server needs (its events within a second, its resend cooldown of 30 s,
 * section 8), also declared by the profile `serve --write-profile` writes (commands/serve-profile.ts).
 */
export const REFERENCE_TIME_BUDGETS = { webhookDeliverySeconds: 5, otpCooldownSeconds: 31, expirySeconds: 10, eventRetriesSeconds: 10 } as const;

export interface EmbeddedTarget {
  server: RunningReferenceServer;
  profile: TargetProfile;
}

/**
 * `choices`: ambiguity options a given profile fixes (they win over the personality's); the
 * profile of the target is then the server's own resolved choices.
 */
export async function startEmbeddedTarget(
  choices: Partial<AmbiguityChoices>,
  options: { testClock: boolean; mutant?: MutantId; personality?: Personality },
): Promise<EmbeddedTarget> {
  const server = await startReferenceServer({
    ambiguities: choices,
    personality: options.personality ?? 'default',
    // Fault injection for the kill matrix (reference/mutants.ts, npm run mutants).
    ...(options.mutant ? { mutant: options.mutant } : {}),
    allowLoopbackWebhooks: true,
    testClock: options.testClock,
    // Fast enough that real-time runs stay short; 6.3 states no interval between retries.
    webhookRetryDelayMs: 200,
    confirmationDelayMs: 50,
  });
  const profile = parseProfile(
    {
      ambiguities: server.options.choices,
      // What the server says it offers beyond the documented API (its ready value).
      capabilities: server.capabilities,
      keys: { restricted: server.keys.restricted },
      // The reference server counts 100 per second per key (8); stay well under it (pacing-defaults.ts).
      pacing: { requestsPerSecond: EMBEDDED_REQUESTS_PER_SECOND },
      timeBudgets: REFERENCE_TIME_BUDGETS,
    },
    'embedded reference profile',
  );
  return { server, profile };
}
