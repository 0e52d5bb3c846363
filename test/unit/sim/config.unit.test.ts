// The simulator's settings as flags and env give them, and the verifier it runs by default: an account
// Mainnet cannot have, so nothing signed for the simulator executes on Mainnet (docs/security.md, "Networks").
import { describe, expect, it } from 'vitest';
import { networkOfVerifier } from '../../../src/core';
import { configFromArgs, DEFAULT_CONFIG } from '../../../src/sim/config';

describe('simulator config', () => {
  it('runs the simulator verifier intents.sim by default, which names the Local network', () => {
    expect(DEFAULT_CONFIG.verifierId).toBe('intents.sim');
    expect(configFromArgs([], {}).verifierId).toBe('intents.sim');
    expect(networkOfVerifier(DEFAULT_CONFIG.verifierId)).toBe('local');
  });

  it('takes another verifier from --verifier or SIM_VERIFIER (a stand-in for Mainnet in tests), the flag first', () => {
    expect(configFromArgs(['--verifier', 'intents.near'], {}).verifierId).toBe('intents.near');
    expect(configFromArgs(['--verifier=intents.near'], { SIM_VERIFIER: 'other.near' }).verifierId).toBe('intents.near');
    expect(configFromArgs([], { SIM_VERIFIER: 'other.near' }).verifierId).toBe('other.near');
  });

  it('refuses a verifier that is not an account id', () => {
    expect(() => configFromArgs(['--verifier', 'Intents Near'], {})).toThrow(/verifier must be an account id/);
    expect(() => configFromArgs(['--verifier'], {})).toThrow(/needs a value/);
  });
});
