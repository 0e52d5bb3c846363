// Address checks for the swap form: is this text an address of that chain? Each check returns the
// problem in plain words, or null. The shape first (prefix, alphabet, length), so the message can say
// what is wrong; then the address is decoded and its checksum verified (src/core/chainAddress.ts), so a
// mistyped character is caught here and not by the service or, worse, not at all.

import type { RecipientType, RefundType } from '../api/swapApi';
import { isValidAccountId } from '../core/account';
import { type AddressFamily, isAddressOf } from '../core/chainAddress';
import { chainName, familyOf } from './chains';

export { CHAIN_IDS, chainName, familyOf } from './chains';
export type { AddressFamily };

const B58 = '1-9A-HJ-NP-Za-km-z';
const B58_RE = new RegExp(`^[${B58}]+$`);
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const XRP_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

function base58Problem(text: string, what: string, starts: string, minLen: number, maxLen: number): string | null {
  if (!B58_RE.test(text)) return `${what} uses base58 letters and digits only (no 0, O, I or l)`;
  if (!starts.includes(text[0]!)) return `${what} starts with ${[...starts].join(', ')}`;
  if (text.length < minLen || text.length > maxLen) {
    return minLen === maxLen
      ? `${what} is ${minLen} characters long (this has ${text.length})`
      : `${what} is ${minLen}–${maxLen} characters long (this has ${text.length})`;
  }
  return null;
}

/** Bech32 / bech32m: one case, the prefix, '1', then the data alphabet. */
function bech32Problem(text: string, what: string, hrp: string, minData: number, maxData: number): string | null {
  if (text !== text.toLowerCase() && text !== text.toUpperCase())
    return `${what} is all lowercase or all uppercase, not mixed`;
  const lower = text.toLowerCase();
  if (!lower.startsWith(`${hrp}1`)) return `${what} starts with ${hrp}1`;
  const data = lower.slice(hrp.length + 1);
  if ([...data].some((ch) => !BECH32.includes(ch)))
    return `${what} contains a character bech32 does not use (b, i, o or 1 after the prefix)`;
  if (data.length < minData || data.length > maxData)
    return `${what} has the wrong length for its kind (${text.length} characters)`;
  return null;
}

function hexProblem(text: string, what: string, minHex: number, maxHex: number): string | null {
  if (!text.startsWith('0x')) return `${what} starts with 0x`;
  const body = text.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(body)) return `${what} has only hexadecimal digits (0–9, a–f) after 0x`;
  if (body.length < minHex || body.length > maxHex) {
    return minHex === maxHex
      ? `${what} has ${minHex} hexadecimal digits after 0x (this has ${body.length})`
      : `${what} has ${minHex}–${maxHex} hexadecimal digits after 0x (this has ${body.length})`;
  }
  return null;
}

export function evmAddressProblem(text: string): string | null {
  return hexProblem(text, 'An EVM address', 40, 40);
}

/** An account id on the home ledger (also what the intents system holds balances for). */
export function accountIdProblem(text: string, what = 'An account id'): string | null {
  if (text !== text.toLowerCase()) return `${what} is lowercase`;
  if (text.length < 2 || text.length > 64) return `${what} is 2–64 characters long`;
  return isValidAccountId(text)
    ? null
    : `${what} is made of lowercase letters, digits and - _ . between them (for example alice.near)`;
}

/** What a failed checksum means for each family, in plain words. */
const CHECKSUM_FAILED: Record<AddressFamily, string> = {
  evm: 'This address mixes capital and small letters in a way its EIP-55 checksum does not allow: a character is probably mistyped. Copy it again from its source',
  home: 'This is not a valid account id',
  btc: 'This Bitcoin address fails its checksum: a character is probably mistyped',
  ltc: 'This Litecoin address fails its checksum: a character is probably mistyped',
  doge: 'This Dogecoin address fails its checksum: a character is probably mistyped',
  zec: 'This Zcash address fails its checksum: a character is probably mistyped',
  bch: 'This Bitcoin Cash address fails its checksum: a character is probably mistyped',
  dash: 'This Dash address fails its checksum: a character is probably mistyped',
  sol: 'This is not a Solana address: it does not decode to a 32-byte key',
  tron: 'This Tron address fails its checksum: a character is probably mistyped',
  ton: 'This TON address fails its checksum: a character is probably mistyped',
  xrp: 'This XRP address fails its checksum: a character is probably mistyped',
  stellar: 'This Stellar address fails its checksum: a character is probably mistyped',
  sui: 'This is not a Sui address',
  aptos: 'This is not an Aptos address',
  starknet: 'This is not a Starknet address',
  cardano: 'This Cardano address fails its checksum: a character is probably mistyped',
  aleo: 'This Aleo address fails its checksum: a character is probably mistyped',
};

function familyProblem(family: AddressFamily, text: string): string | null {
  return shapeProblem(family, text) ?? (isAddressOf(family, text) ? null : CHECKSUM_FAILED[family]);
}

