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

/**
 * The road a request took to the target when it was not the plain one (transport/target-route.ts):
 * what the curl line (curl-line.ts) and the HAR entry (har-entry.ts) need to send it again the same
 * way. Paths and variable names only: a header's value, a passphrase and a proxy's credentials are
 * secrets of the run, written as the variables a reader sets.
 */
export interface ReplayRoute {
  /** Headers the route adds to every request (a gateway's), lower-case name → the variable that holds the value. */
  headers?: Record<string, string>;
  /** curl --cacert: the certificate authority trusted for the target. */
  caFile?: string;
  /** curl --cert and --key: the client certificate and its key. */
  clientCert?: string;
  clientKey?: string;
  /** curl --pass: the variable that holds the client key's passphrase. */
  passphraseVariable?: string;
  /** curl --insecure: the target's certificate was not verified. */
  insecure?: boolean;
  /** curl -x: the proxy, when its URL holds no credentials. */
  proxy?: string;
  /** curl -x "$VARIABLE": the variable that holds the proxy's URL, when it holds credentials. */
  proxyVariable?: string;
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
  /** The road the request took, when it was not the plain one (certify --header, --ca-file, --client-cert, --proxy, a proxy variable). */
  route?: ReplayRoute;
}
