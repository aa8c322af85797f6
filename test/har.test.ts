/**
 * certify --har (RunConfig.harFile): every exchange of a run, redacted (5.2), in HAR 1.2. The entry
 * of one exchange (transport/har-entry.ts), the assembly from the workers' parts (report/har-file.ts:
 * order, redaction with secrets learned late, a torn last line, bounded bodies), and a run with the
 * field set (har-fixture/run-with-har.ts, in a child process): the HAR holds the run's exchanges and
 * none of its keys, and the failed test's curl lines are in junit.xml and summary.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { harPartsFolder } from '../harness/kit/har-recorder.ts';
import { writeHarFile } from '../harness/report/har-file.ts';
import type { Summary } from '../harness/report/summary.ts';
import { ATTACHMENT_MAX_CHARS } from '../harness/transport/allure-exchange.ts';
import type { Exchange } from '../harness/transport/exchange.ts';
import { harEntryOf, HarLog } from '../harness/transport/har-entry.ts';
import { createRedactor, variantsOf } from '../harness/transport/redaction.ts';
import { fileScratchDir, testScratchDir } from './scratch-dir.ts';

const exchange = (overrides: Partial<Exchange> = {}): Exchange => ({
  method: 'POST',
  url: 'http://127.0.0.1:9/v1/sms/send?apikey=[REDACTED]&numcelular=5512345678',
  requestHeaders: { 'content-type': 'application/json', apikey: '[REDACTED]' },
  requestBody: '{"message":"hola"}',
  status: 429,
  responseHeaders: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' },
  responseBody: '{"code":"rate_01"}',
  startedAt: '2026-11-26T14:00:00.000Z',
  durationMs: 12.5,
  attempt: 2,
  ...overrides,
});

describe('the HAR entry of one exchange', () => {
  it('has every field HAR 1.2 asks of an entry, from the record', () => {
    const entry = harEntryOf(exchange(), 'suites/sms.test.ts > sends');
    expect(HarLog.parse({ log: { version: '1.2', creator: { name: 'x', version: '1' }, pages: [], entries: [entry] } }).log.entries).toHaveLength(1);
    expect(entry).toMatchObject({
      startedDateTime: '2026-11-26T14:00:00.000Z',
      time: 12.5,
      request: {
        method: 'POST',
        httpVersion: 'HTTP/1.1',
        postData: { mimeType: 'application/json', text: '{"message":"hola"}' },
        bodySize: 18,
        headersSize: -1,
        cookies: [],
      },
      response: {
        status: 429,
        statusText: 'Too Many Requests',
        content: { size: 18, mimeType: 'application/json; charset=utf-8', text: '{"code":"rate_01"}' },
        redirectURL: '',
        bodySize: 18,
      },
      cache: {},
      comment: 'suites/sms.test.ts > sends',
      _attempt: 2,
    });
    expect(entry.request.queryString).toEqual([
      { name: 'apikey', value: '[REDACTED]' },
      { name: 'numcelular', value: '5512345678' },
    ]);
    expect(entry.request.headers).toContainEqual({ name: 'apikey', value: '[REDACTED]' });
    expect(entry.timings.wait).toBe(12.5);
  });

  it('a GET has no postData; a body over the attachment bound is cut, its size the whole one, and says so', () => {
    const huge = 'x'.repeat(ATTACHMENT_MAX_CHARS + 10);
    const entry = harEntryOf(exchange({ method: 'GET', requestBody: undefined, responseBody: huge }));
    expect(entry.request.postData).toBeUndefined();
    expect(entry.request.bodySize).toBe(0);
    expect(entry.response.content.text).toHaveLength(ATTACHMENT_MAX_CHARS);
    expect(entry.response.content.size).toBe(ATTACHMENT_MAX_CHARS + 10);
    expect(entry.response.content.comment).toMatch(/^cut at/);
  });
});

describe("the HAR assembled from the workers' parts", () => {
  it('orders the entries by start, redacts a key learned after they were written, leaves out a torn line, removes the parts', () => {
    const outDir = testScratchDir('mc-har-parts-');
    const place = { outDir, runId: 'parts1' };
    const folder = harPartsFolder(place);
    mkdirSync(folder, { recursive: true });
    const late = 'sub-key-learned-late-0123456789';
    const line = (e: Exchange) => JSON.stringify(harEntryOf(e));
    writeFileSync(
      join(folder, '1-a.jsonl'),
      `${line(exchange({ startedAt: '2026-11-26T14:00:02.000Z', responseBody: `{"echo":"${late}"}` }))}\n${line(exchange({ startedAt: '2026-11-26T14:00:00.000Z' }))}\n`,
    );
    writeFileSync(
      join(folder, '2-b.jsonl'),
      `${line(exchange({ startedAt: '2026-11-26T14:00:01.000Z', url: 'http://127.0.0.1:9/second' }))}\n{"startedDateTime":"2026-11-26T14:00:03.000Z","time":`,
    );
    const redactor = createRedactor([late]);
    const harFile = join(outDir, 'run.har');
    const outcome = writeHarFile({ place, harFile, redact: (text) => redactor.redact(text) });
    expect(outcome).toEqual({ entries: 3, skipped: 1, incomplete: false });
    const text = readFileSync(harFile, 'utf8');
    const har = HarLog.parse(JSON.parse(text));
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator.name).toBe('messaging-conformance');
    expect(har.log.entries.map((e) => e.startedDateTime)).toEqual(['2026-11-26T14:00:00.000Z', '2026-11-26T14:00:01.000Z', '2026-11-26T14:00:02.000Z']);
    for (const form of variantsOf(late)) expect(text).not.toContain(form);
    expect(har.log.entries[2]!.response.content.text).toBe('{"echo":"[REDACTED]"}');
    expect(existsSync(folder), 'the parts are removed').toBe(false);
  });

  it('a run that made no exchange gets an empty log; a worker that could not write makes it say it is incomplete', () => {
    const outDir = testScratchDir('mc-har-empty-');
    const place = { outDir, runId: 'empty1' };
    expect(writeHarFile({ place, harFile: join(outDir, 'a.har'), redact: (t) => t })).toEqual({ entries: 0, skipped: 0, incomplete: false });
    expect(HarLog.parse(JSON.parse(readFileSync(join(outDir, 'a.har'), 'utf8'))).log.entries).toEqual([]);
    mkdirSync(harPartsFolder(place), { recursive: true });
    writeFileSync(join(harPartsFolder(place), '77.failed'), '');
    expect(writeHarFile({ place, harFile: join(outDir, 'b.har'), redact: (t) => t }).incomplete).toBe(true);
    expect(HarLog.parse(JSON.parse(readFileSync(join(outDir, 'b.har'), 'utf8'))).log.comment).toMatch(/^incomplete/);
  });
});

interface RunKeys {
  account: string;
  manager: string;
  all: string[];
  echoed: number;
}

/** Runs har-fixture/run-with-har.ts into `out` (in a child process: this vitest run is not nested in the test's own); the run's keys. */
async function runWithHar(out: string, ...flags: string[]): Promise<RunKeys> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'har-fixture', 'run-with-har.ts'), out, ...flags], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`run-with-har exited ${code}: ${text.slice(-2000)}`))));
  });
  expect(existsSync(join(out, 'keys.json')), output.slice(-2000)).toBe(true);
  return JSON.parse(readFileSync(join(out, 'keys.json'), 'utf8')) as RunKeys;
}

