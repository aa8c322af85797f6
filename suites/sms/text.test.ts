/**
 * 4.2 the text of POST /sms/send: "without accents, always GSM-7". Accented text stripped or refused
 * (ambiguity sms-accented-text), characters outside GSM-7 refused or sent as GSM-7 (as the sandbox
 * report of 4.12 shows the text), the symbols of the GSM-7 tables accepted. In sandbox (4.2: sandbox=1
 * charges nothing).
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { GSM7_BASIC, GSM7_EXTENSION, nonGsm7Characters } from '../../schemas/formats.ts';
import { SendResult } from '../../schemas/sms.ts';
import { describeAnswer, expectSent, isSendSuccess, rowsOf, withCountryCode } from '../support/sending-helpers.ts';
import { smsSends } from '../support/sms-sends.ts';

const t = useTarget();

const { sandboxSms, send, sandboxSent } = smsSends(t);

describe('text (4.2: without accents, always GSM-7)', () => {
  req(
    ['rule:sms.accented-text'],
    'accented text: stripped or refused per ambiguity sms-accented-text; a stripped text reaches the report without accents',
    async () => {
      const numbers = [t.phone()];
      const since = await t.clock.now();
      const answer = await send(sandboxSms(numbers, { message: `Canción del año ${t.name('acc')}` }));
      const choice = t.choices['sms-accented-text'];
      const accepted = isSendSuccess(answer);
      judge(
        'sms-accented-text',
        accepted ? 'accepted' : `refused (${describeAnswer(answer)})`,
        choice === 'stripped' ? accepted : choice === 'rejected' ? !accepted : null,
      );
      if (choice === 'rejected') {
        expectRefused('rule:sms.accented-text', answer, 'sms/send');
        return;
      }
      if (choice === 'stripped') {
        const body = expectSent(answer, 'sms/send', numbers.map(withCountryCode));
        const reference = body.references[0]!.reference;
        const row = (await rowsOf(t, [reference], { sandbox: 1, since })).get(reference);
        if (row)
          judge('rule:sms.accented-text', 'the text is sent without accents (4.2)', () =>
            expect(row.message, 'the text is sent without accents (4.2)').not.toMatch(/[óñÓÑ]/),
          );
        return;
      }
      if (accepted) expectSuccess(answer, 'sms/send', SendResult);
      else expectRefused('rule:sms.accented-text', answer, 'sms/send');
    },
  );

  req(
    ['rule:sms.accented-text', 'rule:reports.sandbox-flag'],
    'characters outside GSM-7 (emoji, CJK) are refused, or the text sent (as the report shows it) is GSM-7',
    async () => {
      const numbers = [t.phone()];
      const since = await t.clock.now();
      const answer = await send(sandboxSms(numbers, { message: `Hola \u{1F600} \u4E2D ${t.name('gsm')}` }));
      if (!isSendSuccess(answer)) {
        expectRefused('rule:sms.accented-text', answer, 'sms/send');
        judge('sms-accented-text', 'non-GSM-7 text', `refused (${describeAnswer(answer)})`);
        return;
      }
      const body = expectSent(answer, 'sms/send', numbers.map(withCountryCode));
      const reference = body.references[0]!.reference;
      const row = (await rowsOf(t, [reference], { sandbox: 1, since })).get(reference);
      judge('rule:reports.sandbox-flag', 'the sandbox send is in the sandbox report (4.12)', () =>
        expect(row, 'an accepted sandbox send is in the sandbox report (4.12)').toBeDefined(),
      );
      judge('rule:sms.accented-text', 'the text is sent as GSM-7 (4.2)', () =>
        expect(nonGsm7Characters(row!.message), 'the text is always sent as GSM-7 (4.2)').toEqual([]),
      );
      judge('sms-accented-text', 'non-GSM-7 text', `accepted and sent as: ${row!.message}`);
    },
  );

  req(['rule:sms.accented-text'], 'GSM-7 symbols of the basic and extension tables (no accented letters) are accepted', async () => {
    const symbols = [...(GSM7_BASIC + GSM7_EXTENSION)].filter((c) => /[^\p{L}\s]/u.test(c) && c.normalize('NFD') === c).join('');
    await sandboxSent([t.phone()], { message: `Simbolos ${symbols}` });
  });
});
