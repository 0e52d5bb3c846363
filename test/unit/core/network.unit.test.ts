// Which network a verifier names (docs/security.md, "Networks"): the one rule the badge, the window and the
// signer share.
import { describe, expect, it } from 'vitest';
import { isValidAccountId, MAINNET_VERIFIER, networkOfVerifier, networkText, SIM_VERIFIER } from '../../../src/core';

describe('networkOfVerifier', () => {
  it('names intents.near Mainnet and the simulator verifier Local, however it is spelled', () => {
    expect(MAINNET_VERIFIER).toBe('intents.near');
    expect(networkOfVerifier('intents.near')).toBe('mainnet');
    expect(networkOfVerifier(' Intents.NEAR ')).toBe('mainnet');
    expect(networkOfVerifier(SIM_VERIFIER)).toBe('local');
    expect(networkOfVerifier('INTENTS.SIM')).toBe('local');
  });

  it('names every other verifier Custom, look-alikes of the two included', () => {
    for (const id of [
      'intents.testnet',
      'intents.near.evil.near',
      'fake-intents.near',
      'intents.sim.near',
      'sim',
      'near',
    ]) {
      expect(networkOfVerifier(id), id).toBe('custom');
    }
  });

  it("the simulator verifier is a valid account id that is neither Mainnet's nor under .near", () => {
    expect(isValidAccountId(SIM_VERIFIER)).toBe(true);
    expect(SIM_VERIFIER.endsWith('.near')).toBe(false);
    expect(SIM_VERIFIER).not.toBe(MAINNET_VERIFIER);
  });

  it('words a network with its verifier for refusals', () => {
    expect(networkText('intents.near')).toBe('Mainnet (intents.near)');
    expect(networkText('intents.sim')).toBe('Local (intents.sim)');
    expect(networkText('x.near')).toBe('Custom (x.near)');
  });
});
