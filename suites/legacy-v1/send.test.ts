/**
 * 4.16 GET /v1/sms/send (with 5.5, 8 and 9): GET with Spanish query parameters and the apikey as a
 * request parameter; answers Estatus=ok with mensaje and referencia, in sandbox (sandbox=1 runs the
 * request and charges nothing) or charged; the limits of 8 on mensaje and remitente, from
 * schemas/limits.ts, tested on both sides, single and batch; the response language. Refusals are
 * checked in sandbox, so that they need no charges on any target.
 */
import { describe, expect } from 'vitest';
import { type Answer, expectRefused, expectSuccess, expectV1Error, judge, req, useTarget } from '../../harness/kit/index.ts';
import { LegacyV1SendMultiResponse, LegacyV1SendResponse } from '../../schemas/legacy-v1.ts';
import { limitById } from '../../schemas/limits.ts';
import { CHARGED, v1Sends } from '../support/legacy-v1-calls.ts';
import { distinctNumbers, omit, v1Query } from '../support/legacy-v1-query.ts';

const t = useTarget();
const { single, multi, refusedSingle, refusedMulti } = v1Sends(t);

const MESSAGE_MAX = limitById('v1-message-length').max!;
const SENDER_MAX = limitById('v1-sender-length').max!;

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
