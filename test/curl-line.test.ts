/**
 * The curl line of an exchange (transport/curl-line.ts, kit/key-reference.ts, kit/failure-exchanges.ts):
 * sent through the kit's client to a loopback server that records what it receives, then the line
 * is run by a shell, and the server must receive the same request again: method, path and query,
 * the headers the kit set, the body byte for byte. The keys are given to the shell as the variables
 * the line names ($MC_API_KEY, $MC_MANAGER_KEY, ...): the line itself holds none of them in any
 * form (5.2), not even a key the kit put in a body field of its own. The line's words are read
 * back by the shell itself (a `curl` function that prints its arguments) wherever curl is, and
 * the real curl sends them when it is installed.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProfile } from '../harness/config/profile.ts';
import { RunConfig } from '../harness/config/run-config.ts';
import { failureExchangeOf } from '../harness/kit/failure-exchanges.ts';
import { keyReferenceOf, namedKeysOf } from '../harness/kit/key-reference.ts';
import { junitXml } from '../harness/report/junit-report.ts';
import type { TestRecord } from '../harness/report/result-collector.ts';
import { curlLine, CURL_BODY_MAX_CHARS, shellWord, UNNAMED_KEY_VARIABLE } from '../harness/transport/curl-line.ts';
import { createHttpClient, type CallOptions, type HttpClient } from '../harness/transport/http-client.ts';
import { createRedactor, REDACTED, variantsOf } from '../harness/transport/redaction.ts';
import { listenOnLoopback } from './loopback-listener.ts';
import { exchangeOf } from './exchange-fixture.ts';

const run = promisify(execFile);

const API_KEY = 'acct-key-0123456789abcdef';
const MANAGER_KEY = 'mgr-key-fedcba9876543210';
const SUBACCOUNT_KEY = 'sub-key-00aa11bb22cc33dd';
const KEYS = [API_KEY, MANAGER_KEY, SUBACCOUNT_KEY];
/** The variables a reader sets: what the line names, the shell expands. */
const ENV = { MC_API_KEY: API_KEY, MC_MANAGER_KEY: MANAGER_KEY, MC_SUBACCOUNT_KEY: SUBACCOUNT_KEY, [UNNAMED_KEY_VARIABLE]: 'x' };

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const received: Received[] = [];
let target: { url: string; close(): Promise<void> };
let client: HttpClient;
const config = RunConfig.parse({
  baseUrl: 'http://127.0.0.1:1',
  apiKey: API_KEY,
  managerKey: MANAGER_KEY,
  embedded: false,
  profile: defaultProfile(),
  allowCharges: false,
  runId: 'curl1',
  seed: 1,
  outDir: '/tmp',
});
const keys = namedKeysOf(config, SUBACCOUNT_KEY);

beforeAll(async () => {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    });
  });
  target = await listenOnLoopback(server);
  client = createHttpClient({ baseUrl: target.url, redactor: createRedactor([API_KEY, MANAGER_KEY, SUBACCOUNT_KEY]) });
});

afterAll(async () => {
  await client.close();
  await target.close();
});

/** Sends `call` with the kit's client: what the server received, and the curl line of the recorded exchange. */
async function sendAndLine(call: CallOptions): Promise<{ sent: Received; line: string }> {
  const before = received.length;
  const result = await client.call(call);
  const key = keyReferenceOf(call, keys);
  const line = curlLine(key === undefined ? result.exchange : { ...result.exchange, key });
  return { sent: received[before]!, line };
}

/** The words of `line` as the shell splits and expands them, with the keys set in the environment. */
function shellWords(line: string): string[] {
  const printed = execFileSync('sh', ['-c', `curl() { for word in "$@"; do printf '%s\\0' "$word"; done; }\n${line}`], { env: { ...process.env, ...ENV } });
  return printed.toString('utf8').split('\0').slice(0, -1);
}

/** The headers the kit set, as the server saw them: a reproduction must carry the same. */
const keptHeaders = (r: Received, names: readonly string[]) => Object.fromEntries(names.map((n) => [n, r.headers[n]]));

