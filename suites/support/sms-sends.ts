/**
 * How the SMS suites (suites/sms/) send on POST /sms/send (4.2): a valid sandbox body, a send, a
 * send the test expects refused, the send result of a sandbox send (2.2), and the valid values
 * several tests need accepted in one sandbox send each of them reads (sentWith). Validations run in
 * sandbox (4.2: "1 runs all validations and generates references but delivers nothing and charges
 * nothing"), so that a target that wrongly accepts does not charge.
 */
import type { Answer, Target } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import type { SendResult } from '../../schemas/sms.ts';
import { expectSent, type Fields, isSendSuccess, sandboxSmsBody, withCountryCode } from './sending-helpers.ts';

/** 8: the longest sender (alphanumeric characters). */
export const SENDER_MAX = limitById('sender-id-length').max!;

interface SmsSends {
  /** A valid sandbox body (4.2) to `numbers`, with `extra` fields over it. */
  sandboxSms(numbers: readonly string[], extra?: Fields): Fields;
  send(json: Fields): Promise<Answer>;
  /** A send the test expects refused: it spends none of the day's sandbox quota (8), so the run's sandbox plan lets it out. */
  sendRefused(json: Fields): Promise<Answer>;
  /** 2.2 send result of a sandbox send to `numbers` (10-digit national numbers). */
  sandboxSent(numbers: readonly string[], extra?: Fields): Promise<SendResult>;
  /** The send result of a sandbox send with `extra` (a subset of the shared send's values): the shared send's when it was accepted, else its own. */
  sentWith(extra: Fields): Promise<SendResult>;
}

/**
 * The sends of the suite's target `t`; one per suite file, so that its shared send is the file's.
 *
 * The valid values several tests need accepted, in one sandbox send whose answer each of them reads
 * (8: the day's sandbox quota is small without a manager key): a 10-digit national number, country_code
 * 52, a sender of the maximum length, channel 1, find_country_code 0, shorten_url 0 and, where the
 * parameter is named flash, flash 0 (4.2). An accepted send accepted each value. Made by the first test
 * of the file that asks, whatever the order; a refused one decides nothing of a single value, so a test
 * that reads a refusal sends its own value alone (sentWith) and judges that answer.
 */
export function smsSends(t: Target): SmsSends {
  const sandboxSms = (numbers: readonly string[], extra: Fields = {}): Fields => sandboxSmsBody(t, 'sms', numbers, extra);
  const send = (json: Fields): Promise<Answer> => t.api('sms/send', { json });
  const sendRefused = (json: Fields): Promise<Answer> => t.api('sms/send', { json, expectsRefusal: true });
  const sandboxSent = async (numbers: readonly string[], extra: Fields = {}): Promise<SendResult> =>
    expectSent(await send(sandboxSms(numbers, extra)), 'sms/send', numbers.map(withCountryCode));
  const combinedFields: Fields = {
    country_code: '52',
    sender: 'A1'.repeat(SENDER_MAX).slice(0, SENDER_MAX),
    channel: 1,
    find_country_code: 0,
    shorten_url: 0,
    ...(t.choices['sms-flash-parameter-name'] === 'flash' ? { flash: 0 } : {}),
  };
  let combinedSend: Promise<{ number: string; answer: Answer }> | undefined;
  const combined = (): Promise<{ number: string; answer: Answer }> => {
    combinedSend ??= (async () => {
      const number = t.phone();
      return { number, answer: await send(sandboxSms([number], combinedFields)) };
    })();
    return combinedSend;
  };
  const sentWith = async (extra: Fields): Promise<SendResult> => {
    const shared = await combined();
    if (isSendSuccess(shared.answer)) return expectSent(shared.answer, 'sms/send', [withCountryCode(shared.number)]);
    return sandboxSent([t.phone()], extra);
  };
  return { sandboxSms, send, sendRefused, sandboxSent, sentWith };
}
