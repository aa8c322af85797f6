/**
 * A request that carries a near-future expiration_date (4.5: "YYYY-MM-DD HH:mm:ss", read in
 * America/Mexico_City like every date of the document; 7.2 verification_13 "bad expiration date").
 * A date a few seconds ahead keeps real-time runs short, but a busy machine can hold the request
 * longer than that before the target reads it (a cost-guard consult of 5 s was seen on a loaded CI
 * runner): the date is then in the past when it arrives, and a refusal of it is right. Whether the
 * request can have arrived late is judged from the kit's own clock: a refusal answered well before
 * the date (by more than the clock's uncertainty) is the target's to answer for; one answered
 * around or after it is not evidence, and the request goes out again with a date twice as far
 * ahead. After MAX_TRIES such answers the test cannot decide (Inconclusive), never a failure.
 */
import { formatMexicoDateTime, parseMexicoDateTime } from '../../schemas/formats.ts';
import { Inconclusive } from './inconclusive.ts';
import type { TargetClock } from './target-clock.ts';
import type { Answer } from './target-contract.ts';

/** A date the kit sent: its text and the instant it names (epoch ms on the target's clock). */
export interface NearExpiry {
  text: string;
  at: number;
}

/** Sends with a date `seconds` ahead, then 2x, then 4x: a late arrival twice in a row is rare, three times means the machine cannot tell. */
const MAX_TRIES = 3;

/**
 * How far the kit's reading of the target's time may be off: in real time it is estimated from
 * the Date header, to the second (target-clock.ts); a test clock is read exactly, but the request
 * still takes its time to arrive.
 */
const uncertaintyMs = (clock: TargetClock): number => (clock.virtual ? 250 : 1_000);

/** Seconds of margin past an expiry before it is taken as passed: the target's clock is estimated to about a second in real time. */
export const EXPIRY_MARGIN_SECONDS = 1.5;

/** The seconds to let pass on the target's clock until the instant `at` (ms) is surely behind it. */
export const secondsUntilPast = async (clock: TargetClock, at: number): Promise<number> =>
  Math.max(0, (at - (await clock.now())) / 1000) + EXPIRY_MARGIN_SECONDS;

/** An expiration_date `seconds` ahead of the target's clock, rounded up to a whole second so that the text is never earlier than asked. */
export async function expiryAhead(clock: TargetClock, seconds: number): Promise<NearExpiry> {
  const now = await clock.now();
  const text = formatMexicoDateTime(Math.ceil((now + seconds * 1000) / 1000) * 1000);
  return { text, at: parseMexicoDateTime(text)! };
}

/**
 * Calls `send` with a date `seconds` ahead; when its answer `refusesDate` and came back too close to
 * the date to rule out a late arrival, again with a date twice as far ahead. Returns the answer the
 * caller judges, and the date that answer was sent with.
 */
export async function sendBeforeExpiry(
  clock: TargetClock,
  seconds: number,
  send: (expiry: NearExpiry) => Promise<Answer>,
  refusesDate: (answer: Answer) => boolean,
): Promise<{ answer: Answer; expiry: NearExpiry }> {
  const late: string[] = [];
  for (let tryNumber = 0, lead = seconds; tryNumber < MAX_TRIES; tryNumber += 1, lead *= 2) {
    const expiry = await expiryAhead(clock, lead);
    const answer = await send(expiry);
    if (!refusesDate(answer)) return { answer, expiry };
    const answeredAt = await clock.now();
    if (answeredAt < expiry.at - uncertaintyMs(clock)) return { answer, expiry };
    late.push(`${expiry.text} (${lead} s ahead) refused, answered ${((answeredAt - expiry.at) / 1000).toFixed(1)} s from it`);
  }
  throw new Inconclusive(
    `an expiration_date a few seconds ahead reached the target too late to tell whether a refusal of it was right, ` +
      `${MAX_TRIES} times (a busy machine or a slow network): ${late.join('; ')}`,
  );
}
