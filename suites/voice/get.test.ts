/**
 * 4.3 GET /voice/send ("the reference states GET is also supported"): the fields of POST as query
 * parameters, answered with the send result of 2.2 and charging nothing in sandbox, and a template
 * outside a to k refused.
 */
import { describe, expect } from 'vitest';
import { expectRefused, judge, req, useTarget } from '../../harness/kit/index.ts';
import { expectSent, phones, withCountryCode } from '../support/sending-helpers.ts';

const t = useTarget();

describe('GET /voice/send (4.3)', () => {
  req(
    ['op:voice/send-via-get', 'rule:sms.references-per-recipient', 'rule:sandbox.no-charge'],
    'the fields as query parameters: the send result of 2.2, nothing charged in sandbox',
    async () => {
      const numbers = phones(t, 2);
      const before = await t.credits();
      const answer = await t.api('voice/send-via-get', {
        query: { numbers: numbers.join(','), country_code: '52', template: 'b', company: 'ACME', code: '7788', sandbox: '1', formal_tone: 'true' },
      });
      expectSent(answer, 'voice/send-via-get', numbers.map(withCountryCode));
      const after = await t.credits();
      judge('rule:sandbox.no-charge', 'nothing charged', () => expect(after, 'sandbox=1 charges nothing').toBeCloseTo(before, 2));
    },
  );

  req(['op:voice/send-via-get', 'rule:voice.templates'], 'GET: a template outside a to k is refused', async () => {
    const answer = await t.api('voice/send-via-get', { query: { numbers: t.phone(), country_code: '52', template: 'z', sandbox: '1' }, expectsRefusal: true });
    expectRefused('rule:voice.templates', answer, 'voice/send-via-get', 'template "z"');
  });
});
