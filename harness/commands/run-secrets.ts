/**
 * The secrets of one run (5.2: a key appears in no report): the given keys and every key a worker
 * learns from the target (4.11), held by one redactor that cleans the reports
 * (report/run-redaction.ts RunSecrets), and listed for the leak check of the output folder
 * (run/leak-check.ts), which searches only texts long enough to be told from chance. The kit's own
 * words (the catalogues', and each test's and suite's name the reports learn) are registered with the
 * redactor, which leaves a run of a key inside one of them alone, and listed for the leak check,
 * which excuses the same words: neither rewrites nor reports `rule:auth.manager-key-required` for a
 * key `acme-manager-key-…`.
 */
import type { RunSecrets } from '../report/run-redaction.ts';
import { MIN_SEARCHED_LENGTH } from '../run/leak-check.ts';
import { protectCatalogueWords } from '../kit/kit-words.ts';
import { createRedactor, protectedKitWords } from '../transport/redaction.ts';

export interface CertifySecrets extends RunSecrets {
  /** Every secret of the run, for the leak check. */
  all(): string[];
  /** The kit's own words known by now, which the leak check excuses (a run of a key inside one is the kit's text). */
  kitWords(): string[];
}

export function runSecrets(given: readonly (string | undefined)[]): CertifySecrets {
  const list = new Set(given.filter((s): s is string => s !== undefined && s !== ''));
  protectCatalogueWords();
  const redactor = createRedactor([...list]);
  return {
    redact: (text) => redactor.redact(text),
    learn: (secret) => {
      if (secret.length < MIN_SEARCHED_LENGTH || list.has(secret)) return;
      list.add(secret);
      redactor.learn(secret);
    },
    get size() {
      return list.size;
    },
    all: () => [...list],
    kitWords: protectedKitWords,
  };
}
