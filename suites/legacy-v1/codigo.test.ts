/**
 * The Codigo values of 7.4 on GET /v1/sms/send and /v1/sms/send/multi (4.16, with 8): those of the
 * request (apikey, mensaje, numcelular, numregion), refused in sandbox so that they need no charges
 * on any target; then those of the account: the balance (13, measured with one charged send) and the
 * daily sandbox limit of 8 (22), each in a subaccount of its own.
 */
import { describe, expect } from 'vitest';
import { expectSuccess, expectV1Error, Inconclusive, judge, req, reqNotTestable, useTarget } from '../../harness/kit/index.ts';
import { LegacyV1SendResponse } from '../../schemas/legacy-v1.ts';
import { CHARGED, NUMBER_DIGITS, sandboxDailyLimit, v1Sends } from '../support/legacy-v1-calls.ts';
import { distinctNumbers, numbersInText, omit, v1Query } from '../support/legacy-v1-query.ts';

const t = useTarget();
const { single, refusedSingle } = v1Sends(t);

const SANDBOX_DAILY = sandboxDailyLimit(t);
/** 7.4 08: "under 6 digits". */
const SHORT_NUMBER_DIGITS = 6;

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
