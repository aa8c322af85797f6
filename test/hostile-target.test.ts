/**
 * certify against a hostile or broken target, end to end, through the seeded fault proxy on
 * loopback (fault-proxy.ts) in front of the reference server. What
 * the kit guarantees (docs/certifying.md "What the kit guarantees about secrets, HTML, sizes and signals"):
 *  - a target that echoes the keys (the account's, the manager's, and those of the subaccounts the
 *    run creates, 4.11) in bodies and headers: no key in any output file, the Allure page's
 *    embedded data decoded included; the run is not PASS and says why;
 *  - a key in the output folder all the same: every report says so first, exit 1, and the finding
 *    names the file and place, never the key;
 *  - a target that writes HTML, script, Markdown and terminal escapes: summary.md, rendered with HTML
 *    allowed, holds no element the kit did not write; junit.xml and the terminal hold none raw;
 *  - a stall and a reset in warn-level tests: those tests are broken, the exit non-zero;
 *  - a 50 MB answer: read no further than the answer limit; memory and report sizes stay bounded;
 *  - a garbled preflight: one line, exit 2, nothing of the garbage printed raw.
 *
 * Each certify runs a few areas, in a child process (the servers stay in this one). Bounded: the
 * file takes about two minutes alone, mostly certify's own start and the runs' waits.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedTarget, type EmbeddedTarget } from '../harness/run/embedded-target.ts';
import { certify, keysIn, MB, summaryOf, withProxy } from './hostile-runs.ts';
import { profileFile, remoteFlags } from './remote-target.ts';
import { testScratchDir } from './scratch-dir.ts';

/** Elements the kit's summary.md makes when rendered: headings, paragraphs, tables, lists, code, bold. */
const KIT_ELEMENTS = new Set(['h1', 'h2', 'h3', 'p', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'ul', 'li', 'code', 'strong']);

interface MarkdownRenderer {
  render(source: string): string;
}

/**
 * summary.md rendered by markdown-it (CommonMark and GFM tables), which allure's report plugin
 * brings in; with `html` true it passes raw HTML through, as GitHub's job summary and many viewers do.
 */
function renderMarkdown(source: string, html: boolean): string {
  const require = createRequire(import.meta.url);
  const MarkdownIt = require('markdown-it') as new (options: { html: boolean }) => MarkdownRenderer;
  return new MarkdownIt({ html }).render(source);
}

let target: EmbeddedTarget;
beforeAll(async () => {
  target = await startEmbeddedTarget({}, { testClock: true, personality: 'default' });
});
afterAll(() => target?.server.close());

