/**
 * One Allure step per HTTP exchange of a test: named "METHOD /path → status", with the redacted
 * request and response as step parameters (headers, status and time), all inside the test's
 * result file. A body short enough to read in the parameter table stays there; a longer one gets a
 * preview there and is attached whole (the report cuts long parameter values for display: a person
 * must be able to read a whole body).
 *
 * Each step also carries the curl line that sends its request again (curl-line.ts: keys as
 * $MC_API_KEY and the like), beside the request; a line too long for the parameter table is
 * attached whole, as a body is.
 *
 * Why parameters: a run makes thousands of exchanges, and one attachment file per request and per
 * response was, on the benchmark machine, seconds of file creation in every certify.
 */
import * as allure from 'allure-js-commons';
import { curlLine } from './curl-line.ts';
import type { Exchange } from './http-client.ts';

/** Longer bodies are attached whole, with a preview of this many characters in the parameter. */
const BODY_PARAMETER_MAX = 200;

/**
 * The most of a body an attachment holds, in characters (about 256 KiB of text): a target's answer
 * may be megabytes (up to the answer limit), and the single-file Allure report embeds every
 * attachment, so one large answer would make the page tens of megabytes. Past it the attachment is
 * cut and says so at its end.
 */
export const ATTACHMENT_MAX_CHARS = 256 * 1024;

/** `text` cut at `max` characters, with a line saying how much was cut; whole when it fits. */
function cappedAttachment(text: string, max: number = ATTACHMENT_MAX_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n… (attachment cut at ${max} of ${text.length} characters: the kit keeps at most ${Math.round(max / 1024)} KiB of a body)`;
}

const headerLines = (headers: Record<string, string>): string =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

/** The attachment's content type: JSON stays JSON (the report formats it), everything else is plain text. */
const attachmentType = (declared: string | undefined): string =>
  declared?.split(';')[0]?.trim().toLowerCase() === 'application/json' ? 'application/json' : 'text/plain';

async function body(step: allure.StepContext, name: string, text: string | undefined, contentType: string | undefined): Promise<void> {
  if (text === undefined || text === '') return;
  if (text.length <= BODY_PARAMETER_MAX) return void (await step.parameter(name, text));
  const whole = text.length <= ATTACHMENT_MAX_CHARS ? 'whole' : `its first ${Math.round(ATTACHMENT_MAX_CHARS / 1024)} KiB`;
  await step.parameter(name, `${text.slice(0, BODY_PARAMETER_MAX)}… (${text.length} characters: ${whole} in the attachment "${name}")`);
  // Plain text whatever the target declared: the report shows it, and a declared text/html must not make it a page.
  await allure.attachment(name, cappedAttachment(text), attachmentType(contentType));
}

/**
 * The most of a curl line kept in the parameter table: the report cuts long values for display, and
 * a cut command is no command. Longer, it is attached whole (a request body that long is attached too).
 */
const CURL_PARAMETER_MAX = 2000;

async function curl(step: allure.StepContext, line: string): Promise<void> {
  if (line.length <= CURL_PARAMETER_MAX) return void (await step.parameter('curl', line));
  await step.parameter('curl', `${line.slice(0, BODY_PARAMETER_MAX)}… (${line.length} characters: whole in the attachment "curl")`);
  await allure.attachment('curl', cappedAttachment(line), 'text/plain');
}

export async function recordExchange(exchange: Exchange): Promise<void> {
  const path = new URL(exchange.url).pathname;
  await allure.step(`${exchange.method} ${path} → ${exchange.status}`, async (step) => {
    await step.parameter('request', `${exchange.method} ${exchange.url}`);
    await curl(step, curlLine(exchange));
    await step.parameter('request headers', headerLines(exchange.requestHeaders));
    await body(step, 'request body', exchange.requestBody, exchange.requestHeaders['content-type']);
    await step.parameter('response', `HTTP ${exchange.status} in ${Math.round(exchange.durationMs)} ms`);
    await step.parameter('response headers', headerLines(exchange.responseHeaders));
    await body(step, 'response body', exchange.responseBody, exchange.responseHeaders['content-type']);
  });
}
