/**
 * certify against a hostile or broken target, end to end, through the seeded fault proxy on
 * loopback (fault-proxy.ts) in front of the reference server, and certify interrupted mid-run. What
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
 *  - SIGINT and SIGTERM mid-run: partial reports marked incomplete, the run's subaccounts emptied
 *    and archived, one line on stderr, exit 2;
 *  - a garbled preflight: one line, exit 2, nothing of the garbage printed raw.
 *
 * Each certify runs a few areas, in a child process (the servers stay in this one). Bounded: the
 * file takes about two minutes alone, mostly certify's own start and the runs' waits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { startEmbeddedTarget, type EmbeddedTarget } from '../harness/run/embedded-target.ts';
import { startWebhookReceiver } from '../harness/transport/webhook-receiver.ts';
import { startFaultProxy, type FaultProxy, type FaultProxyOptions } from './fault-proxy.ts';
import { testScratchDir } from './scratch-dir.ts';

const BIN = fileURLToPath(new URL('../bin/messaging-conformance.js', import.meta.url));
const MB = 1024 * 1024;

interface Run {
  exit: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  out: string;
  seconds: number;
  /** The highest resident memory of certify and its workers together, bytes (when sampled). */
  peakRss: number;
}

/** Resident memory of `pid` and every process under it, bytes, from /proc (Linux). */
function treeRss(root: number): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      parent.set(Number(entry), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      rss.set(Number(entry), Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // The process ended while it was read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 1 && hops < 64; p = parent.get(p), hops++) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, bytes] of rss) if (inTree(pid)) total += bytes;
  return total;
}

/**
 * A folder for a concurrent test, removed when that test finishes: scratch-dir.ts's testScratchDir
 * finds the running test by itself, which is ambiguous when tests run side by side.
 */
function concurrentScratchDir(context: TestContext, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  context.onTestFinished(() => rm(dir, { recursive: true, force: true, maxRetries: 3 }));
  return dir;
}

interface CertifyOptions {
  out?: string;
  /** Sample the memory of the process tree every 200 ms. */
  sampleMemory?: boolean;
  /** Called with the child once it runs (to signal it). */
  started?: (child: ChildProcess) => void;
  killAfterMs?: number;
}

/** One certify in a child process, with no MC_* variable of the environment. */
function certify(flags: string[], options: CertifyOptions = {}): Promise<Run> {
  const out = options.out ?? testScratchDir('mc-hostile-');
  const begun = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'certify', '--out', out, ...flags], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, MC_TARGET: '', MC_API_KEY: '', MC_MANAGER_KEY: '', MC_PROFILE: '' },
    });
    let stdout = '';
    let stderr = '';
    let peakRss = 0;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const sampler = options.sampleMemory ? setInterval(() => (peakRss = Math.max(peakRss, treeRss(child.pid!))), 200) : undefined;
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 150_000);
    options.started?.(child);
    child.on('error', reject);
    child.on('close', (exit, signal) => {
      clearInterval(sampler);
      clearTimeout(killer);
      resolve({ exit, signal, stdout, stderr, out, seconds: (Date.now() - begun) / 1000, peakRss });
    });
  });
}

/** The reference server as a remote target: its profile in a file, with what the test adds. */
function profileFile(target: EmbeddedTarget, extra: Record<string, unknown> = {}): string {
  const path = join(testScratchDir('mc-hostile-profile-'), 'profile.json');
  writeFileSync(path, JSON.stringify({ ...target.profile, ...extra }));
  return path;
}

const remoteFlags = (target: EmbeddedTarget, url: string, profile: string, only: string): string[] => [
  '--target',
  url,
  '--api-key',
  target.server.keys.account,
  '--manager-key',
  target.server.keys.manager,
  '--profile',
  profile,
  '--only',
  only,
];

