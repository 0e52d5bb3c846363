/**
 * Addresses per chain family, checked for real: decoded and their checksums verified where the format
 * has one (EIP-55 for mixed-case EVM addresses, base58check, bech32/bech32m, CashAddr, CRC16 for TON
 * and Stellar, XRP's double SHA-256, 32-byte Solana keys). One home for these rules: the popup's swap
 * form (src/ui/addresses.ts, in the lazily loaded swap chunk) and the simulator both use it.
 * Formats: EIP-55 https://eips.ethereum.org/EIPS/eip-55; BIP-173/BIP-350 (bech32, bech32m);
 * CashAddr https://reference.cash/protocol/blockchain/encoding/cashaddr; Stellar SEP-23 (strkey);
 * TON "user-friendly address" https://docs.ton.org/learn/overviews/addresses; XRP
 * https://xrpl.org/docs/concepts/accounts/addresses (classic `r…`, and X-addresses carrying a tag).
 * Which family a chain's addresses are of is in the chain table (./chains.ts).
 * Not imported by core's index: only what checks addresses carries it (the background, for contacts and
 * the bridge's deposit addresses; the swap form; the simulator). Its decoders are ./encoding's and ./bech32's,
 * not @scure/base's (docs/decisions.md, "Hand-written codecs").
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { isValidAccountId } from './account';
import { isAleoAddress } from './aleoAddress';
import { base32Decode, bech32Decode, wordsToBytes } from './bech32';
import { isCardanoAddress } from './cardanoAddress';
import { isCashAddr } from './cashAddr';
import type { AddressFamily } from './chains';
import { type BytesCodec, base58, base64, base64url, bytesEqual, concatBytes, hex } from './encoding';
import { isXrpAddress } from './xrpAddress';

export type { AddressFamily };

const checksumOf = (payload: Uint8Array) => sha256(sha256(payload)).slice(0, 4);

/** Base58check: the payload and the first 4 bytes of its double SHA-256, in base58. */
export const base58check: BytesCodec = {
  encode: (payload) => base58.encode(concatBytes(payload, checksumOf(payload))),
  decode(text) {
    const bytes = base58.decode(text);
    const payload = bytes.slice(0, -4);
    if (bytes.length < 4 || !bytesEqual(checksumOf(payload), bytes.slice(-4)))
      throw new Error('base58check: bad checksum');
    return payload;
  },
};

function tryDecode<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** EIP-55: the address with each letter upper-cased where the keccak of the lower-case hex says so. */
export function evmChecksum(lowerHex40: string): string {
  const hash = hex.encode(keccak_256(new TextEncoder().encode(lowerHex40)));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const ch = lowerHex40[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

export function isEvmAddress(text: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return false;
  const body = text.slice(2);
  // All one case: no checksum to check. Mixed case: it must be the EIP-55 checksum.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return evmChecksum(body.toLowerCase()) === text;
}

function base58checkPayload(text: string): Uint8Array | undefined {
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(text)) return undefined;
  return tryDecode(() => base58check.decode(text));
}

function hasVersion(payload: Uint8Array | undefined, versions: readonly number[], length = 21): boolean {
  return payload !== undefined && payload.length === length && versions.includes(payload[0]!);
}

/** A segwit address's witness version and program, checksum verified (BIP-173 for v0, BIP-350 after). */
function segwitProgram(text: string, hrp: string): { version: number; program: Uint8Array } | undefined {
  const lower = text.toLowerCase();
  if (text !== lower && text !== text.toUpperCase()) return undefined;
  if (!lower.startsWith(`${hrp}1`)) return undefined;
  const v0 = bech32Decode('bech32', lower);
  if (v0 && v0.prefix === hrp && v0.words[0] === 0) {
    const program = wordsToBytes(v0.words.slice(1));
    return program && (program.length === 20 || program.length === 32) ? { version: 0, program } : undefined;
  }
  const v1 = bech32Decode('bech32m', lower);
  const version = v1?.words[0];
  if (v1 && v1.prefix === hrp && version !== undefined && version >= 1 && version <= 16) {
    const program = wordsToBytes(v1.words.slice(1));
    return program && program.length >= 2 && program.length <= 40 ? { version, program } : undefined;
  }
  return undefined;
}

/**
 * Outputs someone can hold: version 0 (P2WPKH, P2WSH) and version 1 with a 32-byte key (Taproot,
 * BIP-341). Every other version, and version 1 of another length, has no spending rules yet (BIP-141:
 * "reserved for future extensions"), so anyone can spend what is sent there.
 */
const spendable = (p: { version: number; program: Uint8Array }) =>
  p.version === 0 || (p.version === 1 && p.program.length === 32);

function segwit(text: string, hrp: string): boolean {
  const p = segwitProgram(text, hrp);
  return p !== undefined && spendable(p);
}

/**
 * Why a well-formed segwit address (checksum valid) cannot be taken: 'version' for a witness version or
 * program length nobody can hold yet (above); the popup says so instead of blaming the checksum.
 */
export function segwitRefusal(family: 'btc' | 'ltc', text: string): 'version' | null {
  const p = segwitProgram(text, family === 'btc' ? 'bc' : 'ltc');
  return p === undefined || spendable(p) ? null : 'version';
}

/** CRC16-XMODEM, the checksum of TON user-friendly addresses and Stellar strkeys. */
export function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * A TON address on the basechain (0) or the masterchain (-1). The user-friendly form's flag byte is 0x11
 * (bounceable) or 0x51 (not); with 0x80 added the address is testnet-only, which software on the main
 * network must not accept (https://docs.ton.org/learn/overviews/addresses, "User-friendly address").
 */
function isTonAddress(text: string): boolean {
  if (/^(?:-1|0):[0-9a-fA-F]{64}$/.test(text)) return true;
  const bytes = tonFriendlyBytes(text);
  return bytes !== undefined && tonChecksumOk(bytes) && tonFlagProblem(bytes) === null;
}

function tonChecksumOk(bytes: Uint8Array): boolean {
  const crc = crc16xmodem(bytes.slice(0, 34));
  return bytes[34] === crc >> 8 && bytes[35] === (crc & 0xff);
}

/** The 36 bytes of a user-friendly TON address (base64url, or standard base64), unchecked. */
function tonFriendlyBytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/_-]{48}$/.test(text)) return undefined;
  const bytes = tryDecode(() => (/[-_]/.test(text) ? base64url : base64).decode(text));
  return bytes?.length === 36 ? bytes : undefined;
}

