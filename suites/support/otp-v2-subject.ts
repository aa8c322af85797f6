/**
 * One verification of 3.1 under test (a number, its account's key, how it is sent) and the fields
 * every request of 4.4 carries for it: the country code, the company and message of a create, and a
 * wrong code for a verify. Nothing here calls the target.
 */

/** 4.4: country_code "numeric; 52 for Mexico". */
export const COUNTRY_CODE = '52';
/** Inserted at {{company}} (4.4); GSM-7. */
export const COMPANY = 'Conformance';
/** 4.4: must contain {{code}} and {{company}}, GSM-7. */
export const MESSAGE = 'Your {{company}} code is {{code}}';

const CODE_PLACEHOLDER = '{{code}}';
const COMPANY_PLACEHOLDER = '{{company}}';

/**
 * A valid message whose expansion with COMPANY and a code of `codeLength` characters is exactly
 * `expandedLength` characters long (8: "at most 160 characters after substitution").
 */
export function messageExpandingTo(expandedLength: number, codeLength: number): string {
  const head = `${COMPANY_PLACEHOLDER} ${CODE_PLACEHOLDER} `;
  const fixed = COMPANY.length + 1 + codeLength + 1;
  const pad = expandedLength - fixed;
  if (pad < 0) throw new Error(`a message cannot expand to ${expandedLength} characters`);
  return head + 'x'.repeat(pad);
}

/** One verification of 3.1: a number, the key of the account it lives in, and how it is sent. */
export interface OtpSubject {
  phone: string;
  key: string;
  /** sandbox=true on every send (4.4: free, nothing delivered). */
  sandbox: boolean;
  /** The account's balance belongs to this subject alone while the test runs (charges are measured). */
  measuresCharges: boolean;
}

export type Fields = Record<string, unknown>;

/** A code of the same length and alphabet class that differs from `code` in its first character. */
export function wrongCodeFor(code: string): string {
  const first = code[0] ?? '0';
  const replacement = /\d/.test(first) ? String((Number(first) + 1) % 10) : first === 'A' ? 'B' : 'A';
  return replacement + code.slice(1);
}
