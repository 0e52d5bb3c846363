/**
 * Address formats per chain: checking recipients and refund addresses, and minting deposit addresses
 * and transaction hashes shaped like the real chain's (checksums included, so wallets accept them).
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base32nopad, base58, base58xrp, base64, base64url, bech32, bech32m, createBase58check, hex } from '@scure/base';
import { isValidAccountId } from '../../core';
import type { AddressFamily, ChainInfo, TxHashShape } from './chains';

const b58check = createBase58check(sha256);

function tryDecode<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

// ---- EVM (EIP-55) ----

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

// ---- base58check families (btc legacy, doge, zec, tron, dash, ltc legacy) ----

function base58checkPayload(text: string): Uint8Array | undefined {
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(text)) return undefined;
  return tryDecode(() => b58check.decode(text));
}

function hasVersion(payload: Uint8Array | undefined, versions: readonly number[], length = 21): boolean {
  return payload !== undefined && payload.length === length && versions.includes(payload[0]!);
}

function segwit(text: string, hrp: string): boolean {
  const lower = text.toLowerCase();
  if (text !== lower && text !== text.toUpperCase()) return false;
  if (!lower.startsWith(`${hrp}1`)) return false;
  const v0 = tryDecode(() => bech32.decode(lower as `${string}1${string}`));
  if (v0 && v0.prefix === hrp && v0.words[0] === 0) {
    const program = tryDecode(() => bech32.fromWords(v0.words.slice(1)));
    return program !== undefined && (program.length === 20 || program.length === 32);
  }
  const v1 = tryDecode(() => bech32m.decode(lower as `${string}1${string}`));
  if (v1 && v1.prefix === hrp && v1.words[0] !== undefined && v1.words[0] >= 1 && v1.words[0] <= 16) {
    const program = tryDecode(() => bech32m.fromWords(v1.words.slice(1)));
    return program !== undefined && program.length >= 2 && program.length <= 40;
  }
  return false;
}

// ---- CRC16-XMODEM (TON, Stellar) ----

function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function isTonAddress(text: string): boolean {
  if (/^-?[01]:[0-9a-fA-F]{64}$/.test(text)) return true;
  if (!/^[A-Za-z0-9+/_-]{48}$/.test(text)) return false;
  const bytes = tryDecode(() => (/[-_]/.test(text) ? base64url : base64).decode(text));
  if (!bytes || bytes.length !== 36) return false;
  const tag = bytes[0]! & 0x7f;
  if (tag !== 0x11 && tag !== 0x51) return false;
  const crc = crc16xmodem(bytes.slice(0, 34));
  return bytes[34] === crc >> 8 && bytes[35] === (crc & 0xff);
}

function tonAddress(hash: Uint8Array): string {
  const body = new Uint8Array(36);
  body[0] = 0x11; // bounceable, mainnet
  body[1] = 0x00; // workchain 0
  body.set(hash.slice(0, 32), 2);
  const crc = crc16xmodem(body.slice(0, 34));
  body[34] = crc >> 8;
  body[35] = crc & 0xff;
  return base64url.encode(body);
}

function isStellarAddress(text: string): boolean {
  if (!/^G[A-Z2-7]{55}$/.test(text)) return false;
  const bytes = tryDecode(() => base32nopad.decode(text));
  if (!bytes || bytes.length !== 35 || bytes[0] !== 6 << 3) return false;
  const crc = crc16xmodem(bytes.slice(0, 33));
  return bytes[33] === (crc & 0xff) && bytes[34] === crc >> 8;
}

function stellarAddress(hash: Uint8Array): string {
  const body = new Uint8Array(35);
  body[0] = 6 << 3; // ed25519 public key
  body.set(hash.slice(0, 32), 1);
  const crc = crc16xmodem(body.slice(0, 33));
  body[33] = crc & 0xff;
  body[34] = crc >> 8;
  return base32nopad.encode(body);
}

// ---- XRP (base58check with the ripple alphabet) ----

function xrpChecksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).slice(0, 4);
}

function isXrpAddress(text: string): boolean {
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(text)) return false;
  const bytes = tryDecode(() => base58xrp.decode(text));
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0) return false;
  const sum = xrpChecksum(bytes.slice(0, 21));
  return sum.every((b, i) => bytes[21 + i] === b);
}

function xrpAddress(hash: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload.set(hash.slice(0, 20), 1);
  const out = new Uint8Array(25);
  out.set(payload);
  out.set(xrpChecksum(payload), 21);
  return base58xrp.encode(out);
}

function withVersion(version: readonly number[], body: Uint8Array): Uint8Array {
  const out = new Uint8Array(version.length + body.length);
  out.set(version);
  out.set(body, version.length);
  return out;
}

/** Is `text` an address of this family (checksums verified where the format has one)? */
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
      return /^(bitcoincash:)?[qp][02-9ac-hj-np-z]{41}$/.test(text) || hasVersion(base58checkPayload(text), [0x00, 0x05]);
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
    case 'starknet':
      return /^0x[0-9a-fA-F]{1,64}$/.test(text);
    case 'cardano': {
      if (!/^addr1[02-9ac-hj-np-z]+$/.test(text)) return false;
      const decoded = tryDecode(() => bech32.decode(text as `${string}1${string}`, false));
      const bytes = decoded && tryDecode(() => bech32.fromWords(decoded.words));
      return bytes !== undefined && (bytes.length === 29 || bytes.length === 57);
    }
    case 'aleo': {
      const decoded = /^aleo1/.test(text) ? tryDecode(() => bech32m.decode(text as `${string}1${string}`)) : undefined;
      return decoded !== undefined && decoded.prefix === 'aleo' && tryDecode(() => bech32m.fromWords(decoded.words))?.length === 32;
    }
  }
}

