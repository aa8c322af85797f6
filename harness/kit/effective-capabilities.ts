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
  // Real sends need both the permission and numbers that belong to the tester.
  if (!(config.allowCharges && (config.embedded || config.profile.phoneNumbers.length > 0))) set.delete('real-delivery');
  if (config.profile.keys?.restricted === undefined) set.delete('ip-allow-list');
  return set;
}

/** The reason of a test that needs a capability the profile declares and the kit cannot trigger. */
export function notTestableReason(capability: CapabilityId, why: string): string {
  return `${NOT_TESTABLE_PREFIX} the profile declares ${capability}, but the kit has no documented way to trigger it: ${why}`;
}

/**
 * The reason a test is skipped when `missing` capabilities are not available. A triggerless one the
 * profile declares makes the test not testable; otherwise the capability is missing.
 */
export function skipReason(missing: readonly CapabilityId[], config?: RunConfig): string {
  const declaredTriggerless = missing.filter(isTriggerless).filter((id) => config?.profile.capabilities[id] === true);
  const [first] = declaredTriggerless;
  if (first !== undefined) return notTestableReason(first, TRIGGERLESS_CAPABILITIES[first]);
  return `target capability missing: ${missing.map((id) => `${id} (${CAPABILITIES[id]})`).join('; ')}`;
}
