/**
 * How fast the suite calls a target, and how often it resends a rate-limited call, when nothing
 * else is said: the one place of these numbers. The profile's defaults (profile.ts), the profile
 * discover writes (discover-command.ts) and the embedded reference server's profile
 * (run/embedded-target.ts) read them here; the pacer (transport/pacer.ts) takes them from its
 * caller and keeps no copy.
 *
 * Section 8: "Request rate, production | 100 messages per second | all endpoints; exceeding gives
 * 429 rate_01"; 7.1 (rate_01) and 8 say to "retry with exponential backoff".
 */
import { limitById } from '../../schemas/limits.ts';

/** The documented rate (8): 100 requests per second; a profile may not ask for more. */
export const DOCUMENTED_REQUESTS_PER_SECOND = limitById('rate-limit').max!;

/**
 * The pace of a profile that sets none: a fifth of the documented rate (8). A target the suite has
 * not seen may count its second differently from us (the document gives no window), and a run made
 * slower is better than one whose later assertions read a 429 instead of the answer under test.
 */
export const PROFILE_REQUESTS_PER_SECOND = 20;

/**
 * The embedded reference server's pace: 80% of the documented rate (8). Its limiter counts exactly
 * 100 per second per key (reference/rate-limiter.ts); the fifth left over absorbs clock skew and
 * loopback jitter, so that a run against it never trips the limit by accident.
 */
export const EMBEDDED_REQUESTS_PER_SECOND = (DOCUMENTED_REQUESTS_PER_SECOND * 4) / 5;

/**
 * Resends of a call answered 429 rate_01 (7.1, 8: "retry with exponential backoff") before its 429
 * is the answer: with the pacer's backoff (0.25 s doubling, Retry-After honoured) five resends wait
 * several seconds in all, longer than any window of a per-second limit.
 */
export const RATE_LIMIT_MAX_RETRIES = 5;
