// Which key takes over from a removed signing key (src/core/signingSuccessor.ts): the one rule behind the
// background's refusal and the Keys screen's choice of path (docs/security.md, "Removing the signing key").
import { describe, expect, it } from 'vitest';
import { isPasskeyPublicKey, signingSuccessor } from '../../../src/core';

const ED_A = 'ed25519:7iCMPU2XG6Ahk7UGoAUxaFVD4JCqVaW2ppyoSLYNhd9A';
const ED_B = 'ed25519:9jNcLDxxYDQjeHjd31upFaFLB8w3JjTDE1vYoTJQGMjM';
const PASSKEY = 'p256:5MrhYzUSQhH4VpCd8jcAEhXHf9EYEBdoBxvZXQ2nmZi7tsCtHgsTGDXd5VwqUKdA3DRbCnhWXHdjkxbDgwzhMsT4';

describe('signingSuccessor', () => {
  it('prefers a registered ed25519 key, in listing order, over a passkey listed before it', () => {
    const held = [
      { publicKey: ED_A, registered: true },
      { publicKey: PASSKEY, registered: true },
      { publicKey: ED_B, registered: true },
    ];
    expect(signingSuccessor(held, ED_A)).toBe(ED_B);
  });

  it('takes a registered passkey when no ed25519 key can', () => {
    const held = [
      { publicKey: ED_A, registered: true },
      { publicKey: ED_B, registered: false },
      { publicKey: PASSKEY, registered: true },
    ];
    expect(signingSuccessor(held, ED_A)).toBe(PASSKEY);
  });

  it('never the key that goes, nor a key not known to be registered', () => {
    expect(
      signingSuccessor(
        [
          { publicKey: ED_A, registered: true },
          { publicKey: ED_B, registered: null },
          { publicKey: PASSKEY, registered: false },
        ],
        ED_A,
      ),
    ).toBeUndefined();
  });

  it('tells a passkey key from an ed25519 key by its prefix', () => {
    expect(isPasskeyPublicKey(PASSKEY)).toBe(true);
    expect(isPasskeyPublicKey(ED_A)).toBe(false);
  });
});
