/**
 * SLIP-10 key derivation for ed25519 (hardened children only, as ed25519 requires).
 * master: I = HMAC-SHA512("ed25519 seed", seed); child: I = HMAC-SHA512(c, 0x00 ‖ k ‖ ser32(i)).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { utf8 } from '../core';
import { VaultError } from './errors';

const HARDENED = 0x80000000;

export interface Slip10Node {
  key: Uint8Array;
  chainCode: Uint8Array;
}

export function parsePath(path: string): number[] {
  const parts = path.trim().split('/');
  if (parts[0] !== 'm') throw new VaultError('invalid_input', `derivation path '${path}' must start with m/`);
  return parts.slice(1).map((p) => {
    const m = /^(\d+)'$/.exec(p);
    if (!m) throw new VaultError('invalid_input', `derivation path '${path}': ed25519 supports only hardened steps like 44'`);
    const n = Number(m[1]);
    if (n >= HARDENED) throw new VaultError('invalid_input', `derivation path '${path}': index ${n} is too large`);
    return n + HARDENED;
  });
}

export function slip10Master(seed: Uint8Array): Slip10Node {
  const i = hmac(sha512, utf8.encode('ed25519 seed'), seed);
  return { key: i.slice(0, 32), chainCode: i.slice(32) };
}

export function slip10Child(parent: Slip10Node, index: number): Slip10Node {
  const data = new Uint8Array(37);
  data.set(parent.key, 1);
  new DataView(data.buffer).setUint32(33, index >>> 0, false);
  const i = hmac(sha512, parent.chainCode, data);
  return { key: i.slice(0, 32), chainCode: i.slice(32) };
}

export function slip10Derive(seed: Uint8Array, path: string): Slip10Node {
  return parsePath(path).reduce(slip10Child, slip10Master(seed));
}
