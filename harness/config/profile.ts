/**
 * The target profile: what the conformance suite may assume about the target it certifies.
 * It fixes the positions taken on the document's ambiguities, the capabilities the target offers
 * beyond the documented API, the numbers that may really be charged, how fast the suite may call
 * and how long it waits for what the document times. YAML or JSON (the `yaml` package reads both).
 *
 * A bad profile is a UsageError of one line naming the file and the path of the bad field
 * (`profile.yaml: pacing.requestsPerSecond: must be at most 100`), so that the CLI can print it
 * and exit 2 (cli-errors.ts).
 */
import { z } from 'zod';
import { AMBIGUITIES, AMBIGUITY_IDS, DEFAULT_AMBIGUITY_CHOICES, type AmbiguityChoices, type AmbiguityId } from '../../schemas/ambiguities.ts';
import { CAPABILITY_IDS, type CapabilityId } from '../../schemas/capabilities.ts';
import { parseConfig, readConfigFile, strictMapping } from './config-file.ts';
import { DOCUMENTED_REQUESTS_PER_SECOND, PROFILE_REQUESTS_PER_SECOND, RATE_LIMIT_MAX_RETRIES } from './pacing-defaults.ts';
import { checkedHeader } from './route-flags.ts';

/** YAML reads 5512345678 and 1000 as numbers; the fields below are strings in the document. */
const asString = (value: unknown): unknown => (typeof value === 'number' ? String(value) : value);

// ---------------------------------------------------------------------------------------------
// The profile.
// ---------------------------------------------------------------------------------------------

/**
 * A Mexican number without the country code: 10 digits, as phone_number in 4.5 (country_code is
 * always 52) and the 10-digit numbers of 4.8 to 4.10.
 */
const mexicanNumber = z.preprocess(asString, z.string().regex(/^\d{10}$/, 'must be 10 digits (a Mexican number without the country code 52, 4.5)'));

/**
 * Partial map ambiguity id → option id, checked against the register, then merged over its
 * defaults: every test reads a full AmbiguityChoices.
 */
const ambiguityChoices = z
  .record(z.string(), z.preprocess(asString, z.string()))
  .superRefine((choices, ctx) => {
    for (const [id, option] of Object.entries(choices)) {
      const entry = AMBIGUITIES.find((a) => a.id === id);
      if (!entry) ctx.addIssue({ code: 'custom', path: [id], message: `unknown ambiguity (ids: ${AMBIGUITIES.map((a) => a.id).join(', ')})` });
      else if (!entry.options.some((o) => o.id === option))
        ctx.addIssue({ code: 'custom', path: [id], message: `unknown option "${option}" (options: ${entry.options.map((o) => o.id).join(', ')})` });
    }
  })
  .transform((choices): AmbiguityChoices => ({ ...DEFAULT_AMBIGUITY_CHOICES, ...choices }) as AmbiguityChoices);

/**
 * Where the option of each ambiguity came from: `observed` by a probe of `discover`,
 * `declared` by whoever wrote the profile, or `defaulted` (the register's default, because nothing
 * decided it). A failure that read a defaulted ambiguity says so (requirement-test.ts). Optional in
 * the file, so that older profiles load; parseProfile fills in every id.
 */
const AMBIGUITY_PROVENANCES = ['observed', 'declared', 'defaulted'] as const;
export type AmbiguityProvenance = (typeof AMBIGUITY_PROVENANCES)[number];

const ambiguityProvenance = z
  .record(z.string(), z.enum(AMBIGUITY_PROVENANCES, { error: `must be one of ${AMBIGUITY_PROVENANCES.join(', ')}` }))
  .superRefine((entries, ctx) => {
    for (const id of Object.keys(entries))
      if (!AMBIGUITIES.some((a) => a.id === id))
        ctx.addIssue({ code: 'custom', path: [id], message: `unknown ambiguity (ids: ${AMBIGUITIES.map((a) => a.id).join(', ')})` });
  })
  .transform((entries) => entries as Partial<Record<AmbiguityId, AmbiguityProvenance>>);

const capabilityFlags = Object.fromEntries(CAPABILITY_IDS.map((id) => [id, z.boolean().default(false)])) as Record<CapabilityId, z.ZodDefault<z.ZodBoolean>>;

/**
 * Values without which a declared capability cannot be used, because the document does not give
 * them (capabilities.ts). Each is required when its capability is true.
 */
const capabilityParameters = {
  /** validation_03 (7.2): legacy OTP verification attempts per hour; the value is not in the document. */
  legacyOtpAttemptLimit: z.number().int().min(1).optional(),
  /** verification_11 (7.2): the longest company the legacy OTP set accepts; not in the document. */
  legacyOtpCompanyMax: z.number().int().min(1).optional(),
  /** verification_18 (7.2): a number whose area code the target does not support; the supported codes are not listed. */
  unsupportedAreaCodeNumber: mexicanNumber.optional(),
  /** details_04 (7.2, 4.12): a campaign_id the target still reports as processing. */
  campaignProcessingId: z.number().int().min(1).optional(),
};

