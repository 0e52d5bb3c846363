import { sha256 } from '@noble/hashes/sha2.js';
import { base32nopad, base58, base58xrp, base64url, bech32, bech32m, hex } from '@scure/base';
import { base58check as b58check, crc16xmodem, evmChecksum, isAddressOf, xrpChecksum } from '../../core/chainAddress';
import type { AddressFamily, ChainInfo, TxHashShape } from './chains';

export { evmChecksum, isAddressOf, isEvmAddress } from '../../core/chainAddress';

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

function stellarAddress(hash: Uint8Array): string {
  const body = new Uint8Array(35);
  body[0] = 6 << 3; // ed25519 public key
  body.set(hash.slice(0, 32), 1);
  const crc = crc16xmodem(body.slice(0, 33));
  body[33] = crc & 0xff;
  body[34] = crc >> 8;
  return base32nopad.encode(body);
}

function xrpAddress(hash: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload.set(hash.slice(0, 20), 1);
  const out = new Uint8Array(25);
  out.set(payload);
  out.set(xrpChecksum(payload), 21);
  return base58xrp.encode(out);
}

/**
 * An Aleo address from `hash`: a point's x-coordinate in the curve's prime-order subgroup (about one 32-byte
 * value in four is one; core/aleoAddress.ts), so candidates are hashed from it until one is.
 */
function aleoAddress(hash: Uint8Array): string {
  for (let i = 0; ; i++) {
    const x = sha256(Uint8Array.of(...hash, i));
    x[31] = x[31]! & 0x0f; // below 2^252, inside the field
    const address = bech32m.encode('aleo', bech32m.toWords(x));
    if (isAddressOf('aleo', address)) return address;
  }
}

function withVersion(version: readonly number[], body: Uint8Array): Uint8Array {
  const out = new Uint8Array(version.length + body.length);
  out.set(version);
  out.set(body, version.length);
  return out;
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
    case 'starknet': {
      // Below 2^250, inside Starknet's address bound (2^251 − 256; core/chainAddress.ts).
      const felt = h.slice(0, 32);
      felt[0] = felt[0]! & 0x03;
      return `0x${hex.encode(felt)}`;
    }
    case 'cardano':
      return bech32.encode('addr', bech32.toWords(withVersion([0x61], h.slice(0, 28))), false);
    case 'aleo':
      return aleoAddress(h);
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