/** The files of a run's output folder that are reports (keys.json is the test's own). */
const reportFiles = (out: string): string[] => [
  'run.har',
  'junit.xml',
  'summary.json',
  ...readdirSync(join(out, 'allure-results')).map((f) => join('allure-results', f)),
];

describe("a run with the run config's harFile set (the credits suite file against a faulty embedded server)", () => {
  const out = fileScratchDir('mc-har-run-');
  let keys: RunKeys;

  beforeAll(async () => {
    keys = await runWithHar(out);
  }, 120_000);

  it('writes every exchange of the run, setup and teardown included, each named by its test, as valid HAR 1.2; no run error; the parts are gone', () => {
    const har = HarLog.parse(JSON.parse(readFileSync(join(out, 'run.har'), 'utf8')));
    expect(JSON.parse(readFileSync(join(out, 'run-errors.json'), 'utf8'))).toEqual([]);
    const paths = har.log.entries.map((e) => new URL(e.request.url).pathname);
    expect(paths).toContain('/credits/consult');
    // The file's subaccount (4.11): created at setup, archived at teardown, outside any test.
    expect(paths).toContain('/manager/subaccount/add');
    expect(har.log.entries.some((e) => e.comment?.startsWith('setup or teardown'))).toBe(true);
    expect(har.log.entries.some((e) => e.comment?.includes('answers credit_01 with the balance as a two-place decimal'))).toBe(true);
    expect(existsSync(join(out, '.har-parts')), 'the parts folder is removed').toBe(false);
  });

  it("holds no key of the run in any form (the account's, the manager's, the subaccounts' the server issued)", () => {
    const text = readFileSync(join(out, 'run.har'), 'utf8');
    expect(keys.all.length).toBeGreaterThan(3);
    for (const key of keys.all) for (const form of variantsOf(key)) expect(text.includes(form), `a form of a key (${key.length} characters)`).toBe(false);
    expect(text).toContain('[REDACTED]');
  });

  it("the failed test's last exchanges are in summary.json and junit.xml, each with a curl line whose key is a variable, never its value", () => {
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
    const failed = summary.failureExchanges.find((f) => f.test.includes('two-place decimal'));
    expect(failed?.exchanges.at(-1)).toMatchObject({
      exchange: expect.stringMatching(/^POST \/credits\/consult → HTTP 200/),
      curl: expect.stringMatching(/^curl .*'apikey: '"\$MC_SUBACCOUNT_KEY"/),
    });
    const xml = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(xml).toMatch(/<system-out>the request of the test&apos;s last exchange as curl[^<]*\ncurl /);
    // Allure: each exchange step carries its curl line beside the request (transport/allure-exchange.ts).
    const results = readdirSync(join(out, 'allure-results'))
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => readFileSync(join(out, 'allure-results', f), 'utf8'));
    expect(results.some((r) => /"name":"curl","value":"curl [^"]*\\"\$MC_SUBACCOUNT_KEY\\"/.test(r))).toBe(true);
    for (const key of keys.all) {
      expect(xml).not.toContain(key);
      expect(JSON.stringify(summary)).not.toContain(key);
    }
  });
});

describe('the same run behind a target that echoes every key in the bodies and headers of its answers', () => {
  const out = fileScratchDir('mc-har-echo-');
  let keys: RunKeys;

  beforeAll(async () => {
    keys = await runWithHar(out, 'echo');
  }, 120_000);

  it('no key of the run in any form in the HAR, junit.xml, summary.json or the Allure results (curl lines included); the echoes are there, redacted', () => {
    expect(keys.echoed, 'answers with echoed keys').toBeGreaterThan(5);
    for (const file of reportFiles(out)) {
      const text = readFileSync(join(out, file), 'utf8');
      for (const key of keys.all)
        for (const form of variantsOf(key)) expect(text.includes(form), `${file}: a form of a key (${key.length} characters)`).toBe(false);
    }
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
    expect(summary.failureExchanges.flatMap((f) => f.exchanges).length).toBeGreaterThan(0);
    const har = HarLog.parse(JSON.parse(readFileSync(join(out, 'run.har'), 'utf8')));
    expect(har.log.entries.filter((e) => e.response.content.text?.includes('[REDACTED]')).length).toBeGreaterThan(5);
  });
});