const PARAMETER_OF: Partial<Record<CapabilityId, keyof typeof capabilityParameters>> = {
  'legacy-otp-attempt-limit': 'legacyOtpAttemptLimit',
  'legacy-otp-company-limit': 'legacyOtpCompanyMax',
  'unsupported-area-code': 'unsupportedAreaCodeNumber',
  'campaign-processing': 'campaignProcessingId',
};

const Capabilities = strictMapping(
  { ...capabilityFlags, ...capabilityParameters },
  `capability ids (${CAPABILITY_IDS.join(', ')}) and parameters (${Object.keys(capabilityParameters).join(', ')})`,
).superRefine((caps, ctx) => {
  for (const [capability, parameter] of Object.entries(PARAMETER_OF)) {
    if (caps[capability as CapabilityId] && caps[parameter] === undefined)
      ctx.addIssue({ code: 'custom', path: [parameter], message: `required when ${capability} is true` });
  }
});

/** The defaults and their reasons are in pacing-defaults.ts, with the pace of section 8. */
const Pacing = strictMapping({
  /** Section 8: 100 requests per second on all endpoints, beyond which rate_01 answers 429. */
  requestsPerSecond: z.number().positive().max(DOCUMENTED_REQUESTS_PER_SECOND).default(PROFILE_REQUESTS_PER_SECOND),
  /** Section 8 and 7.1: "retry with exponential backoff on 429". */
  retryOn429: z.boolean().default(true),
  maxRetries: z.number().int().nonnegative().default(RATE_LIMIT_MAX_RETRIES),
});

/**
 * Seconds the suite waits (real time; a test clock skips them): for what the document times, and
 * at most `untimedWaitSeconds` for what it does not.
 */
const TimeBudgets = strictMapping({
  /**
   * The bound of every wait for something the document gives no time for: an event reaching the
   * receiver (6 gives no delivery time), the retries of one (6.3: "up to 25 retries", no schedule),
   * events after sandbox sends, a send appearing in a report (4.12). What arrives within it is
   * judged; what could not be seen within it is recorded as not observed. Tests that wait overlap.
   */
  untimedWaitSeconds: z.number().positive().default(30),
  /** 6: the time allowed for an event to reach the suite's webhook receiver; untimedWaitSeconds when absent. */
  webhookDeliverySeconds: z.number().positive().optional(),
  /** Section 8 and 3.1: the 30 s resend cooldown of /v2/otp, plus margin; less could never see it elapse. */
  otpCooldownSeconds: z.number().min(30, 'must be at least 30 (the resend cooldown of section 8)').default(35),
  /** 3.1 (pending → expired) and 7.2 (verification_02, validation_02): waiting for a short-lived code to expire. */
  expirySeconds: z.number().positive().default(90),
  /** 6.3: the time to observe the retries of an event not answered with 200; untimedWaitSeconds when absent. */
  eventRetriesSeconds: z.number().positive().optional(),
  /**
   * The deadline of one request, from sending it to the end of the answer: past it the call fails
   * with "POST /sms/send timed out after N s" (a target that stops answering must not hold
   * the run). The document times no answer; 30 s is far beyond any answer it describes (4.14's
   * verification GET has 5 s).
   */
  requestSeconds: z.number().positive().default(30),
}).transform((budgets) => ({
  ...budgets,
  // Both are waits the document does not time: the common budget unless the profile sets their own.
  webhookDeliverySeconds: budgets.webhookDeliverySeconds ?? budgets.untimedWaitSeconds,
  eventRetriesSeconds: budgets.eventRetriesSeconds ?? budgets.untimedWaitSeconds,
}));

/**
 * What the kit keeps of a target's answers. The document bounds no answer's size; a target (or a
 * proxy in front of it) that sends megabytes must not cost the kit its memory or fill the reports.
 */
const Limits = strictMapping({
  /**
   * The largest answer read, in bytes (default 4 MiB): past it the kit stops reading, closes the
   * connection and fails the call as transport trouble ("answer larger than 4 MiB": the test is
   * broken, no verdict). At least 64 KiB: the preflight's own bound on a balance answer.
   */
  answerBytes: z
    .number()
    .int()
    .min(64 * 1024, 'must be at least 65536 (64 KiB)')
    .default(4 * 1024 * 1024),
});

/** The name of an environment variable, as a shell writes it. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A key of the profile: the key itself, or `{env: NAME}`, the environment variable that holds it
 * when the profile is read, so that a profile (serve --write-profile writes one) need hold no secret
 * (5.2). A variable that is not set is the profile's error: the key it names is missing.
 */
