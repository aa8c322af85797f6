/**
 * A small helper of the legacy OTP suite: a wrong code shaped like a right one (7.2 validation_05
 * must be about the code, not about its length or alphabet).
 */

/** `code` with its first character changed within the same class (digit, upper, lower letter). */
export function differentCodeLike(code: string): string {
  const first = code.charAt(0);
  const next = /\d/.test(first)
    ? String((Number(first) + 1) % 10)
    : /[A-Z]/.test(first)
      ? String.fromCharCode(((first.charCodeAt(0) - 65 + 1) % 26) + 65)
      : /[a-z]/.test(first)
        ? String.fromCharCode(((first.charCodeAt(0) - 97 + 1) % 26) + 97)
        : '0';
  return `${next}${code.slice(1)}`;
}
