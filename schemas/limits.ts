/**
 * The limits of section 8 and of the field tables of section 4, as data. Each states the boundary
 * on both sides where the document gives one (`max` accepted, `max + step` refused, and likewise for
 * `min`), so that tests iterate this table rather than copy its numbers. `notShown` marks the rows
 * of section 8 whose value the document does not give.
 */
export interface Limit {
  id: string;
  section: string;
  description: string;
  /** operationIds the limit applies to. */
  operations: readonly string[];
  unit: 'characters' | 'digits' | 'numbers' | 'requests-per-second' | 'sends-per-day' | 'attempts' | 'seconds' | 'hours' | 'amount' | 'days';
  min?: number;
  max?: number;
  /** The smallest step past the boundary (0.01 for amounts, 1 otherwise). */
  step?: number;
  default?: number;
  notShown?: string;
  ambiguity?: string;
}

export const LIMITS = [
  {
    id: 'rate-limit',
    section: '8',
    description: 'Request rate, production: 100 per second on all endpoints; exceeding gives 429 rate_01',
    operations: [],
    unit: 'requests-per-second',
    max: 100,
  },
  {
    id: 'sandbox-daily',
    section: '8',
    description: 'Sandbox sends per day (100 or 1,000: see the ambiguity)',
    operations: ['sms/send', 'legacy-v1/send', 'legacy-v1/send-multi'],
    unit: 'sends-per-day',
    ambiguity: 'sandbox-daily-limit',
  },
  {
    id: 'v1-sandbox-report-day',
    section: '8',
    description: 'Legacy sandbox reports are available only on the day of sending',
    operations: ['legacy-v1/send'],
    unit: 'days',
    max: 1,
  },
  {
    id: 'v1-batch-size',
    section: '8',
    description: 'Legacy batch size: 500 numbers per request',
    operations: ['legacy-v1/send-multi'],
    unit: 'numbers',
    max: 500,
  },
  {
    id: 'v1-message-length',
    section: '8',
    description: 'Legacy message length: 160 characters',
    operations: ['legacy-v1/send', 'legacy-v1/send-multi'],
    unit: 'characters',
    max: 160,
  },
  {
    id: 'otp-v2-message-length',
    section: '8',
    description: 'Current OTP message: at most 160 characters after substitution, GSM-7 only',
    operations: ['otp-v2/create'],
    unit: 'characters',
    max: 160,
  },
  { id: 'otp-v2-attempts', section: '8', description: 'Current OTP attempts: 7 per code round', operations: ['otp-v2/verify'], unit: 'attempts', max: 7 },
  { id: 'otp-v2-cooldown', section: '8', description: 'Current OTP resend cooldown: 30 seconds', operations: ['otp-v2/create'], unit: 'seconds', min: 30 },
  {
    id: 'otp-v2-code-length',
    section: '8',
    description: 'OTP code length 4 to 10, current default 6',
    operations: ['otp-v2/create'],
    unit: 'characters',
    min: 4,
    max: 10,
    default: 6,
  },
  {
    id: 'otp-legacy-code-length',
    section: '8',
    description: 'OTP code length 4 to 10, legacy default 4',
    operations: ['otp-legacy/send', 'otp-legacy/resend'],
    unit: 'characters',
    min: 4,
    max: 10,
    default: 4,
  },
  {
    id: 'otp-v2-code-custom-length',
    section: '4.4',
    description: 'code_custom: 4 to 10 letters and/or digits',
    operations: ['otp-v2/create'],
    unit: 'characters',
    min: 4,
    max: 10,
  },
  {
    id: 'otp-v2-expiry',
    section: '8',
    description: 'OTP expiry: default 24 hours, maximum 3 days (larger values are clamped)',
    operations: ['otp-v2/create'],
    unit: 'hours',
    default: 24,
    max: 72,
  },
  {
    id: 'otp-legacy-expiry',
    section: '8',
    description: 'OTP expiry: default 24 hours, maximum 3 days',
    operations: ['otp-legacy/send', 'otp-legacy/resend'],
    unit: 'hours',
    default: 24,
    max: 72,
  },
  {
    id: 'otp-v2-phone-number',
    section: '4.4',
    description: 'phone_number: up to 10 digits, no country code',
    operations: ['otp-v2/create', 'otp-v2/verify'],
    unit: 'digits',
    max: 10,
  },
  {
    id: 'voice-message-length',
    section: '8',
    description: 'Voice message (template k): 160 characters',
    operations: ['voice/send', 'voice/send-via-get'],
    unit: 'characters',
    max: 160,
  },
  {
    id: 'sender-id-length',
    section: '8',
    description: 'Sender id: 11 alphanumeric characters',
    operations: ['sms/send', 'sms/send-via-get', 'otp-legacy/send', 'otp-legacy/resend'],
    unit: 'characters',
    max: 11,
  },
  {
    id: 'v1-sender-length',
    section: '4.16',
    description: 'remitente: max 11 alphanumeric',
    operations: ['legacy-v1/send', 'legacy-v1/send-multi'],
    unit: 'characters',
    max: 11,
  },
  { id: 'contact-name-length', section: '8', description: 'Contact name: 100 characters', operations: ['contacts/add'], unit: 'characters', max: 100 },
  { id: 'contact-email-length', section: '8', description: 'Contact email: 100 characters', operations: ['contacts/add'], unit: 'characters', max: 100 },
  {
    id: 'contactlist-query-length',
    section: '4.7',
    description: 'contactlist/find query: max 100 characters',
    operations: ['agendas/find'],
    unit: 'characters',
    max: 100,
  },
  {
    id: 'subaccount-email-length',
    section: '8',
    description: 'Subaccount email: 70 characters',
    operations: ['subaccounts/add', 'subaccounts/archive', 'subaccounts/get-apikey', 'subaccounts/manage-credits'],
    unit: 'characters',
    max: 70,
  },
  {
    id: 'subaccount-password-length',
    section: '8',
    description: 'Subaccount password: 6 to 36 characters',
    operations: ['subaccounts/add'],
    unit: 'characters',
    min: 6,
    max: 36,
  },
  { id: 'employee-password-length', section: '8', description: 'Employee password: 50 characters', operations: ['employees/add'], unit: 'characters', max: 50 },
  {
    id: 'employee-number-digits',
    section: '4.10',
    description: 'Employee number: exactly 10 digits',
    operations: ['employees/add'],
    unit: 'digits',
    min: 10,
    max: 10,
  },
  {
    id: 'wallet-phone-digits',
    section: '4.8',
    description: 'Wallet contact phone: exactly 10 digits',
    operations: ['wallet/add-contact'],
    unit: 'digits',
    min: 10,
    max: 10,
  },
  {
    id: 'loyalty-phone-digits',
    section: '4.9',
    description: 'Loyalty contact phone: exactly 10 digits',
    operations: ['loyalty/add-contact'],
    unit: 'digits',
    min: 10,
    max: 10,
  },
  {
    id: 'payment-template-length',
    section: '8',
    description: 'Payment request template: 40 characters',
    operations: ['payments/send-request'],
    unit: 'characters',
    max: 40,
  },
  {
    id: 'payment-message-length',
    section: '8',
    description: 'Payment request message: 123 characters',
    operations: ['payments/send-request'],
    unit: 'characters',
    max: 123,
  },
  {
    id: 'payment-name-length',
    section: '8',
    description: 'Payment request name: 150 characters',
    operations: ['payments/send-request'],
    unit: 'characters',
    max: 150,
  },
  {
    id: 'payment-amount',
    section: '8',
    description: 'Payment request amount: 15 to 110000',
    operations: ['payments/send-request'],
    unit: 'amount',
    min: 15,
    max: 110000,
    step: 0.01,
  },
  {
    id: 'payment-number-digits',
    section: '4.13',
    description: 'Payment request number: max 10 digits',
    operations: ['payments/send-request'],
    unit: 'digits',
    max: 10,
  },
  {
    id: 'event-retries',
    section: '6.3',
    description: 'If the endpoint does not answer HTTP 200 the event is retried, up to 25 retries per event',
    operations: [],
    unit: 'attempts',
    max: 25,
  },
  {
    id: 'report-requests',
    section: '8',
    description: 'Per-account report request limit (report_05)',
    operations: ['reports/generate'],
    unit: 'requests-per-second',
    notShown: 'its value: not shown',
  },
  {
    id: 'recipients-per-request',
    section: '8',
    description: 'Recipients per request of /sms/send and /voice/send',
    operations: ['sms/send', 'voice/send'],
    unit: 'numbers',
    notShown: 'not shown',
  },
  {
    id: 'sms-message-length',
    section: '8',
    description: 'Maximum message length of POST /sms/send',
    operations: ['sms/send'],
    unit: 'characters',
    notShown: 'not shown',
  },
] as const satisfies readonly Limit[];

export type LimitId = (typeof LIMITS)[number]['id'];
export const limitById = (id: LimitId): Limit => LIMITS.find((l) => l.id === id)!;
