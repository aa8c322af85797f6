/**
 * The capabilities a run may rely on: those the profile declares, plus those the run configuration
 * itself provides (a manager key given on the command line; charges allowed with numbers to send to;
 * a webhook URL the target can reach). Requirements that need a missing one are skipped with the
 * capability's description as the reason (schemas/capabilities.ts).
 */
import { CAPABILITIES, CAPABILITY_IDS, type CapabilityId } from '../schemas/capabilities.ts';
import type { RunConfig } from './run-config.ts';

export function effectiveCapabilities(config: RunConfig): ReadonlySet<CapabilityId> {
  const declared = CAPABILITY_IDS.filter((id) => config.profile.capabilities[id]);
  const set = new Set<CapabilityId>(declared);
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

/** The reason a test is skipped when `missing` capabilities are not available. */
export function skipReason(missing: readonly CapabilityId[]): string {
  return `target capability missing: ${missing.map((id) => `${id} (${CAPABILITIES[id]})`).join('; ')}`;
}
