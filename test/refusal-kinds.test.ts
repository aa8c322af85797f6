/**
 * schemas/refusal-kinds.ts: 7.1's 200 is the status of invalid input, and the profile's option of
 * business-error-http-status judges that kind only. A server that answers validation failures with
 * 200 and a duplicate with 409, an unknown key with 404 or a short balance with 402 conforms.
 */
import { describe, expect, it } from 'vitest';
import { judgeRefusalStatus, refusalKindAnswered } from '../schemas/refusal-kinds.ts';

describe('refusal kinds (7.1, latitude unstated-error-status)', () => {
  it('judges invalid input by the option, and fails a status the option does not allow', () => {
    expect(judgeRefusalStatus('invalid-input', 200, 'http-200')).toEqual({ judged: 'by-option', option: 'http-200', conforms: true });
    expect(judgeRefusalStatus('invalid-input', 400, 'http-200')).toEqual({ judged: 'by-option', option: 'http-200', conforms: false });
    expect(judgeRefusalStatus('invalid-input', 422, 'http-4xx')).toEqual({ judged: 'by-option', option: 'http-4xx', conforms: true });
    expect(judgeRefusalStatus('invalid-input', 200, 'http-4xx')).toEqual({ judged: 'by-option', option: 'http-4xx', conforms: false });
  });

  it('records the other kinds under either option: an observation of validation decides validation only', () => {
    for (const option of ['http-200', 'http-4xx', 'record-only'])
      for (const [kind, status] of [
        ['duplicate', 409],
        ['duplicate', 200],
        ['missing-resource', 404],
        ['missing-resource', 200],
        ['insufficient-balance', 402],
        ['insufficient-balance', 400],
      ] as const)
        expect(judgeRefusalStatus(kind, status, option), `${kind} ${status} under ${option}`).toMatchObject({ judged: 'recorded', kind });
  });

  it('reads a refusal sent as invalid input by the cause its status names (402, 404, 409, 410), and nothing else', () => {
    expect([402, 404, 409, 410].map((s) => refusalKindAnswered('invalid-input', s))).toEqual([
      'insufficient-balance',
      'missing-resource',
      'duplicate',
      'missing-resource',
    ]);
    expect([200, 400, 401, 403, 422, 429].map((s) => refusalKindAnswered('invalid-input', s))).toEqual(Array(6).fill('invalid-input'));
    expect(judgeRefusalStatus('invalid-input', 404, 'http-200')).toMatchObject({ judged: 'recorded', kind: 'missing-resource' });
    // What the kit knows it provoked is never re-read.
    expect(refusalKindAnswered('duplicate', 404)).toBe('duplicate');
  });

  it('records invalid input under record-only', () => {
    expect(judgeRefusalStatus('invalid-input', 400, 'record-only')).toMatchObject({ judged: 'recorded', kind: 'invalid-input' });
  });
});
