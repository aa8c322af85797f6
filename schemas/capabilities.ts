/**
 * Target capabilities: what a target must offer, beyond the documented API with one account key,
 * before some statements of the document can be provoked at all. A profile declares which ones a
 * target has; a requirement that needs a missing one is reported as skipped with this reason
 * (conventions: "optional capabilities are named, not improvised").
 */
export const CAPABILITIES = {
  'manager-key': 'A manager (administrator) API key, to create subaccounts (5.3, 4.11).',
  'ip-allow-list': 'An account whose IP allow-list excludes the address the suite calls from (5.4, auth_04).',
  'disabled-administrator': 'A subaccount whose administrator account is invalid or disabled (auth_07).',
  'fault-injection': 'A way to make the target fail internally on demand (auth_99, server_01, otp_internal, general and save errors).',
  'delivery-failure': 'A way to make a channel fail to deliver (otp_send_failed, verification_05).',
  'campaign-processing': 'A campaign that the target still reports as processing (details_04).',
  'report-request-limit': 'The per-account report request limit is known and small enough to reach (report_05).',
  'test-clock': 'A virtual clock the suite may advance (optional: every test also runs in real time).',
  'reply-simulation': 'A way to make a customer reply to a sent SMS (type=response events, 6.2).',
  'webhook-reachable': "The target can reach the suite's webhook receiver (loopback, or --webhook-public-url).",
  'real-delivery': "Non-sandbox sends are allowed (--allow-charges) to the profile's own test numbers.",
  'sandbox-daily-limit-reachable': 'The sandbox daily limit may be exhausted on this account (it blocks further sandbox sends for the day).',
  'unsupported-area-code': 'A phone number whose area code the target does not support (verification_18; the document does not list the supported codes).',
  'legacy-otp-attempt-limit': 'The legacy OTP hourly verification attempt limit is known (validation_03; the document does not state it).',
  'legacy-otp-company-limit': 'The maximum company length of the legacy OTP set is known (verification_11; the document does not state it).',
  'v1-unauthorized-user': 'A key whose user is not authorized for the v1 single send (Codigo 23).',
  'rcs-sender': 'An RCS sender linked to the account (4.2 channel=2).',
  'whatsapp-instance': 'An active WhatsApp instance for the legacy OTP resend (4.5).',
} as const;

export type CapabilityId = keyof typeof CAPABILITIES;

/**
 * The test-clock protocol (capability test-clock): `GET /__test/clock` answers {now: epoch ms},
 * `POST /__test/clock/advance` {seconds} moves it. Requests may name a clock domain in this header;
 * requests of one domain share a virtual clock, so suite files can advance time independently.
 */
export const TEST_CLOCK_DOMAIN_HEADER = 'x-test-clock-domain';
export const CAPABILITY_IDS = Object.keys(CAPABILITIES) as CapabilityId[];
