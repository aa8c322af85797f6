/**
 * What would run the tests a run skipped: each skip reason is read for what it lacks (a need), the
 * skips are grouped by their needs, and each group carries the one change of the run's options or
 * profile that meets them. Data, not prose: NEEDS says for each need its words and its remedy, and
 * READINGS how a reason is read, by its stable prefix ("target capability missing: <id> (...)",
 * "not testable:", "cost guard:", "sandbox budget:", ...) and by the capability ids it names
 * (schemas/capabilities.ts).
 *
 * A reason that names several needs (a test that needs charged sends and a reachable receiver) is
 * grouped under all of them at once, in a group of its own: the remedy of a group is then every
 * change it needs, so that applying it runs the group's tests, where grouping under the first need
 * alone would promise a change after which the tests still skip. A need no real target can meet
 * (a capability the kit has no trigger for, a test marked not testable) puts the whole reason in the
 * group "no real target can run these", which has no remedy.
 *
 * A remedy never names what the run already had (RunMeans): with --manager-key given, a test that
 * hit the sandbox budget is not told to give one.
 */
import { CAPABILITY_IDS, type CapabilityId } from '../../schemas/capabilities.ts';
import { TRIGGERLESS_CAPABILITIES } from '../kit/effective-capabilities.ts';
import { NOT_TESTABLE_PREFIX } from '../kit/test-skip.ts';

/** What the run had, read from its configuration (certify-command.ts); a remedy never asks for these again. */
export interface RunMeans {
  managerKey: boolean;
  allowCharges: boolean;
  webhookPublicUrl: boolean;
  /** The profile's phoneNumbers. */
  phoneNumbers: number;
  /** The capabilities the profile declares. */
  declared: readonly CapabilityId[];
  /** The profile's keys.restricted. */
  restrictedKey: boolean;
  /** Whether --allow-charges with phone numbers gives this run real delivery as its profile stands (kit/effective-capabilities.ts). */
  realDeliveryOnCharges: boolean;
  /** --max-credits, when given. */
  maxCredits?: number;
}

/** What a run that says nothing of its means is taken to have had: nothing (every remedy shown). */
export const NO_MEANS: RunMeans = {
  managerKey: false,
  allowCharges: false,
  webhookPublicUrl: false,
  phoneNumbers: 0,
  declared: [],
  restrictedKey: false,
  realDeliveryOnCharges: false,
};

/**
 * The changes that meet a need: flags of certify, and entries of the profile. A group's remedy is
 * every change of its needs, flags first ("--allow-charges --manager-key and phoneNumbers,
 * capabilities.real-delivery: true in the profile").
 */
interface Changes {
  readonly flags?: readonly string[];
  readonly profile?: readonly string[];
}

/** A need: its words after the count ("need charged sends"), and the changes that meet it, if the run can make them. */
interface Need {
  /** What is lacking, after "need " ("charged sends"); a need with no object has a label of its own. */
  readonly object?: string;
  /** The words after the count when it is not "need <object>" ("hit the sandbox budget"). */
  readonly label?: string;
  /** Undefined: no change of this run meets it (it already had what would). */
  readonly remedy: (means: RunMeans) => Changes | undefined;
}

const NO_REAL_TARGET = 'no-real-target';
const OTHER = 'other';

const none = (): undefined => undefined;
const kept = (parts: readonly (string | false)[]): string[] => parts.filter((p): p is string => p !== false);
const orNone = (changes: Changes): Changes | undefined => ((changes.flags?.length ?? 0) + (changes.profile?.length ?? 0) > 0 ? changes : undefined);

/** A capability the profile declares (with the value the document does not give, when it needs one). */
const declare =
  (id: CapabilityId, parameter?: string) =>
  (means: RunMeans): Changes | undefined =>
    means.declared.includes(id) ? undefined : { profile: [`capabilities.${id}: true`, ...(parameter ? [parameter] : [])] };

