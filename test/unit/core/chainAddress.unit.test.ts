// Addresses per chain family (src/core/chainAddress.ts), checked directly rather than through the swap
// form's shape messages: published addresses pass, and the same addresses bent the ways the formats
// forbid fail. Sources: EIP-55 (https://eips.ethereum.org/EIPS/eip-55: all-lower and all-upper case carry
// no checksum); BIP-173/BIP-350 (segwit examples and invalid vectors; one case throughout); CashAddr
// (https://reference.cash/protocol/blockchain/encoding/cashaddr: upper or lower case, never mixed); TON
// (https://docs.ton.org/learn/overviews/addresses: raw `<workchain>:<64 hex>`, user-friendly 36 bytes of
// flag, workchain, hash and CRC16-XMODEM, in base64 or base64url); Stellar SEP-23 (version byte 6 << 3,
// CRC16 little-endian); CIP-19 (Cardano's address test vectors); Zcash transparent address prefixes (the
// protocol specification's "Transparent Addresses": t1 = 0x1cb8, t3 = 0x1cbd, testnet t2 = 0x1cba, tm = 0x1d25);
// Sui and Aptos (0x and hex, Sui's always 64 digits). CashAddr's version byte (reserved bit, four type bits,
// three size bits) and its larger test vectors: https://github.com/bitcoincashorg/bitcoincash.org/blob/master/spec/cashaddr.md;
// the token-aware types 2 and 3: CHIP-2022-02-CashTokens.
import { describe, expect, it } from 'vitest';
import {
  base58check,
  cardanoRefusal,
  cashAddrRefusal,
  crc16xmodem,
  isAddressOf,
  segwitRefusal,
  starknetRefusal,
} from '../../../src/core/chainAddress';
import { base64, base64url } from '../../../src/core/encoding';

/** BIP-173's reference encoder (`bech32_encode`), `constant` 1 for bech32 and 0x2bc830a3 for bech32m. */
function bech32Encode(hrp: string, words: number[], constant: number): string {
  const G = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  const polymod = (values: number[]) => {
    let chk = 1;
    for (const v of values) {
      const top = chk >>> 25;
      chk = ((chk & 0x1ffffff) << 5) ^ v;
      for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= G[i]!;
    }
    return chk >>> 0;
  };
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  const expanded = [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)];
  const mod = (polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ constant) >>> 0;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((w) => 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'[w]).join('')}`;
}

/** Bytes as 5-bit words, the last one padded with zero bits (BIP-173's `convertbits(…, 8, 5, true)`). */
function toWords(bytes: readonly number[]): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) out.push((acc << (5 - bits)) & 31);
  return out;
}

