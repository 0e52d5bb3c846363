import { describe, expect, it } from 'vitest';
import { sameAccount } from '../../../src/core/account';
import { isVerifierRecipient, MAINNET_VERIFIER, SIM_VERIFIER } from '../../../src/core/network';

describe('sameAccount', () => {
  it('reads ids as a person would: case and surrounding spaces do not count', () => {
    expect(sameAccount(' Intents.NEAR ', 'intents.near')).toBe(true);
    expect(sameAccount('intents.near', 'intents.near.evil')).toBe(false);
    expect(sameAccount('intents.near', 'intent s.near')).toBe(false);
  });
});

describe('isVerifierRecipient', () => {
  it("is the configured verifier, or Mainnet's or the simulator's on any network", () => {
    expect(isVerifierRecipient('custom.verifier', 'custom.verifier')).toBe(true);
    expect(isVerifierRecipient(MAINNET_VERIFIER.toUpperCase(), SIM_VERIFIER)).toBe(true);
    expect(isVerifierRecipient(SIM_VERIFIER, MAINNET_VERIFIER)).toBe(true);
    expect(isVerifierRecipient('app.near', 'custom.verifier')).toBe(false);
  });
});
