/**
 * The chain a token's own id names, where it names one: the PoA bridge's `nep141:<chain>[-…].omft.near`
 * (./poaBridge.ts) and HOT's `nep245:v2_1.omni.hot.tg:<EIP-155 chain id>_<token>`. The swap service's
 * token list says a `blockchain` for every token; where the id names one, the list is believed only when
 * it says the same (docs/security.md, "Token facts"): a deposit made on the list's word on another chain
 * would be lost.
 */
import { CHAINS, type ChainId } from './chains';
import { base58, hex } from './encoding';
import { poaTokenOf } from './poaBridge';

const HOT_TOKEN = /^nep245:v2_1\.omni\.hot\.tg:(\d+)_(\w+)$/;

/**
 * HOT's token id parts: the EIP-155 chain id and, on an EVM chain, the token's contract (base58 of its 20
 * bytes; twenty zero bytes, "1111…", for the chain's coin: `contract` null), or `contract` undefined when
 * the part is no 20-byte address (another chain's token). Null for any other id.
 */
export function hotTokenOf(assetId: string): { chainId: number; contract: string | null | undefined } | null {
  const m = HOT_TOKEN.exec(assetId);
  if (!m) return null;
  let bytes: Uint8Array | null = null;
  try {
    bytes = base58.decode(m[2]!);
  } catch {
    bytes = null;
  }
  const contract = bytes?.length !== 20 ? undefined : bytes.every((b) => b === 0) ? null : `0x${hex.encode(bytes)}`;
  return { chainId: Number(m[1]), contract };
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
