/**
 * What a conformance test records about itself for the reports, carried in vitest's task meta
 * (workers send it to the reporters of the certify process): the requirement ids it proves, why it
 * was skipped, what it observed on an ambiguity, the warnings of SHOULD statements, and why it
 * reached no verdict (broken, inconclusive). harness/report/test-status.ts decides the test's status
 * from vitest's outcome and these.
 */
import type { AmbiguityId } from '../../schemas/ambiguities.ts';

export interface Observation {
  ambiguity: AmbiguityId;
  /** The option the profile expects. */
  expected: string;
  /** What the target did, in a few words ("HTTP 200", "code invalid_parameters"). */
  observed: string;
  /** Whether the observation matches the expected option; null under record-only. */
  matches: boolean | null;
}

/** One of a failed test's last exchanges as the reports keep it beside the test. */
export interface FailureExchange {
  /** "POST /v2/otp → HTTP 429 in 12 ms (attempt 2, resent after rate_01)". */
  exchange: string;
  /** Cut like the failure message's (REQUEST_BODY_SHOWN), redacted; absent without a body. */
  requestBody?: string;
  /** Cut like the failure message's (RESPONSE_BODY_SHOWN), redacted; "(empty)" for none. */
  responseBody: string;
  /** The curl command that sends the request again (the whole body, up to curl-line.ts's bound). */
  curl: string;
}

export interface ConformanceMeta {
  /** Set when the test runs: the requirement ids it proves (the reports read these). */
  requirements?: string[];
  /** Set at collection: the same ids, for the requirement matrix only (spec/requirement-tests.ts); no report reads them. */
  declaredRequirements?: string[];
  skipReason?: string;
  observations?: Observation[];
  /** Failed SHOULD statements and readings: reported as warnings, not failures (conventions: OIDF WARNING). */
  warnings?: string[];
  /**
   * The requirements the warnings are about: the id a judged check names (judge.ts), the ids a failed
   * check was tagged with, else every id of the test. The summary shows a warning against these only.
   */
  warnedRequirements?: string[];
  /** What the target did where the document leaves it open (judge.ts, checks.ts recordBehaviour). */
  recorded?: RecordedBehaviour[];
  /**
   * Set by req() when the kit could not talk to the target (transport/transport-error.ts): the one
   * line of the trouble, as redacted by the client. The test fails in vitest and is reported
   * `broken`, never as a verdict on its requirements.
   */
  broken?: string;
  /**
   * Set by req() when the test threw Inconclusive (inconclusive.ts): its reason. The test passes in
   * vitest and is reported `inconclusive`; it fails the run only under --strict.
   */
  inconclusive?: string;
  /**
   * Set by req() when the failed check was about some of the test's requirements only
   * (requirement-checks.ts): those ids. The others were not decided by the test, which stopped at it.
   */
  failedRequirements?: string[];
  /**
   * Secrets the worker learned (keys the target returned, 4.11), handed to the certify process so
   * that it redacts every report against them too (current-test.ts). On a test: those learned since
   * the worker's last test ended; on a suite file: all learned while it ran. The certify process
   * takes them out of the meta before any reporter reads it (report/run-redaction.ts).
   */
  learnedSecrets?: string[];
  /** Set on a failed or broken test: its last exchanges, most recent last (failure-exchanges.ts). */
  failureExchanges?: FailureExchange[];
  /** On a suite file: where the target sent a key back outside the apikey member of 4.11 (transport/redaction.ts). */
  keyEchoes?: string[];
  /**
   * On a suite file: cleanup steps that failed, each naming what was left on the target
   * (current-test.ts reportCleanupFailure); every report shows them as run errors.
   */
  cleanupFailures?: string[];
}

export interface RecordedBehaviour {
  what: string;
  observed: string;
  /** The register id it is about (judge.ts): a latitude, an ambiguity or a requirement. */
  about?: string;
}

// vitest's TaskMeta is declared in @vitest/runner and re-exported by vitest: the augmentation names
// the module that declares it. Naming 'vitest' merged only while some other import of the program
// happened to make it resolve there, and the package's build (tsconfig.build.json) lost it.
declare module '@vitest/runner' {
  // Empty on purpose: a module augmentation adds members by merging an interface of the same name
  // into vitest's own TaskMeta, and extending ConformanceMeta is how it names them all at once.
  interface TaskMeta extends ConformanceMeta {}
}
