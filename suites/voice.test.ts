/**
 * 4.3 Voice: POST /voice/send and GET /voice/send ("the reference states GET is also supported"),
 * templates a to k, voice_message only with k and at most 160 characters (8), country code always
 * 52. Validations run in sandbox (sandbox=1 charges nothing); charging needs real-delivery.
 */
import { describe, expect } from 'vitest';
import { type Answer, expectError, expectRefused, judge, req, useTarget } from '../harness/kit/index.ts';
import { limitById } from '../schemas/limits.ts';
import { CUSTOM_TEXT_TEMPLATE, VOICE_TEMPLATES, type VoiceTemplateLetter } from '../schemas/voice.ts';
import { describeAnswer, expectBalanceDroppedBy, expectSent, isSendSuccess, phones, withCountryCode, type Fields } from './support/sending-helpers.ts';

const t = useTarget();

const VOICE_MESSAGE_MAX = limitById('voice-message-length').max!;
const TEMPLATES = Object.keys(VOICE_TEMPLATES) as VoiceTemplateLetter[];

/** A valid sandbox body of 4.3 for `template` (k carries voice_message). */
function voiceBody(numbers: readonly string[], template: VoiceTemplateLetter = 'a', extra: Fields = {}): Fields {
  return {
    numbers: numbers.join(','),
    country_code: '52',
    template,
    company: 'ACME',
    code: '4821',
    sandbox: 1,
    ...(template === CUSTOM_TEXT_TEMPLATE ? { voice_message: 'Hola de {{company}}, tu codigo es {{code}}' } : {}),
    ...extra,
  };
}

const send = (json: Fields): Promise<Answer> => t.api('voice/send', { json });
/** A call the test expects refused: it spends none of the day's sandbox quota (8), so the run's sandbox plan lets it out. */
const sendRefused = (json: Fields): Promise<Answer> => t.api('voice/send', { json, expectsRefusal: true });

describe('POST /voice/send (4.3, 2.2)', () => {
  req(
    ['op:voice/send', 'rule:sms.references-per-recipient', 'rule:sms.total-messages', 'rule:sandbox.no-charge'],
    'two recipients in sandbox: sms_11, one reference per recipient with country code, nothing charged',
    async () => {
      const numbers = phones(t, 2);
      const before = await t.credits();
      expectSent(await send(voiceBody(numbers, 'a', { formal_tone: true })), 'voice/send', numbers.map(withCountryCode));
      const after = await t.credits();
      judge('rule:sandbox.no-charge', 'nothing charged (4.3)', () => expect(after, 'sandbox=1 charges nothing (4.3)').toBeCloseTo(before, 2));
    },
  );

  req(['op:voice/send', 'rule:sms.charges-credits'], 'a call that is not sandbox: the balance drops by the credit the answer reports', async () => {
    const number = t.deliverableNumber();
    const before = await t.credits();
    const { sandbox: _sandbox, ...body } = voiceBody([number]);
    const sent = expectSent(await send(body), 'voice/send', [withCountryCode(number)]);
    judge('rule:sms.charges-credits', 'a call consumes credits (1, 2.2)', () => expect(sent.credit, 'a call consumes credits (1, 2.2)').toBeGreaterThan(0));
    await expectBalanceDroppedBy(t, before, sent.credit);
  });

  req(['op:voice/send'], 'required fields: numbers, country_code and template', async () => {
    const valid = voiceBody([t.phone()]);
    for (const missing of ['numbers', 'country_code', 'template'] as const) {
      const { [missing]: _dropped, ...rest } = valid;
      expectRefused('op:voice/send', await sendRefused(rest), 'voice/send');
    }
  });

  // 4.3 country_code "always 52" states the only value (stated-limits.ts): another is refused.
  req(['limit:voice-country-code'], 'country_code is always 52: 52 accepted, 1 and 521 refused (POST and GET, sandbox, nothing charged)', async () => {
    const before = await t.credits();
    const number = t.phone();
    expectSent(await send(voiceBody([number])), 'voice/send', [withCountryCode(number)]);
    for (const country_code of ['1', '521']) {
      expectRefused('limit:voice-country-code', await sendRefused(voiceBody([t.phone()], 'a', { country_code })), 'voice/send', `country_code ${country_code}`);
      expectRefused(
        'limit:voice-country-code',
        await t.api('voice/send-via-get', { query: { numbers: t.phone(), country_code, template: 'a', sandbox: '1' }, expectsRefusal: true }),
        'voice/send-via-get',
        `country_code ${country_code}`,
      );
    }
    const after = await t.credits();
    judge('limit:voice-country-code', 'refusals charge nothing (4.3)', () => expect(after, 'refusals charge nothing').toBeCloseTo(before, 2));
  });

  // 4.3 sandbox "enum 0,1": sandbox=2 read as "not sandbox" would call and charge, so it is sent from
  // an account without credits, where no reading of it can charge anything, and to a number that may
  // really receive it (the profile's own, 5.2), should a target call it anyway.
  req(
    ['limit:voice-sandbox-flag', 'rule:sandbox.no-charge'],
    'sandbox=1 is accepted; sandbox=2 is refused and charges nothing (an account without credits)',
    async () => {
      const poor = await t.newSubaccount(0);
      const number = t.phone();
      expectSent(await t.api('voice/send', { key: poor.key, json: voiceBody([number]) }), 'voice/send', [withCountryCode(number)]);
      expectRefused(
        'limit:voice-sandbox-flag',
        await t.api('voice/send', { key: poor.key, json: voiceBody([t.deliverableNumber()], 'a', { sandbox: 2 }) }),
        'voice/send',
        'sandbox 2',
      );
      const after = await t.credits(poor.key);
      judge('rule:sandbox.no-charge', 'nothing charged (4.3)', () => expect(after, 'nothing was charged').toBe(0));
    },
    { needs: ['manager-key'] },
  );
});

