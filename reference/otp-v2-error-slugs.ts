/**
 * 7.3: which `error` slug the reference server answers for a refused /v2/otp request, from the
 * first schema issue it reports (latitude check-order decides which one that is).
 */
import { PREVIOUS_API_PARAMETERS } from '../schemas/otp-v2.ts';

/**
 * A missing field is otp_missing_param, a bad channel otp_invalid_channel, a bad message
 * otp_message_invalid, a parameter of the previous API or anything else otp_invalid_param. `body`
 * is the request as received, to tell missing from invalid.
 */
export function otpSlugForIssue(issue: { path: readonly PropertyKey[]; params?: Record<string, unknown> }, body: unknown): string {
  const field = issue.path[0];
  const given = typeof body === 'object' && body !== null ? (body as Record<PropertyKey, unknown>) : {};
  if (field === 'channel') return 'otp_invalid_channel';
  if (typeof field === 'string' && (PREVIOUS_API_PARAMETERS as readonly string[]).includes(field)) return 'otp_invalid_param';
  if (issue.params?.missing === true || (field !== undefined && (given[field] === undefined || given[field] === null))) return 'otp_missing_param';
  if (field === 'message') return 'otp_message_invalid';
  return 'otp_invalid_param';
}
