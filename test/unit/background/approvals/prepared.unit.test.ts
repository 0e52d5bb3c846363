// The prepared payload read back from storage.session (docs/security.md: a bad value must never be
// signed): each signing standard and nonce kind the wallet writes is read back as written; anything
// else is no payload at all, so the request is prepared again.
import { describe, expect, it } from 'vitest';
import { readPrepared } from '../../../../src/background/approvals/prepared';

const NONCE = btoa(String.fromCharCode(...new Uint8Array(32).fill(9)));

const written = (standard: string, nonceKind: string) => ({
  payload: {
    signer_id: 'alice.near',
    verifying_contract: 'intents.near',
    deadline: '2030-01-01T00:00:00.000Z',
    nonce: NONCE,
    intents: [],
  },
  standard,
  publicKey: 'ed25519:11111111111111111111111111111111',
  nonceKind,
  ownNonce: true,
});

describe('readPrepared', () => {
  // One test for every pair: the schema is built on its first use, so each pair is checked by the same test.
  it('reads back every standard and nonce kind the wallet writes, as it was written', () => {
    for (const standard of ['nep413', 'raw_ed25519', 'webauthn']) {
      for (const nonceKind of ['versioned', 'legacy']) {
        expect(readPrepared(written(standard, nonceKind)), `${standard}, ${nonceKind}`).toEqual(
          written(standard, nonceKind),
        );
      }
    }
  });

  it('reads nothing from a value that is not a prepared payload', () => {
    expect(readPrepared(undefined)).toBeUndefined();
    expect(readPrepared('payload')).toBeUndefined();
    expect(readPrepared({ ...written('nep413', 'versioned'), standard: 'secp256k1' })).toBeUndefined();
    expect(readPrepared({ ...written('nep413', 'versioned'), nonceKind: 'other' })).toBeUndefined();
  });
});
