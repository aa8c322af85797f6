/**
 * 4.16 (with 5.5, 7.4, 8 and 9): the legacy v1 SMS API. GET with Spanish query parameters and the
 * apikey as a request parameter; answers Estatus=ok with mensaje and referencia, or Estatus=error
 * with mensaje and Codigo (7.4). Refusals are checked in sandbox (sandbox=1 runs the request and
 * charges nothing), so that they need no charges on any target; the limits of 8 come from
 * schemas/limits.ts and are tested on both sides.
 */
import { describe, expect } from 'vitest';
import {
  type Answer,
  expectRefused,
  expectSuccess,
  expectV1Error,
  Inconclusive,
  judge,
  NOT_TESTABLE_PREFIX,
  req,
  reqNotTestable,
  SkipTest,
  useTarget,
} from '../harness/kit/index.ts';
import type { CapabilityId } from '../schemas/capabilities.ts';
import { formatMexicoDate, parseMexicoDate } from '../schemas/formats.ts';
import { LegacyV1SendMultiResponse, LegacyV1SendResponse } from '../schemas/legacy-v1.ts';
import { limitById } from '../schemas/limits.ts';
import { ReportsGenerateResponse } from '../schemas/reports.ts';
import { distinctNumbers, numbersInText, omit, v1Query } from './support/legacy-v1-query.ts';

const t = useTarget();

const MESSAGE_MAX = limitById('v1-message-length').max!;
const SENDER_MAX = limitById('v1-sender-length').max!;
const BATCH_MAX = limitById('v1-batch-size').max!;
/** 8: sandbox sends per day; 100 or 1,000 per the profile (the limit row names the ambiguity). */
const SANDBOX_DAILY = Number(t.choices['sandbox-daily-limit']);
/** 4.16: numcelular has 10 digits; 7.4 08: "under 6 digits". */
const NUMBER_DIGITS = 10;
const SHORT_NUMBER_DIGITS = 6;

const single = (query: Parameters<typeof v1Query>[1], key?: string | null): Promise<Answer> =>
  t.api('legacy-v1/send', { query: v1Query(t, query), ...(key !== undefined ? { key } : {}) });
const multi = (numbers: readonly string[], query: Parameters<typeof v1Query>[1] = {}): Promise<Answer> =>
  t.api('legacy-v1/send-multi', { query: v1Query(t, { numcelular: numbers.join(','), ...query }) });
/**
 * The requests a test expects answered Estatus=error: a refused one spends none of the day's sandbox
 * quota (8), so the run's sandbox plan lets it out (expectsRefusal).
 */
const refusedSingle = (query: Parameters<typeof v1Query>[1], key?: string | null): Promise<Answer> =>
  t.api('legacy-v1/send', { query: v1Query(t, query), ...(key !== undefined ? { key } : {}), expectsRefusal: true });
const refusedMulti = (numbers: readonly string[], query: Parameters<typeof v1Query>[1] = {}): Promise<Answer> =>
  t.api('legacy-v1/send-multi', { query: v1Query(t, { numcelular: numbers.join(','), ...query }), expectsRefusal: true });

/** A charged send (not sandbox): real delivery outside the embedded target. */
const CHARGED = { needs: ['real-delivery'] as CapabilityId[] };

/** The same refusal answered with language=es, language=en and without language: its texts per the profile (ambiguity response-language; 4.16: es the default). */
function expectTextsPerLanguage(es: Answer, en: Answer, none: Answer): void {
  const differ = es.body.mensaje !== en.body.mensaje;
  const choice = t.choices['response-language'];
  judge(
    'response-language',
    `v1 es="${String(es.body.mensaje)}" en="${String(en.body.mensaje)}"`,
    choice === 'locale-honoured' ? differ : choice === 'spanish-only' ? !differ : null,
  );
  // A reading (warn): its first failure is the test's one warning, as it was when it ended the test.
  if (
    !judge('rule:v1.language', 'es is the default language (4.16)', () => expect(none.body.mensaje, 'es is the default language (4.16)').toBe(es.body.mensaje))
  )
    return;
  if (choice === 'locale-honoured')
    judge('rule:v1.language', 'language=en changes the texts (4.16, profile)', () => expect(differ, 'language=en changes the texts').toBe(true));
  if (choice === 'spanish-only')
    judge('rule:v1.language', 'texts do not change with language (9, profile)', () => expect(differ, 'texts do not change with language').toBe(false));
}

