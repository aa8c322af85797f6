/**
 * Every result code the document names (sections 5, 7.1 to 7.4, and the legacy OTP success codes
 * listed among them), as data. Success codes of the other operations live on their registry entries
 * (operations.ts). Each row says what the document states of it and nothing more:
 *  - httpStatus: the real HTTP status, only where the document states one (5, 7.3);
 *  - bodyStatus: the `status` field of the body, where stated (7.1 "HTTP in body");
 *  - capability: what a target must offer before the code can be provoked (capabilities.ts).
 */
import type { CapabilityId } from './capabilities.ts';

export type CodeFamily = 'auth' | 'common' | 'agendas' | 'reports' | 'webhooks' | 'sending' | 'otp-legacy-send' | 'otp-legacy-verify' | 'otp-v2' | 'legacy-v1';

export interface ResultCode {
  /** The code as it appears in a body: `code`, `error` (current OTP) or `Codigo` (v1). */
  code: string;
  family: CodeFamily;
  section: string;
  meaning: string;
  outcome: 'error' | 'success';
  httpStatus?: number;
  bodyStatus?: number;
  /** operationIds that document this code; 'all' for the common codes of 7.1. */
  operations: readonly string[] | 'all';
  capability?: CapabilityId;
  /** Ambiguity ids that bear on how this code shows (ambiguities.ts). */
  ambiguities?: readonly string[];
}

const SENDING_OPS = ['sms/send', 'sms/send-via-get', 'voice/send', 'voice/send-via-get', 'payments/send-request'] as const;
const OTP_LEGACY_SEND_OPS = ['otp-legacy/send', 'otp-legacy/resend'] as const;
const V1_OPS = ['legacy-v1/send', 'legacy-v1/send-multi'] as const;
const V1_BATCH = ['legacy-v1/send-multi'] as const;

type Row = Omit<ResultCode, 'family' | 'section' | 'outcome'> & { outcome?: 'error' | 'success' };
const rows = (family: CodeFamily, section: string, list: Row[]): ResultCode[] => list.map((r) => ({ outcome: 'error', ...r, family, section }));

