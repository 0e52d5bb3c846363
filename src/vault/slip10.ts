/**
 * SLIP-10 key derivation for ed25519 (hardened children only, as ed25519 requires),
 * https://github.com/satoshilabs/slips/blob/master/slip-0010.md:
 * master: I = HMAC-SHA512("ed25519 seed", seed); child: I = HMAC-SHA512(c, 0x00 ‖ k ‖ ser32(i)).
 * HMAC comes from WebCrypto, which every context of the extension has: no HMAC code in the worker's script.
 */
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
    if (!m)
      throw new VaultError('invalid_input', `derivation path '${path}': ed25519 supports only hardened steps like 44'`);
    const n = Number(m[1]);
    if (n >= HARDENED) throw new VaultError('invalid_input', `derivation path '${path}': index ${n} is too large`);
    return n + HARDENED;
  });
}

async function hmacSha512(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey(
    'raw',
    key as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-512' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, data as Uint8Array<ArrayBuffer>));
}

const split = (i: Uint8Array): Slip10Node => ({ key: i.slice(0, 32), chainCode: i.slice(32) });

export async function slip10Master(seed: Uint8Array): Promise<Slip10Node> {
  return split(await hmacSha512(utf8.encode('ed25519 seed'), seed));
}

export async function slip10Child(parent: Slip10Node, index: number): Promise<Slip10Node> {
  const data = new Uint8Array(37);
  data.set(parent.key, 1);
  new DataView(data.buffer).setUint32(33, index >>> 0, false);
  return split(await hmacSha512(parent.chainCode, data));
}

export async function slip10Derive(seed: Uint8Array, path: string): Promise<Slip10Node> {
  let node = await slip10Master(seed);
  for (const index of parsePath(path)) node = await slip10Child(node, index);
  return node;
}
