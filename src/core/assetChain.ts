/**
 * The chain a token's own id names, where it names one: the PoA bridge's `nep141:<chain>[-…].omft.near`
 * (./poaBridge.ts) and HOT's `nep245:v2_1.omni.hot.tg:<EIP-155 chain id>_<token>` (the chain's coin written
 * as ones). The swap service's token list says a `blockchain` for every token; where the id names one, the
 * list is believed only when it says the same (docs/security.md, "Token facts"): a deposit made on the
 * list's word on another chain would be lost.
 */
import { CHAINS, type ChainId } from './chains';
import { poaTokenOf } from './poaBridge';

const HOT_TOKEN = /^nep245:v2_1\.omni\.hot\.tg:(\d+)_(\w+)$/;
/** HOT's id of a chain's own coin. */
export const HOT_COIN = '11111111111111111111';

/** HOT's token id parts: the EIP-155 chain id and the token (HOT_COIN for the coin), or null. */
export function hotTokenOf(assetId: string): { chainId: number; token: string } | null {
  const m = HOT_TOKEN.exec(assetId);
  return m ? { chainId: Number(m[1]), token: m[2]! } : null;
}

/** Our id of the chain `assetId` names, or null when it names none (or one the wallet does not know). */
export function chainNamedBy(assetId: string): ChainId | null {
  const poa = poaTokenOf(assetId);
  if (poa) return Object.hasOwn(CHAINS, poa.chain) ? (poa.chain as ChainId) : null;
  const hot = hotTokenOf(assetId);
  if (!hot) return null;
  for (const id of Object.keys(CHAINS) as ChainId[]) {
    const payment = CHAINS[id].payment;
    if (payment?.standard === 'EIP-681' && payment.chainId === hot.chainId) return id;
  }
  return null;
}
