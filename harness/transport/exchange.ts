/**
 * The record of one HTTP exchange with the target: what the client (http-client.ts) produces, the
 * redactor (redaction.ts) cleans, and the reports show. A module of its own so that the client and
 * the redactor both read it without importing each other.
 */
/**
 * Which key a request carried, for the curl line that reproduces it (curl-line.ts): the record is
 * redacted (5.2: a key "gives full access to the account and balance"), so its [REDACTED] must be
 * named by a shell variable instead, and only the kit knows whose key it was (kit/key-reference.ts).
 */
export interface KeyReference {
  /** The shell variable that stands for the key: MC_API_KEY, MC_MANAGER_KEY, ... */
  variable: string;
  /**
   * Credential headers the redactor blanks whole (apikey, token, authorization), written as sent
   * with only the key replaced by [REDACTED] ("Bearer [REDACTED]", 5.1 and 5.6 tests send those).
   */
  headers?: Record<string, string>;
}

/** One HTTP request and its answer, as recorded in reports. Always redacted before anyone sees it. */
export interface Exchange {
  method: string;
  /** Full URL with query (the v1 apikey parameter redacted, 5.5). */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string | undefined;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
  /** ISO 8601 time the attempt started (after pacing). */
  startedAt: string;
  /** From sending the request to the end of the response body. */
  durationMs: number;
  /** 1 for the first attempt, 2 for the first retry after a 429 rate_01, and so on. */
  attempt: number;
  /** Which key the request carried, set by the kit after redaction (absent: the curl line says MC_OTHER_KEY). */
  key?: KeyReference;
}
