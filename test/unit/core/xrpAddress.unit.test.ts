// XRP Ledger addresses (src/core/xrpAddress.ts) against their encodings' rules: a classic address is XRP's
// base58 (its own alphabet) of the type prefix 0x00, a 20-byte account id and a 4-byte double-SHA-256
// checksum (https://xrpl.org/docs/concepts/accounts/addresses#address-encoding); an X-address (XLS-5d,
// https://github.com/XRPLF/XRPL-Standards/tree/master/XLS-0005-tagged-addresses) is the mainnet prefix
// 0x05 0x44, the account id, a flag byte (0: no tag, 1: a tag), the 32-bit tag little-endian and 4 reserved
// zero bytes. Each case below changes one field of a published address and re-computes the checksum, so
// only the rule for that field can refuse it. Vectors are xrpl.js's (ripple-address-codec tests).
import { describe, expect, it } from 'vitest';
import { base58Codec } from '../../../src/core/encoding';
import { decodeXAddress, encodeXAddress, isXrpAddress, xrpChecksum } from '../../../src/core/xrpAddress';

const xrpBase58 = base58Codec('rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz');
const R1 = 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59';
const X1 = 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu'; // R1 with tag 1

/** The payload with its checksum appended, in XRP's base58. */
const encode = (payload: Uint8Array) => xrpBase58.encode(Uint8Array.of(...payload, ...xrpChecksum(payload)));
/** X1's 31-byte payload with some bytes replaced, re-checksummed. */
const x1With = (changes: Record<number, number>) => {
  const payload = xrpBase58.decode(X1).slice(0, 31);
  for (const [at, byte] of Object.entries(changes)) payload[Number(at)] = byte;
  return encode(payload);
};

describe('classic addresses', () => {
  it('take a 20-byte account id only', () => {
    const payload = xrpBase58.decode(R1).slice(0, 21);
    expect(encode(payload)).toBe(R1);
    expect(isXrpAddress(R1)).toBe(true);
    const short = encode(payload.slice(0, 20)); // 19-byte account id: still r… and of a classic length
    expect(short).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    expect(isXrpAddress(short)).toBe(false);
  });
});

describe('X-addresses (XLS-5d)', () => {
  it('read the vector back unchanged through the re-encoding', () => {
    expect(x1With({})).toBe(X1);
    expect(decodeXAddress(X1)).toEqual({ classic: R1, tag: 1 });
  });

  it('need the mainnet prefix 0x05 0x44 exactly', () => {
    for (const second of [0x43, 0x45]) {
      const text = x1With({ 1: second });
      expect(text).toMatch(/^X[1-9A-HJ-NP-Za-km-z]{46}$/); // the shape of an X-address all the same
      expect(decodeXAddress(text)).toBeNull();
      expect(isXrpAddress(text)).toBe(false);
    }
  });

  it('need the 4 reserved bytes zero, whatever the flag', () => {
    expect(decodeXAddress(x1With({ 30: 1 }))).toBeNull(); // flag 1, tag 1
    expect(decodeXAddress(x1With({ 27: 0x80 }))).toBeNull();
    expect(decodeXAddress(x1With({ 22: 0, 23: 0, 28: 1 }))).toBeNull(); // flag 0, no tag
  });

  it('need the flag 0 or 1, and no tag bytes under flag 0', () => {
    expect(decodeXAddress(x1With({ 22: 2 }))).toBeNull();
    expect(decodeXAddress(x1With({ 22: 0 }))).toBeNull(); // tag byte 1 with the flag saying none
    expect(decodeXAddress(x1With({ 22: 0, 23: 0 }))).toEqual({ classic: R1, tag: null });
    expect(decodeXAddress(x1With({ 23: 0 }))).toEqual({ classic: R1, tag: 0 });
  });
});

describe('encoding an X-address', () => {
  it('says what is wrong: not a classic address, or not a 32-bit tag', () => {
    expect(() => encodeXAddress(X1, 1)).toThrow(/not a classic XRP address/);
    expect(() => encodeXAddress('rNotAnAddress', 1)).toThrow(/not a classic XRP address/);
    expect(() => encodeXAddress(R1, 2 ** 32)).toThrow(/32-bit unsigned integer/);
    expect(() => encodeXAddress(R1, 1.5)).toThrow(/32-bit unsigned integer/);
    expect(encodeXAddress(R1, 1)).toBe(X1);
  });
});
