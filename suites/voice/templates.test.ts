/**
 * 4.3 the templates of POST /voice/send: any value outside a to k refused and charging nothing,
 * voice_message only with k (latitude only-with; k without it refused, our reading). In sandbox
 * (sandbox=1 charges nothing). Each template accepted: per-template.test.ts.
 */
import { describe, expect } from 'vitest';
import { expectRefused, judge, req, useTarget } from '../../harness/kit/index.ts';
import { CUSTOM_TEXT_TEMPLATE } from '../../schemas/voice.ts';
import { describeAnswer, expectSent, isSendSuccess, withCountryCode } from '../support/sending-helpers.ts';
import { TEMPLATES, voiceBody, voiceSends } from '../support/voice-sends.ts';

const t = useTarget();

const { send, sendRefused } = voiceSends(t);

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