function expectNoKey(line: string): void {
  for (const key of KEYS) for (const form of variantsOf(key)) expect(line.includes(form), `a form of a key in: ${line}`).toBe(false);
}

const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Requests that put the key in each place of section 5, with bodies that quote, expand and break lines. */
const CASES: { name: string; call: CallOptions; variable: string; headers: string[] }[] = [
  {
    name: 'header apikey (5.1), a JSON body with quotes, $, backquotes and backslashes',
    call: { method: 'POST', path: '/sms/send', apiKey: API_KEY, json: { message: "it's $HOME `id` \\ \"quoted\" $(id) 'a'", numbers: ['5512345678'] } },
    variable: 'MC_API_KEY',
    headers: ['apikey', 'content-type'],
  },
  {
    name: 'body field apikey (5.1), and the key again in another field of the body',
    call: {
      method: 'POST',
      path: '/agendas/add',
      apiKey: SUBACCOUNT_KEY,
      keyPlacement: 'body',
      json: { agenda_name: 'lista', note: `copy of ${SUBACCOUNT_KEY}` },
    },
    variable: 'MC_SUBACCOUNT_KEY',
    headers: ['content-type'],
  },
  {
    name: 'the v1 query parameter apikey (5.5), a query with & and spaces',
    call: { method: 'GET', path: '/v1/sms/send', apiKey: API_KEY, keyPlacement: 'query', query: { mensaje: 'hola & adiós', numcelular: '5512345678' } },
    variable: 'MC_API_KEY',
    headers: [],
  },
  {
    name: 'the manager key (5.3), a form body',
    call: { method: 'POST', path: '/manager/subaccount/add', apiKey: MANAGER_KEY, form: { email: 'a+b@example.com', password: "pa ss'word" } },
    variable: 'MC_MANAGER_KEY',
    headers: ['apikey', 'content-type'],
  },
  {
    name: 'Authorization: Bearer with the key and no apikey (5.1: not a key), a DELETE',
    call: { method: 'DELETE', path: '/v2/otp', headers: { authorization: `Bearer ${API_KEY}` }, json: { phone_number: '5512345678' } },
    variable: 'MC_API_KEY',
    headers: ['authorization', 'content-type'],
  },
  {
    name: 'a raw body with line breaks and a wrong key the kit made up',
    call: {
      method: 'PUT',
      path: '/webhook/update',
      apiKey: 'not-a-key-of-the-run',
      headers: { 'content-type': 'text/plain' },
      body: "line one\nline 'two'\n\ttabbed $PATH",
    },
    variable: UNNAMED_KEY_VARIABLE,
    headers: ['content-type'],
  },
];

