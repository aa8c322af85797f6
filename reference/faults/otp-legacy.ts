/**
 * The seams and faults of the legacy OTP (4.5, 7.2): the pending code, the verify codes, code
 * length, resend, showcode, the WhatsApp fallback and the limits of its fields.
 */
import { limitById } from '../../schemas/limits.ts';
import { clamped, FLAG_01, keepLast, outsideAs, readLeniently } from './lenient-reading.ts';
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const OTP_LEGACY_SEAMS = {
  'otp-legacy.pending-refuses-send': point<boolean>('err:verification_03'),
  'otp-legacy.send-default-code-length': point<number>('limit:otp-legacy-code-length'),
  'otp-legacy.resend-renews-code': point<boolean>('rule:otp-legacy.resend-keeps-code'),
  'otp-legacy.showcode-returns-code': point<boolean>('rule:otp-legacy.showcode'),
  'otp-legacy.whatsapp-falls-back': point<boolean>('rule:otp-legacy.whatsapp-fallback'),
  'otp-legacy.verified-verify-code': point<string>('err:validation_06'),
  'otp-legacy.expired-verify-code': point<string>('err:validation_02'),
  'otp-legacy.wrong-verify-code': point<string>('err:validation_05'),
} as const;

const fault = faultOn(OTP_LEGACY_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const OTP_LEGACY_MUTANTS = [
  {
    id: 'otp-legacy-pending-send-regenerates',
    requirement: 'err:verification_03',
    description: 'a second send while a code is pending generates a new code instead of verification_03',
    fault: fault('otp-legacy.pending-refuses-send', () => false),
  },
  {
    id: 'otp-legacy-verified-verify-05',
    requirement: 'err:validation_06',
    description: 'verifying a verified number answers validation_05 instead of validation_06',
    fault: fault('otp-legacy.verified-verify-code', () => 'validation_05'),
  },
  {
    id: 'otp-legacy-expired-verify-05',
    requirement: 'err:validation_02',
    description: 'verifying an expired code answers validation_05 instead of validation_02',
    fault: fault('otp-legacy.expired-verify-code', () => 'validation_05'),
  },
  {
    id: 'otp-legacy-wrong-code-02',
    requirement: 'err:validation_05',
    description: 'a wrong code answers validation_02 (code expired) instead of validation_05',
    fault: fault('otp-legacy.wrong-verify-code', () => 'validation_02'),
  },
  {
    id: 'otp-legacy-default-length-6',
    requirement: 'limit:otp-legacy-code-length',
    description: 'the default legacy code length is 6 instead of 4',
    fault: fault('otp-legacy.send-default-code-length', () => 6),
  },
  {
    id: 'otp-legacy-resend-new-code',
    requirement: 'rule:otp-legacy.resend-keeps-code',
    description: 'a resend without reset_code generates a new code',
    fault: fault('otp-legacy.resend-renews-code', () => true),
  },
  {
    id: 'otp-legacy-showcode-ignored',
    requirement: 'rule:otp-legacy.showcode',
    description: 'showcode=1 does not return verification_code',
    fault: fault('otp-legacy.showcode-returns-code', () => false),
  },
  {
    id: 'otp-legacy-template-unknown-a',
    requirement: 'rule:otp-legacy.templates',
    description: 'a template outside a to n is read as template a instead of refused',
    fault: readLeniently(['otp-legacy/send', 'otp-legacy/resend'], outsideAs(['template'], 'abcdefghijklmn'.split(''), 'a')),
  },
  {
    id: 'otp-legacy-whatsapp-no-fallback',
    requirement: 'rule:otp-legacy.whatsapp-fallback',
    description: 'a resend with whatsapp=true and no WhatsApp instance answers fallback=false instead of true',
    fault: fault('otp-legacy.whatsapp-falls-back', () => false),
  },
  {
    id: 'otp-legacy-showcode-truthy',
    requirement: 'limit:otp-legacy-showcode',
    description: 'a showcode other than 0 or 1 is read as 1 instead of refused',
    fault: readLeniently(['otp-legacy/send'], outsideAs(['showcode'], FLAG_01, 1)),
  },
  {
    id: 'otp-legacy-code-length-clamped',
    requirement: 'limit:otp-legacy-code-length',
    description: 'a code_length outside 4 to 10 is clamped into range instead of verification_09',
    fault: readLeniently(
      ['otp-legacy/send', 'otp-legacy/resend'],
      clamped('code_length', limitById('otp-legacy-code-length').min!, limitById('otp-legacy-code-length').max!, true),
    ),
  },
  {
    id: 'otp-legacy-code-type-default',
    requirement: 'err:verification_15',
    description: 'a code_type outside the enum is read as alphanumeric instead of verification_15',
    fault: readLeniently(['otp-legacy/send', 'otp-legacy/resend'], outsideAs(['code_type'], ['alphanumeric', 'numeric', 'letters'], 'alphanumeric')),
  },
  {
    id: 'otp-legacy-phone-last-10',
    requirement: 'err:verification_07',
    description: 'a phone_number of 11 digits is read by its last 10 instead of verification_07',
    fault: readLeniently(['otp-legacy/send', 'otp-legacy/resend'], keepLast('phone_number', 10)),
  },
  {
    id: 'otp-legacy-country-code-ignored',
    requirement: 'err:verification_08',
    description: 'a country_code other than 52 is sent as 52 instead of verification_08',
    fault: readLeniently(['otp-legacy/send', 'otp-legacy/resend'], outsideAs(['country_code'], ['52'], '52')),
  },
] as const satisfies readonly MutantEntry[];
