/**
 * The decoders the address checks need beyond ./encoding: bech32 and bech32m (BIP-173,
 * https://github.com/bitcoin/bips/blob/master/bip-0173.mediawiki; BIP-350,
 * https://github.com/bitcoin/bips/blob/master/bip-0350.mediawiki), 5-bit words to bytes, and unpadded
 * RFC 4648 base32 (https://www.rfc-editor.org/rfc/rfc4648#section-6). Written here rather than taken
 * from @scure/base, whose one module of every encoding was most of what the address checks cost the
 * background (docs/decisions.md, "Hand-written codecs"). Decoding is as strict as @scure/base's
 * (test/unit/core/bech32.unit.test.ts holds both to the specifications' vectors and to each other on
 * random input): one case, a checksum that verifies, no padding bits that are set or more than needed.
 */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** The constant the checksum's polymod ends on: 1 for bech32, 0x2bc830a3 for bech32m (BIP-350). */
const CONSTANTS = { bech32: 1, bech32m: 0x2bc830a3 } as const;

export type Bech32Kind = keyof typeof CONSTANTS;

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATORS[i]!;
  }
  return chk >>> 0;
}

/**
 * The prefix and the data words (checksum removed) of a bech32 or bech32m text, or undefined when it is
 * not one: mixed case, no separator, an empty prefix, fewer than six checksum characters, a character
 * outside the alphabet, a checksum of the other kind or none, or longer than `limit` (BIP-173's 90;
 * `false` for none, as Cardano's addresses are longer).
 */
export function bech32Decode(
  kind: Bech32Kind,
  text: string,
  limit: number | false = 90,
): { prefix: string; words: number[] } | undefined {
  if (limit !== false && text.length > limit) return undefined;
  const lower = text.toLowerCase();
  if (text !== lower && text !== text.toUpperCase()) return undefined;
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || lower.length - sep - 1 < 6) return undefined;
  const prefix = lower.slice(0, sep);
  for (const c of prefix) if (c.charCodeAt(0) < 33 || c.charCodeAt(0) > 126) return undefined;
  const data = [...lower.slice(sep + 1)].map((c) => CHARSET.indexOf(c));
  if (data.some((d) => d < 0)) return undefined;
  const codes = [...prefix].map((c) => c.charCodeAt(0));
  const expanded = [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)];
  if (polymod([...expanded, ...data]) !== CONSTANTS[kind]) return undefined;
  return { prefix, words: data.slice(0, -6) };
}

/**
 * Regroups `bits`-bit digits as bytes: undefined when a digit is out of range or the leftover bits are
 * a whole digit or not all zero (the one text of given bytes).
 */
function toBytes(digits: readonly number[], bits: number): Uint8Array | undefined {
  const out: number[] = [];
  let acc = 0;
  let have = 0;
  for (const d of digits) {
    if (d < 0 || d >> bits !== 0) return undefined;
    acc = ((acc << bits) | d) & 0xfff;
    have += bits;
    if (have >= 8) {
      have -= 8;
      out.push((acc >> have) & 0xff);
    }
  }
  if (have >= bits || (acc & ((1 << have) - 1)) !== 0) return undefined;
  return Uint8Array.from(out);
}

/** Bech32's 5-bit words as bytes (BIP-173's `convertbits(…, 5, 8, False)`). */
export function wordsToBytes(words: readonly number[]): Uint8Array | undefined {
  return toBytes(words, 5);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Unpadded RFC 4648 base32 (upper case), as Stellar's strkeys are written; undefined when it is not. */
export function base32Decode(text: string): Uint8Array | undefined {
  return toBytes(
    [...text].map((c) => BASE32.indexOf(c)),
    5,
  );
}