async function withProxy<T>(target: EmbeddedTarget, options: Omit<FaultProxyOptions, 'target' | 'seed'>, body: (proxy: FaultProxy) => Promise<T>): Promise<T> {
  const proxy = await startFaultProxy({ target: target.server.baseUrl, seed: 19, rateLimitShare: 0, delayShare: 0, ...options });
  try {
    return await body(proxy);
  } finally {
    await proxy.close();
  }
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** base64 of `key` at an offset of 0, 1 or 2 bytes, only the characters the key alone decides. */
function base64At(key: string, offset: number): string {
  const bytes = Buffer.concat([Buffer.alloc(offset), Buffer.from(key)]);
  const text = bytes.toString('base64');
  return text.slice(offset === 0 ? 0 : offset + 1, 4 * Math.floor(bytes.length / 3) + (bytes.length % 3));
}

/**
 * Where any of `keys` is in the files under `dir`: raw, percent-encoded, or base64 at any alignment,
 * and inside every base64 payload (the Allure page's d("…","…") entries and data: URLs), decoded.
 * This test's own search, independent of the kit's leak check.
 */
function keysIn(dir: string, keys: readonly string[]): string[] {
  const found: string[] = [];
  const forms = keys.flatMap((k) => [k, encodeURIComponent(k), base64At(k, 0), base64At(k, 1), base64At(k, 2)]);
  const search = (text: string, where: string) => {
    for (const form of forms) if (text.includes(form)) found.push(`${where} holds a key`);
  };
  for (const path of filesUnder(dir)) {
    const text = readFileSync(path).toString('latin1');
    const where = relative(dir, path);
    search(text, where);
    for (const [, name, payload] of text.matchAll(/(?:d\("([^"]+)",\s*"|;base64,)([A-Za-z0-9+/=]{16,})/g))
      search(Buffer.from(payload!, 'base64').toString('latin1'), `${where}: ${name ?? 'data: URL'}`);
  }
  return [...new Set(found)];
}

interface SummaryJson {
  ok: boolean;
  runErrors: string[];
  brokenTests: string[];
  incomplete?: string;
  leakCheck?: { passed: boolean; secrets: number; findings: string[] };
  requirements: { id: string; status: string; reason?: string }[];
}

const summaryOf = (run: Run): SummaryJson => JSON.parse(readFileSync(join(run.out, 'summary.json'), 'utf8')) as SummaryJson;