/** 5.2: a charged send needs the permission, numbers of the tester's own, and real delivery (kit/effective-capabilities.ts). */
const chargedSends = (means: RunMeans): Changes | undefined =>
  orNone({
    flags: kept([!means.allowCharges && '--allow-charges']),
    profile: kept([
      means.phoneNumbers === 0 && 'phoneNumbers',
      !means.realDeliveryOnCharges && !means.declared.includes('real-delivery') && 'capabilities.real-delivery: true',
    ]),
  });

/**
 * Every need a skip can name, in the order groups name them. Capability ids are needs of their own
 * (real-delivery is "charged sends", which the cost guard's refusals need too); the triggerless ones
 * are no need at all: no real target can run what needs them.
 */
export const NEEDS: Readonly<Record<string, Need>> = {
  'real-delivery': { object: 'charged sends', remedy: chargedSends },
  'manager-key': { object: 'a manager key', remedy: (m) => (m.managerKey ? undefined : { flags: ['--manager-key'] }) },
  // 4.14 forbids local hosts: a public URL in front of the receiver, or a target known to call loopback.
  'webhook-reachable': {
    object: 'a reachable webhook receiver',
    remedy: (m) => (m.webhookPublicUrl ? declare('webhook-reachable')(m) : { flags: ['--webhook-public-url URL (or capabilities.webhook-reachable: true)'] }),
  },
  // 8: the quota is per account and day; with a manager key each suite file has a subaccount of its own.
  'sandbox-budget': { label: 'hit the sandbox budget', remedy: (m) => (m.managerKey ? undefined : { flags: ['--manager-key'] }) },
  'phone-numbers': { object: 'more phone numbers', remedy: () => ({ profile: ['more phoneNumbers'] }) },
  'credit-budget': {
    label: 'hit the credit budget',
    remedy: (m) => (m.maxCredits === undefined ? undefined : { flags: [`--max-credits above ${m.maxCredits}`] }),
  },
  'manager-credits': { label: 'found the manager account without credits to give', remedy: none },
  'ip-allow-list': {
    object: 'a key its IP allow-list refuses (5.4)',
    remedy: (m) =>
      orNone({ profile: kept([!m.restrictedKey && 'keys.restricted', !m.declared.includes('ip-allow-list') && 'capabilities.ip-allow-list: true']) }),
  },
  'test-clock': { object: "a test clock (the kit's /__test/clock)", remedy: declare('test-clock') },
  'reply-simulation': { object: "a simulated customer reply (6.2, the kit's /__test/reply)", remedy: declare('reply-simulation') },
  'campaign-processing': { object: 'a campaign still processing (details_04)', remedy: declare('campaign-processing', 'campaignProcessingId') },
  'report-request-limit': { object: 'a known report request limit (report_05)', remedy: declare('report-request-limit') },
  'sandbox-daily-limit-reachable': { object: 'a sandbox quota the run may exhaust (8)', remedy: declare('sandbox-daily-limit-reachable') },
  'unsupported-area-code': { object: 'an unsupported area code (verification_18)', remedy: declare('unsupported-area-code', 'unsupportedAreaCodeNumber') },
  'legacy-otp-attempt-limit': { object: 'the legacy OTP attempt limit (validation_03)', remedy: declare('legacy-otp-attempt-limit', 'legacyOtpAttemptLimit') },
  'legacy-otp-company-limit': { object: 'the legacy OTP company limit (verification_11)', remedy: declare('legacy-otp-company-limit', 'legacyOtpCompanyMax') },
  'rcs-sender': { object: 'an RCS sender (4.2)', remedy: declare('rcs-sender') },
  'whatsapp-instance': { object: 'a WhatsApp instance (4.5)', remedy: declare('whatsapp-instance') },
  'report-budget': { label: "hit the target's report request limit (8: its value not shown)", remedy: none },
  // 2.5, 4.9: no operation creates a card; only the target's operator can give the account one.
  'loyalty-card': {
    label: "need a loyalty card in the run's account, which no operation of the document creates (2.5, 4.9): the target's operator gives one",
    remedy: none,
  },
  // 4.12 against 2.8's "sending report": a target may leave OTP messages out, and the text sent is then nowhere to read.
  'otp-text-unread': { label: "read a legacy OTP message's text from the report, which lists no OTP message on this target (4.12, 2.8)", remedy: none },
  // The target took another reading the document allows, under which the situation checked does not arise.
  'situation-not-reached': {
    label: 'check a situation that does not arise under the reading this target took (each reason names the ambiguity)',
    remedy: none,
  },
  [NO_REAL_TARGET]: { label: 'no real target can run these (the kit has no documented way to trigger what they check)', remedy: none },
  [OTHER]: { label: 'could not set up what they check (each reason is in junit.xml and summary.json)', remedy: none },
};

