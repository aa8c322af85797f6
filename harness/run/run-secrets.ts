/**
 * The secrets of one run, the one place that holds them (5.2: a key appears in no report): the given
 * keys and every key a worker learns from the target (4.11), held by one redactor (transport/redaction.ts)
 * that cleans the reports (report/run-redaction.ts, the run's first reporter), and listed for the leak
 * check of the output folder (leak-check.ts), which searches only texts long enough to be told from chance.
 * A worker redacts with the same mechanism against the secrets it knows (transport/redaction.ts redactKnown). The kit's own
 * words (the catalogues', and each test's and suite's name the reports learn) are registered with the
 * redactor, which leaves a run of a key inside one of them alone, and listed for the leak check,
 * which excuses the same words: neither rewrites nor reports `rule:auth.manager-key-required` for a
 * key `acme-manager-key-…`.
 *
 * The road to the target adds its own (transport/target-route.ts routeSecrets: a gateway header's
 * value, the client key's passphrase, a proxy's credentials), redacted and searched as keys are
 * from 8 characters on (shorter, they would cut the reports' words apart; a route header is
 * [REDACTED] in every record whatever its length). The client key's PEM is never a text of the kit:
 * its lines are only searched for (`material`).
 */
import { readFileSync } from 'node:fs';
import { protectCatalogueWords } from '../kit/kit-words.ts';
import { createRedactor, MIN_LEARNED_SECRET_LENGTH, protectedKitWords } from '../transport/redaction.ts';

/** The secrets of a run, as the certify process holds them. */
export interface RunSecrets {
  /** `text` with every known secret (and its encoded forms) replaced by [REDACTED]. */
  redact(text: string): string;
  /** Adds a secret a worker learned. */
  learn(secret: string): void;
  /** How many secrets are known: it only grows, so it tells whether a text needs redacting again. */
  readonly size: number;
  /** Every secret of the run, for the leak check. */
  all(): string[];
  /** The kit's own words known by now, which the leak check excuses (a run of a key inside one is the kit's text). */
  kitWords(): string[];
  /** What the leak check searches for whole but nothing redacts (the lines of the client key's PEM). */
  material(): string[];
}

/** The lines of a PEM file's base64 (its key), each long enough to be told from chance; none when it cannot be read. */
export function pemLines(path: string | undefined): string[] {
  if (path === undefined) return [];
  try {
    return readFileSync(path, 'utf8')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line.length >= MIN_LEARNED_SECRET_LENGTH * 2 && !line.startsWith('-----') && !line.includes(':'));
  } catch {
    return [];
  }
}

/** `given`: the keys (any length); `road`: the route's secrets (from 8 characters on); `material`: searched, never redacted. */
export function runSecrets(given: readonly (string | undefined)[], road: readonly string[] = [], material: readonly string[] = []): RunSecrets {
  const list = new Set(given.filter((s): s is string => s !== undefined && s !== ''));
  for (const secret of road) if (secret.length >= MIN_LEARNED_SECRET_LENGTH) list.add(secret);
  protectCatalogueWords();
  const redactor = createRedactor([...list]);
  return {
    redact: (text) => redactor.redact(text),
    learn: (secret) => {
      if (secret.length < MIN_LEARNED_SECRET_LENGTH || list.has(secret)) return;
      list.add(secret);
      redactor.learn(secret);
    },
    get size() {
      return list.size;
    },
    all: () => [...list],
    kitWords: protectedKitWords,
    material: () => [...material],
  };
}