// -------------------------------------------------------------------------------------------------
// GET /v1/sms/send: success (4.16, 5.5)
// -------------------------------------------------------------------------------------------------

describe('GET /v1/sms/send: success (4.16)', () => {
  // 0: "the legacy v1 SMS endpoints take form or query parameters": this send is query parameters only.
  req(
    ['op:legacy-v1/send', 'rule:v1.sandbox', 'rule:envelope.json-bodies'],
    'sandbox=1 answers Estatus=ok with mensaje and referencia, and charges nothing',
    async () => {
      const before = await t.credits();
      const body = expectSuccess(await single({}), 'legacy-v1/send', LegacyV1SendResponse);
      // 4.16 "Success: Estatus=ok, mensaje, referencia": the operation's success answer.
      judge('op:legacy-v1/send', 'referencia is not empty (4.16)', () =>
        expect(body.referencia.length, 'referencia: the message reference').toBeGreaterThan(0),
      );
      judge('op:legacy-v1/send', 'mensaje is not empty (4.16)', () => expect(body.mensaje.length).toBeGreaterThan(0));
      const second = expectSuccess(await single({}), 'legacy-v1/send', LegacyV1SendResponse);
      judge('op:legacy-v1/send', 'a reference per message (4.16)', () =>
        expect(second.referencia, 'each message has its own reference').not.toBe(body.referencia),
      );
      const after = await t.credits();
      judge('rule:v1.sandbox', 'nothing charged (4.16)', () => expect(after, 'sandbox charges nothing (4.16, 4.2)').toBe(before));
    },
  );

  req(
    ['op:legacy-v1/send', 'rule:v1.sandbox'],
    'without sandbox the send is charged; apikey as a query parameter (5.5)',
    async () => {
      const before = await t.credits();
      const answer = await t.api('legacy-v1/send', { query: omit(v1Query(t, { numcelular: t.deliverableNumber() }), 'sandbox'), keyPlacement: 'query' });
      expectSuccess(answer, 'legacy-v1/send', LegacyV1SendResponse);
      // 1: "sending operations consume it", the legacy v1 send among them.
      const after = await t.credits();
      judge('rule:sms.charges-credits', 'a real send consumes credits (1)', () => expect(after, 'a real send consumes credits (1)').toBeLessThan(before));
    },
    CHARGED,
  );

  req(
    ['limit:v1-message-length', 'err:v1-03'],
    `mensaje of ${MESSAGE_MAX} characters is sent, ${MESSAGE_MAX + 1} answers Codigo 03 (single and batch)`,
    async () => {
      expectSuccess(await single({ mensaje: 'a'.repeat(MESSAGE_MAX) }), 'legacy-v1/send', LegacyV1SendResponse);
      expectV1Error('err:v1-03', await refusedSingle({ mensaje: 'a'.repeat(MESSAGE_MAX + 1) }), '03');
      expectSuccess(await multi(distinctNumbers(t, 1), { mensaje: 'b'.repeat(MESSAGE_MAX) }), 'legacy-v1/send-multi', LegacyV1SendMultiResponse);
      expectV1Error('err:v1-03', await refusedMulti(distinctNumbers(t, 2), { mensaje: 'b'.repeat(MESSAGE_MAX + 1) }), '03');
    },
  );

  // 4.16 "remitente (optional, max 11 alphanumeric)" states its bound (stated-limits.ts): a longer or
  // non-alphanumeric one is refused (Estatus=error; 7.4 names no Codigo for it, so the one the
  // target chose is recorded), in sandbox, so that nothing is charged whatever the target does.
  // The remitente at its bound is a send like any other (fail); past it, 7.4 has no Codigo, so a
  // refusal is a reading (limit:v1-sender-length is at the warn level: the remitente may be ignored).
  req(
    ['op:legacy-v1/send', 'op:legacy-v1/send-multi', 'limit:v1-sender-length'],
    `remitente of ${SENDER_MAX} alphanumeric characters is accepted; ${SENDER_MAX + 1}, or a non-alphanumeric one, is refused (single and batch)`,
    async () => {
      expectSuccess(await single({ remitente: 'A1'.repeat(SENDER_MAX).slice(0, SENDER_MAX) }), 'legacy-v1/send', LegacyV1SendResponse);
      expectSuccess(
        await multi(distinctNumbers(t, 1), { remitente: 'B2'.repeat(SENDER_MAX).slice(0, SENDER_MAX) }),
        'legacy-v1/send-multi',
        LegacyV1SendMultiResponse,
      );
      for (const remitente of ['A1'.repeat(SENDER_MAX).slice(0, SENDER_MAX + 1), 'ACME-SHOP']) {
        const answer = await refusedSingle({ remitente });
        judge(
          'unnamed-codes',
          `remitente "${remitente}"`,
          answer.body.Estatus === 'error' ? `Codigo ${String(answer.body.Codigo)}` : 'accepted (refused or ignored: 7.4 has no Codigo for it)',
        );
        judge('limit:v1-sender-length', `remitente "${remitente}" is refused`, () => {
          expect(answer.body.Estatus, `remitente "${remitente}" is refused (${answer.text.slice(0, 200)})`).toBe('error');
          expectRefused('limit:v1-sender-length', answer, 'legacy-v1/send', `remitente "${remitente}"`);
        });
      }
      const batch = await refusedMulti(distinctNumbers(t, 2), { remitente: 'B2'.repeat(SENDER_MAX).slice(0, SENDER_MAX + 1) });
      judge('limit:v1-sender-length', `a batch with a remitente of ${SENDER_MAX + 1} characters is refused`, () => {
        expect(batch.body.Estatus, `a batch with a remitente of ${SENDER_MAX + 1} characters is refused (${batch.text.slice(0, 200)})`).toBe('error');
        expectRefused('limit:v1-sender-length', batch, 'legacy-v1/send-multi', `remitente of ${SENDER_MAX + 1}`);
      });
    },
  );

  req(['rule:v1.language'], 'language=en and es (default): same Codigo, texts per the profile (ambiguity response-language)', async () => {
    const es = await refusedSingle({ mensaje: undefined, language: 'es' });
    const en = await refusedSingle({ mensaje: undefined, language: 'en' });
    const none = await refusedSingle({ mensaje: undefined });
    for (const answer of [es, en, none]) expectV1Error('rule:v1.language', answer, '02');
    expectTextsPerLanguage(es, en, none);
  });
});

