/**
 * How the voice suites (suites/voice/) call POST /voice/send (4.3): a valid sandbox body for a
 * template, a call, and a call the test expects refused. Validations run in sandbox (sandbox=1
 * charges nothing).
 */
import type { Answer, Target } from '../../harness/kit/index.ts';
import { CUSTOM_TEXT_TEMPLATE, VOICE_TEMPLATES, type VoiceTemplateLetter } from '../../schemas/voice.ts';
import type { Fields } from './sending-helpers.ts';

/** The templates of 4.3, a to k. */
export const TEMPLATES = Object.keys(VOICE_TEMPLATES) as VoiceTemplateLetter[];

/** A valid sandbox body of 4.3 for `template` (k carries voice_message). */
export function voiceBody(numbers: readonly string[], template: VoiceTemplateLetter = 'a', extra: Fields = {}): Fields {
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

interface VoiceSends {
  send(json: Fields): Promise<Answer>;
  /** A call the test expects refused: it spends none of the day's sandbox quota (8), so the run's sandbox plan lets it out. */
  sendRefused(json: Fields): Promise<Answer>;
}

/** The calls of POST /voice/send through the suite's target `t`. */
export const voiceSends = (t: Target): VoiceSends => ({
  send: (json) => t.api('voice/send', { json }),
  sendRefused: (json) => t.api('voice/send', { json, expectsRefusal: true }),
});
