/**
 * The pieces behind certify's guarantees against a hostile target, one by one and without a run
 * (hostile-target.test.ts runs them end to end): text made inert per format, the leak search with
 * its decoding, the process-wide redaction and key echoes, the bounded reading of an answer, the
 * redaction of what workers send, and whole warnings kept bounded.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AMBIGUITY_CHOICES } from '../schemas/ambiguities.ts';
import { boundedText, REASON_MAX_CHARS } from '../harness/kit/checks.ts';
import { parseExpectedFailures, reconcile } from '../harness/report/expected-failures.ts';
import { markdownText, terminalText, xmlAttribute } from '../harness/report/inert-text.ts';
import { junitXml } from '../harness/report/junit-report.ts';
import type { TestRecord } from '../harness/report/result-collector.ts';
import { ATTACHMENT_MAX_BYTES, mapStrings, RedactingReporter } from '../harness/report/run-redaction.ts';
import { buildSummary, withLeakCheck } from '../harness/report/summary.ts';
import { summaryMarkdown } from '../harness/report/summary-markdown.ts';
import { findLeakPlaces, leakPlaceText } from '../harness/run/leak-check.ts';
import { createHttpClient } from '../harness/transport/http-client.ts';
import { createRedactor, onKeyEcho, redactKnown, REDACTED } from '../harness/transport/redaction.ts';
import { isTransportError, transportFailureOf } from '../harness/transport/transport-error.ts';
import { LEARNED_KEY } from './boundary-fixture/learned-key.ts';
import { HOSTILE_TEXT } from './fault-proxy.ts';
import { listenOnLoopback } from './loopback-listener.ts';
import { testScratchDir } from './scratch-dir.ts';

interface MarkdownRenderer {
  render(source: string): string;
}
const render = (source: string, html: boolean): string => {
  const MarkdownIt = createRequire(import.meta.url)('markdown-it') as new (options: { html: boolean }) => MarkdownRenderer;
  return new MarkdownIt({ html }).render(source);
};

const record = (name: string, status: TestRecord['status'], requirements: string[], extra: Partial<TestRecord> = {}): TestRecord => ({
  name,
  file: 'suites/x.test.ts',
  status,
  requirements,
  skipReason: undefined,
  observations: [],
  warnings: [],
  recorded: [],
  error: undefined,
  durationMs: 1,
  ...extra,
});

describe('text from a target, made inert for its format', () => {
  it('Markdown: plain words stay; anything else is a code span with a longer fence, no pipe, no control character', () => {
    expect(markdownText('HTTP 200 for auth_01')).toBe('HTTP 200 for auth_01');
    expect(markdownText('POST http://h/sms/send timed out after 30 s (no response headers)')).toBe(
      'POST http://h/sms/send timed out after 30 s (no response headers)',
    );
    expect(markdownText('<script>alert(1)</script>')).toBe('`<script>alert(1)</script>`');
    expect(markdownText('a ``b`` c')).toBe('```a ``b`` c```');
    expect(markdownText('`edge`')).toBe('`` `edge` ``');
    expect(markdownText('1. looks like a list')).toBe('`1. looks like a list`');
    expect(markdownText('_emphasis_')).toBe('`_emphasis_`');
    expect(markdownText('a | b\nc')).toBe('`a ¦ b c`');
    expect(markdownText('red \u001b[31m')).toBe('`red \\u001b[31m`');
    expect(terminalText('a\u001b[2Jb\u202Ec\n')).toBe('a\\u001b[2Jb\\u202ec\n');
    expect(xmlAttribute('a\n<b>\u0001"c"\ud800')).toBe('a&#10;&lt;b&gt;&quot;c&quot;\uFFFD');
  });

  it(
    'summary.md of hostile reasons, observations and run errors: rendered with ' + "HTML allowed, only the kit's elements; the cause line of a warning kept",
    () => {
      const warning =
        `rule:envelope.message-token (warn): credits/consult, message does not match the ` +
        `documented schema:\n  message: expected a machine token ${HOSTILE_TEXT}\nHTTP 200 {"x":1}`;
      const records = [
        record('f', 'failed', ['err:auth_01'], { error: `expected 401, got 200 ${HOSTILE_TEXT}` }),
        record('w', 'passed', ['rule:envelope.message-token'], { warnings: [warning] }),
        record('o', 'passed', ['op:credits/consult'], {
          observations: [{ ambiguity: 'auth-error-http-status', expected: 'http-status', observed: `code ${HOSTILE_TEXT}`, matches: false }],
        }),
      ];
      const summary = buildSummary({
        target: 'http://127.0.0.1:1',
        profile: 'p.yaml',
        startedAt: '',
        seconds: 1,
        records,
        choices: DEFAULT_AMBIGUITY_CHOICES,
        reconciliation: reconcile(records, parseExpectedFailures([], 'none')),
        runErrors: [`suites/x.test.ts: ${HOSTILE_TEXT}`],
      });
      const md = summaryMarkdown(summary);
      const html = render(md, true);
      expect(html).toBe(render(md, false));
      expect([...new Set([...html.matchAll(/<([a-z][a-z0-9]*)\b/g)].map((m) => m[1]))].sort()).toEqual([
        'code',
        'h1',
        'h2',
        'h3',
        'li',
        'p',
        'table',
        'tbody',
        'td',
        'th',
        'thead',
        'tr',
        'ul',
      ]);
      // The head line may be shortened; the cause under it stays.
      expect(md).toMatch(
        /\| rule:envelope\.message-token \| warn \| `+rule:envelope\.message-token \(warn\): credits\/consult, [^|]*… message: expected a machine token/,
      );
      expect(md.split('\n').filter((l) => l.length > 310)).toEqual([]);
    },
  );

  it('a leak check that failed: the first line of summary.md says so, and the run does not pass', () => {
    const base = buildSummary({
      target: 't',
      profile: 'p',
      startedAt: '',
      seconds: 0,
      records: [],
      choices: DEFAULT_AMBIGUITY_CHOICES,
      reconciliation: reconcile([], []),
      runErrors: [],
    });
    expect(base.ok).toBe(true);
    const leaked = withLeakCheck(base, { passed: false, secrets: 4, findings: ['summary.json: $.runErrors[0] (raw)'] });
    expect(leaked.ok).toBe(false);
    expect(summaryMarkdown(leaked).split('\n')[0]).toMatch(/^# Conformance summary: FAIL \(a key of the run was found in the reports\); \d+ of /);
  });

  it("junit.xml: the target's words escaped in content and attributes, a headline first", () => {
    const xml = junitXml({
      suiteName: 's',
      startedAt: new Date(0),
      records: [record('w', 'passed', ['op:credits/consult'], { warnings: [`line one\n${HOSTILE_TEXT}`] })],
      runErrors: [],
      wallSeconds: 1,
      headlines: ['FAIL: a -- b'],
    });
    expect(xml.split('\n')[1]).toBe('<!-- FAIL: a - - b -->');
    expect(xml).not.toMatch(/<(script|img|a|b)\b/);
    expect(xml).toContain('value="line one&#10;&lt;script&gt;');
  });
});

describe('the leak search', () => {
  const key = 'a8f5f167f44f4964e6c998dee827110c0123abcd';
  const other = 'sub+key/with=odd&chars-0001';

  it('finds a key raw, percent-encoded, JSON-escaped, HTML-escaped, and base64 at any alignment inside embedded data; names file and place, never the key', () => {
    const out = testScratchDir('mc-leak-places-');
    mkdirSync(join(out, 'allure-report'));
    writeFileSync(join(out, 'summary.json'), JSON.stringify({ runErrors: ['fine', `x ${other} y`] }, null, 2));
    writeFileSync(join(out, 'junit.xml'), `<a>\n<b v="${other.replace(/&/g, '&amp;')}"/></a>`);
    writeFileSync(join(out, 'url.txt'), `GET /v1?apikey=${encodeURIComponent(other)}`);
    const embedded = (prefix: string) => Buffer.from(`${prefix}{"statusDetails":{"message":"echo ${key}"}}`).toString('base64');
    writeFileSync(
      join(out, 'allure-report', 'index.html'),
      `<script>d("data/a.json","${embedded('')}"),d("data/b.json","${embedded('x')}"),d("data/c.json","${embedded('xy')}")</script>`,
    );
    writeFileSync(join(out, 'clean.md'), `nothing [REDACTED] ${key.slice(0, 15)}`);
    writeFileSync(join(out, 'cut.txt'), `a preview: '${key.slice(0, 36)}…'`);
    const places = findLeakPlaces(out, [key, other]).map(leakPlaceText);
    expect(places).toEqual(
      expect.arrayContaining([
        'summary.json: line 4 (raw)',
        'summary.json: $.runErrors[1] (raw)',
        'junit.xml: line 2 (HTML-escaped)',
        'url.txt: line 1 (percent-encoded)',
        'allure-report/index.html: data/a.json (base64), line 1 (raw)',
        'allure-report/index.html: data/b.json (base64), line 1 (raw)',
        'allure-report/index.html: data/c.json (base64), line 1 (raw)',
        'cut.txt: line 1 (a run of 16 or more characters of a key)',
      ]),
    );
    expect(places.filter((p) => p.startsWith('clean.md'))).toEqual([]);
    for (const p of places) expect(p.includes(key) || p.includes(other)).toBe(false);
    // A report written outside the folder (certify --har FILE elsewhere) is searched too, by its path.
    const har = join(testScratchDir('mc-leak-har-'), 'run.har');
    writeFileSync(har, JSON.stringify({ log: { entries: [{ request: { headers: [{ name: 'apikey', value: key }] } }] } }));
    expect(findLeakPlaces(out, [key], [har]).map(leakPlaceText)).toEqual(expect.arrayContaining([`${har}: line 1 (raw)`]));
    expect(
      findLeakPlaces(out, [key], [])
        .map(leakPlaceText)
        .some((p) => p.startsWith(har)),
    ).toBe(false);
  });
});

describe('redaction in the process, and keys the target echoes', () => {
  it('every secret any redactor learned is redacted by redactKnown; a key returned outside apikey is an echo, in headers and body', () => {
    const given = 'given-key-000000000001';
    const issued = 'issued-key-00000000002';
    const redactor = createRedactor([given]);
    const echoes: string[] = [];
    const stop = onKeyEcho((e) => echoes.push(e));
    const base = { method: 'POST', requestHeaders: { apikey: given }, requestBody: undefined, status: 200, startedAt: '', durationMs: 1, attempt: 1 };
    // 4.11: a key in the apikey member is documented, no echo; learned.
    redactor.redactExchange({
      ...base,
      url: 'http://h/manager/subaccount/add',
      responseHeaders: {},
      responseBody: JSON.stringify({ success: true, apikey: issued }),
    });
    expect(echoes).toEqual([]);
    expect(redactKnown(`a ${issued} b ${given}`)).toBe(`a ${REDACTED} b ${REDACTED}`);
    const echoed = redactor.redactExchange({
      ...base,
      url: 'http://h/agendas/add',
      responseHeaders: { 'x-debug': given },
      responseBody: JSON.stringify({ message: `key ${issued}` }),
    });
    stop();
    expect(echoes).toEqual(['POST /agendas/add: response header x-debug, response body']);
    expect(JSON.stringify(echoed)).not.toMatch(/given-key|issued-key/);
    // What a cut left of a key (an assertion's preview, a snippet of an answer): redacted from 12 characters on.
    expect(redactor.redact(`expected 'debug ${issued.slice(0, 15)}…' and '…${given.slice(-13)}'`)).toBe(`expected 'debug ${REDACTED}…' and '…${REDACTED}'`);
    expect(redactKnown(`x ${issued.slice(2, 20)} y`)).toBe(`x ${REDACTED} y`);
    expect(redactor.redact(`short ${issued.slice(0, 11)}`)).toBe(`short ${issued.slice(0, 11)}`);
    // A wrong key the kit sent on purpose is redacted, but the target repeating it is no echo of a key of the run.
    const quiet: string[] = [];
    const stopQuiet = onKeyEcho((e) => quiet.push(e));
    redactor.redactExchange({
      ...base,
      requestHeaders: { apikey: 'made-up-key-123456' },
      url: 'http://h/credits/consult',
      responseHeaders: {},
      responseBody: 'bad key made-up-key-123456',
    });
    stopQuiet();
    expect(quiet).toEqual([]);
  });

  it(
    'what workers send is redacted in place at the boundary: errors, meta, Allure steps ' +
      'and attachments (cut to 256 KiB); the secrets they learned are taken out of the meta',
    () => {
      const learned = 'learned-in-worker-0000000001';
      const known = new Set<string>(['given-0000000000000001']);
      const secrets = {
        redact: (text: string) => [...known].reduce((t, s) => t.split(s).join(REDACTED), text),
        learn: (s: string) => void known.add(s),
        get size() {
          return known.size;
        },
      };
      const big = `${learned} ${'z'.repeat(ATTACHMENT_MAX_BYTES * 2)}`;
      const task = {
        meta: {
          learnedSecrets: [learned],
          warnings: [`w ${learned}`],
          allureRuntimeMessages: [
            { type: 'step_start', data: { name: `GET /x ${learned}` } },
            {
              type: 'attachment_content',
              data: { name: 'response body', content: Buffer.from(big).toString('base64'), encoding: 'base64', contentType: 'text/plain' },
            },
          ],
        },
        result: { state: 'fail', errors: [{ message: `boom ${learned}`, stack: `AssertionError: boom ${learned}\n at x`, actual: `"${learned}"` }] },
      };
      const reporter = new RedactingReporter(secrets);
      reporter.onTestCaseResult({ module: { relativeModuleId: 'suites/x.test.ts' }, task } as unknown as Parameters<RedactingReporter['onTestCaseResult']>[0]);
      expect(known.has(learned)).toBe(true);
      expect('learnedSecrets' in task.meta).toBe(false);
      expect(JSON.stringify(task)).not.toContain(learned);
      const attached = Buffer.from(String((task.meta.allureRuntimeMessages[1]!.data as { content: string }).content), 'base64').toString('utf8');
      expect(attached.startsWith(REDACTED)).toBe(true);
      expect(attached).toMatch(/attachment cut at 256 KiB of \d+ bytes/);
      expect(attached.length).toBeLessThan(ATTACHMENT_MAX_BYTES + 200);
      expect(mapStrings({ a: ['x', { b: 'x' }] }, (t) => t.toUpperCase())).toEqual({ a: ['X', { b: 'X' }] });
    },
  );
});

describe('bounded reading of an answer', () => {
  it('a 50 MB answer: the client stops at the limit, closes the connection, and fails as transport trouble; the heap does not take the answer', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(256 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('error', () => undefined);
      response.socket?.on('error', () => undefined);
      pump();
    });
    const listening = await listenOnLoopback(server);
    const client = createHttpClient({ baseUrl: listening.url, redactor: createRedactor(['bounded-key-000001']), answerLimitBytes: 4 * 1024 * 1024 });
    try {
      const before = process.memoryUsage().heapUsed;
      const failure = await client.call({ method: 'POST', path: '/agendas/get', apiKey: 'bounded-key-000001' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      const grewMb = (process.memoryUsage().heapUsed - before) / (1024 * 1024);
      expect(isTransportError(failure)).toBe(true);
      expect(transportFailureOf(failure)).toMatch(
        /^POST http:\/\/127\.0\.0\.1:\d+\/agendas\/get answer larger than 4 MiB: the kit stopped reading and closed the connection/,
      );
      expect(grewMb).toBeLessThan(30);
      // Announced by Content-Length: refused before reading.
      const announced = createServer((_request, response) => {
        response.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
        response.on('error', () => undefined);
        response.write('x');
      });
      const second = await listenOnLoopback(announced);
      const small = createHttpClient({ baseUrl: second.url, redactor: createRedactor([]), answerLimitBytes: 64 * 1024 });
      await expect(small.call({ method: 'GET', path: '/' })).rejects.toThrow(/answer larger than 64 KiB \(announced by Content-Length\)/);
      await small.close();
      await second.close();
    } finally {
      await client.close();
      await listening.close();
    }
  }, 30_000);
});

describe('whole warnings, bounded', () => {
  it('keeps a message whole up to the bound, its head and tail past it', () => {
    expect(boundedText('a\nb')).toBe('a\nb');
    const long = `${'h'.repeat(3000)}${'t'.repeat(1000)}`;
    const kept = boundedText(long);
    expect(kept.length).toBeLessThan(REASON_MAX_CHARS + 60);
    expect(kept.startsWith('hhh')).toBe(true);
    expect(kept.endsWith('ttt')).toBe(true);
    expect(kept).toMatch(/… \(2000 characters cut\) …/);
  });
});

describe('what a suite worker hands to the certify process', () => {
  it('a key learned in a test reaches the boundary, which redacts the failure quoting it ' +
    '(message, actual, stack); a failed cleanup step is a run error naming what was left', async () => {
    const out = testScratchDir('mc-boundary-');
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'boundary-fixture', 'run-boundary.ts'), out], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`run-boundary exited ${code}: ${text.slice(-2000)}`))));
    });
    const read = (name: string): unknown => JSON.parse(readFileSync(join(out, name), 'utf8')) as unknown;
    expect(read('secrets.json'), output.slice(-2000)).toEqual({ known: 2, learnedTheKey: true });
    const records = JSON.stringify(read('records.json'));
    expect(records).not.toContain(LEARNED_KEY);
    // vitest cut the quoted value inside the key: what the cut left is redacted all the same.
    expect(records).toContain(`expected 'debug ${REDACTED}`);
    // The error as the reporters after the boundary read it: the assertion's values and stack too.
    const errors = JSON.stringify(read('errors.json'));
    expect(errors).not.toContain(LEARNED_KEY);
    expect(errors).toMatch(/"actual":"'?debug \[REDACTED\]/);
    expect((read('records.json') as TestRecord[])[0]).toMatchObject({ status: 'failed' });
    const runErrors = read('run-errors.json') as string[];
    expect(runErrors).toEqual([
      `test/boundary-fixture/boundary.fixture.ts: cleanup failed: archiving subaccount fixture@example.com (4.11) (HTTP 500 ` +
        `{"message":"cannot archive ${REDACTED}"}); left on the target: subaccount fixture@example.com, emptied but not archived`,
    ]);
  }, 60_000);
});
