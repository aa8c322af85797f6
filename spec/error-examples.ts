/**
 * Illustrative error bodies, one per documented result code. The document gives the codes and
 * their meanings but not the message texts, so `message` repeats the meaning; every example is
 * valid against its response schema (the lint checks it).
 */
import type { AreaId } from '../schemas/areas.ts';
import type { ResultCode } from '../schemas/error-codes.ts';
import type { NamedExample } from './responses.ts';

const EXAMPLE_REQUEST_ID = '3f2b8c1a-9d4e-4b7a-8c6f-2e1d0a9b8c7d';

/**
 * The body `status` of an envelope error: the one the document states (5, 7.1); server_01 is 500
 * in SMS, voice and legacy OTP bodies and 200 elsewhere (7.1, ambiguity server-01-status, default
 * per-area); validation and business errors are 200 (7.1).
 */
function envelopeBodyStatus(code: ResultCode, area: AreaId): number {
  if (code.bodyStatus !== undefined) return code.bodyStatus;
  if (code.code === 'server_01') return area === 'sms' || area === 'voice' || area === 'otp-legacy' ? 500 : 200;
  return 200;
}

/**
 * 7.1: "<validation code> | 200 | body message says parameters invalid; code value ... not shown".
 * The code here is one a server may choose (the reference's default); any other is as good.
 */
export function unnamedValidationExample(): NamedExample {
  return {
    summary: 'A validation failure whose code the document does not name (section 7.1; this code is illustrative)',
    value: { success: false, message: 'Parameters invalid', status: 200, code: 'invalid_parameters', request_id: EXAMPLE_REQUEST_ID },
  };
}

export function envelopeErrorExample(code: ResultCode, area: AreaId): NamedExample {
  return {
    summary: `${code.code}: ${code.meaning}`,
    value: { success: false, message: code.meaning, status: envelopeBodyStatus(code, area), code: code.code, request_id: EXAMPLE_REQUEST_ID },
  };
}

/** 3.1 and 7.3: the verification state in which each current OTP error typically shows. */
const OTP_STATE_OF: Readonly<Record<string, string>> = {
  otp_max_attempts: 'locked',
  otp_throttled: 'pending',
  otp_incorrect_code: 'pending',
  otp_send_failed: 'pending',
  otp_insufficient_credits: 'pending',
};

/** 4.4: the optional fields that 7.3 says accompany some errors. */
const OTP_EXTRA_FIELDS: Readonly<Record<string, Record<string, unknown>>> = {
  otp_throttled: { resend_available_in: 18 },
  otp_incorrect_code: { attempts_remaining: 5 },
};

export function otpErrorExample(code: ResultCode): NamedExample {
  return {
    summary: `${code.code}: ${code.meaning}`,
    value: {
      success: false,
      state: OTP_STATE_OF[code.code] ?? 'none',
      error: code.code,
      message: code.meaning,
      hint: 'See the message',
      next: ['/v2/otp'],
      ...(OTP_EXTRA_FIELDS[code.code] ?? {}),
      request_id: EXAMPLE_REQUEST_ID,
    },
  };
}

export function legacyV1ErrorExample(code: ResultCode): NamedExample {
  return {
    summary: `Codigo ${code.code}: ${code.meaning}`,
    value: { Estatus: 'error', mensaje: code.meaning, Codigo: code.code },
  };
}