// -------------------------------------------------------------------------------------------------
// Codigo values of 7.4
// -------------------------------------------------------------------------------------------------

// biome-ignore lint/suspicious/noIdenticalTestTitle: both halves keep the title, so that their tests keep their names (baselines match them)
describe('Codigo values (7.4)', () => {
  req(['err:v1-01'], 'no apikey parameter answers Codigo 01 (single and batch)', async () => {
    expectV1Error('err:v1-01', await refusedSingle({}, null), '01');
    expectV1Error(
      'err:v1-01',
      await t.api('legacy-v1/send-multi', { query: v1Query(t, { numcelular: distinctNumbers(t, 2).join(',') }), key: null, expectsRefusal: true }),
      '01',
    );
  });

  req(['err:v1-10'], 'a wrong apikey answers Codigo 10 (single and batch)', async () => {
    const wrong = `wrong${t.name('key')}`;
    expectV1Error('err:v1-10', await refusedSingle({}, wrong), '10');
    expectV1Error(
      'err:v1-10',
      await t.api('legacy-v1/send-multi', { query: v1Query(t, { numcelular: distinctNumbers(t, 2).join(',') }), key: wrong, expectsRefusal: true }),
      '10',
    );
  });

  req(['err:v1-02'], 'no mensaje answers Codigo 02 (single and batch)', async () => {
    expectV1Error('err:v1-02', await t.api('legacy-v1/send', { query: omit(v1Query(t), 'mensaje'), expectsRefusal: true }), '02');
    expectV1Error(
      'err:v1-02',
      await t.api('legacy-v1/send-multi', { query: omit(v1Query(t, { numcelular: distinctNumbers(t, 2).join(',') }), 'mensaje'), expectsRefusal: true }),
      '02',
    );
  });

  req(['err:v1-04'], 'no numcelular answers Codigo 04 (single and batch)', async () => {
    expectV1Error('err:v1-04', await t.api('legacy-v1/send', { query: omit(v1Query(t), 'numcelular'), expectsRefusal: true }), '04');
    expectV1Error('err:v1-04', await t.api('legacy-v1/send-multi', { query: omit(v1Query(t), 'numcelular'), expectsRefusal: true }), '04');
  });

  req(['err:v1-05'], 'a numcelular with letters answers Codigo 05', async () => {
    const n = t.phone();
    for (const bad of [`${n.slice(0, 7)}abc`, `${n.slice(0, 5)}-${n.slice(5, 9)}`]) expectV1Error('err:v1-05', await refusedSingle({ numcelular: bad }), '05');
  });

  req(['err:v1-06'], 'no numregion answers Codigo 06 (single and batch)', async () => {
    expectV1Error('err:v1-06', await t.api('legacy-v1/send', { query: omit(v1Query(t), 'numregion'), expectsRefusal: true }), '06');
    expectV1Error(
      'err:v1-06',
      await t.api('legacy-v1/send-multi', { query: omit(v1Query(t, { numcelular: distinctNumbers(t, 2).join(',') }), 'numregion'), expectsRefusal: true }),
      '06',
    );
  });

  req(
    ['err:v1-07'],
    `numcelular of ${SHORT_NUMBER_DIGITS}, ${NUMBER_DIGITS - 1} and ${NUMBER_DIGITS + 1} digits answers Codigo 07 (${NUMBER_DIGITS} is sent)`,
    async () => {
      const n = t.phone();
      for (const digits of [SHORT_NUMBER_DIGITS, NUMBER_DIGITS - 1, NUMBER_DIGITS + 1])
        expectV1Error('err:v1-07', await refusedSingle({ numcelular: `${n}${n}`.slice(0, digits) }), '07');
      expectSuccess(await single({ numcelular: n }), 'legacy-v1/send', LegacyV1SendResponse);
    },
  );

  req(['err:v1-08'], `numcelular under ${SHORT_NUMBER_DIGITS} digits answers Codigo 08`, async () => {
    const n = t.phone();
    for (const digits of [1, SHORT_NUMBER_DIGITS - 1]) expectV1Error('err:v1-08', await refusedSingle({ numcelular: n.slice(0, digits) }), '08');
  });
});

