// What the deposit QR code holds: where the chain has a standard payment request that carries the
// amount, that request; elsewhere the bare address. Standards: BIP-21 (bitcoin: and the coins that
// copied it), EIP-681 (ethereum:, native value or an ERC-20 transfer, with the chain id), Solana Pay
// (solana:, SOL). A wallet that scans it fills in the exact amount, so the user types nothing. A request
// is made only where the token's asset id itself confirms the chain and contract it would pay. Which chain
// follows which standard (and its EIP-155 chain id) is in the chain table, src/core/chains.ts.
// https://github.com/bitcoin/bips/blob/master/bip-0021.mediawiki ·
// https://eips.ethereum.org/EIPS/eip-681 · https://docs.solanapay.com/spec
import { formatUnits } from '../core/amounts';
import { chainNamedBy, hotTokenOf } from '../core/assetChain';
import { isAddressOf } from '../core/chainAddress';
import { chainFacts } from '../core/chains';
import { poaTokenOf } from '../core/poaBridge';

export interface PaymentToken {
  /** The token's id; a bridge token's (`nep141:<chain>[-<contract>].omft.near`) names its chain and contract. */
  assetId?: string;
  blockchain: string;
  decimals: number;
  /** The token's contract on its chain; null for the chain's own coin. */
  contractAddress: string | null;
}

/** The most a request asks for: the ledger's amounts are u128 (NEP-141), and EIP-681's uint256 holds it. */
const MAX_UNITS = 2n ** 128n - 1n;

const EVM_CONTRACT = /^0x[0-9a-f]{40}$/;

/**
 * Does the token's asset id itself name the chain and contract the swap service lists for it? A request
 * carries the list's chain and contract, so the id must confirm both, or the QR holds the bare address: on
 * the list's word alone, a scanning wallet could be asked to pay another chain or token than the screen
 * names. Ids name a chain (../core/assetChain.ts); the bridge's name an EVM contract in full (another
 * chain's token by a hash, which confirms no contract), HOT's the contract's 20 bytes (or the coin).
 */
function agreesWithAssetId(token: PaymentToken): boolean {
  if (token.assetId === undefined || chainNamedBy(token.assetId) !== token.blockchain) return false;
  const poa = poaTokenOf(token.assetId);
  if (poa?.suffix === null) return token.contractAddress === null;
  if (poa) return EVM_CONTRACT.test(poa.suffix) && token.contractAddress?.toLowerCase() === poa.suffix;
  const hot = hotTokenOf(token.assetId);
  if (hot?.contract === undefined) return false;
  return hot.contract === null ? token.contractAddress === null : token.contractAddress?.toLowerCase() === hot.contract;
}

export interface PaymentRequest {
  /** What the QR code holds. */
  text: string;
  /** The standard it follows, or null for the bare address. */
  standard: 'BIP-21' | 'EIP-681' | 'Solana Pay' | null;
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The payment request for sending `amount` (smallest units) of `token` to `address`. */
export function paymentRequest(address: string, amount: bigint, token: PaymentToken | undefined): PaymentRequest {
  const bare: PaymentRequest = { text: address, standard: null };
  if (!token || amount <= 0n || amount > MAX_UNITS || !agreesWithAssetId(token)) return bare;
  const facts = chainFacts(token.blockchain);
  // Only an address of the chain goes into a request: a text with a query of its own (`…?amount=5`) would
  // ask the scanning wallet for another amount than the screen says.
  if (!facts || !isAddressOf(facts.family, address)) return bare;
  const decimal = formatUnits(amount, token.decimals);
  const payment = facts.payment;
  const scheme = payment?.standard === 'BIP-21' ? payment.scheme : undefined;
  if (scheme && token.contractAddress === null) {
    // A CashAddr address may already carry its prefix, in either case.
    const target = address.toLowerCase().startsWith(`${scheme}:`) ? address : `${scheme}:${address}`;
    return { text: `${target}?amount=${decimal}`, standard: 'BIP-21' };
  }
  const chainId = payment?.standard === 'EIP-681' ? payment.chainId : undefined;
  if (chainId !== undefined && EVM_ADDRESS.test(address)) {
    if (token.contractAddress === null)
      return { text: `ethereum:${address}@${chainId}?value=${amount}`, standard: 'EIP-681' };
    if (EVM_ADDRESS.test(token.contractAddress)) {
      return {
        text: `ethereum:${token.contractAddress}@${chainId}/transfer?address=${address}&uint256=${amount}`,
        standard: 'EIP-681',
      };
    }
    return bare;
  }
  // SOL itself only: a token's mint (Solana Pay's spl-token) is one no asset id names (see agreesWithAssetId).
  if (payment?.standard === 'Solana Pay' && token.contractAddress === null)
    return { text: `solana:${address}?amount=${decimal}`, standard: 'Solana Pay' };
  return bare;
}
