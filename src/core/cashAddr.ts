/**
 * Bitcoin Cash's CashAddr (https://reference.cash/protocol/blockchain/encoding/cashaddr; the version byte and
 * its size table: https://github.com/bitcoincashorg/bitcoincash.org/blob/master/spec/cashaddr.md): the
 * `bitcoincash:` prefix (optional), a version byte and a hash in base32, and a 40-bit BCH-code checksum
 * over the prefix and the data. Read by ./chainAddress.ts, the one rule for addresses per chain.
 */
import { wordsToBytes } from './bech32';

/** CashAddr's BCH-code checksum (the reference's `PolyMod`); 0 for a valid address. */
function cashAddrPolymod(values: number[]): bigint {
  const G = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i++) if ((c0 >> BigInt(i)) & 1n) c ^= G[i]!;
  }
  return c ^ 1n;
}

const CASHADDR_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** Hash sizes in bytes by the version byte's low three bits (the specification's size table). */
const CASHADDR_HASH_BYTES = [20, 24, 28, 32, 40, 48, 56, 64];

/**
 * A mainnet CashAddr's version byte and hash: one case throughout, `bitcoincash:` optional, the checksum
 * verified, the padding zero, the reserved bit clear and the hash as long as the version byte says.
 * Undefined when it is not one.
 */
function cashAddrPayload(text: string): { version: number; hash: Uint8Array } | undefined {
  const lower = text.toLowerCase();
  if (text !== lower && text !== text.toUpperCase()) return undefined;
  const body = lower.replace(/^bitcoincash:/, '');
  if (!/^[02-9ac-hj-np-z]{10,}$/.test(body)) return undefined;
  const data = [...body].map((ch) => CASHADDR_CHARSET.indexOf(ch));
  const prefix = [...'bitcoincash'].map((ch) => ch.charCodeAt(0) & 0x1f);
  if (cashAddrPolymod([...prefix, 0, ...data]) !== 0n) return undefined;
  const bytes = wordsToBytes(data.slice(0, -8));
  const version = bytes?.[0];
  if (bytes === undefined || version === undefined || version & 0x80) return undefined;
  const hash = bytes.slice(1);
  return hash.length === CASHADDR_HASH_BYTES[version & 7] ? { version, hash } : undefined;
}

/** The CashAddr types the wallet sends to: P2PKH (version 0) and P2SH (8), both of a 20-byte hash. */
const CASHADDR_TAKEN = [0x00, 0x08];

export function isCashAddr(text: string): boolean {
  const payload = cashAddrPayload(text);
  return payload !== undefined && CASHADDR_TAKEN.includes(payload.version);
}

/**
 * Why a well-formed CashAddr cannot be taken: 'kind' for a type other than P2PKH and P2SH of a 20-byte
 * hash (a token-aware address, a 32-byte script hash, a longer hash), which the bridge's withdrawals
 * are not known to pay; the popup says so instead of blaming the checksum. Null otherwise.
 */
export function cashAddrRefusal(text: string): 'kind' | null {
  const payload = cashAddrPayload(text);
  return payload === undefined || CASHADDR_TAKEN.includes(payload.version) ? null : 'kind';
}
