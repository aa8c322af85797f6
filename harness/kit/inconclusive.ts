/**
 * A measurement that cannot decide: a time window judged from the kit's own clock where the
 * measured round trip is wider than the margin the window leaves, even after the bounded repeats
 * (a cooldown of 30 s, section 8, read through a 20 s round trip). Thrown from the test body or a
 * fixture; req() ends the test as `inconclusive`, with this reason (naming the latencies) in every
 * report: never a pass and never a failure of the requirement it meant to prove.
 */
export class Inconclusive extends Error {
  override readonly name: string = 'Inconclusive';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The reason of an Inconclusive anywhere in an error's cause chain; undefined otherwise. */
export function inconclusiveReasonOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) if (e instanceof Inconclusive) return e.reason;
  return undefined;
}
