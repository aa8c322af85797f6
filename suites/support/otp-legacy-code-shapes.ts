/**
 * The shape of the code a legacy OTP send generates (4.5 code_length, code_type; 8: the limits of its
 * length), each code sent with showcode=1 to a number of the test's own. The lengths come from
 * schemas/limits.ts.
 */
import { expect } from 'vitest';
import { judge, type LegacyNumbers, type Target } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { sendWithCode } from './otp-legacy-flow.ts';

const CODE_LENGTH = limitById('otp-legacy-code-length');

/** What each code_type of 4.5 allows; alphanumeric is the default. */
const CODE_SHAPES = { numeric: /^\d+$/, letters: /^[A-Za-z]+$/, alphanumeric: /^[A-Za-z0-9]+$/ } as const;

/** Without code_length the code has the default length (8); with the limits' least and greatest, that length. */
export async function expectCodeLengths(t: Target, n: LegacyNumbers): Promise<void> {
  const byDefault = await sendWithCode(t, await n.fresh());
  judge('limit:otp-legacy-code-length', `the default code_length ${CODE_LENGTH.default} (8)`, () =>
    expect(byDefault.code, `default length ${CODE_LENGTH.default} (8)`).toHaveLength(CODE_LENGTH.default!),
  );
  for (const length of [CODE_LENGTH.min!, CODE_LENGTH.max!]) {
    const { code } = await sendWithCode(t, await n.fresh(), { code_length: length });
    judge('limit:otp-legacy-code-length', `a code of code_length=${length} (4.5, 8)`, () => expect(code, `code_length=${length}`).toHaveLength(length));
  }
}

/** Each code_type gives a code of its characters, at the greatest length; without code_type the code is alphanumeric (4.5). */
export async function expectCodeTypes(t: Target, n: LegacyNumbers): Promise<void> {
  const length = CODE_LENGTH.max!;
  for (const [codeType, shape] of Object.entries(CODE_SHAPES)) {
    const { code } = await sendWithCode(t, await n.fresh(), { code_type: codeType, code_length: length });
    judge('op:otp-legacy/send', `a code of code_type=${codeType} (4.5)`, () => expect(code, `code_type=${codeType}`).toMatch(shape));
  }
  const { code } = await sendWithCode(t, await n.fresh(), { code_length: length });
  judge('op:otp-legacy/send', 'the default code_type alphanumeric (4.5)', () => expect(code, 'default alphanumeric').toMatch(CODE_SHAPES.alphanumeric));
}
