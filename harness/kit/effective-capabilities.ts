/**
 * The capabilities a run may rely on: those the profile declares, plus those the run configuration
 * itself provides (a manager key given on the command line; charges allowed with numbers to send to;
 * a webhook URL the target can reach), minus those the kit has no way to act on. Requirements that
 * need a missing one are skipped with the capability's description as the reason
 * (schemas/capabilities.ts), or as "not testable" when the profile declares it but the kit cannot
 * trigger it.
 */
import { CAPABILITIES, CAPABILITY_IDS, type CapabilityId } from '../../schemas/capabilities.ts';
import type { RunConfig } from '../config/run-config.ts';
import { NOT_TESTABLE_PREFIX } from './test-skip.ts';

/**
 * Capabilities a profile may declare although the kit has no protocol to trigger them: the document
 * gives no way to provoke what they name, and the kit offers no hook and no
 * profile field for it either. A test that needs one is not testable on a profile declaring it
 * (a skip with this reason), never a failing placeholder. The other capabilities come with their
 * means: a profile parameter (capabilityParameters in profile.ts), a key (keys.restricted), a kit
 * protocol (test-clock, reply-simulation: capabilities.ts, suites/support/webhook-events.ts) or the
 * run's own configuration.
 */
export const TRIGGERLESS_CAPABILITIES = {
  'fault-injection':
    'no documented way and no kit protocol make a target fail internally on demand ' +
    '(auth_99, server_01, otp_internal, verification_10, validation_10, add_webhook_07/_08)',
  'delivery-failure': 'no documented way and no kit protocol make a channel fail to deliver (otp_send_failed, verification_05)',
  'disabled-administrator': 'no documented call disables an administrator, and the profile has no field for the key of such a subaccount (auth_07)',
  'v1-unauthorized-user': 'the profile has no field for the key of a user not authorized for the v1 single send (Codigo 23)',
} as const satisfies Partial<Record<CapabilityId, string>>;

export type TriggerlessCapability = keyof typeof TRIGGERLESS_CAPABILITIES;

const isTriggerless = (id: CapabilityId): id is TriggerlessCapability => Object.hasOwn(TRIGGERLESS_CAPABILITIES, id);

/**
 * Whether this run may make charged sends (5.2): one decision, --allow-charges, with numbers of the
 * tester's own to send them to (the profile's phoneNumbers; any number on the embedded server,
 * which charges nobody). It gives the run capability real-delivery whether or not the profile
 * declares it.
 */
const chargedSendsAllowed = (config: RunConfig): boolean => config.allowCharges && (config.embedded || config.profile.phoneNumbers.length > 0);

export function effectiveCapabilities(config: RunConfig): ReadonlySet<CapabilityId> {
  const declared = CAPABILITY_IDS.filter((id) => config.profile.capabilities[id]);
  // Declared or not, the kit cannot act on these: their tests are skipped as not testable (skipReason).
  const set = new Set<CapabilityId>(declared.filter((id) => !isTriggerless(id)));
  // 5.3: without a manager key nothing under /manager can be reached, whatever the profile says.
  if (config.managerKey) set.add('manager-key');
  else set.delete('manager-key');
  // 4.14 forbids local hosts: only a public URL in front of the receiver, or a target that is known
  // to accept loopback (the embedded server), can deliver to it.
  if (config.webhookPublicUrl) set.add('webhook-reachable');
  // Real sends need both the permission and numbers that belong to the tester; together they are enough.
  if (chargedSendsAllowed(config)) set.add('real-delivery');
  else set.delete('real-delivery');
  if (config.profile.keys?.restricted === undefined) set.delete('ip-allow-list');
  return set;
}

/**
 * The line a run prints at its start when it was given half of what charged sends need (5.2), so
 * that the tester learns before the run, not from its skips, why none will be made. Undefined
 * when there is nothing to say.
 */
