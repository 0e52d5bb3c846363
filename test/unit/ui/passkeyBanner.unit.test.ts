// Which accounts Home reminds that a passkey is their only key (src/ui/components/PasskeyRecoveryBanner.tsx;
// docs/security.md, "Removing the signing key").
import { describe, expect, it } from 'vitest';
import type { AccountView } from '../../../src/api/accounts';
import { passkeyOnly } from '../../../src/ui/components/PasskeyRecoveryBanner';

const P256 = 'p256:2QWM6aMTKXXhNfD3kbD8WzRf6gVfp3X5Yd7N6pNFqKoVfN9zqgwWbzNw3pZyJ1xKhxYcPdrqG9cH5jM7LkV3XaGF';
const P256_B = 'p256:3RXN7bNUKYYiOgE4lcE9XaSg7hWgq4Y6Ze8O7qOGrLpWgO1arhxXcaOx4qaZK2yLiyZdQesrH1dI6kN8MlW4YbHG';
const ED = 'ed25519:8fWz6Jk2Tz4iR8xZ8Z1Y5fBqXz8yVZ1pGk9u3Ykz6Qh9';
const account = (kind: AccountView['kind'], publicKeys: string[]): AccountView => ({
  accountId: kind === 'passkey' ? `0x${'ab'.repeat(20)}` : 'alice.near',
  label: 'Alice',
  kind,
  publicKeys,
});

describe('passkeyOnly', () => {
  it('holds for any account whose one key in the wallet is a passkey', () => {
    expect(passkeyOnly(account('passkey', [P256]))).toBe(true);
    // An ed25519 account that handed over to its passkey (Keys: the signing key removed, the passkey took over).
    expect(passkeyOnly(account('named', [P256]))).toBe(true);
    expect(passkeyOnly(account('implicit', [P256]))).toBe(true);
  });

  it('ends with a second key of either kind, and never holds for an ed25519 key alone', () => {
    expect(passkeyOnly(account('passkey', [P256, ED]))).toBe(false);
    expect(passkeyOnly(account('passkey', [P256, P256_B]))).toBe(false);
    expect(passkeyOnly(account('named', [P256, ED]))).toBe(false);
    expect(passkeyOnly(account('named', [ED]))).toBe(false);
    expect(passkeyOnly(account('implicit', [ED]))).toBe(false);
    expect(passkeyOnly(null)).toBe(false);
  });
});
