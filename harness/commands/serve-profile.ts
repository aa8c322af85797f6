/**
 * What a running reference server offers beyond the documented API, in a profile's words
 * (config/profile.ts): `serve` prints it on start, one line per capability, and
 * `serve --write-profile FILE` writes it as the profile certify reads, so that a user certifying
 * this server reaches every test a target like it allows without reading its source.
 *
 * Everything here is read from the server as it was started (its options, its ready value's
 * capabilities and declared values, reference/declared-values.ts), never assumed: a capability a
 * flag turns on is declared only with that flag. The profile holds no secret (5.2): the restricted
 * key is named by the environment variable certify reads it from ({env: MC_RESTRICTED_KEY}); the
 * manager and account keys are certify's own flags.
 */
import { AMBIGUITIES } from '../../schemas/ambiguities.ts';
import { CAPABILITY_IDS, type CapabilityId } from '../../schemas/capabilities.ts';
import { REPORT_REQUESTS_PER_MINUTE } from '../../reference/handlers/reports.ts';
import type { RunningReferenceServer } from '../../reference/server.ts';
import { EMBEDDED_REQUESTS_PER_SECOND } from '../config/pacing-defaults.ts';
import { REFERENCE_TIME_BUDGETS } from '../run/embedded-target.ts';

/** The variable the written profile names for the restricted key (keys.restricted: {env: ...}). */
export const RESTRICTED_KEY_VARIABLE = 'MC_RESTRICTED_KEY';

/**
 * How many numbers the written profile lists. This server charges and delivers to any number, so
 * the count is the kit's need, not the server's: enough that the legacy OTP set (4.5, every send
 * charged) finds a number with no record for each of its tests even where a reset leaves the
 * number pending, without another certify on the same server running out.
 */
export const SERVE_PROFILE_NUMBERS = 100;

/**
 * The profile's numbers: 10 digits (4.5) starting with 1, which no Mexican area code does, so that
 * a profile copied to a real target by mistake charges no one's phone.
 */
const serveProfileNumbers = (): string[] => Array.from({ length: SERVE_PROFILE_NUMBERS }, (_, i) => `1000000${String(i + 1).padStart(3, '0')}`);

/**
 * The waits of the embedded server's profile, but for events: `serve` runs in a process of its
 * own, beside the kit's workers on a machine they may saturate, where its confirmation (sent 0.2 s
 * after the send) once took more than the embedded server's 5 s to reach the receiver, and a retry
 * (1 s after a refused delivery) more than its 10 s. 6 and 6.3 give no time for either; a wait for
 * silence lasts webhookDeliverySeconds, and the retries are observed for the profile's common
 * bound, untimedWaitSeconds (what arrives within it is judged).
 */
const { eventRetriesSeconds: _embeddedRetries, ...EMBEDDED_WAITS } = REFERENCE_TIME_BUDGETS;
const SERVE_TIME_BUDGETS = { ...EMBEDDED_WAITS, webhookDeliverySeconds: 15 };

/** One capability: whether this server offers it, and why (or how to start it so that it does). */
interface Offer {
  readonly offered: boolean;
  readonly why: string;
}

/** Report requests the kit may make per second before report_05 is reached within the test's bound of 5000 requests. */
const MIN_PACE_FOR_REPORT_LIMIT = 10;

/** The pace the profile declares: the embedded server's, under a --rate-limit below section 8's 100 per second. */
function servePace(rateLimit: number): number {
  return rateLimit === 0 ? EMBEDDED_REQUESTS_PER_SECOND : Math.min(EMBEDDED_REQUESTS_PER_SECOND, (rateLimit * 4) / 5);
}

/** An allow-list that admits this machine (5.4): the restricted account then refuses no request of the kit. */
const admitsLoopback = (allowList: readonly string[]): boolean => allowList.some((ip) => ip === '::1' || ip === 'localhost' || /^(::ffff:)?127\./.test(ip));