describe('GET /voice/send (4.3)', () => {
  req(
    ['op:voice/send-via-get', 'rule:sms.references-per-recipient', 'rule:sandbox.no-charge'],
    'the fields as query parameters: the send result of 2.2, nothing charged in sandbox',
    async () => {
      const numbers = phones(t, 2);
      const before = await t.credits();
      const answer = await t.api('voice/send-via-get', {
        query: { numbers: numbers.join(','), country_code: '52', template: 'b', company: 'ACME', code: '7788', sandbox: '1', formal_tone: 'true' },
      });
      expectSent(answer, 'voice/send-via-get', numbers.map(withCountryCode));
      const after = await t.credits();
      judge('rule:sandbox.no-charge', 'nothing charged', () => expect(after, 'sandbox=1 charges nothing').toBeCloseTo(before, 2));
    },
  );

  req(['op:voice/send-via-get', 'rule:voice.templates'], 'GET: a template outside a to k is refused', async () => {
    const answer = await t.api('voice/send-via-get', { query: { numbers: t.phone(), country_code: '52', template: 'z', sandbox: '1' }, expectsRefusal: true });
    expectRefused('rule:voice.templates', answer, 'voice/send-via-get', 'template "z"');
  });
});

describe('templates (4.3)', () => {
  // 4.3 "template | enum a..k" states the values (stated-limits.ts): another one is refused.
  req(['rule:voice.templates'], 'a template outside a to k (l, z, A, empty) is refused and charges nothing', async () => {
    const before = await t.credits();
    for (const template of ['l', 'z', 'A', '']) {
      const answer = await sendRefused({ ...voiceBody([t.phone()]), template });
      judge('rule:voice.templates', `template "${template}" is not a send (4.3)`, () =>
        expect(isSendSuccess(answer), `template "${template}" is not a send (${describeAnswer(answer)})`).toBe(false),
      );
      expectRefused('rule:voice.templates', answer, 'voice/send', `template "${template}"`);
    }
    const after = await t.credits();
    judge('rule:voice.templates', 'refusals charge nothing (4.3)', () => expect(after, 'refusals charge nothing').toBeCloseTo(before, 2));
  });

  // 4.3 "voice_message ... only with template k": a voice_message beside another template may be
  // refused or ignored (latitude only-with); either is accepted and what the target did is recorded.
  req(
    ['rule:voice.template-k-message', 'rule:voice.template-k-needs-message'],
    'voice_message is used with template k; beside another template it is refused or ignored (recorded)',
    async () => {
      for (const template of TEMPLATES.filter((l) => l !== CUSTOM_TEXT_TEMPLATE).slice(0, 3)) {
        const number = t.phone();
        const answer = await send(voiceBody([number], template, { voice_message: 'Texto propio' }));
        if (isSendSuccess(answer)) expectSent(answer, 'voice/send', [withCountryCode(number)]);
        else expectRefused('rule:voice.template-k-message', answer, 'voice/send', `voice_message with template ${template}`);
        judge(
          'only-with',
          `voice_message with template ${template} (latitude only-with)`,
          isSendSuccess(answer) ? 'ignored: sent' : `refused: ${describeAnswer(answer)}`,
        );
      }
      const number = t.phone();
      expectSent(await send(voiceBody([number], CUSTOM_TEXT_TEMPLATE)), 'voice/send', [withCountryCode(number)]);
      // 4.3: "k uses voice_message" (k: custom text): a k call without it has nothing to read. That it
      // is refused is our reading (a warning), not a sentence of the document.
      const { voice_message: _m, ...bare } = voiceBody([t.phone()], CUSTOM_TEXT_TEMPLATE);
      const answer = await send(bare);
      judge('invalid-input', 'template k without voice_message', describeAnswer(answer));
      judge('rule:voice.template-k-needs-message', 'template k without voice_message is refused (a reading of "k uses voice_message")', () => {
        expect(isSendSuccess(answer), 'not a send').toBe(false);
        expectRefused('rule:voice.template-k-needs-message', answer, 'voice/send');
      });
    },
  );
});