export function chargesNotice(config: RunConfig): string | undefined {
  if (config.embedded) return undefined;
  const numbers = config.profile.phoneNumbers.length;
  if (config.allowCharges && numbers === 0)
    return (
      "--allow-charges given, but the profile has no phoneNumbers: no charged send is made (they go only to the tester's own numbers), " +
      'and the tests that need one are skipped; list your numbers under phoneNumbers in the profile'
    );
  if (!config.allowCharges && (numbers > 0 || config.profile.capabilities['real-delivery']))
    return (
      `the profile ${numbers > 0 ? `lists ${numbers} phoneNumbers` : 'declares real-delivery'}, but --allow-charges was not given: ` +
      'no charged send is made, and the tests that need one are skipped'
    );
  return undefined;
}

/** The reason of a test that needs a capability the profile declares and the kit cannot trigger. */
export function notTestableReason(capability: CapabilityId, why: string): string {
  return `${NOT_TESTABLE_PREFIX} the profile declares ${capability}, but the kit has no documented way to trigger it: ${why}`;
}

/**
 * The capabilities whose description (schemas/capabilities.ts) names a flag as their means: with the
 * run's configuration at hand the reason says instead which means it lacks (lacking).
 */
const FLAGLESS_DESCRIPTIONS = {
  'real-delivery': "Charged (non-sandbox) sends to the tester's own numbers.",
  'webhook-reachable': "The target can reach the suite's webhook receiver.",
} as const satisfies Partial<Record<CapabilityId, string>>;

/**
 * What this run lacks for `id`, naming only what it was not given: a user who passed
 * --allow-charges is told the profile has no numbers, not to pass --allow-charges. The words never
 * name another capability id bare (reports read the ids a reason names: report/skip-remedies.ts).
 */
function lacking(id: CapabilityId, config: RunConfig): string {
  const { profile } = config;
  const declared = profile.capabilities[id] === true;
  if (isTriggerless(id)) return 'the kit has no way to trigger it through the documented API, declared or not';
  switch (id) {
    case 'real-delivery': {
      const numbers = profile.phoneNumbers.length;
      if (config.allowCharges) return '--allow-charges given, but the profile has no phoneNumbers to send to';
      return numbers > 0
        ? `the profile lists ${numbers} phoneNumbers, but --allow-charges was not given`
        : 'charged sends need --allow-charges and your own numbers under phoneNumbers in the profile';
    }
    case 'manager-key':
      return 'no --manager-key given';
    case 'webhook-reachable':
      return 'no --webhook-public-url given, and the profile does not declare capabilities.webhook-reachable: true';
    case 'ip-allow-list':
      if (declared) return 'the profile declares it, but has no keys.restricted (the key of such an account)';
      return profile.keys?.restricted !== undefined
        ? 'the profile has keys.restricted, but does not declare capabilities.ip-allow-list: true'
        : 'the profile declares neither capabilities.ip-allow-list: true nor keys.restricted';
    default:
      return `the profile does not declare capabilities.${id}: true`;
  }
}

/**
 * The reason a test is skipped when `missing` capabilities are not available. A triggerless one the
 * profile declares makes the test not testable; otherwise the capability is missing, and with the
 * run's configuration at hand the reason says what of it the run lacks.
 */
export function skipReason(missing: readonly CapabilityId[], config?: RunConfig): string {
  const declaredTriggerless = missing.filter(isTriggerless).filter((id) => config?.profile.capabilities[id] === true);
  const [first] = declaredTriggerless;
  if (first !== undefined) return notTestableReason(first, TRIGGERLESS_CAPABILITIES[first]);
  const described = (id: CapabilityId): string => {
    if (config === undefined) return `${id} (${CAPABILITIES[id].replace(/\.$/, '')})`;
    const description: string = (FLAGLESS_DESCRIPTIONS as Partial<Record<CapabilityId, string>>)[id] ?? CAPABILITIES[id];
    return `${id} (${description.replace(/\.$/, '')}: ${lacking(id, config)})`;
  };
  return `target capability missing: ${missing.map(described).join('; ')}`;
}
