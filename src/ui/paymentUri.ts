// What the deposit QR code holds: where the chain has a standard payment request that carries the
// amount, that request; elsewhere the bare address. Standards: BIP-21 (bitcoin: and the coins that
// copied it), EIP-681 (ethereum:, native value or an ERC-20 transfer, with the chain id), Solana Pay
// (solana:, with spl-token for a token). A wallet that scans it fills in the exact amount, so the user
// types nothing.
// https://github.com/bitcoin/bips/blob/master/bip-0021.mediawiki ·
// https://eips.ethereum.org/EIPS/eip-681 · https://docs.solanapay.com/spec
import { formatUnits } from '../core/amounts';

export interface PaymentToken {
  blockchain: string;
  decimals: number;
  /** The token's contract on its chain; null for the chain's own coin. */
  contractAddress: string | null;
}

export interface PaymentRequest {
  /** What the QR code holds. */
  text: string;
  /** The standard it follows, or null for the bare address. */
  standard: 'BIP-21' | 'EIP-681' | 'Solana Pay' | null;
}

/** BIP-21 schemes per chain (BIP-21 and the coins that adopted it). */
const BIP21: Record<string, string> = {
  btc: 'bitcoin',
  ltc: 'litecoin',
  doge: 'dogecoin',
  bch: 'bitcoincash',
  dash: 'dash',
  zec: 'zcash',
};

/** EIP-155 chain ids of the EVM chains the service knows (https://chainlist.org). */
const EVM_CHAIN_IDS: Record<string, number> = {
  eth: 1,
  op: 10,
  bsc: 56,
  gnosis: 100,
  pol: 137,
  xlayer: 196,
  base: 8453,
  arb: 42161,
  avax: 43114,
  bera: 80094,
  scroll: 534352,
};

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The payment request for sending `amount` (smallest units) of `token` to `address`. */
export function paymentRequest(address: string, amount: bigint, token: PaymentToken | undefined): PaymentRequest {
  const bare: PaymentRequest = { text: address, standard: null };
  if (!token || amount <= 0n) return bare;
  const decimal = formatUnits(amount, token.decimals);
  const scheme = BIP21[token.blockchain];
  if (scheme && token.contractAddress === null) {
    // A CashAddr address may already carry its prefix.
    const target = address.startsWith(`${scheme}:`) ? address : `${scheme}:${address}`;
    return { text: `${target}?amount=${decimal}`, standard: 'BIP-21' };
  }
  const chainId = EVM_CHAIN_IDS[token.blockchain];
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
  if (token.blockchain === 'sol') {
    const spl = token.contractAddress ? `&spl-token=${encodeURIComponent(token.contractAddress)}` : '';
    return { text: `solana:${address}?amount=${decimal}${spl}`, standard: 'Solana Pay' };
  }
  return bare;
}