/** What `server` offers, per capability of schemas/capabilities.ts. */
function serveOffers(server: RunningReferenceServer): Record<CapabilityId, Offer> {
  const { options, capabilities: hooks } = server;
  const allowList = options.restrictedAllowList.join(', ');
  const reportLimitReachable = servePace(options.rateLimit) >= MIN_PACE_FOR_REPORT_LIMIT;
  return {
    'manager-key': { offered: true, why: 'the seeded manager account: certify --manager-key with the manager key' },
    'ip-allow-list': admitsLoopback(options.restrictedAllowList)
      ? { offered: false, why: `--restricted-allow-list ${allowList} admits this machine` }
      : { offered: true, why: `the restricted account (keys.restricted), its allow-list ${allowList} excludes this machine: auth_04` },
    'disabled-administrator': { offered: false, why: 'no documented call disables an administrator (auth_07)' },
    'fault-injection': { offered: false, why: 'this server fails on demand only as a mutant (--mutant), through no hook the kit can call' },
    'delivery-failure': { offered: false, why: 'no channel of this server fails to deliver' },
    'campaign-processing': { offered: false, why: 'no campaign id stays processing here for a profile to name (details_04)' },
    'report-request-limit': reportLimitReachable
      ? { offered: true, why: `${REPORT_REQUESTS_PER_MINUTE} report requests per account and minute, then report_05` }
      : {
          offered: false,
          why: `${REPORT_REQUESTS_PER_MINUTE} report requests per minute, too many to reach at --rate-limit ${options.rateLimit}`,
        },
    'test-clock': hooks['test-clock']
      ? { offered: true, why: 'POST /__test/clock/advance (--test-clock)' }
      : { offered: false, why: 'start serve with --test-clock to offer it (a hook outside the documented API)' },
    'reply-simulation': hooks['reply-simulation']
      ? { offered: true, why: 'POST /__test/reply (--test-clock)' }
      : { offered: false, why: 'start serve with --test-clock to offer it (a hook outside the documented API)' },
    'webhook-reachable': hooks['webhook-reachable']
      ? { offered: true, why: 'a receiver on this machine may register (--allow-loopback-webhooks)' }
      : { offered: false, why: 'start serve with --allow-loopback-webhooks (4.14 forbids local hosts otherwise)' },
    'real-delivery': {
      offered: hooks['real-delivery'],
      why: 'charged sends are simulated: credits taken, delivered to no phone; certify --allow-charges with phoneNumbers',
    },
    'sandbox-daily-limit-reachable': {
      offered: hooks['sandbox-daily-limit-reachable'],
      why: `the sandbox quota of ambiguity sandbox-daily-limit (${options.choices['sandbox-daily-limit']} a day) may be exhausted`,
    },
    'unsupported-area-code': { offered: false, why: 'this server supports every area code (verification_18)' },
    'legacy-otp-attempt-limit': {
      offered: hooks['legacy-otp-attempt-limit'],
      why: `${hooks.legacyOtpAttemptLimit} wrong legacy codes per number and hour, then validation_03`,
    },
    'legacy-otp-company-limit': {
      offered: hooks['legacy-otp-company-limit'],
      why: `a legacy OTP company of at most ${hooks.legacyOtpCompanyMax} characters, then verification_11`,
    },
    'v1-unauthorized-user': { offered: false, why: 'Codigo 23 has no documented trigger: this server never answers it' },
    'rcs-sender': { offered: false, why: 'no RCS sender is linked to any account (channel=2)' },
    'whatsapp-instance': { offered: false, why: 'no WhatsApp instance: the legacy resend falls back to SMS (4.5)' },
  };
}

/** The lines `serve` prints on start: one per capability, offered or not. */
export function offerLines(server: RunningReferenceServer): string[] {
  const offers = serveOffers(server);
  const width = Math.max(...CAPABILITY_IDS.map((id) => id.length)) + 1;
  return [
    'what this server offers beyond the documented API (profile capabilities):',
    ...CAPABILITY_IDS.map((id) => `  ${`${id}:`.padEnd(width)} ${offers[id].offered ? 'yes' : 'no '}  ${offers[id].why}`),
  ];
}

