/**
 * A test of a statement that only a capability without a trigger in the kit could provoke
 * (TRIGGERLESS_CAPABILITIES in effective-capabilities.ts: internal faults, failing channels, keys
 * the profile has no field for). It is always skipped, with its reason: "target capability missing"
 * when the profile does not declare the capability, "not testable" when it does.
 * It neither fails nor passes: the kit cannot provoke what it would check, and says so.
 */
import { notTestableReason, TRIGGERLESS_CAPABILITIES, type TriggerlessCapability } from './effective-capabilities.ts';
import { req, type ReqOptions } from './requirement-test.ts';
import { SkipTest } from './test-skip.ts';

export function reqNotTestable(ids: readonly string[], name: string, capability: TriggerlessCapability, options: Omit<ReqOptions, 'needs'> = {}): void {
  // req() skips before the body: the capability is never among the run's (effective-capabilities.ts).
  // The body says the same, should that ever change.
  req(
    ids,
    name,
    async () => {
      throw new SkipTest(notTestableReason(capability, TRIGGERLESS_CAPABILITIES[capability]));
    },
    { ...options, needs: [capability] },
  );
}
