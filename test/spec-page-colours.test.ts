/**
 * spec-document.html coloured by a run (harness/report/spec-page.ts): each quoted sentence or
 * table row carries the worst status of the requirements that quote it, opens their ids, levels,
 * tests and reasons; units not testable are greyed with their reason; a legend and counts per
 * section head the page; whatever came from the run is inert HTML.
 */
import { describe, expect, it } from 'vitest';
import { coverageOf, documentSentences } from '../schemas/document-text.ts';
import { REQUIREMENTS } from '../schemas/requirements.ts';
import { UNTESTABLE_SENTENCES } from '../schemas/untestable-sentences.ts';
import { renderSpecPage, UNIT_STATUS_ORDER, worstStatus, type SpecPageRun } from '../harness/report/spec-page.ts';
import { specText } from './spec-document.ts';

const markdown = specText();
const FAILED = 'op:credits/consult';
const HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>';
const failingTest = `POST /credits/consult (4.1) > answers credit_01 <b>bold</b>`;

const run: SpecPageRun = {
  target: `http://127.0.0.1:1/<i>`,
  startedAt: '2026-11-26T10:00:00Z',
  verdict: 'FAIL',
  requirements: REQUIREMENTS.map((r) => ({
    id: r.id,
    level: r.level,
    status: r.id === FAILED ? ('failed' as const) : ('passed' as const),
    tests: r.id === FAILED ? [failingTest] : [`${r.id} test`],
    ...(r.id === FAILED ? { reason: `credit: a decimal with two places\nHTTP 200 ${HOSTILE}` } : {}),
  })),
  failedTests: [failingTest],
  brokenTests: [],
};
const page = renderSpecPage(markdown, run);

describe('the document coloured by a run', () => {
  it('marks the sentence the failed requirement quotes as failed, with its detail: id, level, failing test, reason', () => {
    const marks = [...page.matchAll(/<(span|tr) class="unit st-failed"[^>]*data-detail="([^"]+)"[^>]*>(.*?)<\/\1>/gs)];
    expect(marks.length).toBeGreaterThan(0);
    const consult = marks.find((m) => m[3]!.includes('/credits/consult'));
    expect(consult, 'a failed mark on the words of POST /credits/consult').toBeDefined();
    const detail = new RegExp(`id="${consult![2]}" hidden>(.*?)</(div|td)>\\s*(</tr>)?\\n`, 's').exec(page)?.[1] ?? '';
    expect(detail).toContain(FAILED);
    expect(detail).toContain('level fail');
    expect(detail).toContain('answers credit_01 &lt;b&gt;bold&lt;/b&gt;');
    expect(detail).toContain('credit: a decimal with two places');
  });

  it('has a legend of every status and counts per section', () => {
    for (const label of ['passed', 'failed', 'warned', 'recorded', 'inconclusive', 'broken', 'skipped', 'not testable'])
      expect(page).toMatch(new RegExp(`class="unit st-[a-z-]+ swatch">${label}<`));
    expect(page).toMatch(/<table class="counts"><tr><th>Section<\/th><th>failed<\/th><th>passed<\/th>/);
    expect(page).toContain('<a href="#section-4">');
  });

  it('writes nothing of the run as markup: the target text and the reason are escaped', () => {
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<b>bold</b>');
    expect(page).not.toContain('/<i>');
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // The one script is the page's own, inline; nothing is fetched.
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).not.toMatch(/src="https?:|href="https?:/);
  });

  it('greys units not testable with their reason on hover and in print', () => {
    const entry = UNTESTABLE_SENTENCES[0]!;
    expect(page).toContain(`class="untestable" title="not testable: ${entry.reason.replace(/'/g, '&#39;')}"`);
    expect(page).toContain('@media print{.detail[hidden]{display:block}');
    expect(page).toMatch(/<span class="print-only"> \[not testable: /);
  });

  it('finds every quoted and every untestable unit of the document in the page', () => {
    const coverage = coverageOf(
      documentSentences(markdown),
      REQUIREMENTS.flatMap((r) => r.quotes),
      UNTESTABLE_SENTENCES,
    );
    const expected = coverage.totals.quoted + coverage.totals.untestable;
    const shown = (page.match(/class="unit st-/g) ?? []).length - UNIT_STATUS_ORDER.length + (page.match(/class="untestable"/g) ?? []).length;
    expect(shown).toBe(expected);
  });

  it('takes the worst status of the requirements quoting a unit: failed over broken over warned over passed', () => {
    expect(worstStatus(['passed', 'warning', 'failed', 'broken'])).toBe('failed');
    expect(worstStatus(['passed', 'broken', 'warning'])).toBe('broken');
    expect(worstStatus(['recorded', 'passed'])).toBe('passed');
    expect(worstStatus(['not-covered', 'skipped'])).toBe('skipped');
    expect(worstStatus([])).toBe('not-covered');
  });

  it('without a run is the plain document, with no script', () => {
    const plain = renderSpecPage(markdown);
    expect(plain).not.toContain('<script');
    expect(plain).not.toContain('class="unit');
    expect(plain).toContain('id="section-4.1"');
  });
});
