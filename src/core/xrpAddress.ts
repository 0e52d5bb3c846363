/**
 * XRP Ledger addresses (https://xrpl.org/docs/concepts/accounts/addresses): classic `r…` addresses and
 * X-addresses (XLS-5d, https://github.com/XRPLF/XRPL-Standards/tree/master/XLS-0005-tagged-addresses),
 * which hold a classic address and a destination tag in one checksummed string. Apart from
 * ./chainAddress so that the background, which only needs these (./destinationMemo), carries none of
 * the other families' code.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { base58Codec } from './encoding';

const base58xrp = base58Codec('rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz');

function tryDecode<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

export function xrpChecksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).slice(0, 4);
}

/** XRP's base58check (its own alphabet, double SHA-256): the payload, or undefined when the checksum fails. */
function xrpPayload(text: string): Uint8Array | undefined {
  const bytes = tryDecode(() => base58xrp.decode(text));
  if (!bytes || bytes.length < 5) return undefined;
  const body = bytes.slice(0, -4);
  return xrpChecksum(body).every((b, i) => bytes[body.length + i] === b) ? body : undefined;
}

function isXrpClassicAddress(text: string): boolean {
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(text)) return false;
  const p = xrpPayload(text);
  return p !== undefined && p.length === 21 && p[0] === 0;
}

/** Mainnet X-address prefix (XLS-5d): an X-address is `X…`; testnet ones (`T…`) are not accepted. */
const X_PREFIX = [0x05, 0x44] as const;

/**
 * An XRP X-address (XLS-5d, https://github.com/XRPLF/XRPL-Standards/tree/master/XLS-0005-tagged-addresses):
 * a classic address and an optional 32-bit destination tag in one checksummed string. Mainnet only; the
 * reserved 64-bit tag bytes must be zero, and a tag flag with no tag is refused.
 */
export function decodeXAddress(text: string): { classic: string; tag: number | null } | null {
  if (!/^X[1-9A-HJ-NP-Za-km-z]{46}$/.test(text)) return null;
  const p = xrpPayload(text);
  if (p?.length !== 31 || p[0] !== X_PREFIX[0] || p[1] !== X_PREFIX[1]) return null;
  const flag = p[22]!;
  const tag = (p[23]! | (p[24]! << 8) | (p[25]! << 16) | (p[26]! << 24)) >>> 0;
  if (p.slice(27).some((b) => b !== 0) || flag > 1 || (flag === 0 && tag !== 0)) return null;
  return { classic: xrpClassic(p.slice(2, 22)), tag: flag === 1 ? tag : null };
}

function xrpClassic(accountId: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload.set(accountId, 1);
  const out = new Uint8Array(25);
  out.set(payload);
  out.set(xrpChecksum(payload), 21);
  return base58xrp.encode(out);
}

/** The X-address of a classic address with a destination tag (or none): XLS-5d's encoding. */
export function encodeXAddress(classic: string, tag: number | null): string {
  if (!isXrpClassicAddress(classic)) throw new Error('not a classic XRP address');
  if (tag !== null && (!Number.isInteger(tag) || tag < 0 || tag > 0xffffffff))
    throw new Error('a destination tag is a 32-bit unsigned integer');
  const t = tag ?? 0;
  const body = new Uint8Array(31);
  body.set(X_PREFIX);
  body.set(xrpPayload(classic)!.slice(1), 2);
  body.set([tag === null ? 0 : 1, t & 0xff, (t >>> 8) & 0xff, (t >>> 16) & 0xff, (t >>> 24) & 0xff], 22);
  const out = new Uint8Array(35);
  out.set(body);
  out.set(xrpChecksum(body), 31);
  return base58xrp.encode(out);
}

/** A classic `r…` address or a mainnet X-address, checksum verified. */
export function isXrpAddress(text: string): boolean {
  return isXrpClassicAddress(text) || decodeXAddress(text) !== null;
}