/** Keys as the certify line shows them: the server's own (printed on its terminal), or placeholders (in the file: 5.2). */
interface ShownKeys {
  account: string;
  manager: string;
  restricted: string;
}
const PLACEHOLDER_KEYS: ShownKeys = { account: '<account key>', manager: '<manager key>', restricted: '<restricted key>' };

/** The certify command that uses everything the written profile declares. */
export function certifyCommandLine(server: RunningReferenceServer, profileFile: string, keys: ShownKeys = server.keys): string {
  const restricted = serveOffers(server)['ip-allow-list'].offered ? `${RESTRICTED_KEY_VARIABLE}=${keys.restricted} ` : '';
  return (
    `${restricted}npx messaging-conformance certify --target ${server.baseUrl} --api-key ${keys.account} ` +
    `--manager-key ${keys.manager} --allow-charges --profile ${profileFile}`
  );
}

const comment = (text: string): string => text.replace(/\s*\n\s*/g, ' ');

/** The profile of what `server` offers, as commented YAML that parseProfile (config/profile.ts) reads. */
export function serveProfileYaml(server: RunningReferenceServer, profileFile: string): string {
  const { options } = server;
  const offers = serveOffers(server);
  const hooks = server.capabilities;
  const lines = [
    `# Written by messaging-conformance serve for ${server.baseUrl} (${options.personality} personality) on ${new Date().toISOString()}:`,
    '# what this reference server offers. Certify it with everything declared here:',
    `#   ${certifyCommandLine(server, profileFile, PLACEHOLDER_KEYS)}`,
    '# with the keys this server printed (they change when it restarts unless given with --manager-key and --account-key).',
    '# The phoneNumbers are for this server only, which delivers to no phone: they start with 1, which no Mexican area code does.',
    '# Do not certify a real target with them and --allow-charges: list your own numbers there.',
    '',
    "# The option this server takes on every ambiguity of the register (its personality's, and --ambiguity).",
    'ambiguities:',
    ...AMBIGUITIES.map((a) => `  ${a.id}: ${JSON.stringify(options.choices[a.id as keyof typeof options.choices])}`),
    '# The server states its options: a test holds it to the option named, not to every option the document allows.',
    'ambiguityProvenance:',
    ...AMBIGUITIES.map((a) => `  ${a.id}: declared`),
    'capabilities:',
    ...CAPABILITY_IDS.map((id) => `  ${id}: ${offers[id].offered}  # ${comment(offers[id].why)}`),
    `  legacyOtpAttemptLimit: ${hooks.legacyOtpAttemptLimit}  # 7.2 validation_03: not stated by the document, this server's value`,
    `  legacyOtpCompanyMax: ${hooks.legacyOtpCompanyMax}  # 7.2 verification_11: not stated by the document, this server's value`,
    `# ${SERVE_PROFILE_NUMBERS} numbers: charged sends (with --allow-charges) go only to these; this server charges them to the account.`,
    'phoneNumbers: [',
    `  ${chunks(serveProfileNumbers(), 10)
      .map((row) => row.map((n) => JSON.stringify(n)).join(', '))
      .join(',\n  ')}`,
    ']',
    'pacing:',
    `  requestsPerSecond: ${servePace(options.rateLimit)}  # this server counts ${options.rateLimit === 0 ? 'no limit' : `${options.rateLimit} per second per key (8)`}`,
    'timeBudgets:  # this server sends events within a second, and its resend cooldown is 30 s (8)',
    ...Object.entries(SERVE_TIME_BUDGETS).map(([name, seconds]) => `  ${name}: ${seconds}`),
  ];
  if (offers['ip-allow-list'].offered)
    lines.push(
      'keys:',
      `  # 5.4 (auth_04): the restricted key this server printed, read from ${RESTRICTED_KEY_VARIABLE} when certify runs (no secret in this file).`,
      `  restricted: { env: ${RESTRICTED_KEY_VARIABLE} }`,
    );
  lines.push('');
  return lines.join('\n');
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