const profileKey = z
  .union([z.string().min(1), strictMapping({ env: z.string().regex(ENV_NAME, 'must be the name of an environment variable') })], {
    error: 'must be a key, or {env: NAME} naming the environment variable that holds it',
  })
  .transform((key, ctx) => {
    if (typeof key === 'string') return key;
    const value = process.env[key.env];
    if (value !== undefined && value !== '') return value;
    ctx.addIssue({ code: 'custom', input: key, message: `names the environment variable ${key.env}, which is not set` });
    return z.NEVER;
  });

const Keys = strictMapping({
  /** 5.4: the key of an account whose IP allow-list excludes this machine (auth_04). */
  restricted: profileKey.optional(),
});

/**
 * A header a gateway in front of the target wants on every request (certify --header does the same
 * for one run): its value, or `{env: NAME}` naming the variable that holds it, as a key of the
 * profile. The name is checked as the flag's is (route-flags.ts: not apikey, token, Content-Type or
 * Content-Length); the value is a secret of the run (5.2), redacted in every report.
 */
const profileHeaderValue = z
  .union([z.string(), strictMapping({ env: z.string().regex(ENV_NAME, 'must be the name of an environment variable') })], {
    error: 'must be the value, or {env: NAME} naming the environment variable that holds it',
  })
  .transform((header, ctx) => {
    if (typeof header === 'string') return { value: header };
    const value = process.env[header.env];
    if (value !== undefined && value !== '') return { value, env: header.env };
    ctx.addIssue({ code: 'custom', input: header, message: `names the environment variable ${header.env}, which is not set` });
    return z.NEVER;
  });

const Headers = z.record(z.string(), profileHeaderValue).superRefine((headers, ctx) => {
  for (const [name, header] of Object.entries(headers))
    try {
      checkedHeader(name, header.value, 'header');
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: [name], message: (error as Error).message.replace(/^header: /, '') });
    }
});

export const TargetProfile = strictMapping({
  ambiguities: ambiguityChoices.prefault({}),
  /** Per ambiguity: observed (by discover), declared or defaulted; see AmbiguityProvenance. */
  ambiguityProvenance: ambiguityProvenance.optional(),
  capabilities: Capabilities.prefault({}),
  /** Numbers the suite may really send to; only with --allow-charges (capability real-delivery). */
  phoneNumbers: z.array(mexicanNumber).default([]),
  pacing: Pacing.prefault({}),
  timeBudgets: TimeBudgets.prefault({}),
  limits: Limits.prefault({}),
  keys: Keys.optional(),
  /** Headers sent on every request to the target (a gateway's): name → value or {env: NAME}. */
  headers: Headers.optional(),
});
export type TargetProfile = z.infer<typeof TargetProfile>;

const isMapping = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Validates already-parsed profile data; `source` names it in errors. An empty file is all defaults.
 * Every ambiguity gets a provenance: the file's own, else `declared` when the file names an option
 * for it and `defaulted` when it does not.
 */
export function parseProfile(data: unknown, source: string): TargetProfile {
  const profile = parseConfig(TargetProfile, data ?? {}, source);
  const named = isMapping(data) && isMapping(data.ambiguities) ? data.ambiguities : {};
  const given = profile.ambiguityProvenance ?? {};
  const provenance: Partial<Record<AmbiguityId, AmbiguityProvenance>> = {};
  for (const id of AMBIGUITY_IDS) provenance[id] = given[id] ?? (Object.hasOwn(named, id) ? 'declared' : 'defaulted');
  return { ...profile, ambiguityProvenance: provenance };
}

/** The provenance of an ambiguity's option; undefined for a profile built without parseProfile. */
export const provenanceOf = (profile: TargetProfile, id: AmbiguityId): AmbiguityProvenance | undefined => profile.ambiguityProvenance?.[id];

/** A file that declares nothing: empty, comments only, or an empty mapping. */
const declaresNothing = (data: unknown): boolean =>
  data === null || data === undefined || (typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length === 0);

/**
 * Reads and validates a profile file. An empty one is accepted, and `notice` receives a line saying
 * so (an empty profile ran silently, as if it had been meant).
 */
export function loadProfile(path: string, notice: (line: string) => void = () => undefined): TargetProfile {
  const data = readConfigFile(path, 'profile file');
  if (declaresNothing(data))
    notice(
      `profile ${path} is empty: every ambiguity takes its default (schemas/ambiguities.ts), ` +
        `no capability is declared, pacing and time budgets take their defaults`,
    );
  return parseProfile(data, path);
}

/** The profile of a target about which nothing is declared: register defaults, no capabilities. */
export function defaultProfile(): TargetProfile {
  return parseProfile({}, 'default profile');
}