describe('certify against a hostile target: keys echoed by the target and planted in the output', () => {
  it('a target that echoes every key (account, manager, created subaccounts) in bodies ' +
    'and headers: none in any output file, decoded Allure data included; not PASS, and why', async () => {
    const run = await withProxy(target, { echoKeys: true }, async (proxy) => {
      const result = await certify(remoteFlags(target, proxy.url, profileFile(target), 'credits,agendas'));
      expect(proxy.counts.echoed, 'answers with echoed keys').toBeGreaterThan(20);
      return result;
    });
    const seeded = Object.values(target.server.keys);
    const created = target.server.issuedKeys().filter((k) => !seeded.includes(k));
    expect(created.length, 'subaccounts the run created').toBeGreaterThanOrEqual(2);
    expect(keysIn(run.out, target.server.issuedKeys())).toEqual([]);
    expect(`${run.stdout}${run.stderr}`.includes(target.server.keys.account)).toBe(false);
    expect(existsSync(join(run.out, 'allure-report', 'index.html'))).toBe(true);
    const summary = summaryOf(run);
    // The kit knew the keys it had to redact: the given three and each created one it was handed.
    expect(summary.leakCheck).toMatchObject({ passed: true, findings: [] });
    expect(summary.leakCheck!.secrets).toBeGreaterThanOrEqual(3 + created.length);
    expect(summary.ok).toBe(false);
    expect(summary.runErrors.join('\n')).toMatch(/the target sent a key of the run back outside the apikey member of 4\.11 in \d+ answers/);
    expect(readFileSync(join(run.out, 'summary.md'), 'utf8').split('\n')[0]).toMatch(/^# Conformance summary: FAIL: \d+ of \d+ tests decided/);
    expect(readFileSync(join(run.out, 'summary.md'), 'utf8')).toMatch(/the target sent a key of the run back/);
    expect(run.exit, run.stderr).toBe(1);
  }, 180_000);

  it('a key in the output folder all the same: every report says so first, exit 1, file and place named, never the key', async () => {
    const out = testScratchDir('mc-hostile-planted-');
    const key = target.server.keys.account;
    // Left in the output folder before the run (the folder is searched whole): raw, and base64 inside an embedded page's data.
    writeFileSync(join(out, 'notes.txt'), `first line\nthe key: ${key}\n`);
    writeFileSync(join(out, 'page.html'), `<script>d("data/x.json","${Buffer.from(`{"a":"..${key}.."}`).toString('base64')}")</script>`);
    const run = await certify([...remoteFlags(target, target.server.baseUrl, profileFile(target), 'credits'), '--no-html'], { out });
    expect(run.exit).toBe(1);
    expect(run.stderr).toMatch(/^messaging-conformance: a key of the run was found in the reports \(they must not be shared\): .*notes\.txt: line 2 \(raw\)/);
    expect(run.stderr).toContain('page.html: data/x.json (base64), line 1 (raw)');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    for (const text of [
      run.stdout,
      run.stderr,
      readFileSync(join(out, 'summary.md'), 'utf8'),
      readFileSync(join(out, 'summary.json'), 'utf8'),
      readFileSync(join(out, 'junit.xml'), 'utf8'),
    ])
      expect(text.includes(key)).toBe(false);
    expect(readFileSync(join(out, 'summary.md'), 'utf8').split('\n')[0]).toMatch(
      /^# Conformance summary: FAIL \(a key of the run was found in the reports\); \d+ of /,
    );
    expect(summaryOf(run)).toMatchObject({ ok: false, leakCheck: { passed: false, findings: expect.arrayContaining(['notes.txt: line 2 (raw)']) } });
    expect(readFileSync(join(out, 'junit.xml'), 'utf8').split('\n')[1]).toMatch(/^<!-- FAIL: a key of the run was found in the reports/);
  }, 120_000);
});

describe('certify against a hostile target: markup, stalls, resets, a 50 MB answer and a garbled preflight', () => {
  it('a target that writes HTML, script, Markdown and terminal escapes: summary.md rendered with ' +
    'HTML allowed holds no element the kit did not write; junit.xml and the terminal hold none raw', async () => {
    const run = await withProxy(target, { injectHtml: true }, async (proxy) => {
      const result = await certify([...remoteFlags(target, proxy.url, profileFile(target), 'credits,agendas'), '--no-html']);
      expect(proxy.counts.injected, 'error answers with HTML').toBeGreaterThan(3);
      return result;
    });
    const md = readFileSync(join(run.out, 'summary.md'), 'utf8');
    // Not vacuous: the target's words reached the summary (inert).
    expect(md).toContain('onerror');
    const html = renderMarkdown(md, true);
    expect(html, 'HTML allowed or not, the same page: summary.md holds no raw HTML').toBe(renderMarkdown(md, false));
    const elements = new Set([...html.matchAll(/<([a-z][a-z0-9]*)\b/g)].map((m) => m[1]!));
    expect([...elements].filter((e) => !KIT_ELEMENTS.has(e))).toEqual([]);
    expect(html).not.toMatch(/<(script|img|a|b|em)\b/);
    const xml = readFileSync(join(run.out, 'junit.xml'), 'utf8');
    expect(xml).toContain('&lt;script&gt;');
    expect(xml).not.toMatch(/<(script|img|b|a)\b/);
    expect(`${run.stdout}${run.stderr}`).not.toContain('\u001b');
    expect(JSON.parse(readFileSync(join(run.out, 'summary.json'), 'utf8'))).toBeTruthy();
  }, 180_000);

  it('a stall and a reset in warn-level tests (err:report_01, err:report_02): those tests are broken, the exit non-zero', async () => {
    const generate = (body: string) => body !== '' && JSON.parse(body) !== null;
    const run = await withProxy(
      target,
      {
        stall: (r) => r.path === '/reports/generate' && generate(r.body) && r.body.includes('end_date') && !r.body.includes('start_date'),
        reset: (r) => r.path === '/reports/generate' && generate(r.body) && r.body.includes('start_date') && !r.body.includes('end_date'),
      },
      (proxy) =>
        certify([
          ...remoteFlags(target, proxy.url, profileFile(target, { timeBudgets: { ...target.profile.timeBudgets, requestSeconds: 3 } }), 'reports'),
          '--no-html',
        ]),
    );
    const summary = summaryOf(run);
    const status = (id: string) => summary.requirements.find((r) => r.id === id);
    expect(status('err:report_01')).toMatchObject({
      status: 'broken',
      reason: expect.stringMatching(/POST http:\/\/127\.0\.0\.1:\d+\/reports\/generate timed out after 3 s/),
    });
    expect(status('err:report_02')).toMatchObject({ status: 'broken', reason: expect.stringMatching(/cannot reach http:\/\/127\.0\.0\.1:\d+: /) });
    expect(summary.brokenTests).toHaveLength(2);
    const xml = readFileSync(join(run.out, 'junit.xml'), 'utf8');
    expect(xml.match(/type="TransportError"/g)).toHaveLength(2);
    expect(run.exit, run.stderr).not.toBe(0);
    expect(run.exit).toBe(1);
  }, 120_000);

  it('a 50 MB answer: read no further than 4 MiB (broken, "answer larger than ' +
    '4 MiB"); memory grows by less than 100 MB, the report stays under 20 MB', async () => {
    const profile = profileFile(target);
    const huge = { match: (r: { path: string }) => r.path === '/agendas/get', bytes: 50 * MB, times: 2 };
    // The same run without the fault, at the same time: what the kit uses anyway.
    const [baseline, faulted] = await Promise.all([
      certify(remoteFlags(target, target.server.baseUrl, profile, 'agendas'), { sampleMemory: true }),
      withProxy(target, { hugeAnswer: huge }, async (proxy) => {
        const result = await certify(remoteFlags(target, proxy.url, profile, 'agendas'), { sampleMemory: true });
        expect(proxy.counts.huge).toBe(2);
        return result;
      }),
    ]);
    const summary = summaryOf(faulted);
    expect(summary.brokenTests.length).toBeGreaterThanOrEqual(1);
    expect(summary.requirements.filter((r) => r.status === 'broken').map((r) => r.reason)).toContainEqual(
      expect.stringMatching(/POST http:\/\/127\.0\.0\.1:\d+\/agendas\/get answer larger than 4 MiB/),
    );
    const grewMb = (faulted.peakRss - baseline.peakRss) / MB;
    const pageMb = statSync(join(faulted.out, 'allure-report', 'index.html')).size / MB;
    console.log(
      `50 MB answers: peak memory of certify and its workers ${(faulted.peakRss / MB).toFixed(0)} MB ` +
        `against ${(baseline.peakRss / MB).toFixed(0)} MB without them; allure-report/index.html ${pageMb.toFixed(1)} ` +
        `MB; ${faulted.seconds.toFixed(1)} s against ${baseline.seconds.toFixed(1)} s`,
    );
    expect(baseline.peakRss).toBeGreaterThan(0);
    expect(grewMb, `peak ${(faulted.peakRss / MB).toFixed(0)} MB against ${(baseline.peakRss / MB).toFixed(0)} MB`).toBeLessThan(100);
    const page = statSync(join(faulted.out, 'allure-report', 'index.html')).size / MB;
    expect(page, `allure-report/index.html: ${page.toFixed(1)} MB`).toBeLessThan(20);
    expect(faulted.exit).toBe(1);
  }, 240_000);

  it('a garbled preflight: one line, exit 2, no control character of the answer printed', async () => {
    const run = await withProxy(target, { garbledPreflight: true }, (proxy) => certify(remoteFlags(target, proxy.url, profileFile(target), 'credits')));
    expect(run.exit).toBe(2);
    expect(run.stderr).toMatch(
      /^messaging-conformance: target http:\/\/127\.0\.0\.1:\d+ answered POST \/credits\/consult with HTTP 200 and a body that is not a JSON object/,
    );
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/[\u0000-\u0008\u000B-\u001F]/);
  }, 60_000);
});
