/**
 * Redaction rewrites the target's data, never the kit's own words (5.2: no report carries a key).
 * Keys are built from the kit's vocabulary: `acme-manager-key-0000000000000001` shares the run
 * `manager-key-` with `rule:auth.manager-key-required` and `-manager-key` with the flag
 * `--manager-key`; `zz-manager-key-required-0000000001` shares 20 characters with the id. Every id,
 * quote, statement, flag and test name stays whole in what the redactor returns, and the leak check
 * excuses them; a whole key, and what a cut or an echo left of one, are still redacted and found.
 * Then `serve` with such keys, certified as a user would (`--only auth`): every requirement id, test
 * name and quote in junit.xml, summary.json, summary.md and the Allure results is intact, and no
 * requirement a test of the run names is "not covered".
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AMBIGUITIES } from '../schemas/ambiguities.ts';
import { REQUIREMENTS, isRequirementId, requirementById } from '../schemas/requirements.ts';
import { kitWords, protectCatalogueWords, protectKitNames } from '../harness/kit/kit-words.ts';
import { findLeakPlaces, leakPlaceText } from '../harness/run/leak-check.ts';
import { createRedactor, protectedKitWords, REDACTED, redactKnown } from '../harness/transport/redaction.ts';
import type { Summary } from '../harness/report/summary.ts';
import { startReferenceServer } from '../reference/server.ts';
import { cli } from './cli-child.ts';
import { fileScratchDir, testScratchDir } from './scratch-dir.ts';

const MANAGER_KEY = 'acme-manager-key-0000000000000001';
const ACCOUNT_KEY = 'acme-account-key-0000000000000001';
/** Shares 20 characters with rule:auth.manager-key-required: more than the leak check's run of 16. */
const ID_KEY = 'zz-manager-key-required-0000000001';
const TEST_NAME =
  'the manager key (5.3) > rule:auth.manager-key-required a subaccount key is refused on every /manager/subaccount/* operation, and nothing happens';

const dir = fileScratchDir('mc-kit-words-');

describe("the redactor leaves the kit's words whole", () => {
  protectCatalogueWords();
  protectKitNames([TEST_NAME, 'suites/auth.test.ts']);
  const redactor = createRedactor([MANAGER_KEY, ACCOUNT_KEY, ID_KEY]);

  it('every requirement id, statement and quote, every ambiguity and flag, raw, JSON- and XML-escaped', () => {
    const mangled = kitWords().filter((word) => redactor.redact(word) !== word || redactKnown(word) !== word);
    expect(mangled).toEqual([]);
    for (const r of REQUIREMENTS) {
      const json = JSON.stringify({ id: r.id, quote: r.quotes.join(' … '), statement: r.statement });
      expect(redactor.redact(json), r.id).toBe(json);
      const xml = `<property name="requirement" value="${r.id}"/><description>${r.quotes.join(' … ').replace(/'/g, '&apos;')}</description>`;
      expect(redactKnown(xml), r.id).toBe(xml);
    }
    for (const a of AMBIGUITIES) expect(redactKnown(`${a.id}=${a.default}`)).toBe(`${a.id}=${a.default}`);
    const remedy = 'hit the sandbox budget: --manager-key (5.3)';
    expect(redactor.redact(remedy)).toBe(remedy);
    expect(redactor.redact(`**rule:auth.manager-key-required** (§5.3, level fail): ${TEST_NAME}`)).toBe(
      `**rule:auth.manager-key-required** (§5.3, level fail): ${TEST_NAME}`,
    );
  });

  it('a whole key, and what a cut or an echo left of one, are still redacted: in a target body, beside a kit word too', () => {
    const echoed = redactor.redactExchange({
      method: 'POST',
      url: `http://h/agendas/add?apikey=${ID_KEY}`,
      requestHeaders: { apikey: MANAGER_KEY },
      requestBody: JSON.stringify({ apikey: ACCOUNT_KEY }),
      status: 400,
      responseHeaders: { 'x-debug': `key ${ID_KEY.slice(0, 19)}` },
      responseBody: JSON.stringify({ message: `bad key ${MANAGER_KEY}; was ${ID_KEY.slice(3)}; rule:auth.manager-key-required` }),
      startedAt: '',
      durationMs: 1,
      attempt: 1,
    });
    const text = JSON.stringify(echoed);
    for (const key of [MANAGER_KEY, ACCOUNT_KEY, ID_KEY]) expect(text).not.toContain(key.slice(0, 16));
    expect(text).not.toContain(ID_KEY.slice(-16));
    expect(echoed.responseHeaders['x-debug']).toBe(`key ${REDACTED}`);
    expect(echoed.responseBody).toBe(JSON.stringify({ message: `bad key ${REDACTED}; was ${REDACTED}; rule:auth.manager-key-required` }));
    // An assertion's preview cut the key; the kit's words around it stay.
    expect(redactKnown(`rule:auth.manager-key-required: expected '${ID_KEY.slice(0, 19)}…' to be 'auth_01'`)).toBe(
      `rule:auth.manager-key-required: expected '${REDACTED}…' to be 'auth_01'`,
    );
    expect(redactKnown(`${TEST_NAME}: '…${MANAGER_KEY.slice(-14)}' in ${ACCOUNT_KEY}`)).toBe(`${TEST_NAME}: '…${REDACTED}' in ${REDACTED}`);
    // A word the kit registered is its own only where it stands whole: the key running on past it is the key.
    expect(redactKnown(`rule:auth.${ID_KEY}`)).toBe(`rule:auth.${REDACTED}`);
    expect(redactKnown(`debug ${ID_KEY.slice(0, 30)}`)).toBe(`debug ${REDACTED}`);
  });

  it("the leak check finds a key and what a cut left of one, and never reports the kit's words", () => {
    const out = testScratchDir('mc-kit-words-leak-');
    const summary = { requirements: [{ id: 'rule:auth.manager-key-required', quote: requirementById('rule:auth.manager-key-required').quotes.join(' … ') }] };
    writeFileSync(join(out, 'summary.json'), JSON.stringify(summary, null, 2));
    writeFileSync(join(out, 'junit.xml'), `<property name="requirement" value="rule:auth.manager-key-required"/>\n<testcase name="${TEST_NAME}"/>`);
    writeFileSync(join(out, 'summary.md'), `# PASS\nrun again with --manager-key\n| \`rule:auth.manager-key-required\` | passed |`);
    const words = protectedKitWords();
    expect(findLeakPlaces(out, [MANAGER_KEY, ACCOUNT_KEY, ID_KEY], [], words)).toEqual([]);
    // Without the kit's words the id would read as 20 characters of ID_KEY: the words are what excuses it.
    expect(findLeakPlaces(out, [ID_KEY]).map(leakPlaceText)).toEqual(
      expect.arrayContaining(['summary.json: line 4 (a run of 16 or more characters of a key)', 'junit.xml: line 1 (a run of 16 or more characters of a key)']),
    );
    mkdirSync(join(out, 'allure-results'));
    writeFileSync(join(out, 'allure-results', 'a.txt'), `rule:auth.manager-key-required\nexpected '${ID_KEY.slice(0, 22)}…'\n${MANAGER_KEY}`);
    expect(findLeakPlaces(out, [MANAGER_KEY, ID_KEY], [], words).map(leakPlaceText)).toEqual(['allure-results/a.txt: line 3 (raw)']);
    writeFileSync(join(out, 'allure-results', 'a.txt'), `rule:auth.manager-key-required\nexpected '${ID_KEY.slice(0, 22)}…'`);
    expect(findLeakPlaces(out, [MANAGER_KEY, ID_KEY], [], words).map(leakPlaceText)).toEqual([
      'allure-results/a.txt: line 2 (a run of 16 or more characters of a key)',
    ]);
  });
});