// The Codigo values of the account rather than of the request (7.4, 8), in a second describe of the same title.
describe('Codigo values (7.4)', () => {
  req(
    ['err:v1-13'],
    'a send beyond the balance answers Codigo 13 with the current credit in the message, and charges nothing',
    async () => {
      // The price of one message is not stated: measure it with one charged send of the file's account.
      const before = await t.credits();
      expectSuccess(
        await t.api('legacy-v1/send', { query: omit(v1Query(t, { numcelular: t.deliverableNumber() }), 'sandbox') }),
        'legacy-v1/send',
        LegacyV1SendResponse,
      );
      const price = before - (await t.credits());
      judge('rule:sms.charges-credits', 'a real send consumes credits (1)', () => expect(price, 'a real send is charged').toBeGreaterThan(0));
      // A subaccount that can pay for one message (credits are whole numbers, 4.11), then not for another.
      const sub = await t.newSubaccount(Math.ceil(price));
      const affordable = Math.floor(Math.ceil(price) / price);
      for (let i = 0; i < affordable; i++) {
        const sent = await t.api('legacy-v1/send', { key: sub.key, query: omit(v1Query(t, { numcelular: t.deliverableNumber() }), 'sandbox') });
        expectSuccess(sent, 'legacy-v1/send', LegacyV1SendResponse);
      }
      const balance = await t.credits(sub.key);
      // The state the test arranged, read back: the price of a message is not stated, so a subaccount whose sends cost another price leaves nothing to judge.
      if (balance >= price)
        throw new Inconclusive(
          `a subaccount given ${Math.ceil(price)} credits kept ${balance} after ${affordable} send(s) of GET /v1/sms/send, not less than the price of one (${price}): Codigo 13 not reached`,
        );
      const refused = await t.api('legacy-v1/send', { key: sub.key, query: omit(v1Query(t, { numcelular: t.deliverableNumber() }), 'sandbox') });
      expectV1Error('err:v1-13', refused, '13');
      const mentioned = numbersInText(String(refused.body.mensaje));
      judge('err:v1-13', 'the message includes the current credit (7.4)', () =>
        expect(
          mentioned.some((n) => Math.abs(n - balance) < 0.005),
          `the message includes the current credit ${balance} (7.4): "${String(refused.body.mensaje)}"`,
        ).toBe(true),
      );
      const after = await t.credits(sub.key);
      judge('err:v1-13', 'a refused send charges nothing (7.4)', () => expect(after, 'a refused send charges nothing').toBe(balance));
    },
    CHARGED,
  );

  req(
    ['err:v1-22'],
    'sandbox sends up to the daily limit of the profile are sent, the next one answers Codigo 22 (8)',
    async () => {
      // A fresh account of its own: the quota is the account's for the day, and exhausting it must not block other tests.
      const sub = await t.newSubaccount(0);
      for (let i = 1; i <= SANDBOX_DAILY; i++) {
        const answer = await t.api('legacy-v1/send', { key: sub.key, query: v1Query(t) });
        judge('err:v1-22', 'a sandbox send within the daily limit is sent (7.4, 8)', () =>
          expect(answer.body.Estatus, `sandbox send ${i} of ${SANDBOX_DAILY} (profile sandbox-daily-limit) was refused: ${answer.text.slice(0, 200)}`).toBe(
            'ok',
          ),
        );
      }
      const over = await t.api('legacy-v1/send', { key: sub.key, query: v1Query(t) });
      judge('sandbox-daily-limit', `send ${SANDBOX_DAILY + 1}: Codigo ${String(over.body.Codigo)}`, Number(over.body.Codigo) === 22);
      expectV1Error('err:v1-22', over, '22');
    },
    { needs: ['manager-key'], timeout: 180_000 },
  );

  // 7.4: Codigo 23 needs the key of a user not authorized for the single send; the profile has no field for one.
  reqNotTestable(['err:v1-23'], 'a user not authorized for the single send answers Codigo 23', 'v1-unauthorized-user');
});