/** Every capability is read as a need, or as no real target (TRIGGERLESS_CAPABILITIES); a new capability without a need fails here at load. */
for (const id of CAPABILITY_IDS)
  if (!Object.hasOwn(NEEDS, id) && !Object.hasOwn(TRIGGERLESS_CAPABILITIES, id)) throw new Error(`skip-remedies: no need for capability ${id}`);

const CAPABILITY_PREFIX = 'target capability missing:';

/** The capability ids a "target capability missing" reason names, in the order it names them. */
function capabilitiesNamed(reason: string): CapabilityId[] {
  const rest = reason.slice(CAPABILITY_PREFIX.length);
  const at = (id: CapabilityId) => rest.search(new RegExp(`(?:^|[\\s;,(])${id.replace(/-/g, '\\-')}(?![\\w-])`));
  return CAPABILITY_IDS.filter((id) => at(id) >= 0).sort((a, b) => at(a) - at(b));
}

const needOfCapability = (id: CapabilityId): string => (Object.hasOwn(TRIGGERLESS_CAPABILITIES, id) ? NO_REAL_TARGET : id);

/** How a reason is read: the first reading whose prefix (and, within the cost guard, whose words) match. */
const READINGS: readonly { matches: (reason: string) => boolean; needs: (reason: string) => string[] }[] = [
  { matches: (r) => r.startsWith(NOT_TESTABLE_PREFIX), needs: () => [NO_REAL_TARGET] },
  { matches: (r) => r.startsWith(CAPABILITY_PREFIX), needs: (r) => capabilitiesNamed(r).map(needOfCapability) },
  { matches: (r) => r.startsWith('sandbox budget:'), needs: () => ['sandbox-budget'] },
  { matches: (r) => r.startsWith('report budget:'), needs: () => ['report-budget'] },
  { matches: (r) => r.startsWith('a subaccount needs the manager key'), needs: () => ['manager-key'] },
  { matches: (r) => r.startsWith('cost guard:') && /--max-credits/.test(r), needs: () => ['credit-budget'] },
  { matches: (r) => r.startsWith('cost guard:') && /manager gave no more/.test(r), needs: () => ['manager-credits'] },
  { matches: (r) => r.startsWith('cost guard:') && /outside the profile's phoneNumbers/.test(r), needs: () => ['phone-numbers'] },
  // A charged send the run did not allow, or allowed with no number to send to.
  { matches: (r) => r.startsWith('cost guard:'), needs: () => ['real-delivery'] },
  { matches: (r) => r.startsWith('too few phone numbers:') || /add numbers to phoneNumbers/.test(r), needs: () => ['phone-numbers'] },
  { matches: (r) => r.startsWith('no loyalty card:'), needs: () => ['loyalty-card'] },
  { matches: (r) => r.startsWith('the report does not list the OTP message'), needs: () => ['otp-text-unread'] },
  { matches: (r) => /: the situation of \w+ is not reached$/.test(r), needs: () => ['situation-not-reached'] },
];

/** A skip the run chose (--requirements): no precondition unmet, and outside the run's total. */
export const isNotSelected = (reason: string | undefined): boolean => reason?.startsWith('not selected:') ?? false;

/** The needs of one skip reason, in NEEDS' order; a need no real target meets stands alone. */
export function needsOf(reason: string | undefined): string[] {
  const reading = READINGS.find((r) => r.matches(reason ?? ''));
  const needs = new Set(reading?.needs(reason ?? '') ?? []);
  if (needs.size === 0) return [OTHER];
  if (needs.has(NO_REAL_TARGET)) return [NO_REAL_TARGET];
  const order = Object.keys(NEEDS);
  return [...needs].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

export interface SkipGroup {
  /** The needs, joined by "+": "real-delivery+webhook-reachable", "sandbox-budget", "no-real-target", "other". */
  kind: string;
  count: number;
  /** After the count: "need charged sends and a reachable webhook receiver". */
  label: string;
  /** The change that runs the group's tests; absent when this run cannot make one. */
  remedy?: string;
  tests: string[];
  /** The distinct reasons of the group, at most three (all of them are in each test's record). */
  reasons: string[];
}

function labelOf(needs: readonly string[]): string {
  const of = needs.map((id) => NEEDS[id]!);
  const objects = of.map((n) => n.object).filter((o): o is string => o !== undefined);
  const labels = of.map((n) => n.label).filter((l): l is string => l !== undefined);
  const needed = objects.length > 1 ? `${objects.slice(0, -1).join(', ')} and ${objects[objects.length - 1]}` : objects.join('');
  return [...(objects.length > 0 ? [`need ${needed}`] : []), ...labels].join(' and ');
}

/** Every change of the group's needs, or undefined when one of them has none (no change of this run runs the group). */
function remedyOf(needs: readonly string[], means: RunMeans): string | undefined {
  const changes = needs.map((id) => NEEDS[id]!.remedy(means));
  if (changes.some((c) => c === undefined)) return undefined;
  const flags = [...new Set(changes.flatMap((c) => c?.flags ?? []))];
  const profile = [...new Set(changes.flatMap((c) => c?.profile ?? []))];
  return [flags.join(' '), profile.length > 0 ? `${profile.join(', ')} in the profile` : ''].filter((p) => p !== '').join(' and ');
}

/**
 * The skipped tests grouped by what would run them, the largest group first, those with no remedy
 * last. Tests not selected (--requirements) are no skip of a precondition and are left out.
 */
export function skipGroups(skipped: readonly { name: string; skipReason?: string | undefined }[], means: RunMeans = NO_MEANS): SkipGroup[] {
  const groups = new Map<string, SkipGroup>();
  for (const test of skipped) {
    if (isNotSelected(test.skipReason)) continue;
    const needs = needsOf(test.skipReason);
    const kind = needs.join('+');
    let group = groups.get(kind);
    if (group === undefined) {
      const remedy = remedyOf(needs, means);
      group = { kind, count: 0, label: labelOf(needs), ...(remedy !== undefined ? { remedy } : {}), tests: [], reasons: [] };
      groups.set(kind, group);
    }
    group.count += 1;
    group.tests.push(test.name);
    if (test.skipReason && group.reasons.length < 3 && !group.reasons.includes(test.skipReason)) group.reasons.push(test.skipReason);
  }
  return [...groups.values()].sort((a, b) => Number(a.remedy === undefined) - Number(b.remedy === undefined) || b.count - a.count);
}

/** At most this many groups where a person reads at a glance (the terminal's last lines, the Allure banner); summary.md has them all. */
export const SKIP_GROUPS_AT_A_GLANCE = 8;

/** "69 need charged sends: --allow-charges and phoneNumbers in the profile"; a group with no remedy says only what it lacks. */
export const skipGroupText = (g: SkipGroup): string => `${g.count} ${g.label}${g.remedy !== undefined ? `: ${g.remedy}` : ''}`;