/** Every Allure result of `folder`, parsed. */
function allureResults(folder: string): { name: string; fullName?: string; description?: string; labels: { name: string; value: string }[] }[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')) as ReturnType<typeof allureResults>[number]);
}

describe("serve with keys made of the kit's words, certified as a user would", () => {
  it('every requirement id, test name and quote is intact in every report; no requirement a test names is not covered', async () => {
    const server = await startReferenceServer({ testClock: false, managerKey: MANAGER_KEY, accountKey: ACCOUNT_KEY });
    const out = join(dir, 'auth');
    try {
      const args = ['certify', '--target', server.baseUrl, '--api-key', ACCOUNT_KEY, '--manager-key', MANAGER_KEY, '--only', 'auth', '--out', out];
      const run = await cli([...args, '--no-html'], 300_000);
      expect(run.status, run.output.slice(-3000)).toBe(0);
    } finally {
      await server.close();
    }
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    const markdown = readFileSync(join(out, 'summary.md'), 'utf8');
    const results = allureResults(join(out, 'allure-results'));
    expect(summary.leakCheck).toMatchObject({ passed: true, findings: [] });

    // Requirement ids: the catalogue's, in every report; each a test names is decided by it.
    const named = new Set<string>();
    for (const [, id] of junit.matchAll(/<property name="requirement" value="([^"]*)"\/>/g)) named.add(id!);
    for (const result of results) for (const label of result.labels) if (label.name === 'story') named.add(label.value);
    for (const record of summary.requirements) for (const id of record.tests.length > 0 ? [record.id] : []) named.add(id);
    expect([...named].filter((id) => !isRequirementId(id))).toEqual([]);
    expect(named).toContain('rule:auth.manager-key-required');
    const byId = new Map(summary.requirements.map((r) => [r.id, r]));
    expect([...named].filter((id) => byId.get(id)?.status === 'not-covered')).toEqual([]);
    expect(byId.get('rule:auth.manager-key-required')).toMatchObject({ status: 'passed' });
    expect(markdown).toContain('rule:auth.manager-key-required');

    // Quotes: the catalogue's words, whole.
    for (const record of summary.requirements) {
      const quotes = requirementById(record.id).quotes;
      if (quotes.length > 0) expect(record.quote, record.id).toBe(quotes.join(' … '));
    }

    // Test names: as the suite gave them, never redacted; nothing of the kit's text is, in junit and the summaries.
    const testNames = summary.requirements.flatMap((r) => r.tests);
    expect(testNames).toContain(TEST_NAME);
    const reports: [string, string][] = [
      ['junit.xml', junit],
      ['summary.md', markdown],
      ['summary.json', JSON.stringify(summary)],
    ];
    for (const [file, text] of reports) expect(text.includes(REDACTED), file).toBe(false);
    for (const result of results) {
      const kitText = JSON.stringify([result.name, result.fullName, result.description, result.labels]);
      expect(kitText.includes(REDACTED), result.name).toBe(false);
    }
    expect(results.map((r) => r.name)).toContain(TEST_NAME.split(' > ')[1]);
  }, 360_000);
});
