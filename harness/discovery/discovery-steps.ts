/**
 * The steps of `discover`, in the order they run. The order matters where one step uses what an
 * earlier one found or left: the OTP delete shape comes before the OTP probes that clean up with it;
 * the rate probe, which leaves the key over its rate for a moment, comes late; the sandbox daily
 * limit, the longest, comes last.
 */
import type { AmbiguityId } from '../../schemas/ambiguities.ts';
import { ACCOUNT_PROBES } from './discovery-account-probes.ts';
import { ERROR_STATUS_STEP } from './discovery-error-statuses.ts';
import { LIST_PROBES } from './discovery-list-probes.ts';
import { OTP_PROBES } from './discovery-otp-probes.ts';
import { AMBIGUITY_PROBES, RATE_LIMIT_PROBE, stepOf, type DiscoveryStep } from './discovery-probes.ts';
import { SANDBOX_LIMIT_STEP } from './discovery-sandbox-limit.ts';
import { SEND_PROBES } from './discovery-send-probes.ts';
import { WEBHOOK_SESSION_STEP } from './discovery-webhook-session.ts';

export const DISCOVERY_STEPS: readonly DiscoveryStep[] = [
  ...AMBIGUITY_PROBES.map(stepOf),
  ...OTP_PROBES.map(stepOf),
  ...LIST_PROBES.map(stepOf),
  ...SEND_PROBES.map(stepOf),
  ERROR_STATUS_STEP,
  WEBHOOK_SESSION_STEP,
  ...ACCOUNT_PROBES.map(stepOf),
  stepOf(RATE_LIMIT_PROBE),
  SANDBOX_LIMIT_STEP,
];

/**
 * Why discover leaves an ambiguity at the register's default without probing it (the profile says
 * so beside the option); the rest of the unprobed ones say the register's own `probe` text.
 */
export const NOT_PROBED: Partial<Record<AmbiguityId, string>> = {
  'server-01-status': 'needs the fault-injection capability (an internal error on demand)',
  'otp-reset-request-shape': 'needs a legacy OTP send, which is charged (4.5 offers no sandbox)',
  'otp-legacy-expired-send-code': 'needs legacy OTP sends, which are charged (4.5 offers no sandbox)',
  'otp-legacy-send-success-message': 'needs a legacy OTP send, which is charged (4.5 offers no sandbox)',
  'otp-legacy-template-required': 'a legacy OTP send without template that the target accepts would be charged (4.5 offers no sandbox)',
  'unnamed-validation-codes': 'record-only is its only option',
  'contacts-polling-action': 'record-only is its only option',
};