// -------------------------------------------------------------------------------------------------
// GET /v1/sms/send/multi (4.16, 7.4, 8)
// -------------------------------------------------------------------------------------------------

/**
 * The items of an accepted batch of the good numbers and one malformed number, by our reading of 4.16
 * (one item per number): each check rests on the one before, so a warning ends the walk.
 */
function judgeItemsOfMalformedBatch(body: LegacyV1SendMultiResponse, good: readonly string[], bad: string): void {
  if (!judge('rule:v1.multi-items', 'one item per number (4.16)', () => expect(body.respuestas, 'one item per number').toHaveLength(good.length + 1))) return;
  const forBad = body.respuestas.filter((i) => i.numcelular === bad);
  const badIsError = judge('rule:v1.multi-items', 'an error item for the malformed number (4.16)', () =>
    expect(
      forBad.every((i) => i.Estatus === 'error'),
      'the malformed number is an error item',
    ).toBe(true),
  );
  if (!badIsError) return;
  const sent = body.respuestas
    .filter((i) => i.Estatus === 'ok')
    .map((i) => i.numcelular)
    .sort();
  judge('rule:v1.multi-items', 'the good numbers are sent (4.16)', () => expect(sent, 'the good numbers are sent').toEqual([...good].sort()));
}

describe('GET /v1/sms/send/multi (4.16)', () => {
  req(
    ['op:legacy-v1/send-multi', 'rule:v1.multi-items'],
    'respuestas has one item per number, each Estatus=ok with mensaje, its own referencia and its numcelular',
    async () => {
      const numbers = distinctNumbers(t, 3);
      const before = await t.credits();
      const body = expectSuccess(await multi(numbers), 'legacy-v1/send-multi', LegacyV1SendMultiResponse);
      // One item per number is our reading of 4.16: its two checks below build on it, so they run only where it held.
      const oneEach = judge('rule:v1.multi-items', 'one item per number', () => expect(body.respuestas, 'one item per number').toHaveLength(numbers.length));
      const refused = body.respuestas.filter((item) => item.Estatus !== 'ok');
      judge('op:legacy-v1/send-multi', 'every item sent (4.16)', () => expect(refused, 'no item refused').toEqual([]));
      const items = body.respuestas.flatMap((item) => (item.Estatus === 'ok' ? [item] : []));
      if (oneEach) {
        judge('rule:v1.multi-items', 'each item names its number', () =>
          expect(items.map((i) => i.numcelular).sort(), 'each item names its number').toEqual([...numbers].sort()),
        );
        judge('rule:v1.multi-items', 'a reference per item', () =>
          expect(new Set(items.map((i) => i.referencia)).size, 'a reference per message').toBe(numbers.length),
        );
      }
      const after = await t.credits();
      judge('rule:sandbox.no-charge', 'nothing charged', () => expect(after, 'sandbox charges nothing').toBe(before));
    },
  );

  req(
    ['rule:v1.multi-items', 'rule:envelope.no-server-error'],
    'a batch with one malformed number: an error item for it (or a refusal of the batch), never a send to it',
    async () => {
      const good = distinctNumbers(t, 2);
      const bad = good[0]!.slice(0, NUMBER_DIGITS - 1);
      const answer = await multi([good[0]!, bad, good[1]!]);
      // A server error is a warning (7.1 server_01, a reading) and leaves nothing else to judge of the answer.
      if (!judge('rule:envelope.no-server-error', 'never a server error', () => expect(answer.status).toBeLessThan(500))) return;
      if (answer.body.Estatus === 'error') {
        expectV1Error('rule:v1.multi-items', answer, String(answer.body.Codigo));
        return;
      }
      judgeItemsOfMalformedBatch(expectSuccess(answer, 'legacy-v1/send-multi', LegacyV1SendMultiResponse), good, bad);
    },
  );

  req(['err:v1-14', 'limit:v1-batch-size'], `${BATCH_MAX + 1} numbers answer Codigo 14`, async () => {
    expectV1Error('err:v1-14', await refusedMulti(distinctNumbers(t, BATCH_MAX + 1)), '14');
  });

  // 500 sandbox sends fit only a daily sandbox limit of at least 500 (in an account of their own);
  // otherwise the batch is a charged one, which on a real target would go to 500 distinct numbers
  // none of which is the tester's own (7.4 Codigo 15 refuses a repeated one): no real target can
  // run it, and the test says so rather than asking for numbers or flags.
  const batchInSandbox = SANDBOX_DAILY >= BATCH_MAX;
  req(
    ['limit:v1-batch-size', 'rule:v1.multi-items'],
    `${BATCH_MAX} numbers are accepted, one item each`,
    async () => {
      if (!batchInSandbox && !t.config.embedded)
        throw new SkipTest(
          `${NOT_TESTABLE_PREFIX} at a sandbox daily limit of ${SANDBOX_DAILY} (ambiguity sandbox-daily-limit, 8) a batch of ${BATCH_MAX} ` +
            `is charged, to ${BATCH_MAX} distinct numbers (7.4 Codigo 15 refuses a repeated one), more than any tester owns`,
        );
      const numbers = distinctNumbers(t, BATCH_MAX);
      const key = batchInSandbox ? (await t.newSubaccount(0)).key : t.key;
      const query = v1Query(t, { numcelular: numbers.join(',') });
      const answer = await t.api('legacy-v1/send-multi', { key, query: batchInSandbox ? query : omit(query, 'sandbox') });
      const body = expectSuccess(answer, 'legacy-v1/send-multi', LegacyV1SendMultiResponse);
      judge('rule:v1.multi-items', 'one item per number', () => expect(body.respuestas, 'one item per number').toHaveLength(BATCH_MAX));
      judge('limit:v1-batch-size', `${BATCH_MAX} numbers sent`, () =>
        expect(
          body.respuestas.every((i) => i.Estatus === 'ok'),
          'every number sent',
        ).toBe(true),
      );
    },
    { needs: batchInSandbox ? ['manager-key'] : ['real-delivery'], timeout: 120_000 },
  );

  req(['err:v1-15'], 'a repeated number answers Codigo 15', async () => {
    const [a, b] = distinctNumbers(t, 2);
    expectV1Error('err:v1-15', await refusedMulti([a!, b!, a!]), '15');
  });

  req(['err:v1-21'], 'a double comma in numcelular answers Codigo 21', async () => {
    const [a, b] = distinctNumbers(t, 2);
    expectV1Error('err:v1-21', await t.api('legacy-v1/send-multi', { query: v1Query(t, { numcelular: `${a},,${b}` }), expectsRefusal: true }), '21');
  });
});