describe('the curl line of an exchange', () => {
  for (const c of CASES) {
    it(`${c.name}: names the key $${c.variable}, holds none, and the shell reads the request back from it`, async () => {
      const { sent, line } = await sendAndLine(c.call);
      expectNoKey(line);
      expect(line).toContain(`"$${c.variable}"`);
      const words = shellWords(line.replaceAll(`$${UNNAMED_KEY_VARIABLE}`, '$WRONG_KEY'));
      expect(words.at(-1)).toBe(`${target.url}${sent.url}`);
      const body = words.indexOf('--data-binary');
      expect(body === -1 ? '' : words[body + 1]).toBe(sent.body);
      const headerWords = words.filter((_, i) => words[i - 1] === '-H');
      for (const name of c.headers) expect(headerWords, name).toContain(`${name}: ${String(sent.headers[name])}`);
    });
  }

  it.runIf(hasCurl)(
    "run by curl (installed here), every line makes the server receive the same request: method, path and query, the kit's headers, the body",
    async () => {
      for (const c of CASES.filter((k) => k.variable !== UNNAMED_KEY_VARIABLE)) {
        const { sent, line } = await sendAndLine(c.call);
        const before = received.length;
        await run('sh', ['-c', `${line} --silent --output /dev/null`], { env: { ...process.env, ...ENV } });
        const again = received[before]!;
        expect({ method: again.method, url: again.url, body: again.body }, c.name).toEqual({ method: sent.method, url: sent.url, body: sent.body });
        expect(keptHeaders(again, c.headers), c.name).toEqual(keptHeaders(sent, c.headers));
      }
    },
  );

  it('a key of the run in a request the kit could not name (one the target issued later) is never printed: the line has the variable', async () => {
    const learnedLate = 'issued-late-key-0123456789';
    const { line } = await sendAndLine({ method: 'POST', path: '/credits/consult', apiKey: learnedLate, json: { echo: learnedLate } });
    // The client's redactor learned it from the request (a key in a header, 5.1).
    for (const form of variantsOf(learnedLate)) expect(line).not.toContain(form);
    expect(line).toContain(`"$${UNNAMED_KEY_VARIABLE}"`);
  });

  it('a failing exchange redacted again with a key learned after it was recorded: the curl line of the failure names it too', async () => {
    const later = 'learned-after-the-call-0123';
    const result = await createHttpClient({ baseUrl: target.url, redactor: createRedactor([API_KEY]) }).call({
      method: 'POST',
      path: '/x',
      apiKey: API_KEY,
      json: { subaccount: later },
    });
    expect(curlLine(result.exchange)).toContain(later);
    const laterRedactor = createRedactor([API_KEY, later]);
    const shown = failureExchangeOf({ ...result.exchange, key: { variable: 'MC_API_KEY' } }, (text) => laterRedactor.redact(text));
    expect(shown.curl).not.toContain(later);
    expect(shown.exchange).toMatch(/^POST \/x → HTTP 200 in \d+ ms$/);
  });

  it('a body over the bound is not written into the line, which says where it is', () => {
    const body = 'y'.repeat(CURL_BODY_MAX_CHARS + 1);
    const line = curlLine(exchangeOf({ method: 'POST', url: 'http://h/p', requestBody: body }));
    expect(line.length).toBeLessThan(1000);
    expect(line).toContain(`(${body.length} characters) is too long`);
  });

  it('shellWord: a word of plain characters is bare; [REDACTED] is the variable, outside quotes; a quote is escaped', () => {
    expect(shellWord('abc', 'V')).toBe('abc');
    expect(shellWord(`apikey: ${REDACTED}`, 'MC_API_KEY')).toBe(`'apikey: '"$MC_API_KEY"`);
    expect(shellWord(REDACTED, 'V')).toBe('"$V"');
    expect(shellWord('', 'V')).toBe("''");
    expect(shellWords(`curl ${shellWord("it's", 'V')}`)).toEqual(["it's"]);
  });
});

describe('junit.xml: the curl lines of a failed test in its system-out', () => {
  const record = (overrides: Partial<TestRecord>): TestRecord => ({
    name: 'a > b',
    file: 'suites/sms.test.ts',
    status: 'failed',
    requirements: ['op:sms/send'],
    skipReason: undefined,
    observations: [],
    warnings: [],
    recorded: [],
    error: 'expected 200',
    durationMs: 5,
    ...overrides,
  });

  it('one line per exchange, escaped for XML; a passed test has none', () => {
    const curl = `curl -H 'apikey: '"$MC_API_KEY" --data-binary '{"a":"<b>"}' http://h/sms/send`;
    const xml = junitXml({
      suiteName: 's',
      records: [
        record({ failureExchanges: [{ exchange: 'POST /sms/send → HTTP 400 in 3 ms', responseBody: '{}', curl }] }),
        record({ name: 'a > c', status: 'passed', error: undefined, failureExchanges: [{ exchange: 'x', responseBody: '', curl: 'curl x' }] }),
      ],
      runErrors: [],
      startedAt: new Date(0),
      wallSeconds: 1,
    });
    expect(xml).toContain(
      `# POST /sms/send → HTTP 400 in 3 ms\ncurl -H &apos;apikey: &apos;&quot;$MC_API_KEY&quot; ` +
        `--data-binary &apos;{&quot;a&quot;:&quot;&lt;b&gt;&quot;}&apos; http://h/sms/send</system-out>`,
    );
    expect(xml.match(/<system-out>/g)).toHaveLength(1);
  });
});
