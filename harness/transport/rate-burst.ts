/**
 * Section 8: "100 per second on all endpoints; exceeding gives 429 rate_01". When does a burst that
 * met no rate_01 prove a target has no limit? The document does not say how the second is counted,
 * so the answer must hold for any counting: requests spread over T seconds touch at most
 * ceil(T) + 1 one-second windows (fixed windows, a sliding second, a bucket of 100 refilled at 100
 * per second), and no more than 100 x (ceil(T) + 1) of them may pass. A burst that straddles a
 * window boundary may pass 200 of its requests without any fault of the target's.
 */

/** rate_01 as 7.1 and the ambiguity rate-limit-http-status allow it: HTTP 429, or a body with code rate_01. */
export const isRateLimited = (a: { status: number; body: Record<string, unknown> }): boolean => a.body.code === 'rate_01' || a.status === 429;

/** A burst conclusive if sent within 3 s (4 windows of any counting), which a loaded machine still manages. */
export const conclusiveBurstSize = (perSecond: number): number => 4 * perSecond + 1;

/** The largest number of requests that any counting of `perSecond` lets pass within `elapsedMs`. */
export const mostThatMayPass = (elapsedMs: number, perSecond: number): number => perSecond * (Math.ceil(elapsedMs / 1000) + 1);

/** True when `sent` requests within `elapsedMs` are more than any counting of `perSecond` lets pass. */
export const burstIsConclusive = (sent: number, elapsedMs: number, perSecond: number): boolean => sent > mostThatMayPass(elapsedMs, perSecond);
