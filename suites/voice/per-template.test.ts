/**
 * 4.3 "template | enum a..k": every template accepted, one sandbox call each (sandbox=1 charges
 * nothing). The most sends of the area for one rule: without a manager key the day's sandbox quota
 * of 8 is shared by the run's files, and the voice files run in the order of
 * harness/run/suite-schedule.ts, this one last, so that the run's sandbox plan
 * (harness/kit/sandbox-plan.ts) gives the area's other tests their sends before this one.
 */
import { describe } from 'vitest';
import { req, useTarget } from '../../harness/kit/index.ts';
import { expectSent, withCountryCode } from '../support/sending-helpers.ts';
import { TEMPLATES, voiceBody, voiceSends } from '../support/voice-sends.ts';

const t = useTarget();

const { send } = voiceSends(t);

describe('templates (4.3): each one', () => {
  req(['rule:voice.templates'], `every template ${TEMPLATES.join(', ')} is accepted`, async () => {
    for (const template of TEMPLATES) {
      const number = t.phone();
      expectSent(await send(voiceBody([number], template)), 'voice/send', [withCountryCode(number)]);
    }
  });
});