/**
 * A deposit address of this family made from 32 bytes (`home` addresses are made by the caller:
 * they are implicit accounts of keys the simulator derives, so it can move their funds).
 */
export function addressFromBytes(family: Exclude<AddressFamily, 'home'>, h: Uint8Array): string {
  const h20 = h.slice(0, 20);
  switch (family) {
    case 'evm':
      return evmChecksum(hex.encode(h20));
    case 'btc':
      return bech32.encode('bc', [0, ...bech32.toWords(h20)]);
    case 'ltc':
      return bech32.encode('ltc', [0, ...bech32.toWords(h20)]);
    case 'doge':
      return b58check.encode(withVersion([0x1e], h20));
    case 'dash':
      return b58check.encode(withVersion([0x4c], h20));
    case 'zec':
      return b58check.encode(withVersion([0x1c, 0xb8], h20));
    case 'bch':
      return b58check.encode(withVersion([0x00], h20));
    case 'sol':
      return base58.encode(h.slice(0, 32));
    case 'tron':
      return b58check.encode(withVersion([0x41], h20));
    case 'ton':
      return tonAddress(h);
    case 'xrp':
      return xrpAddress(h);
    case 'stellar':
      return stellarAddress(h);
    case 'sui':
    case 'aptos':
      return `0x${hex.encode(h.slice(0, 32))}`;
    case 'starknet':
      return `0x0${hex.encode(h.slice(0, 32)).slice(1)}`;
    case 'cardano':
      return bech32.encode('addr', bech32.toWords(withVersion([0x61], h.slice(0, 28))), false);
    case 'aleo':
      return bech32m.encode('aleo', bech32m.toWords(h.slice(0, 32)));
  }
}

/** A transaction hash shaped for the chain, from random bytes (32, or 64 for Solana signatures). */
export function txHashFromBytes(shape: TxHashShape, bytes: Uint8Array): string {
  const b32 = bytes.slice(0, 32);
  switch (shape) {
    case 'evm':
    case '0xhex':
      return `0x${hex.encode(b32)}`;
    case 'base58-32':
      return base58.encode(b32);
    case 'base58-64':
      return base58.encode(bytes.length >= 64 ? bytes.slice(0, 64) : new Uint8Array([...b32, ...b32]));
    case 'hex':
      return hex.encode(b32);
    case 'HEX':
      return hex.encode(b32).toUpperCase();
    case 'aleo':
      return bech32m.encode('at', bech32m.toWords(b32));
  }
}

export function isAddressOnChain(chain: ChainInfo, text: string): boolean {
  return isAddressOf(chain.family, text);
}