export const RESULT_CODES: readonly ResultCode[] = [
  // Section 5: authentication. HTTP statuses are those of the table; ambiguity auth-error-http-status.
  ...rows('auth', '5', [
    {
      code: 'auth_01',
      httpStatus: 401,
      bodyStatus: 401,
      meaning: 'key not provided (no header, no body field)',
      operations: 'all',
      ambiguities: ['auth-error-http-status'],
    },
    { code: 'auth_05', httpStatus: 401, bodyStatus: 401, meaning: 'key invalid or unknown', operations: 'all', ambiguities: ['auth-error-http-status'] },
    {
      code: 'auth_06',
      httpStatus: 401,
      bodyStatus: 401,
      meaning: 'account disabled or suspended',
      operations: 'all',
      capability: 'manager-key',
      ambiguities: ['auth-error-http-status'],
    },
    {
      code: 'auth_07',
      httpStatus: 401,
      bodyStatus: 401,
      meaning: 'subaccount whose administrator account is invalid or disabled',
      operations: 'all',
      capability: 'disabled-administrator',
      ambiguities: ['auth-error-http-status'],
    },
    {
      code: 'auth_99',
      httpStatus: 401,
      bodyStatus: 401,
      meaning: 'unexpected internal error during authentication',
      operations: 'all',
      capability: 'fault-injection',
      ambiguities: ['auth-error-http-status'],
    },
    {
      code: 'auth_04',
      httpStatus: 403,
      bodyStatus: 403,
      meaning: 'IP not in the allow-list',
      operations: 'all',
      capability: 'ip-allow-list',
      ambiguities: ['auth-error-http-status'],
    },
    {
      code: 'auth_deprecated',
      httpStatus: 410,
      bodyStatus: 410,
      meaning: 'legacy token header sent',
      operations: 'all',
      ambiguities: ['auth-error-http-status'],
    },
  ]),
  // 7.1: common errors.
  ...rows('common', '7.1', [
    {
      code: 'rate_01',
      bodyStatus: 429,
      meaning: 'rate limit exceeded; retry with exponential backoff',
      operations: 'all',
      ambiguities: ['rate-limit-http-status'],
    },
    {
      code: 'server_01',
      meaning: 'internal error; body includes request_id (body status 200 in most bodies, 500 in SMS, voice and legacy OTP bodies)',
      operations: 'all',
      capability: 'fault-injection',
      ambiguities: ['server-01-status'],
    },
  ]),
  // 7.2: specific codes.
  ...rows('agendas', '7.2', [
    { code: 'agenda_02', meaning: 'list name missing', operations: ['agendas/add'] },
    { code: 'agenda_03', meaning: 'list name already exists', operations: ['agendas/add'] },
    { code: 'change_name_02', meaning: 'list_key missing', operations: ['agendas/rename'] },
    { code: 'change_name_03', meaning: 'new name missing', operations: ['agendas/rename'] },
    { code: 'err_03', meaning: 'list does not exist', operations: ['agendas/rename'] },
    { code: 'get_contacts_02', meaning: 'list_key missing', operations: ['agendas/list-contacts', 'agendas/delete'] },
    { code: 'err_01', meaning: 'list does not exist (or could not be deleted)', operations: ['agendas/list-contacts', 'agendas/delete'] },
  ]),
  ...rows('reports', '7.2', [
    {
      code: 'report_01',
      meaning: 'start date missing (7.2 pairs report_01, report_02 with "start or end date missing")',
      operations: ['reports/generate'],
      ambiguities: ['paired-code-order'],
    },
    { code: 'report_02', meaning: 'end date missing', operations: ['reports/generate'], ambiguities: ['paired-code-order'] },
    { code: 'report_03', meaning: 'start date after end date', operations: ['reports/generate'] },
    {
      code: 'report_05',
      meaning: 'per-account report request limit exceeded (value not shown)',
      operations: ['reports/generate'],
      capability: 'report-request-limit',
    },
    { code: 'details_02', meaning: 'campaign_id missing or not numeric', operations: ['reports/get-campaign-details'] },
    { code: 'details_03', meaning: "campaign missing or not the account's", operations: ['reports/get-campaign-details'] },
    { code: 'details_04', meaning: 'campaign still processing, retry later', operations: ['reports/get-campaign-details'], capability: 'campaign-processing' },
  ]),
  ...rows('webhooks', '7.2', [
    {
      code: 'add_webhook_02',
      meaning: 'URL missing (7.2 pairs _02, _03 with "URL missing, malformed or forbidden host")',
      operations: ['webhooks/add'],
      ambiguities: ['paired-code-order'],
    },
    { code: 'add_webhook_03', meaning: 'URL malformed or forbidden host', operations: ['webhooks/add'], ambiguities: ['paired-code-order'] },
    {
      code: 'add_webhook_04',
      meaning: 'status missing (7.2 pairs _04, _05 with "status missing or not 0/1")',
      operations: ['webhooks/add'],
      ambiguities: ['paired-code-order'],
    },
    { code: 'add_webhook_05', meaning: 'status not 0/1', operations: ['webhooks/add'], ambiguities: ['paired-code-order'] },
    { code: 'add_webhook_06', meaning: 'URL failed verification', operations: ['webhooks/add'] },
    { code: 'add_webhook_07', meaning: 'save failure', operations: ['webhooks/add'], capability: 'fault-injection' },
    { code: 'add_webhook_08', meaning: 'save failure', operations: ['webhooks/add'], capability: 'fault-injection' },
    {
      code: 'status_webhook_02',
      meaning: 'status missing (7.2 pairs _02, _03 with "status missing or not 0/1")',
      operations: ['webhooks/set-status'],
      ambiguities: ['paired-code-order'],
    },
    { code: 'status_webhook_03', meaning: 'status not 0/1', operations: ['webhooks/set-status'], ambiguities: ['paired-code-order'] },
    { code: 'status_webhook_04', meaning: 'could not update (no webhook registered)', operations: ['webhooks/set-status'] },
  ]),
  ...rows('sending', '7.2', [{ code: 'sms_07', meaning: 'insufficient credits', operations: SENDING_OPS, capability: 'manager-key' }]),
  // 7.2: legacy OTP send codes.
  ...rows('otp-legacy-send', '7.2', [
    { code: 'verification_01', outcome: 'success', meaning: 'code generated', operations: OTP_LEGACY_SEND_OPS },
    { code: 'verification_02', meaning: 'code expired', operations: OTP_LEGACY_SEND_OPS, ambiguities: ['otp-legacy-expired-send-code'] },
    { code: 'verification_03', meaning: 'code already sent, awaiting verification', operations: OTP_LEGACY_SEND_OPS },
    { code: 'verification_04', meaning: 'user already verified', operations: OTP_LEGACY_SEND_OPS },
    { code: 'verification_05', meaning: 'error sending', operations: OTP_LEGACY_SEND_OPS, capability: 'delivery-failure' },
    { code: 'verification_07', meaning: 'wrong number', operations: OTP_LEGACY_SEND_OPS },
    { code: 'verification_08', meaning: 'wrong country code', operations: OTP_LEGACY_SEND_OPS },
    { code: 'verification_09', meaning: 'code length not allowed', operations: OTP_LEGACY_SEND_OPS },
    { code: 'verification_10', meaning: 'general error creating record', operations: OTP_LEGACY_SEND_OPS, capability: 'fault-injection' },
    { code: 'verification_11', meaning: 'company too long (length not shown)', operations: OTP_LEGACY_SEND_OPS, capability: 'legacy-otp-company-limit' },
    { code: 'verification_12', meaning: 'bad voice parameter', operations: ['otp-legacy/resend'] },
    { code: 'verification_13', meaning: 'bad expiration date', operations: OTP_LEGACY_SEND_OPS },
    { code: 'verification_14', meaning: 'bad reset_code', operations: ['otp-legacy/resend'] },
    { code: 'verification_15', meaning: 'bad code_type', operations: OTP_LEGACY_SEND_OPS },
    { code: 'verification_18', meaning: 'area code not supported', operations: OTP_LEGACY_SEND_OPS, capability: 'unsupported-area-code' },
    { code: 'verification_20', meaning: 'company required', operations: OTP_LEGACY_SEND_OPS },
    {
      code: 'verification_25',
      meaning: 'code expired without validation, restart needed',
      operations: OTP_LEGACY_SEND_OPS,
      ambiguities: ['otp-legacy-expired-send-code'],
    },
  ]),
  // 7.2: legacy OTP verify codes.
  ...rows('otp-legacy-verify', '7.2', [
    { code: 'validation_01', outcome: 'success', meaning: 'verified', operations: ['otp-legacy/verify'] },
    { code: 'validation_02', meaning: 'code expired', operations: ['otp-legacy/verify'] },
    {
      code: 'validation_03',
      meaning: 'attempts per hour exceeded (how many: not shown)',
      operations: ['otp-legacy/verify'],
      capability: 'legacy-otp-attempt-limit',
    },
    { code: 'validation_04', meaning: 'no record for this number', operations: ['otp-legacy/verify'] },
    { code: 'validation_05', meaning: 'wrong code', operations: ['otp-legacy/verify'] },
    { code: 'validation_06', meaning: 'already verified', operations: ['otp-legacy/verify'] },
    { code: 'validation_07', meaning: 'wrong number', operations: ['otp-legacy/verify'] },
    { code: 'validation_08', meaning: 'code missing', operations: ['otp-legacy/verify'] },
    { code: 'validation_10', meaning: 'general error', operations: ['otp-legacy/verify'], capability: 'fault-injection' },
  ]),
  // 7.3: current OTP errors (the HTTP status is real). 4.4 adds otp_incorrect_code and otp_internal.
  ...rows('otp-v2', '7.3', [
    { code: 'otp_missing_param', httpStatus: 400, meaning: 'missing parameter; hint names it', operations: ['otp-v2/create', 'otp-v2/verify'] },
    {
      code: 'otp_invalid_param',
      httpStatus: 400,
      meaning: 'invalid parameter, or a parameter of the previous API; hint names it',
      operations: ['otp-v2/create', 'otp-v2/verify'],
    },
    { code: 'otp_invalid_channel', httpStatus: 400, meaning: 'channel not sms, whatsapp or voice', operations: ['otp-v2/create'] },
    {
      code: 'otp_message_invalid',
      httpStatus: 400,
      meaning: 'message lacks {{code}} or {{company}}, has non-GSM-7 characters, or exceeds 160 characters when expanded',
      operations: ['otp-v2/create'],
    },
    { code: 'otp_insufficient_credits', httpStatus: 402, meaning: 'no balance (code sms_07)', operations: ['otp-v2/create'], capability: 'manager-key' },
    { code: 'otp_throttled', httpStatus: 429, meaning: 'cooldown active; resend_available_in and Retry-After header', operations: ['otp-v2/create'] },
    { code: 'otp_max_attempts', httpStatus: 429, meaning: 'locked and no rotation requested', operations: ['otp-v2/create'] },
    { code: 'otp_send_failed', httpStatus: 502, meaning: 'channel could not deliver', operations: ['otp-v2/create'], capability: 'delivery-failure' },
    { code: 'otp_incorrect_code', httpStatus: 401, meaning: 'code incorrect (verify)', operations: ['otp-v2/verify'] },
    {
      code: 'otp_internal',
      meaning: 'internal error (HTTP status not shown)',
      operations: ['otp-v2/create', 'otp-v2/verify', 'otp-v2/get-status', 'otp-v2/delete'],
      capability: 'fault-injection',
    },
  ]),
  // 7.4: legacy v1 Codigo values (in Estatus=error bodies).
  ...rows('legacy-v1', '7.4', [
    { code: '01', meaning: 'apikey missing', operations: V1_OPS },
    { code: '02', meaning: 'message missing', operations: V1_OPS },
    { code: '03', meaning: 'message over 160 characters', operations: V1_OPS },
    { code: '04', meaning: 'number missing', operations: V1_OPS },
    { code: '05', meaning: 'number not numeric', operations: V1_OPS },
    { code: '06', meaning: 'region missing', operations: V1_OPS },
    { code: '07', meaning: 'number not 10 digits', operations: V1_OPS },
    { code: '08', meaning: 'number under 6 digits', operations: V1_OPS },
    { code: '10', meaning: 'apikey wrong', operations: V1_OPS },
    { code: '13', meaning: 'insufficient credit (message includes current credit)', operations: V1_OPS, capability: 'manager-key' },
    { code: '14', meaning: 'more than 500 messages at once', operations: V1_BATCH },
    { code: '15', meaning: 'repeated number', operations: V1_BATCH },
    { code: '21', meaning: 'double comma in numcelular', operations: V1_BATCH },
    {
      code: '22',
      meaning: 'sandbox daily limit reached',
      operations: V1_OPS,
      capability: 'sandbox-daily-limit-reachable',
      ambiguities: ['sandbox-daily-limit'],
    },
    { code: '23', meaning: 'user not authorized (single send)', operations: ['legacy-v1/send'], capability: 'v1-unauthorized-user' },
  ]),
];

/** The requirement id of a result code (requirements.ts). v1 `Codigo` values get a prefix. */
export const codeRequirementId = (c: Pick<ResultCode, 'code' | 'family'>): string => (c.family === 'legacy-v1' ? `err:v1-${c.code}` : `err:${c.code}`);

export const resultCode = (code: string, family?: CodeFamily): ResultCode => {
  const found = RESULT_CODES.find((c) => c.code === code && (family === undefined || c.family === family));
  if (!found) throw new Error(`unknown result code ${code}`);
  return found;
};

/** The codes an operation documents, common ones excluded. */
export const codesOfOperation = (operationId: string): ResultCode[] => RESULT_CODES.filter((c) => c.operations !== 'all' && c.operations.includes(operationId));
