/**
 * What a refusal refuses, and which HTTP status the document gives it. 7.1 gives one status, the
 * 200 of "<validation code> | 200 | body message says parameters invalid": a refusal of invalid
 * input. A resource that does not exist, a duplicate (4.7 agenda_03, 4.10 "validates unique
 * password, user name and phone") or a balance too small (7.2 sms_07, 4.8 redeem, 4.11 withdraw) is
 * not said to be one, and the document states no HTTP status for them (latitude
 * unstated-error-status). So ambiguity business-error-http-status, which discover decides from
 * validation failures, speaks of invalid input only.
 *
 * How else a careful team reads it: "validation" as every business refusal (then 200 for all, or
 * 4xx for all), or validation as 200 and the other kinds as the 404, 409 and 402 a client expects
 * for their cause. The last reading is what REFUSAL_KIND_OF_STATUS lets through: a refusal the kit
 * sent as invalid input that the target answers 402, 404 or 409 is the target saying it refused
 * something else (an unknown wallet_key, a number already taken), so the validation option does not
 * judge it; its status is recorded.
 */
const REFUSAL_KINDS = ['invalid-input', 'missing-resource', 'duplicate', 'insufficient-balance'] as const;
export type RefusalKind = (typeof REFUSAL_KINDS)[number];

/**
 * The statuses that name a cause other than invalid input (RFC 9110 404 Not Found, 410 Gone, 409
 * Conflict; 402 Payment Required, which 7.3 itself gives to "no balance").
 */
const REFUSAL_KIND_OF_STATUS: Readonly<Record<number, Exclude<RefusalKind, 'invalid-input'>>> = {
  402: 'insufficient-balance',
  404: 'missing-resource',
  409: 'duplicate',
  410: 'missing-resource',
};

/**
 * The kind a refusal is judged as: the one the kit knows it provoked, unless the kit sent it as
 * invalid input and the target's status names another cause (the target may look a key up before
 * it checks its form, or read a missing key as an unknown one).
 */
export function refusalKindAnswered(sent: RefusalKind, httpStatus: number): RefusalKind {
  return sent === 'invalid-input' ? (REFUSAL_KIND_OF_STATUS[httpStatus] ?? sent) : sent;
}

/** How the HTTP status of a refusal is judged. */
export type RefusalStatusJudgement =
  | { judged: 'by-option'; option: 'http-200' | 'http-4xx'; conforms: boolean }
  | { judged: 'recorded'; kind: RefusalKind; why: string };

/**
 * 7.1's 200 is for invalid input: the profile's option of business-error-http-status judges a
 * refusal answered as invalid input, and only that kind (option http-200 or http-4xx); any other
 * kind, and any kind under record-only, is recorded (latitude unstated-error-status: any status below 500).
 */
export function judgeRefusalStatus(sent: RefusalKind, httpStatus: number, option: string): RefusalStatusJudgement {
  const kind = refusalKindAnswered(sent, httpStatus);
  if (kind !== 'invalid-input')
    return {
      judged: 'recorded',
      kind,
      why:
        sent === kind
          ? `a refusal of kind ${kind}: its status is not stated (latitude unstated-error-status)`
          : `sent as invalid input, answered ${httpStatus} (${kind}): the target's reading of what it refused (latitude unstated-error-status)`,
    };
  if (option !== 'http-200' && option !== 'http-4xx') return { judged: 'recorded', kind, why: `profile business-error-http-status=${option}` };
  const conforms = option === 'http-200' ? httpStatus === 200 : httpStatus >= 400 && httpStatus < 500;
  return { judged: 'by-option', option, conforms };
}
