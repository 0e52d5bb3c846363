/**
 * The verifier's rejections, with the contract's exact texts (docs/protocol.md, "What the verifier checks";
 * near/intents contracts/defuse/core/src/error.rs). The message is what the relay echoes as `reason` and what
 * a view call reports as the panic message.
 */
export class VerifierError extends Error {
  override readonly name = 'VerifierError';
}

export const ERR = {
  invalidSignature: 'invalid signature',
  wrongVerifyingContract: 'wrong verifying_contract',
  deadlineExpired: 'deadline has expired',
  invalidSalt: 'invalid salt',
  deadlineGreaterThanNonce: 'deadline is greater than nonce',
  nonceExpired: 'nonce was already expired',
  nonceUsed: 'nonce was already used',
  balance: 'insufficient balance or overflow',
  invalidIntent: 'invalid intent',
  /** near-sdk's panic when a method's JSON arguments do not deserialize. */
  badArgs: 'Failed to deserialize input from JSON.',
} as const;

export function publicKeyNotExist(accountId: string, publicKey: string): string {
  return `public key '${publicKey}' doesn't exist for account '${accountId}'`;
}

export function publicKeyExists(accountId: string, publicKey: string): string {
  return `public key '${publicKey}' already exists for account '${accountId}'`;
}

/** The contract's serde errors while reading the signed payload are reported as `JSON: <detail>`. */
export function jsonError(detail: string): string {
  return `JSON: ${detail}`;
}
