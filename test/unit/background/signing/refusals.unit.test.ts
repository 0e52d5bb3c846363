// Two refusals of the signing room, as a dApp and the popup read them: a NEP-413 message asked of a
// passkey account (src/background/signing/passkeyMessage.ts; docs/dapps.md, "Passkey accounts"), and a key
// change's error (src/background/signing/keyChangeError.ts).
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../../../src/background/providerError';
import { KeyChangeError, verifierRefused } from '../../../../src/background/signing/keyChangeError';
import { refusePasskeyMessage } from '../../../../src/background/signing/passkeyMessage';
import { phrase } from '../../../../src/core/phrase';
import { ERROR_CODES } from '../../../../src/provider/protocol';

const P256 = 'p256:2QWM6aMTKXXhNfD3kbD8WzRf6gVfp3X5Yd7N6pNFqKoVfN9zqgwWbzNw3pZyJ1xKhxYcPdrqG9cH5jM7LkV3XaGF';
const account = (publicKeys: string[]) => ({
  accountId: 'alice.near',
  label: 'Alice',
  kind: 'named' as const,
  publicKeys,
});

describe('a NEP-413 message asked of a passkey account', () => {
  it('is refused with 4200, the reason and the account, and says why', () => {
    let thrown: unknown;
    try {
      refusePasskeyMessage(account([P256]));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ProviderError);
    const e = thrown as ProviderError;
    expect(e.code).toBe(ERROR_CODES.unsupportedMethod);
    expect(e.message).toBe(
      'alice.near signs with a passkey: NEP-413 messages need an ed25519 key, and a passkey signs only intents (intents_signIntents). Nothing was signed.',
    );
    expect(e.data).toEqual({ reason: 'passkey_account', accountId: 'alice.near' });
  });

  it('goes ahead for an account that signs with an ed25519 key, or has no key to judge', () => {
    expect(() =>
      refusePasskeyMessage(account(['ed25519:8fWz6Jk2Tz4iR8xZ8Z1Y5fBqXz8yVZ1pGk9u3Ykz6Qh9', P256])),
    ).not.toThrow();
    expect(() => refusePasskeyMessage(account([]))).not.toThrow();
  });
});

describe('a key change refused', () => {
  it('is a KeyChangeError, not refused by the verifier unless it says so', () => {
    const e = new KeyChangeError('That key is not registered for this account.', phrase('keyRefusal_notRegistered'));
    expect(e.name).toBe('KeyChangeError');
    expect(e.refused).toBe(false);
    expect(e.words).toEqual(phrase('keyRefusal_notRegistered'));
  });

  it('by the verifier: its reason in the message and the words, and nothing changed on the ledger', () => {
    const e = verifierRefused('public key already exists');
    expect(e.message).toBe('The verifier refused it: public key already exists.');
    expect(e.refused).toBe(true);
    expect(e.words).toEqual(phrase('keyRefusal_verifierRefused', 'public key already exists'));
  });
});