/** RFC 4648 base32 without padding, as Stellar writes strkeys. */
function base32(bytes: Uint8Array): string {
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  bits = bits.padEnd(Math.ceil(bits.length / 5) * 5, '0');
  return (bits.match(/.{5}/g) ?? []).map((b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[parseInt(b, 2)]).join('');
}

/** The 32 key bytes of a G… strkey (its base32, version byte and CRC removed). */
function base32DecodeKey(strkey: string): number[] {
  let bits = '';
  for (const c of strkey) bits += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(c).toString(2).padStart(5, '0');
  return (bits.match(/.{8}/g) ?? []).slice(1, 33).map((b) => parseInt(b, 2));
}

describe('EVM (EIP-55)', () => {
  const SAMPLE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // EIP-55's first example
  it('takes an address in one case throughout, which carries no checksum', () => {
    expect(isAddressOf('evm', SAMPLE)).toBe(true);
    expect(isAddressOf('evm', SAMPLE.toLowerCase())).toBe(true);
    expect(isAddressOf('evm', `0x${SAMPLE.slice(2).toUpperCase()}`)).toBe(true);
  });
  it('refuses anything before the 0x or after the 40 digits', () => {
    expect(isAddressOf('evm', `a${SAMPLE.toLowerCase()}`)).toBe(false);
    expect(isAddressOf('evm', `${SAMPLE.toLowerCase()}0`)).toBe(false);
    expect(isAddressOf('evm', `${SAMPLE.toLowerCase()}\n`)).toBe(false);
  });
});

describe('base58check', () => {
  it('round-trips any payload, the empty one (its checksum alone) included, and says why it refuses', () => {
    for (const payload of [new Uint8Array(), Uint8Array.of(0), Uint8Array.of(5, 1, 2, 3)])
      expect(base58check.decode(base58check.encode(payload))).toEqual(payload);
    expect(() => base58check.decode('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toThrow(/checksum/);
  });
  it('takes a version byte only with a 20-byte hash after it', () => {
    const genesis = base58check.decode('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'); // version 0x00, 20-byte hash
    expect(isAddressOf('btc', base58check.encode(genesis))).toBe(true);
    expect(isAddressOf('btc', base58check.encode(Uint8Array.of(...genesis, 0)))).toBe(false);
    expect(isAddressOf('btc', base58check.encode(genesis.slice(0, 20)))).toBe(false);
  });
});

describe('segwit (BIP-173, BIP-350)', () => {
  it('takes the P2WSH example (32-byte witness program) as well as P2WPKH', () => {
    expect(isAddressOf('btc', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3')).toBe(true);
    expect(isAddressOf('btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
  });
  it('refuses mixed case, even where each case alone is valid', () => {
    expect(isAddressOf('btc', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(isAddressOf('btc', 'bc1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(false);
    expect(isAddressOf('btc', 'Bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
  });
  it('refuses a version 0 program whose padding bits are set (BIP-173: no non-zero padding)', () => {
    // 52 words after the version: 260 bits, a 32-byte program and 4 padding bits.
    const program = Array.from({ length: 51 }, (_, i) => (i * 7) & 31);
    expect(isAddressOf('btc', bech32Encode('bc', [0, ...program, 0], 1))).toBe(true);
    expect(isAddressOf('btc', bech32Encode('bc', [0, ...program, 1], 1))).toBe(false);
  });
  it('refuses outputs nobody can hold yet: witness versions 2–16, and version 1 other than 32 bytes', () => {
    // BIP-141 leaves versions 1–16 to future rules and BIP-341 gives version 1 of 32 bytes to Taproot:
    // anything else is spendable by anyone, so a deposit there is lost.
    const program = (n: number) => Array.from({ length: n }, (_, i) => (i * 13 + 5) & 0xff);
    const words = toWords;
    const BECH32M = 0x2bc830a3;
    for (const [hrp, family] of [
      ['bc', 'btc'],
      ['ltc', 'ltc'],
    ] as const) {
      const taproot = bech32Encode(hrp, [1, ...words(program(32))], BECH32M);
      expect(isAddressOf(family, taproot), taproot).toBe(true);
      expect(segwitRefusal(family, taproot), taproot).toBeNull();
      const nobodys = [
        bech32Encode(hrp, [1, ...words(program(20))], BECH32M),
        bech32Encode(hrp, [1, ...words(program(33))], BECH32M),
        ...[2, 3, 16].map((v) => bech32Encode(hrp, [v, ...words(program(32))], BECH32M)),
        bech32Encode(hrp, [2, ...words(program(20))], BECH32M),
      ];
      for (const a of nobodys) {
        expect(isAddressOf(family, a), a).toBe(false);
        expect(segwitRefusal(family, a), a).toBe('version');
      }
    }
    expect(isAddressOf('btc', 'bc1zzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsjg4mh7')).toBe(false);
    expect(isAddressOf('btc', 'bc1pzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3f9ww7t')).toBe(false);
    // A typo is no version problem: the checksum fails first.
    expect(segwitRefusal('btc', 'bc1zzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsjg4mh8')).toBeNull();
  });
  it('takes Litecoin legacy addresses of every version byte: L (0x30), M (0x32) and 3 (0x05)', () => {
    const hash = base58check.decode('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa').slice(1);
    for (const version of [0x30, 0x32, 0x05])
      expect(isAddressOf('ltc', base58check.encode(Uint8Array.of(version, ...hash)))).toBe(true);
    expect(isAddressOf('ltc', base58check.encode(Uint8Array.of(0x00, ...hash)))).toBe(false); // Bitcoin's 1…
  });
});

/**
 * The CashAddr specification's encoder for the `bitcoincash` prefix: `version` and `hash` as bytes, in
 * 5-bit groups (the last one padded with `padding`, zero unless a test bends it), and the 40-bit BCH checksum.
 */
function cashAddrEncode(version: number, hash: Uint8Array, padding = 0): string {
  const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  const G = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
  const polymod = (values: number[]) => {
    let c = 1n;
    for (const d of values) {
      const c0 = c >> 35n;
      c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
      for (let i = 0; i < 5; i++) if ((c0 >> BigInt(i)) & 1n) c ^= G[i]!;
    }
    return c ^ 1n;
  };
  const words: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const byte of [version, ...hash]) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) words.push(((acc << (5 - bits)) & 31) | padding);
  const prefix = [...'bitcoincash'].map((ch) => ch.charCodeAt(0) & 31);
  const mod = polymod([...prefix, 0, ...words, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return `bitcoincash:${[...words, ...checksum].map((w) => CHARSET[w]).join('')}`;
}

describe('CashAddr', () => {
  const SPEC = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
  const HASH = Uint8Array.from({ length: 20 }, (_, i) => 0xf0 - i);

  it('the reference encoder gives the specification’s vectors (so the cases below are what it says)', () => {
    const f5 = Uint8Array.from(Buffer.from('F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9', 'hex'));
    expect(cashAddrEncode(0x00, f5)).toBe('bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2');
    const h32 = Uint8Array.from(Buffer.from('3173EF6623C6B48FFD1A3DCC0CC6489B0A07BB47A37F47CFEF4FE69DE825C060', 'hex'));
    expect(cashAddrEncode(0x03, h32)).toBe('bitcoincash:qvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxq5nlegake');
  });

  it('takes P2PKH and P2SH of a 20-byte hash, and says why it refuses a well-formed address of another kind', () => {
    expect(isAddressOf('bch', 'bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2')).toBe(true);
    expect(isAddressOf('bch', cashAddrEncode(0x08, HASH))).toBe(true);
    const otherKinds = [
      // The specification's larger vectors: P2PKH of 24, 28, 32, 40, 48, 56 and 64 bytes.
      'bitcoincash:q9adhakpwzztepkpwp5z0dq62m6u5v5xtyj7j3h2ws4mr9g0',
      'bitcoincash:qgagf7w02x4wnz3mkwnchut2vxphjzccwxgjvvjmlsxqwkcw59jxxuz',
      'bitcoincash:qvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxq5nlegake',
      'bitcoincash:qnq8zwpj8cq05n7pytfmskuk9r4gzzel8qtsvwz79zdskftrzxtar994cgutavfklv39gr3uvz',
      'bitcoincash:qh3krj5607v3qlqh5c3wq3lrw3wnuxw0sp8dv0zugrrt5a3kj6ucysfz8kxwv2k53krr7n933jfsunqex2w82sl',
      'bitcoincash:qmvl5lzvdm6km38lgga64ek5jhdl7e3aqd9895wu04fvhlnare5937w4ywkq57juxsrhvw8ym5d8qx7sz7zz0zvcypqscw8jd03f',
      'bitcoincash:qlg0x333p4238k0qrc5ej7rzfw5g8e4a4r6vvzyrcy8j3s5k0en7calvclhw46hudk5flttj6ydvjc0pv3nchp52amk97tqa5zygg96mtky5sv5w',
      // P2SH32 (version 0x0b), and the token-aware P2PKH (0x10) and P2SH (0x18).
      cashAddrEncode(0x0b, new Uint8Array(32).fill(7)),
      cashAddrEncode(0x10, HASH),
      cashAddrEncode(0x18, HASH),
    ];
    for (const address of otherKinds) {
      expect(isAddressOf('bch', address), address).toBe(false);
      expect(cashAddrRefusal(address), address).toBe('kind');
      expect(cashAddrRefusal(address.toUpperCase()), address).toBe('kind');
    }
    expect(cashAddrRefusal(SPEC)).toBeNull();
  });

  it('refuses a version byte that contradicts the hash’s length, the reserved bit, and padding that is not zero', () => {
    const bent = [
      cashAddrEncode(0x01, HASH), // says 24 bytes, carries 20
      cashAddrEncode(0x08, new Uint8Array(24)), // says 20 bytes, carries 24
      cashAddrEncode(0x80, HASH), // the reserved bit
      cashAddrEncode(0x00, HASH, 1), // 168 bits in 34 groups: the last two bits must be zero
    ];
    for (const address of bent) {
      expect(isAddressOf('bch', address), address).toBe(false);
      expect(cashAddrRefusal(address), address).toBeNull();
    }
    expect(cashAddrRefusal('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6q'), 'a typo').toBeNull();
  });

  it('takes one case throughout, upper included, and refuses mixed case', () => {
    expect(isAddressOf('bch', SPEC)).toBe(true);
    expect(isAddressOf('bch', SPEC.toUpperCase())).toBe(true);
    expect(isAddressOf('bch', `${SPEC.slice(0, -1)}A`)).toBe(false);
    expect(isAddressOf('bch', `B${SPEC.slice(1)}`)).toBe(false);
  });
  it('takes the prefix only at the start', () => {
    expect(isAddressOf('bch', SPEC.slice('bitcoincash:'.length))).toBe(true);
    expect(isAddressOf('bch', `${SPEC.slice('bitcoincash:'.length)}bitcoincash:`)).toBe(false);
  });
});

describe('TON', () => {
  // The docs' example: one account, raw and user-friendly (bounceable, base64url).
  const RAW = '0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e';
  const FRIENDLY = 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF';
  /** The user-friendly bytes with the flag byte and CRC as given (the CRC recomputed unless given). */
  const friendly = (flag: number, crc?: [number, number], workchain?: number) => {
    const bytes = base64url.decode(FRIENDLY);
    bytes[0] = flag;
    if (workchain !== undefined) bytes[1] = workchain;
    const c = crc16xmodem(bytes.slice(0, 34));
    bytes.set(crc ?? [c >> 8, c & 0xff], 34);
    return base64url.encode(bytes);
  };

  it('takes the raw form on the basechain (0) and the masterchain (-1), and no other', () => {
    expect(isAddressOf('ton', RAW)).toBe(true);
    expect(isAddressOf('ton', `-1${RAW.slice(1)}`)).toBe(true);
    expect(isAddressOf('ton', `2${RAW}`)).toBe(false);
    expect(isAddressOf('ton', `1${RAW.slice(1)}`), 'no workchain 1').toBe(false);
    expect(isAddressOf('ton', `-0${RAW.slice(1)}`)).toBe(false);
    expect(isAddressOf('ton', `${RAW}0`)).toBe(false);
    expect(isAddressOf('ton', RAW.slice(0, -1))).toBe(false);
    expect(isAddressOf('ton', RAW.replace('ca6e', 'xa6e'))).toBe(false);
  });

  it('takes the user-friendly form in base64url and in standard base64, bounceable or not', () => {
    expect(isAddressOf('ton', FRIENDLY)).toBe(true);
    expect(isAddressOf('ton', base64.encode(base64url.decode(FRIENDLY)))).toBe(true);
    expect(isAddressOf('ton', friendly(0x51))).toBe(true); // non-bounceable, UQ…
  });

  it('refuses a testnet-only address (flag + 0x80), bounceable or not: the wallet withdraws on the main network', () => {
    expect(isAddressOf('ton', friendly(0x91))).toBe(false);
    expect(isAddressOf('ton', friendly(0xd1))).toBe(false);
  });

  it('takes the user-friendly form on the masterchain (-1) and no workchain but it and the basechain', () => {
    expect(isAddressOf('ton', friendly(0x11, undefined, 0xff))).toBe(true);
    expect(isAddressOf('ton', friendly(0x11, undefined, 0x01))).toBe(false);
    expect(isAddressOf('ton', friendly(0x11, undefined, 0x80))).toBe(false);
  });

  it('refuses a flag byte of no kind, one alphabet mixed with the other, and a wrong CRC byte', () => {
    expect(isAddressOf('ton', friendly(0x00))).toBe(false);
    expect(isAddressOf('ton', friendly(0x12))).toBe(false);
    expect(isAddressOf('ton', FRIENDLY.replace('-', '+'))).toBe(true);
    expect(isAddressOf('ton', FRIENDLY.replace('J', '+'))).toBe(false);
    const c = crc16xmodem(base64url.decode(FRIENDLY).slice(0, 34));
    expect(isAddressOf('ton', friendly(0x11, [c >> 8, (c & 0xff) ^ 1]))).toBe(false);
    expect(isAddressOf('ton', friendly(0x11, [(c >> 8) ^ 1, c & 0xff]))).toBe(false);
  });
});

describe('Stellar (SEP-23)', () => {
  const SEP23 = 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ';
  /** The strkey's key under another version byte, its CRC recomputed (SEP-23: CRC16-XMODEM, little-endian). */
  const withVersion = (version: number) => {
    const bytes = new Uint8Array(35);
    bytes.set([version, ...base32DecodeKey(SEP23)]);
    const crc = crc16xmodem(bytes.slice(0, 33));
    bytes.set([crc & 0xff, crc >> 8], 33);
    return base32(bytes);
  };
  it('takes an account id (version byte 6 << 3) and refuses any other version byte, even under G…', () => {
    expect(withVersion(6 << 3)).toBe(SEP23);
    expect(isAddressOf('stellar', withVersion(6 << 3))).toBe(true);
    const other = withVersion((6 << 3) | 1);
    expect(other).toMatch(/^G[A-Z2-7]{55}$/);
    expect(isAddressOf('stellar', other)).toBe(false);
  });
});

describe('Zcash transparent', () => {
  const T1 = 't1ZVjVfpcCm7mqNqYQ3VAs8NreDWQt2AB22'; // a refund address in a live 1Click quote
  const T3 = 't3Vz22vK5z2LcKEdg16Yv4FFneEL1zg9ojd';
  const hash = base58check.decode(T3).slice(2);
  const under = (...prefix: number[]) => base58check.encode(Uint8Array.of(...prefix, ...hash));
  it('takes t1 (P2PKH, 0x1cb8) and t3 (P2SH, 0x1cbd) addresses', () => {
    expect(isAddressOf('zec', T1)).toBe(true);
    expect(isAddressOf('zec', T3)).toBe(true);
    expect(under(0x1c, 0xbd)).toBe(T3);
  });
  it('refuses the testnet prefixes, another first byte and a hash of the wrong length', () => {
    expect(isAddressOf('zec', under(0x1c, 0xba))).toBe(false); // testnet t2…
    expect(isAddressOf('zec', under(0x1d, 0x25))).toBe(false); // testnet tm…
    expect(isAddressOf('zec', under(0x1d, 0xbd))).toBe(false);
    expect(isAddressOf('zec', base58check.encode(Uint8Array.of(0x1c, 0xb8, ...hash, 0)))).toBe(false);
  });
});

describe('plain-hex families (Sui, Aptos, Starknet): no checksum, so shape and range are all there is', () => {
  const KEY = `0x${'02a212de6a9dfa3a69e22387acfbafbb1a9e591bd9d636e7895dcfc8de05f331'}`;
  it('Sui: exactly 64 hex digits after 0x', () => {
    expect(isAddressOf('sui', KEY)).toBe(true);
    expect(isAddressOf('sui', '0x2')).toBe(false); // Aptos writes short addresses, Sui does not
    expect(isAddressOf('sui', `${KEY}0`)).toBe(false);
    expect(isAddressOf('sui', `a${KEY}`)).toBe(false);
  });
  it('Aptos and Starknet: 1 to 64 hex digits after 0x', () => {
    expect(isAddressOf('aptos', '0x1')).toBe(true); // the Aptos framework account
    expect(isAddressOf('starknet', KEY)).toBe(true);
    expect(isAddressOf('aptos', `${KEY}0`)).toBe(false);
    expect(isAddressOf('starknet', `a${KEY}`)).toBe(false);
    expect(isAddressOf('aptos', `${KEY.slice(0, 10)}g`)).toBe(false);
  });
  it('Aptos (AIP-40): the long form, up to four leading zeros left out, or a special address 0x0–0xf', () => {
    const long = `0x${'00ab'.repeat(16)}`;
    expect(isAddressOf('aptos', long)).toBe(true);
    expect(isAddressOf('aptos', `0x${long.slice(6)}`)).toBe(true); // 60 digits: four zeros left out
    expect(isAddressOf('aptos', `0x${long.slice(7)}`)).toBe(false); // 59: a digit that was not a zero is gone
    for (const special of ['0x0', '0xa', '0xF']) expect(isAddressOf('aptos', special), special).toBe(true);
    for (const cut of ['0x10', '0x1234', `0x${'a'.repeat(59)}`]) expect(isAddressOf('aptos', cut), cut).toBe(false);
  });
  it('Starknet: below the address bound 2^251 − 256, whatever the digits', () => {
    const hexOf = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
    const bound = 2n ** 251n - 256n;
    expect(isAddressOf('starknet', hexOf(bound - 1n))).toBe(true);
    expect(starknetRefusal(hexOf(bound - 1n))).toBeNull();
    const prime = 2n ** 251n + 17n * 2n ** 192n + 1n; // the Stark field's modulus
    for (const n of [bound, bound + 255n, 2n ** 251n, prime, 2n ** 256n - 1n]) {
      expect(isAddressOf('starknet', hexOf(n)), hexOf(n)).toBe(false);
      expect(starknetRefusal(hexOf(n)), hexOf(n)).toBe('bound');
    }
    expect(starknetRefusal('0xg')).toBeNull();
  });
});

describe('Cardano (CIP-19)', () => {
  it('takes mainnet base (57 bytes) and enterprise (29 bytes) addresses, not testnet ones', () => {
    const base =
      'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x';
    expect(isAddressOf('cardano', base)).toBe(true);
    expect(isAddressOf('cardano', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8')).toBe(true);
    const testnet =
      'addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs68faae';
    expect(isAddressOf('cardano', testnet)).toBe(false);
  });

  // CIP-19's mainnet vectors, one per header type (https://cips.cardano.org/cip/CIP-0019, "Test vectors").
  const CIP19 = {
    0: 'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
    1: 'addr1z8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gten0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs9yc0hh',
    2: 'addr1yx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerkr0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shs2z78ve',
    3: 'addr1x8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gt7r0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shskhj42g',
    4: 'addr1gx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrzqf96k',
    5: 'addr128phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtupnz75xxcrtw79hu',
    6: 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8',
    7: 'addr1w8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtcyjy7wx',
  } as const;

  it('takes base (types 0–3) and enterprise (6–7) addresses and refuses pointers (4–5) as another kind', () => {
    for (const type of [0, 1, 2, 3, 6, 7] as const) {
      expect(isAddressOf('cardano', CIP19[type]), `type ${type}`).toBe(true);
      expect(cardanoRefusal(CIP19[type]), `type ${type}`).toBeNull();
    }
    for (const type of [4, 5] as const) {
      expect(isAddressOf('cardano', CIP19[type]), `type ${type}`).toBe(false);
      expect(cardanoRefusal(CIP19[type]), `type ${type}`).toBe('kind');
    }
  });

  /** An `addr1…` address of `bytes`, written with BIP-173's encoder (bech32, no length limit). */
  const addr = (bytes: number[]) => bech32Encode('addr', toWords(bytes), 1);
  const credential = (seed: number) => Array.from({ length: 28 }, (_, i) => (seed + i * 37) & 0xff);

  it('the test encoder writes CIP-19 vectors from their bytes', () => {
    const bytes = '619493315cd92eb5d8c4304e67b7e16ae36d61d34502694657811a2c8e'
      .match(/../g)!
      .map((h) => parseInt(h, 16));
    expect(addr(bytes)).toBe(CIP19[6]);
  });

  it('reads the header: its type must match the length, its network must be mainnet', () => {
    const enterprise = addr([0x61, ...credential(1)]);
    const base = addr([0x01, ...credential(1), ...credential(2)]);
    expect(isAddressOf('cardano', enterprise)).toBe(true);
    expect(isAddressOf('cardano', base)).toBe(true);
    // An enterprise header on a base address's length, and the other way round.
    for (const bent of [addr([0x61, ...credential(1), ...credential(2)]), addr([0x01, ...credential(1)])]) {
      expect(isAddressOf('cardano', bent), bent).toBe(false);
      expect(cardanoRefusal(bent), bent).toBe('kind');
    }
    // Reward (14, 15) and Byron-like (8) headers under the payment prefix, and the unassigned types.
    for (const type of [8, 9, 10, 11, 12, 13, 14, 15]) {
      const bent = addr([(type << 4) | 1, ...credential(3)]);
      expect(isAddressOf('cardano', bent), `type ${type}`).toBe(false);
      expect(cardanoRefusal(bent), `type ${type}`).toBe('kind');
    }
    // A testnet (0) or unknown network under the mainnet prefix.
    for (const network of [0, 2, 15]) {
      const bent = addr([0x60 | network, ...credential(4)]);
      expect(isAddressOf('cardano', bent), `network ${network}`).toBe(false);
      expect(cardanoRefusal(bent), `network ${network}`).toBe('network');
    }
  });

  it('has no refusal to give for what is not a well-formed addr1 address', () => {
    expect(cardanoRefusal(`${CIP19[6].slice(0, -1)}9`), 'a typo').toBeNull();
    expect(cardanoRefusal('stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw'), 'another prefix').toBeNull();
    expect(cardanoRefusal(addr([])), 'no header').toBe('kind');
  });
});

describe('Aleo', () => {
  // Real addresses: the Aleo documentation's, and three from public wallet and SDK tests.
  const REAL = [
    'aleo1rhgdu77hgyqd3xjj8ucu3jj9r2krwz6mnzyd80gncr5fxcwlh5rsvzp9px',
    'aleo1a2ehlgqhvs3p7d4hqhs0tvgk954dr8gafu9kxse2mzu9a5sqxvpsrn98pr',
    'aleo1l44dfmwcu7j2e26yhrlhrxla4lsrmr0rxymxfzxj6h8m2mnegyqs8x0end',
    'aleo1zcwqycj02lccfuu57dzjhva7w5dpzc7pngl0sxjhp58t6vlnnqxs6lnp6f',
  ];
  const BECH32M = 0x2bc830a3;
  const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  const wordsOf = (address: string) => [...address.slice(5, -6)].map((c) => CHARSET.indexOf(c));
  /** The address of the 32-byte little-endian `x`. */
  const ofX = (x: bigint) =>
    bech32Encode('aleo', toWords(Array.from({ length: 32 }, (_, i) => Number((x >> BigInt(8 * i)) & 0xffn))), BECH32M);
  /** The scalar field of BLS12-377, the base field of the curve Aleo addresses are points of. */
  const Q = 8444461749428370424248824938781546531375899335154063827935233455917409239041n;
  const power = (base: bigint, exponent: bigint) => {
    let result = 1n;
    let b = base % Q;
    for (let e = exponent; e > 0n; e >>= 1n) {
      if (e & 1n) result = (result * b) % Q;
      b = (b * b) % Q;
    }
    return result;
  };
  /** Is there a y with −x² + y² = 1 + 3021·x²·y² (Euler's criterion on y²)? */
  const onCurve = (x: bigint) => {
    const x2 = (x * x) % Q;
    const y2 = ((1n + x2) * power((((1n - 3021n * x2) % Q) + Q) % Q, Q - 2n)) % Q;
    return power(y2, (Q - 1n) / 2n) === 1n;
  };

  it('takes real addresses, and the test encoder writes them from their x-coordinate', () => {
    for (const address of REAL) {
      expect(isAddressOf('aleo', address), address).toBe(true);
      expect(bech32Encode('aleo', wordsOf(address), BECH32M)).toBe(address);
    }
    expect(ofX(2n)).toBe('aleo1qgqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqanmpl0');
  });

  it('refuses padding bits, another length, bech32 instead of bech32m', () => {
    const words = wordsOf(REAL[0]!);
    expect(isAddressOf('aleo', bech32Encode('aleo', [...words.slice(0, -1), words.at(-1)! | 1], BECH32M))).toBe(false);
    expect(isAddressOf('aleo', bech32Encode('aleo', words.slice(0, 32), BECH32M))).toBe(false); // 20 bytes
    expect(isAddressOf('aleo', bech32Encode('aleo', words, 1))).toBe(false);
  });

  it('refuses 32 bytes that are no point of the subgroup: past the field, off the curve, or outside the subgroup', () => {
    expect(isAddressOf('aleo', ofX(2n ** 256n - 1n)), 'x past the field').toBe(false);
    expect(isAddressOf('aleo', ofX(Q)), 'x = the modulus').toBe(false);
    expect(onCurve(3n)).toBe(false);
    expect(isAddressOf('aleo', ofX(3n)), 'off the curve').toBe(false);
    // On the curve, but neither point of x = 9 is in the prime-order subgroup (the cofactor is 4).
    expect(onCurve(9n)).toBe(true);
    expect(isAddressOf('aleo', ofX(9n)), 'outside the subgroup').toBe(false);
    expect(isAddressOf('aleo', ofX(2n)), 'x = 2 is in it').toBe(true);
  });
});
