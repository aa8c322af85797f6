/**
 * How a certification ends, decided once for the command line (certify-command.ts), the API's
 * certify() (api.ts) and the kill matrix's warm processes (matrix-worker.ts): its exit code, the
 * one line on stderr that says why when the gate did not decide it, and whether the API rejects.
 * In this order: a key found in the reports (exit 1: whatever else the run did, they must not be
 * shared), a run cut short (exit 2: it certifies nothing), no verdict at all (exit 2, like an
 * unreachable target: summary.ts nothingCertified), then the gate (summary.ts gatePasses, which
 * --fail-on regression narrows to what the baseline did not have).
 */
import { terminalText } from '../report/inert-text.ts';
import { gatePasses, nothingCertified, type Summary } from '../report/summary.ts';

/** The places of a leak shown on the line; the rest are in summary.json's leakCheck. */
const LEAK_PLACES_SHOWN = 5;

export interface RunEnding {
  exitCode: 0 | 1 | 2;
  /** The line for stderr, "messaging-conformance: ..." and inert; empty when the gate decided. */
  stderr: string;
  /** Whether certify() of the API rejects with that line instead of resolving to the summary. */
  rejects: boolean;
}

export function runEnding(outcome: { summary: Summary; leaks: readonly string[]; incomplete: string | undefined }): RunEnding {
  const { summary, leaks, incomplete } = outcome;
  if (leaks.length > 0) {
    const more = leaks.length > LEAK_PLACES_SHOWN ? `; and ${leaks.length - LEAK_PLACES_SHOWN} more (summary.json leakCheck)` : '';
    return {
      exitCode: 1,
      stderr:
        'messaging-conformance: a key of the run was found in the reports (they must not be shared): ' +
        `${terminalText(leaks.slice(0, LEAK_PLACES_SHOWN).join('; '))}${more}`,
      rejects: true,
    };
  }
  if (incomplete !== undefined) return { exitCode: 2, stderr: `messaging-conformance: certification incomplete: ${terminalText(incomplete)}`, rejects: true };
  if (nothingCertified(summary))
    return {
      exitCode: 2,
      stderr:
        `messaging-conformance: nothing certified: ${summary.totals.broken} tests broken (the kit could not talk to the ` +
        `target), ${summary.runErrors.length} run errors, no verdict`,
      rejects: false,
    };
  return { exitCode: gatePasses(summary) ? 0 : 1, stderr: '', rejects: false };
}
