/**
 * Small helpers of the legacy OTP suite: a wrong code shaped like a right one (7.2 validation_05
 * must be about the code, not about its length or alphabet), and the explicit failure of a test
 * whose capability is declared but for which the kit offers no trigger.
 */
import type { CapabilityId } from '../../schemas/capabilities.ts';

/** `code` with its first character changed within the same class (digit, upper, lower letter). */
export function differentCodeLike(code: string): string {
  const first = code.charAt(0);
  const next = /\d/.test(first)
    ? String((Number(first) + 1) % 10)
    : /[A-Z]/.test(first)
      ? String.fromCharCode(((first.charCodeAt(0) - 65 + 1) % 26) + 65)
      : /[a-z]/.test(first)
        ? String.fromCharCode(((first.charCodeAt(0) - 97 + 1) % 26) + 97)
        : '0';
  return `${next}${code.slice(1)}`;
}

/**
 * The capability says the target can be made to fail, but neither the document nor the kit says how
 * (no hook protocol for delivery failures or internal faults). A target that declares it gets this
 * failure rather than a silent pass: the trigger belongs in the kit (harness) and the profile.
 */
export function unavailableTrigger(capability: CapabilityId, code: string): never {
  throw new Error(`${code}: the profile declares ${capability}, but the kit offers no way to trigger it (add a trigger to the harness and the profile)`);
}
