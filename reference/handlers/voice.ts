/**
 * 4.3 Voice: calls that read a fixed text-to-speech template (a to k) to comma-separated recipients,
 * country code always 52; template k reads voice_message. POST with a JSON body, and GET with the
 * same fields as query parameters ("the reference states GET is also supported"). Answer: 2.2.
 */
import { isFlagSet } from '../../schemas/formats.ts';
import { splitRecipients } from '../../schemas/sms.ts';
import { CUSTOM_TEXT_TEMPLATE, VOICE_TEMPLATES, VoiceSendQuery, VoiceSendRequest, type VoiceTemplateLetter } from '../../schemas/voice.ts';
import { handler, type HandlerSet, type InvalidHandler, type Reply } from '../handler.ts';
import { takesAlternate } from '../personality.ts';
import { genericInvalid } from '../pipeline.ts';
import { invalidParameters } from '../replies.ts';
import { sendAndReply, wantsCampaignId, type SendingRequest } from './sms.ts';

/** What POST and GET share once validated (formal_tone differs in type and is not spoken here). */
interface VoiceInput {
  numbers: string;
  country_code: string;
  template: VoiceTemplateLetter;
  sandbox?: 0 | 1 | '0' | '1' | undefined;
  company?: string | undefined;
  code?: string | undefined;
  voice_message?: string | undefined;
}

/**
 * The digit count of a voice recipient is not shown (4.3); with the country code fixed at 52 the
 * recipients are taken as the national numbers of 4.2: 10 digits.
 */
const NATIONAL_NUMBER = /^\d{10}$/;

/** 4.3: "Variables {{company}} and {{code}} are substituted". */
const substitute = (text: string, input: VoiceInput): string => text.replaceAll('{{company}}', input.company ?? '').replaceAll('{{code}}', input.code ?? '');

/**
 * The text logged for the call (reports, 2.8). The spoken scripts of a to j are not shown, so the
 * log names the template and the variables; k is the custom text.
 */
function spokenText(input: VoiceInput): string {
  if (input.template === CUSTOM_TEXT_TEMPLATE) return substitute(input.voice_message ?? '', input);
  const variables = [input.company, input.code].filter((v) => v !== undefined && v !== '').join(' ');
  return `Template ${input.template} (${VOICE_TEMPLATES[input.template]})${variables ? `: ${variables}` : ''}`;
}

function sendVoice(req: SendingRequest, input: VoiceInput): Reply {
  const numbers = splitRecipients(input.numbers);
  const bad = numbers.find((n) => !NATIONAL_NUMBER.test(n));
  if (bad !== undefined) return invalidParameters(req, 'numbers', `numbers: ${bad}: a national number has 10 digits`);
  // 4.3: "k uses voice_message": without it there is nothing to read.
  if (req.server.seams.at('voice.refuses-k-without-message', input.template === CUSTOM_TEXT_TEMPLATE && !input.voice_message))
    return invalidParameters(req, 'voice_message', 'voice_message: required with template k');
  return sendAndReply(
    req,
    // 2.2: recipients with country code; 4.3 sandbox=1 charges nothing (messaging.send).
    { numbers: numbers.map((n) => `${input.country_code}${n}`), message: spokenText(input), kind: 'voice', sandbox: isFlagSet(input.sandbox) },
    wantsCampaignId(req),
  );
}

/**
 * Latitude only-with (4.3 voice_message: "only with template k"): the default refuses a
 * voice_message given with another template (the schema's rule); the alternate ignores it, and the
 * request is read without it.
 */
const withoutStrayVoiceMessage =
  (schema: typeof VoiceSendRequest | typeof VoiceSendQuery): InvalidHandler =>
  (req, issues) => {
    const stray = req.fields.voice_message !== undefined && req.fields.template !== CUSTOM_TEXT_TEMPLATE;
    if (stray && takesAlternate(req.server.options)) {
      const rest: Record<string, unknown> = { ...req.fields };
      delete rest.voice_message;
      const parsed = schema.safeParse(rest);
      if (parsed.success) return sendVoice(req, parsed.data);
    }
    return genericInvalid(req, issues);
  };

export const voiceHandlers: HandlerSet = {
  'voice/send': handler(VoiceSendRequest, (ctx) => sendVoice(ctx, ctx.input), withoutStrayVoiceMessage(VoiceSendRequest)),
  'voice/send-via-get': handler(VoiceSendQuery, (ctx) => sendVoice(ctx, ctx.input), withoutStrayVoiceMessage(VoiceSendQuery)),
};