describe('limits (8)', () => {
  req(
    ['limit:voice-message-length'],
    `voice_message: ${VOICE_MESSAGE_MAX} characters accepted, ${VOICE_MESSAGE_MAX + 1} refused (POST and GET, nothing charged)`,
    async () => {
      const before = await t.credits();
      const number = t.phone();
      expectSent(await send(voiceBody([number], CUSTOM_TEXT_TEMPLATE, { voice_message: 'v'.repeat(VOICE_MESSAGE_MAX) })), 'voice/send', [
        withCountryCode(number),
      ]);
      expectRefused(
        'limit:voice-message-length',
        await sendRefused(voiceBody([t.phone()], CUSTOM_TEXT_TEMPLATE, { voice_message: 'v'.repeat(VOICE_MESSAGE_MAX + 1) })),
        'voice/send',
      );
      const query = { numbers: t.phone(), country_code: '52', template: CUSTOM_TEXT_TEMPLATE, sandbox: '1' };
      expectSent(await t.api('voice/send-via-get', { query: { ...query, voice_message: 'w'.repeat(VOICE_MESSAGE_MAX) } }), 'voice/send-via-get', [
        withCountryCode(query.numbers),
      ]);
      expectRefused(
        'limit:voice-message-length',
        await t.api('voice/send-via-get', { query: { ...query, numbers: t.phone(), voice_message: 'w'.repeat(VOICE_MESSAGE_MAX + 1) }, expectsRefusal: true }),
        'voice/send-via-get',
      );
      const after = await t.credits();
      judge('limit:voice-message-length', 'sandbox sends and refusals charge nothing (4.3)', () =>
        expect(after, 'sandbox sends and refusals charge nothing').toBeCloseTo(before, 2),
      );
    },
  );
});

describe('insufficient credits (7.2 sms_07)', () => {
  req(
    ['err:sms_07'],
    'a call from an account without credits: sms_07, the balance stays 0',
    async () => {
      const poor = await t.newSubaccount(0);
      const { sandbox: _sandbox, ...body } = voiceBody([t.deliverableNumber()]);
      expectError('err:sms_07', await t.api('voice/send', { key: poor.key, json: body }), 'sms_07', 'voice/send');
      const after = await t.credits(poor.key);
      judge('err:sms_07', 'nothing was charged (7.2)', () => expect(after, 'nothing was charged').toBe(0));
    },
    { needs: ['real-delivery'] },
  );
});

// Last in the file: one sandbox call per template, the most sends of the file for one rule; without a
// manager key the day's sandbox quota of 8 is shared by the run's files, and the run's sandbox plan
// (harness/kit/sandbox-plan.ts) gives the file's first tests their sends before this one.
describe('templates (4.3): each one', () => {
  req(['rule:voice.templates'], `every template ${TEMPLATES.join(', ')} is accepted`, async () => {
    for (const template of TEMPLATES) {
      const number = t.phone();
      expectSent(await send(voiceBody([number], template)), 'voice/send', [withCountryCode(number)]);
    }
  });
});