/** The shape of an address of this family: prefix, alphabet and length, each said in words. */
function shapeProblem(family: AddressFamily, text: string): string | null {
  switch (family) {
    case 'evm':
      return evmAddressProblem(text);
    case 'home':
      return accountIdProblem(text);
    case 'btc':
      return /^bc1/i.test(text)
        ? bech32Problem(text, 'A Bitcoin segwit address', 'bc', 39, 59)
        : base58Problem(text, 'A Bitcoin address', '13', 25, 35);
    case 'ltc':
      return /^ltc1/i.test(text)
        ? bech32Problem(text, 'A Litecoin segwit address', 'ltc', 39, 59)
        : base58Problem(text, 'A Litecoin address', 'LM3', 26, 35);
    case 'doge':
      return base58Problem(text, 'A Dogecoin address', 'DA9', 33, 34);
    case 'dash':
      return base58Problem(text, 'A Dash address', 'X7', 34, 34);
    case 'zec':
      if (/^(zs|u1)/.test(text))
        return 'Use a transparent Zcash address (t1… or t3…); shielded addresses are not supported';
      return (
        base58Problem(text, 'A transparent Zcash address', 't', 35, 35) ??
        (/^t[13]/.test(text) ? null : 'A transparent Zcash address starts with t1 or t3')
      );
    case 'bch': {
      if (/^[13]/.test(text)) return base58Problem(text, 'A legacy Bitcoin Cash address', '13', 25, 35);
      const body = text.replace(/^bitcoincash:/, '');
      if (!/^[qp]/.test(body)) return 'A Bitcoin Cash address starts with q or p (optionally after bitcoincash:)';
      if ([...body].some((ch) => !BECH32.includes(ch)))
        return 'A Bitcoin Cash address uses lowercase cashaddr characters only';
      return body.length === 42
        ? null
        : `A Bitcoin Cash address has 42 characters after bitcoincash: (this has ${body.length})`;
    }
    case 'sol':
      return base58Problem(
        text,
        'A Solana address',
        '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
        32,
        44,
      );
    case 'tron':
      return base58Problem(text, 'A Tron address', 'T', 34, 34);
    case 'ton':
      if (/^-?[01]:/.test(text))
        return /^-?[01]:[0-9a-fA-F]{64}$/.test(text)
          ? null
          : 'A raw TON address is 0: or -1: followed by 64 hexadecimal digits';
      if (!/^[A-Za-z0-9+/_-]+$/.test(text)) return 'A TON address uses base64 letters, digits and - _ (or + /)';
      return text.length === 48 ? null : `A TON address is 48 characters long (this has ${text.length})`;
    case 'xrp':
      if (text.startsWith('T')) return 'This is a testnet X-address: use a mainnet one (X…) or the classic r… address';
      if (!text.startsWith('r') && !text.startsWith('X'))
        return 'An XRP address starts with r (or X for an X-address, which holds a destination tag)';
      if ([...text].some((ch) => !XRP_ALPHABET.includes(ch)))
        return 'An XRP address uses base58 letters and digits only (no 0, O, I or l)';
      if (text.startsWith('X'))
        return text.length === 47 ? null : `An X-address is 47 characters long (this has ${text.length})`;
      return text.length >= 25 && text.length <= 35
        ? null
        : `An XRP address is 25–35 characters long (this has ${text.length})`;
    case 'stellar':
      // A muxed M… address stands for an account and a memo id; no route carries a Stellar memo (core/destinationMemo).
      if (!text.startsWith('G'))
        return text.startsWith('M')
          ? 'A muxed Stellar address (M…) carries a memo, and no route to Stellar can deliver one: use a plain G… account address that needs no memo'
          : 'A Stellar account address starts with G';
      if (!/^[A-Z2-7]+$/.test(text)) return 'A Stellar address uses capital letters A–Z and digits 2–7 only';
      return text.length === 56 ? null : `A Stellar address is 56 characters long (this has ${text.length})`;
    case 'sui':
      return hexProblem(text, 'A Sui address', 64, 64);
    case 'aptos':
      return hexProblem(text, 'An Aptos address', 1, 64);
    case 'starknet':
      return hexProblem(text, 'A Starknet address', 1, 64);
    case 'cardano':
      return bech32Problem(text, 'A Cardano address', 'addr', 53, 110);
    case 'aleo':
      return bech32Problem(text, 'An Aleo address', 'aleo', 58, 58);
  }
}

/** Is `text` shaped like an address on `chain`? Unknown chains are left to the service. */
export function addressProblem(chain: string, text: string): string | null {
  const t = text.trim();
  if (!t) return 'Enter an address';
  if (t !== text) return 'Remove the spaces around the address';
  if (/\s/.test(t)) return 'An address has no spaces inside';
  const family = familyOf(chain);
  return family ? familyProblem(family, t) : null;
}

/** The recipient for its type: an account in the intents system, or an address on the destination chain. */
export function recipientProblem(type: RecipientType, destinationChain: string | null, text: string): string | null {
  if (type === 'INTENTS')
    return text.trim()
      ? text.trim() !== text
        ? 'Remove the spaces around the account id'
        : accountIdProblem(text, 'An intents account')
      : 'Enter the intents account that receives';
  if (!destinationChain) return text.trim() ? null : 'Enter the address that receives';
  return text.trim()
    ? addressProblem(destinationChain, text)
    : `Enter the ${chainName(destinationChain)} address that receives`;
}

/** The refund address for its type: an intents account, or an address on the origin chain. */
export function refundProblem(type: RefundType, originChain: string | null, text: string): string | null {
  if (type === 'INTENTS')
    return text.trim()
      ? text.trim() !== text
        ? 'Remove the spaces around the account id'
        : accountIdProblem(text, 'An intents account')
      : 'Enter the intents account that gets refunds';
  if (!originChain) return text.trim() ? null : 'Enter the refund address';
  return text.trim() ? addressProblem(originChain, text) : `Enter a ${chainName(originChain)} address for refunds`;
}
