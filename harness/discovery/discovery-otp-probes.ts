/**
 * The probes of discover on the current OTP set (3.1, 4.4, 8). All of them run in sandbox with
 * code_in_response=true ("generates and registers the code but delivers nothing and charges
 * nothing"), and verify, status and delete "are free" (4.4). Each leaves its number in state none
 * (3.1 "any | DELETE /v2/otp | always | none"), deleted the way the delete-shape probe found.
 */
import { callOperation, codeOf, probePhone, type AmbiguityProbe, type ProbeAnswer, type ProbeContext } from './discovery-probes.ts';

const COUNTRY = '52';

/** 4.4: a sandbox verification with its code in the answer; the code, or why there is none. */
async function createSandboxOtp(ctx: ProbeContext, phone: string): Promise<{ answer: ProbeAnswer; code: string | undefined }> {
  const answer = await callOperation(ctx, 'otp-v2/create', {
    key: ctx.work.key,
    json: { phone_number: phone, country_code: COUNTRY, company: 'Probe', message: '{{company}}: {{code}}', sandbox: true, code_in_response: true },
  });
  const code = answer.body.success === true && typeof answer.body.code === 'string' ? answer.body.code : undefined;
  return { answer, code };
}

const verifyOtp = (ctx: ProbeContext, phone: string, code: string): Promise<ProbeAnswer> =>
  callOperation(ctx, 'otp-v2/verify', { key: ctx.work.key, json: { phone_number: phone, country_code: COUNTRY, code } });

const deleteByBody = (ctx: ProbeContext, phone: string): Promise<ProbeAnswer> =>
  callOperation(ctx, 'otp-v2/delete', { key: ctx.work.key, json: { phone_number: phone, country_code: COUNTRY } });
const deleteByQuery = (ctx: ProbeContext, phone: string): Promise<ProbeAnswer> =>
  callOperation(ctx, 'otp-v2/delete', { key: ctx.work.key, query: { phone_number: phone, country_code: COUNTRY } });

/**
 * 3.1 any + DELETE → none, in the shape the delete-shape probe observed; both shapes when it
 * observed none (a delete is idempotent, and the shape it does not read is refused harmlessly).
 */
async function deleteOtp(ctx: ProbeContext, phone: string): Promise<void> {
  const shape = ctx.findings.get('otp-delete-request-shape')?.option;
  if (shape !== 'query') await deleteByBody(ctx, phone);
  if (shape !== 'json-body') await deleteByQuery(ctx, phone);
}

/** A wrong code of the same length and format: every character of the right one changed. */
const wrongCodeFor = (code: string): string => [...code].map((c) => (/\d/.test(c) ? String((Number(c) + 1) % 10) : c === 'a' ? 'b' : 'a')).join('');

/** Runs `body` on a fresh sandbox verification of `phone`, then deletes it. */
async function withVerification<T>(ctx: ProbeContext, phone: string, body: (code: string) => Promise<T>, refused: (answer: ProbeAnswer) => T): Promise<T> {
  const { answer, code } = await createSandboxOtp(ctx, phone);
  try {
    return code === undefined ? refused(answer) : await body(code);
  } finally {
    await deleteOtp(ctx, phone);
  }
}

const sandboxRefused = (answer: ProbeAnswer) => ({
  note: `a sandbox verification with code_in_response was not created (HTTP ${answer.status}, ${codeOf(answer)})`,
});

