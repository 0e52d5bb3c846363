// What the deposit QR code holds: where the chain has a standard payment request that carries the
// amount, that request; elsewhere the bare address. Standards: BIP-21 (bitcoin: and the coins that
// copied it), EIP-681 (ethereum:, native value or an ERC-20 transfer, with the chain id), Solana Pay
// (solana:, with spl-token for a token). A wallet that scans it fills in the exact amount, so the user
// types nothing. Which chain follows which standard (and its EIP-155 chain id) is in the chain table,
// src/core/chains.ts.
// https://github.com/bitcoin/bips/blob/master/bip-0021.mediawiki ·
// https://eips.ethereum.org/EIPS/eip-681 · https://docs.solanapay.com/spec
import { formatUnits } from '../core/amounts';
import { chainFacts } from '../core/chains';

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

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The payment request for sending `amount` (smallest units) of `token` to `address`. */
export function paymentRequest(address: string, amount: bigint, token: PaymentToken | undefined): PaymentRequest {
  const bare: PaymentRequest = { text: address, standard: null };
  if (!token || amount <= 0n) return bare;
  const decimal = formatUnits(amount, token.decimals);
  const payment = chainFacts(token.blockchain)?.payment;
  const scheme = payment?.standard === 'BIP-21' ? payment.scheme : undefined;
  if (scheme && token.contractAddress === null) {
    // A CashAddr address may already carry its prefix.
    const target = address.startsWith(`${scheme}:`) ? address : `${scheme}:${address}`;
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
  if (payment?.standard === 'Solana Pay') {
    const spl = token.contractAddress ? `&spl-token=${encodeURIComponent(token.contractAddress)}` : '';
    return { text: `solana:${address}?amount=${decimal}${spl}`, standard: 'Solana Pay' };
  }
  return bare;
}
