/**
 * 4.5 POST /otp/reset, whose parameters and response are not shown ("listed as restarting", nothing
 * more): what it does is found out once per run, never assumed (harness/kit/otp-legacy-reset-finding.ts),
 * and recorded here; and the response language of the legacy set (4.5 locale, 9).
 *
 * Legacy OTP sends are never sandbox (4.5 has no sandbox field): against a target other than the
 * embedded one they are charged, hence `needs: ['real-delivery']` on the reset, which sends
 * (support/otp-legacy-sends.ts).
 */
import { describe, expect } from 'vitest';
import { expectError, judge, legacyResetFinding, recordLegacyResetFinding, req, useTarget } from '../../harness/kit/index.ts';
import { verify } from '../support/otp-legacy-flow.ts';
import { expectTextsPerLocale } from '../support/otp-legacy-readings.ts';
import { SENDS } from '../support/otp-legacy-sends.ts';

const t = useTarget();

// ---- POST /otp/reset (4.5: parameters and response not shown) and the response language (4.5, 9)

describe('POST /otp/reset and locale', () => {
  req(
    ['op:otp-legacy/reset', 'rule:envelope.no-server-error'],
    'reset of a pending number with phone_number and country_code: its answer, and what it leaves behind (ambiguity otp-reset-request-shape)',
    async () => {
      // 4.5 gives neither the parameters nor the response, and "restarting" reads both as leaving
      // the number clean and as starting a new verification: the run finds out once which one this
      // target does (a pending number reset, then sent a code: verification_01 or verification_03),
      // and this test records it. Nothing of it can fail the target.
      const { finding, probedHere } = await legacyResetFinding(t);
      if (!probedHere) recordLegacyResetFinding(finding);
      if (finding.resetStatus !== null)
        judge('rule:envelope.no-server-error', 'POST /otp/reset is not answered with a server error', () => expect(finding.resetStatus).toBeLessThan(500));
    },
    SENDS,
  );

  req(['rule:otp-legacy.language'], 'locale=en and locale=es: same code, texts per the profile (ambiguity response-language)', async () => {
    const phone = t.phone();
    const es = await verify(t, phone, 'A1B2', { locale: 'es' });
    const en = await verify(t, phone, 'A1B2', { locale: 'en' });
    const none = await verify(t, phone, 'A1B2');
    for (const answer of [es, en, none]) expectError('rule:otp-legacy.language', answer, 'validation_04', 'otp-legacy/verify');
    expectTextsPerLocale(t, es, en, none);
  });
});
