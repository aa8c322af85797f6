/**
 * 8 and 7.2 sms_07 on POST and GET /voice/send: voice_message at most 160 characters (only with
 * template k, 4.3), tried in sandbox (sandbox=1 charges nothing), and a call from an account without
 * credits refused with sms_07 and charged nothing (real-delivery).
 */
import { describe, expect } from 'vitest';
import { expectError, expectRefused, judge, req, useTarget } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { CUSTOM_TEXT_TEMPLATE } from '../../schemas/voice.ts';
import { expectSent, withCountryCode } from '../support/sending-helpers.ts';
import { voiceBody, voiceSends } from '../support/voice-sends.ts';

const t = useTarget();

const VOICE_MESSAGE_MAX = limitById('voice-message-length').max!;

const { send, sendRefused } = voiceSends(t);

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