// -------------------------------------------------------------------------------------------------
// 8: legacy sandbox reports only on the day of sending
// -------------------------------------------------------------------------------------------------

describe('legacy sandbox reports (8)', () => {
  req(['limit:v1-sandbox-report-day'], 'a v1 sandbox send is in the sandbox report on its day, and no longer the day after', async () => {
    const sent = expectSuccess(await single({}), 'legacy-v1/send', LegacyV1SendResponse);
    const now = await t.clock.now();
    const day = formatMexicoDate(now);
    const report = async (): Promise<string[]> => {
      const answer = await t.api('reports/generate', { json: { start_date: day, end_date: day, sandbox: 1 } });
      return expectSuccess(answer, 'reports/generate', ReportsGenerateResponse).report.map((r) => r.reference);
    };
    const sameDay = await report();
    judge('limit:v1-sandbox-report-day', 'the sandbox report of the day of sending lists it (8)', () =>
      expect(sameDay, 'the sandbox report of the day of sending lists the message').toContain(sent.referencia),
    );
    // The next Mexico City day starts within 26 hours of this one's start (days last 23 to 25 hours).
    const nextDay = parseMexicoDate(formatMexicoDate(parseMexicoDate(day)! + 26 * 3_600_000))!;
    await t.clock.wait((nextDay - now) / 1000 + 60);
    const dayAfter = await report();
    judge('limit:v1-sandbox-report-day', 'the day after, the sandbox report no longer lists it (8)', () =>
      expect(dayAfter, 'the day after, the sandbox report no longer lists it').not.toContain(sent.referencia),
    );
  });
});
