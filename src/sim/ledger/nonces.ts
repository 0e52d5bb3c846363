/**
 * Nonce rules of the verifier (docs/protocol.md, "Nonces"), in its order: a versioned (V1)
 * nonce needs a valid salt (`invalid salt`), an intent deadline not after the nonce deadline
 * (`deadline is greater than nonce`) and a nonce deadline not before now (`nonce was already
 * expired`); any other 32 bytes is a legacy nonce, checked only for uniqueness. Uniqueness per signer
 * (`nonce was already used`) is checked last, when the nonce is committed.
 */
import { checkNonceDeadline, decodeNonce } from '../../core';
import { ERR, VerifierError } from './errors';

export function verifyNonce(
  nonceBase64: string,
  intentDeadline: string,
  now: Date,
  isValidSalt: (saltHex: string) => boolean,
): void {
  const nonce = decodeNonce(nonceBase64);
  if (nonce.kind !== 'versioned') return;
  if (!isValidSalt(nonce.saltHex)) throw new VerifierError(ERR.invalidSalt);
  const refusal = checkNonceDeadline(intentDeadline, nonce, now);
  if (refusal) throw new VerifierError(refusal);
}
