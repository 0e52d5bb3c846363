// Shared payload builders for the risk and describe tests.
import {
  buildIntentPayload,
  encodeVersionedNonce,
  hex,
  type IntentPayload,
  type RiskContext,
  tokenTable,
} from '../../../src/core';

export const NOW = new Date('2030-01-01T00:00:00.000Z');
export const DEADLINE = new Date(NOW.getTime() + 120_000);
export const SALT = '252812b3';
export const USDC_BRIDGE = 'eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
export const TOKENS = tokenTable([
  { assetId: 'nep141:wrap.near', symbol: 'wNEAR', decimals: 24, blockchain: 'near' },
  { assetId: 'nep141:usdt.tether-token.near', symbol: 'USDT', decimals: 6, blockchain: 'near' },
  { assetId: `nep141:${USDC_BRIDGE}`, symbol: 'USDC', decimals: 6, blockchain: 'eth' },
]);

export interface PayloadOptions {
  signerId: string;
  deadline: Date;
  nonce: string;
  verifyingContract: string;
}

export function payload(intents: unknown[], over: Partial<PayloadOptions> = {}): IntentPayload {
  const deadline = over.deadline ?? DEADLINE;
  return buildIntentPayload({
    signerId: over.signerId ?? 'alice.near',
    verifyingContract: over.verifyingContract ?? 'intents.near',
    deadline,
    nonce: over.nonce ?? encodeVersionedNonce({ salt: hex.decode(SALT), deadline, random15: new Uint8Array(15) }),
    intents,
  });
}

export const ctx: RiskContext = {
  now: NOW,
  verifierId: 'intents.near',
  origin: 'https://dapp.example',
  expectedSignerId: 'alice.near',
  nonceFromPage: true,
  currentSalt: SALT,
  tokens: TOKENS,
};

export const SWAP = {
  intent: 'token_diff',
  diff: { 'nep141:wrap.near': '-1000000', 'nep141:usdt.tether-token.near': '2500000' },
};
export const PK = 'ed25519:GGmuj19BsuQ4fwgk3rMsWyDuxEPcTttWjtdqFPfLtPX5';
