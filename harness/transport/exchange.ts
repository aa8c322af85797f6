/**
 * The record of one HTTP exchange with the target: what the client (http-client.ts) produces, the
 * redactor (redaction.ts) cleans, and the reports show. A module of its own so that the client and
 * the redactor both read it without importing each other.
 */
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
}