describe('certify against a hostile target', () => {
  let target: EmbeddedTarget;
  beforeAll(async () => {
    target = await startEmbeddedTarget({}, { testClock: true, personality: 'default' });
  });
  afterAll(() => target?.server.close());

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

describe('certify interrupted mid-run', () => {
  const targets: EmbeddedTarget[] = [];
  afterAll(async () => {
    for (const t of targets) await t.server.close();
  });

  /**
   * Certify through a proxy that slows every request, interrupted with `signal` `afterMs` after it
   * started (and at least 3 s after the run's first subaccount exists: files are in flight).
   */
  async function interrupted(signal: NodeJS.Signals, afterMs: number, out: string) {
    const target = await startEmbeddedTarget({}, { testClock: true, personality: 'default' });
    targets.push(target);
    const before = new Set(target.server.issuedKeys());
    return withProxy(target, { delayShare: 1, delayMs: 150 }, async (proxy) => {
      let sentAt = 0;
      const startedAt = Date.now();
      const profile = join(out, 'profile.json');
      writeFileSync(profile, JSON.stringify(target.profile));
      const run = await certify([...remoteFlags(target, proxy.url, profile, 'credits,agendas,contacts,reports'), '--no-html'], {
        out: join(out, 'reports'),
        started: (child) => {
          const poll = setInterval(() => {
            if (target.server.issuedKeys().length > before.size) {
              clearInterval(poll);
              setTimeout(
                () => {
                  sentAt = Date.now();
                  child.kill(signal);
                },
                Math.max(3_000, afterMs - (Date.now() - startedAt)),
              );
            }
          }, 100);
          child.once('close', () => clearInterval(poll));
        },
      });
      return { run, target, before, sentAt, startedAt };
    });
  }

  it.concurrent.for<[NodeJS.Signals, number]>([
    ['SIGINT', 20_000],
    ['SIGTERM', 8_000],
  ])(
    '%s at %i ms: reports present and marked incomplete, the subaccounts of the run emptied and archived, one line on stderr, exit 2',
    { timeout: 180_000 },
    async ([signal, afterMs], context) => {
      const { run, target, before, sentAt, startedAt } = await interrupted(signal, afterMs, concurrentScratchDir(context, 'mc-hostile-signal-'));
      console.log(
        `${signal} sent ${((sentAt - startedAt) / 1000).toFixed(1)} s after certify started; certify ` +
          `ended ${(run.seconds - (sentAt - startedAt) / 1000).toFixed(1)} s after it (exit ${run.exit})`,
      );
      expect(sentAt, 'the signal was sent').toBeGreaterThan(0);
      expect(run.exit, run.stderr).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^messaging-conformance: certification incomplete: interrupted by ${signal}; \\d+ tests did not finish`));
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      for (const file of ['summary.json', 'summary.md', 'junit.xml']) expect(existsSync(join(run.out, file)), file).toBe(true);
      const summary = summaryOf(run);
      expect(summary.incomplete).toMatch(new RegExp(`^interrupted by ${signal}`));
      expect(summary.ok).toBe(false);
      expect(readFileSync(join(run.out, 'summary.md'), 'utf8').split('\n')[0]).toMatch(/^# Conformance summary: INCOMPLETE/);
      expect(readFileSync(join(run.out, 'junit.xml'), 'utf8')).toContain(`certification incomplete: interrupted by ${signal}`);
      // Teardown on the target: every subaccount the run created is emptied and archived (4.11).
      const created = [...target.server.context.accounts.all()].filter((a) => a.kind === 'subaccount' && !before.has(a.apiKey));
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(created.map((a) => ({ email: a.email, archived: a.archived, balance: a.balance }))).toEqual(
        created.map((a) => ({ email: a.email, archived: true, balance: 0 })),
      );
      // Interrupted, not abandoned: the process ended within the grace.
      expect((Date.now() - sentAt) / 1000).toBeLessThan(25);
    },
  );
});

describe('discover interrupted mid-run', () => {
  /** discover in a child process, sent `signal` shortly after `when` (given its output so far) holds. */
  function discoverUntil(args: string[], when: (stdout: string) => boolean, signal: NodeJS.Signals, out: string): Promise<Run> {
    const begun = Date.now();
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, 'discover', ...args, '--sandbox-budget', '0', '--write-profile', join(out, 'profile.yaml')], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, MC_TARGET: '', MC_API_KEY: '', MC_MANAGER_KEY: '', MC_PROFILE: '' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const poll = setInterval(() => {
        if (!when(stdout)) return;
        clearInterval(poll);
        setTimeout(() => child.kill(signal), 300);
      }, 20);
      const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.on('error', reject);
      child.on('close', (exit, ended) => {
        clearInterval(poll);
        clearTimeout(killer);
        resolve({ exit, signal: ended, stdout, stderr, out, seconds: (Date.now() - begun) / 1000, peakRss: 0 });
      });
    });
  }

  const webhookOf = async (server: EmbeddedTarget['server']): Promise<unknown> => {
    const answer = await fetch(`${server.baseUrl}/webhook/get`, { method: 'POST', headers: { apikey: server.keys.account } });
    return ((await answer.json()) as { result?: unknown }).result;
  };

  it.concurrent.for<[string, boolean]>([
    ['with a manager key: its subaccount emptied and archived', true],
    ["without one: the account's own webhook put back", false],
  ])('SIGINT, %s; no profile written, one line on stderr, exit 2', { timeout: 120_000 }, async ([, withManager], context) => {
    const target = await startEmbeddedTarget({}, { testClock: false, personality: 'default' });
    // The account's own webhook, on loopback (4.14: registering it makes the target call it).
    const theirs = await startWebhookReceiver();
    try {
      const own = await fetch(`${target.server.baseUrl}/webhook/add`, {
        method: 'POST',
        headers: { apikey: target.server.keys.account, 'content-type': 'application/json' },
        body: JSON.stringify({ url: theirs.endpoint('own').url, status: '0' }),
      });
      expect(((await own.json()) as { success?: unknown }).success).toBe(true);
      const webhookBefore = await webhookOf(target.server);
      const before = new Set(target.server.issuedKeys());
      const keys = [
        '--target',
        target.server.baseUrl,
        '--api-key',
        target.server.keys.account,
        ...(withManager ? ['--manager-key', target.server.keys.manager] : []),
      ];
      // With a manager key: once its subaccount exists and a probe ran in it. Without: once the
      // probe before the webhook session ended, so that the signal comes while discover's own
      // webhook replaces the account's (4.14).
      const run = await discoverUntil(
        keys,
        (stdout) =>
          withManager
            ? target.server.issuedKeys().length > before.size && stdout.includes('auth-error-http-status')
            : stdout.includes('business-error-http-status'),
        'SIGINT',
        concurrentScratchDir(context, 'mc-hostile-discover-'),
      );
      expect(run.exit, `${run.stdout.slice(-1500)}\n${run.stderr}`).toBe(2);
      expect(run.stderr).toMatch(/^messaging-conformance: discover interrupted by SIGINT: no profile written; /);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(join(run.out, 'profile.yaml'))).toBe(false);
      expect(run.stderr).toContain(withManager ? 'emptied and archived' : "webhook: the account's previous webhook was registered again with status 0");
      expect(await webhookOf(target.server)).toEqual(webhookBefore);
      const created = [...target.server.context.accounts.all()].filter((a) => a.kind === 'subaccount' && !before.has(a.apiKey));
      if (withManager) expect(created.length).toBeGreaterThanOrEqual(1);
      expect(created.map((a) => ({ email: a.email, archived: a.archived, balance: a.balance }))).toEqual(
        created.map((a) => ({ email: a.email, archived: true, balance: 0 })),
      );
    } finally {
      await theirs.close();
      await target.server.close();
    }
  });
});