/** What a user-friendly TON address's flag and workchain bytes say against the main network. */
function tonFlagProblem(bytes: Uint8Array): 'testnet' | 'flag' | 'workchain' | null {
  const flag = bytes[0]!;
  if ((flag & 0x7f) !== 0x11 && (flag & 0x7f) !== 0x51) return 'flag';
  if (flag & 0x80) return 'testnet';
  return bytes[1] === 0x00 || bytes[1] === 0xff ? null : 'workchain';
}

/**
 * Why a user-friendly TON address whose checksum holds cannot be taken, when its flag or workchain is
 * the reason (the popup says so instead of blaming the checksum); null otherwise.
 */
export function tonAddressRefusal(text: string): 'testnet' | 'workchain' | null {
  const bytes = tonFriendlyBytes(text);
  const problem = bytes && tonChecksumOk(bytes) ? tonFlagProblem(bytes) : null;
  return problem === 'testnet' || problem === 'workchain' ? problem : null;
}

function isStellarAddress(text: string): boolean {
  if (!/^G[A-Z2-7]{55}$/.test(text)) return false;
  const bytes = base32Decode(text);
  if (bytes?.length !== 35 || bytes[0] !== 6 << 3) return false;
  const crc = crc16xmodem(bytes.slice(0, 33));
  return bytes[33] === (crc & 0xff) && bytes[34] === crc >> 8;
}

/**
 * Aptos (AIP-40, https://github.com/aptos-foundation/AIPs/blob/main/aips/aip-40.md): the long form, 64
 * hex digits, or a special address 0x0–0xf written short. Up to four leading zeros may be missing, as the
 * Aptos SDK's `AccountAddress.fromString` allows by default; a shorter text is a truncated paste that
 * zero-padding would turn into another account.
 */
function isAptosAddress(text: string): boolean {
  return /^0x(?:[0-9a-fA-F]{60,64}|[0-9a-fA-F])$/.test(text);
}

/** 'short' for hex that is neither the long form nor a special address (above); null otherwise. */
export function aptosRefusal(text: string): 'short' | null {
  return /^0x[0-9a-fA-F]{2,59}$/.test(text) ? 'short' : null;
}

/**
 * Starknet addresses are field elements below 2^251 − 256 (starknet.js `validateAndParseAddress`,
 * ADDR_BOUND in the Starknet documentation's "Contract address"); a larger number is no account.
 */
const STARKNET_ADDR_BOUND = 2n ** 251n - 256n;

const STARKNET_HEX = /^0x[0-9a-fA-F]{1,64}$/;

/** 'bound' for a hex number at or above Starknet's address bound; null otherwise (shape included). */
export function starknetRefusal(text: string): 'bound' | null {
  return STARKNET_HEX.test(text) && BigInt(text) >= STARKNET_ADDR_BOUND ? 'bound' : null;
}

export { cardanoRefusal } from './cardanoAddress';
export { cashAddrRefusal } from './cashAddr';
export { decodeXAddress, encodeXAddress, isXrpAddress, xrpChecksum } from './xrpAddress';

/**
 * Is `text` an address of this family, checksum verified where the format has one? Sui, Aptos and
 * Starknet addresses are plain hex with no checksum: their shape is all there is to check.
 */
export function isAddressOf(family: AddressFamily, text: string): boolean {
  switch (family) {
    case 'evm':
      return isEvmAddress(text);
    case 'home':
      return isValidAccountId(text);
    case 'btc':
      return segwit(text, 'bc') || hasVersion(base58checkPayload(text), [0x00, 0x05]);
    case 'ltc':
      return segwit(text, 'ltc') || hasVersion(base58checkPayload(text), [0x30, 0x32, 0x05]);
    case 'doge':
      return hasVersion(base58checkPayload(text), [0x1e, 0x16]);
    case 'dash':
      return hasVersion(base58checkPayload(text), [0x4c, 0x10]);
    case 'zec': {
      const p = base58checkPayload(text);
      return p !== undefined && p.length === 22 && p[0] === 0x1c && (p[1] === 0xb8 || p[1] === 0xbd);
    }
    case 'bch':
      return isCashAddr(text) || hasVersion(base58checkPayload(text), [0x00, 0x05]);
    case 'sol': {
      if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)) return false;
      return tryDecode(() => base58.decode(text))?.length === 32;
    }
    case 'tron':
      return /^T/.test(text) && hasVersion(base58checkPayload(text), [0x41]);
    case 'ton':
      return isTonAddress(text);
    case 'xrp':
      return isXrpAddress(text);
    case 'stellar':
      return isStellarAddress(text);
    case 'sui':
      return /^0x[0-9a-fA-F]{64}$/.test(text);
    case 'aptos':
      return isAptosAddress(text);
    case 'starknet':
      return STARKNET_HEX.test(text) && starknetRefusal(text) === null;
    case 'cardano':
      return isCardanoAddress(text);
    case 'aleo':
      return isAleoAddress(text);
  }
}