export const OTP_PROBES: readonly AmbiguityProbe[] = [
  {
    // 4.4 "DELETE /v2/otp ... its request shape: not shown": delete one way, then verify; 404 (3.1
    // none + verify) shows the delete took. First the JSON body of section 4, then the query.
    ambiguity: 'otp-delete-request-shape',
    async run(ctx) {
      const phone = probePhone(ctx, 10);
      const { answer, code } = await createSandboxOtp(ctx, phone);
      if (code === undefined) return sandboxRefused(answer);
      try {
        const wrong = wrongCodeFor(code);
        const byBody = await deleteByBody(ctx, phone);
        const afterBody = await verifyOtp(ctx, phone, wrong);
        if (afterBody.status === 404) return { option: 'json-body', note: `DELETE with a JSON body (HTTP ${byBody.status}), then verify: 404` };
        const byQuery = await deleteByQuery(ctx, phone);
        const afterQuery = await verifyOtp(ctx, phone, wrong);
        if (afterQuery.status === 404)
          return {
            option: 'query',
            note:
              `DELETE with a JSON body left the verification (verify: HTTP ${afterBody.status}); ` +
              `with query parameters (HTTP ${byQuery.status}), verify: 404`,
          };
        return { note: `neither a JSON body nor query parameters deleted the verification (verify: HTTP ${afterBody.status}, then ${afterQuery.status})` };
      } finally {
        await deleteByBody(ctx, phone);
        await deleteByQuery(ctx, phone);
      }
    },
  },
  {
    ambiguity: 'otp-status-request-shape',
    run: (ctx) =>
      withVerification(
        ctx,
        probePhone(ctx, 11),
        async () => {
          const status = await callOperation(ctx, 'otp-v2/get-status', {
            key: ctx.work.key,
            query: { phone_number: probePhone(ctx, 11), country_code: COUNTRY },
          });
          return status.body.state === 'pending'
            ? { option: 'query', note: 'status by query answered state=pending' }
            : { option: 'record-only', note: `status by query: HTTP ${status.status}, state ${String(status.body.state)}` };
        },
        sandboxRefused,
      ),
  },
  {
    // 3.1 "code wrong, attempts remain: 401" and "7 attempts used up: locked, HTTP 429"; 8 "7 per
    // code round": is the 7th wrong code the one that answers 429, or the verify after it?
    ambiguity: 'otp-v2-lock-point',
    run: (ctx) =>
      withVerification(
        ctx,
        probePhone(ctx, 12),
        async (code) => {
          const wrong = wrongCodeFor(code);
          const statuses: number[] = [];
          for (let i = 1; i <= 8; i++) {
            const status = (await verifyOtp(ctx, probePhone(ctx, 12), wrong)).status;
            statuses.push(status);
            if (status !== 401) break;
          }
          const seen = `wrong codes answered ${statuses.join(', ')}`;
          const allUnauthorized = (n: number) => statuses.slice(0, n).every((s) => s === 401);
          if (statuses.length === 7 && statuses[6] === 429 && allUnauthorized(6)) return { option: 'seventh-wrong-locks', note: `${seen}: the 7th locks` };
          if (statuses.length === 8 && statuses[7] === 429 && allUnauthorized(7))
            return { option: 'after-seventh-wrong', note: `${seen}: the 7th answers 401, the next one 429` };
          return { note: `${seen}; matches no option` };
        },
        sandboxRefused,
      ),
  },
  {
    // 3.1 "verified | POST /v2/otp | always | new cycle started | HTTP 201, action=restarted;
    // resulting state value: not shown".
    ambiguity: 'otp-state-after-verified-restart',
    run: (ctx) =>
      withVerification(
        ctx,
        probePhone(ctx, 13),
        async (code) => {
          const verified = await verifyOtp(ctx, probePhone(ctx, 13), code);
          if (verified.status !== 200) return { note: `the right code did not verify (HTTP ${verified.status}, ${codeOf(verified)})` };
          const again = await createSandboxOtp(ctx, probePhone(ctx, 13));
          if (again.answer.body.success !== true)
            return { note: `a new cycle after verified was refused (HTTP ${again.answer.status}, ${codeOf(again.answer)})` };
          const state = String(again.answer.body.state);
          return state === 'pending'
            ? { option: 'pending', note: 'verified, then create: state=pending' }
            : { option: 'record-only', note: `verified, then create: state=${state}` };
        },
        sandboxRefused,
      ),
  },
];
