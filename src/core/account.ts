/**
 * Account ids of the home ledger (NEAR rules, used by the verifier's `AccountId` type):
 * 2–64 chars; lowercase alphanumerics; parts separated by `.`; inside a part `-` or `_` may join
 * alphanumeric runs; no leading, trailing or doubled separators.
 */
const ACCOUNT_ID_RE = /^(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/;
const IMPLICIT_RE = /^[0-9a-f]{64}$/;

export function isValidAccountId(id: string): boolean {
  return id.length >= 2 && id.length <= 64 && ACCOUNT_ID_RE.test(id);
}

/** An implicit account is the lowercase hex of its ed25519 public key (64 chars). */
export function isImplicitAccountId(id: string): boolean {
  return IMPLICIT_RE.test(id);
}

/** Two account ids as a person would read them: the same once trimmed and lowercased. */
export const sameAccount = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();
