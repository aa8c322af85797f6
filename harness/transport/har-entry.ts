/**
 * One recorded exchange (exchange.ts) as an entry of HAR 1.2, the HTTP Archive format browsers and
 * proxies read (W3C Web Performance WG draft "HTTP Archive (HAR) format", version 1.2): what certify
 * --har writes for every exchange of a run (kit/har-recorder.ts appends, report/har-file.ts
 * assembles). The record is already redacted (5.2), so the entry is too; its bodies are cut like an
 * Allure attachment (allure-exchange.ts ATTACHMENT_MAX_CHARS), so that a target's huge answer is
 * not written whole once per exchange.
 *
 * What the record does not hold is written as HAR says an unknown value is: -1 for sizes and
 * timings the client did not measure apart, the whole time as `wait`.
 */
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { ATTACHMENT_MAX_CHARS } from './allure-exchange.ts';
import { routeWords } from './curl-line.ts';
import type { Exchange } from './exchange.ts';

const NameValue = z.object({ name: z.string(), value: z.string() });

const HarRequest = z.object({
  method: z.string(),
  url: z.string(),
  httpVersion: z.string(),
  cookies: z.array(NameValue),
  headers: z.array(NameValue),
  queryString: z.array(NameValue),
  postData: z.object({ mimeType: z.string(), text: z.string(), params: z.array(NameValue).optional(), comment: z.string().optional() }).optional(),
  headersSize: z.number().int(),
  bodySize: z.number().int(),
});

const HarResponse = z.object({
  status: z.number().int(),
  statusText: z.string(),
  httpVersion: z.string(),
  cookies: z.array(NameValue),
  headers: z.array(NameValue),
  content: z.object({ size: z.number().int(), mimeType: z.string(), text: z.string().optional(), comment: z.string().optional() }),
  redirectURL: z.string(),
  headersSize: z.number().int(),
  bodySize: z.number().int(),
});

export const HarEntry = z.object({
  startedDateTime: z.iso.datetime({ offset: true }),
  time: z.number().nonnegative(),
  request: HarRequest,
  response: HarResponse,
  cache: z.object({}),
  timings: z.object({ blocked: z.number(), dns: z.number(), connect: z.number(), send: z.number(), wait: z.number(), receive: z.number(), ssl: z.number() }),
  /** The test that made the exchange ("suites/sms/post.test.ts > sends > ..."), or the file's setup or teardown. */
  comment: z.string().optional(),
  /** HAR allows custom fields with a leading underscore: the attempt (2 is the first resend after a 429 rate_01, 7.1). */
  _attempt: z.number().int().positive(),
  /**
   * The road the request took when it was not the plain one (exchange.ts ReplayRoute): the route
   * headers by the variables that hold their values (the headers above show them [REDACTED]), the
   * certificate files, the proxy, and the curl options that take the same road.
   */
  _route: z
    .object({
      headers: z.record(z.string(), z.string()).optional(),
      caFile: z.string().optional(),
      clientCert: z.string().optional(),
      clientKey: z.string().optional(),
      passphraseVariable: z.string().optional(),
      insecure: z.boolean().optional(),
      proxy: z.string().optional(),
      proxyVariable: z.string().optional(),
      curlOptions: z.string(),
    })
    .optional(),
});
export type HarEntry = z.infer<typeof HarEntry>;

export const HarLog = z.object({
  log: z.object({
    version: z.literal('1.2'),
    creator: z.object({ name: z.string(), version: z.string() }),
    pages: z.array(z.unknown()),
    entries: z.array(HarEntry),
    comment: z.string().optional(),
  }),
});
export type HarLog = z.infer<typeof HarLog>;

const nameValues = (headers: Record<string, string>): { name: string; value: string }[] => Object.entries(headers).map(([name, value]) => ({ name, value }));

/** The query of `url` as HAR's name and value pairs (decoded, as HAR shows them); none when the URL does not parse. */
function queryStringOf(url: string): { name: string; value: string }[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** The declared content type, parameters included, as HAR's mimeType; "" when none was declared. */
const mimeTypeOf = (headers: Record<string, string>): string => headers['content-type'] ?? '';

/** `text` cut at the attachment bound, and a note saying so; whole when it fits. */
function capped(text: string): { text: string; comment?: string } {
  if (text.length <= ATTACHMENT_MAX_CHARS) return { text };
  return {
    text: text.slice(0, ATTACHMENT_MAX_CHARS),
    comment: `cut at ${ATTACHMENT_MAX_CHARS} of ${text.length} characters: the kit keeps at most ${Math.round(ATTACHMENT_MAX_CHARS / 1024)} KiB of a body`,
  };
}

/** curl's options for the road, a route header's value as its variable: `--cacert ca.pem -x http://proxy:3128 -H "x-gateway-key: $MC_HEADER_X_GATEWAY_KEY"`. */
function routeOptionsText(exchange: Exchange): string {
  const headers = Object.entries(exchange.route?.headers ?? {}).map(([name, variable]) => `-H "${name}: $${variable}"`);
  return [...routeWords(exchange.route), ...headers].join(' ');
}

/** The HAR entry of a redacted exchange; `comment` names the test that made it. */
export function harEntryOf(exchange: Exchange, comment?: string): HarEntry {
  const requestBody = exchange.requestBody ?? '';
  const request = capped(requestBody);
  const response = capped(exchange.responseBody);
  const time = Math.max(0, exchange.durationMs);
  return {
    startedDateTime: exchange.startedAt,
    time,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(exchange.requestHeaders),
      queryString: queryStringOf(exchange.url),
      ...(requestBody !== '' ? { postData: { mimeType: mimeTypeOf(exchange.requestHeaders), ...request } } : {}),
      headersSize: -1,
      bodySize: Buffer.byteLength(requestBody, 'utf8'),
    },
    response: {
      status: exchange.status,
      statusText: STATUS_CODES[exchange.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(exchange.responseHeaders),
      content: { size: Buffer.byteLength(exchange.responseBody, 'utf8'), mimeType: mimeTypeOf(exchange.responseHeaders), ...response },
      redirectURL: exchange.responseHeaders.location ?? '',
      headersSize: -1,
      bodySize: Buffer.byteLength(exchange.responseBody, 'utf8'),
    },
    cache: {},
    // The client measures one span, from sending to the end of the answer (http-client.ts).
    timings: { blocked: -1, dns: -1, connect: -1, send: 0, wait: time, receive: 0, ssl: -1 },
    ...(comment !== undefined ? { comment } : {}),
    _attempt: exchange.attempt,
    ...(exchange.route !== undefined ? { _route: { ...exchange.route, curlOptions: routeOptionsText(exchange) } } : {}),
  };
}
