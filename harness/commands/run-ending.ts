/**
 * How a certification ends, for the command line (certify-command.ts), the API's certify()
 * (api.ts) and the kill matrix's warm processes (matrix-worker.ts): the verdict and exit code that
 * report/run-verdict.ts decides (a key found in the reports, a run cut short, no verdict at all,
 * then the gate), the one line on stderr that says why when the gate did not decide it, and
 * whether the API rejects.
 */
import { terminalText } from '../report/inert-text.ts';
import { runVerdict, type RunVerdict } from '../report/run-verdict.ts';
import type { Summary } from '../report/summary.ts';

/** The places of a leak shown on the line; the rest are in summary.json's leakCheck. */
const LEAK_PLACES_SHOWN = 5;

export interface RunEnding {
  exitCode: RunVerdict['exitCode'];
  /** The word of the closing line (certify-command.ts closingLines). */
  word: RunVerdict['ending'];
  /** The line for stderr, "messaging-conformance: ..." and inert; empty when the gate decided. */
  stderr: string;
  /** Whether certify() of the API rejects with that line instead of resolving to the summary. */
  rejects: boolean;
}

export function runEnding(outcome: { summary: Summary; leaks: readonly string[]; incomplete: string | undefined }): RunEnding {
  const { summary, leaks, incomplete } = outcome;
  // The leak check's findings and the run's end are the outcome's; the summary may predate them.
  const verdict = runVerdict({
    ...summary,
    ...(leaks.length > 0 ? { leakCheck: { passed: false } } : {}),
    ...(incomplete !== undefined ? { incomplete } : {}),
  });
  const ending = { exitCode: verdict.exitCode, word: verdict.ending };
  if (verdict.cause === 'leak') {
    const more = leaks.length > LEAK_PLACES_SHOWN ? `; and ${leaks.length - LEAK_PLACES_SHOWN} more (summary.json leakCheck)` : '';
    return {
      ...ending,
      stderr:
        'messaging-conformance: a key of the run was found in the reports (they must not be shared): ' +
        `${terminalText(leaks.slice(0, LEAK_PLACES_SHOWN).join('; '))}${more}`,
      rejects: true,
    };
  }
  if (verdict.cause === 'incomplete')
    return { ...ending, stderr: `messaging-conformance: certification incomplete: ${terminalText(incomplete ?? summary.incomplete ?? '')}`, rejects: true };
  if (verdict.ending === 'NOTHING CERTIFIED')
    return {
      ...ending,
      stderr:
        `messaging-conformance: nothing certified: ${summary.totals.broken} tests broken (the kit could not talk to the ` +
        `target), ${summary.runErrors.length} run errors, no verdict`,
      rejects: false,
    };
  return { ...ending, stderr: '', rejects: false };
}
