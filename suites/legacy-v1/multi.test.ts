/**
 * 4.16 GET /v1/sms/send/multi (with 7.4 and 8): respuestas, one item per number, each with its own
 * referencia; a malformed number in a batch; the batch size of 8 on both sides (its largest batch in
 * sandbox where the profile's daily sandbox limit allows it); repeated numbers and double commas.
 * Refusals are checked in sandbox, so that they need no charges on any target.
 */
import { describe, expect } from 'vitest';
import { expectSuccess, expectV1Error, judge, NOT_TESTABLE_PREFIX, req, SkipTest, useTarget } from '../../harness/kit/index.ts';
import { LegacyV1SendMultiResponse } from '../../schemas/legacy-v1.ts';
import { limitById } from '../../schemas/limits.ts';
import { NUMBER_DIGITS, sandboxDailyLimit, v1Sends } from '../support/legacy-v1-calls.ts';
import { distinctNumbers, omit, v1Query } from '../support/legacy-v1-query.ts';

const t = useTarget();
const { multi, refusedMulti } = v1Sends(t);

const BATCH_MAX = limitById('v1-batch-size').max!;
const SANDBOX_DAILY = sandboxDailyLimit(t);

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
