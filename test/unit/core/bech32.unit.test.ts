// The address checks' own bech32, bech32m and base32 decoders (src/core/bech32.ts) against the
// specifications' vectors (BIP-173, BIP-350: https://github.com/bitcoin/bips/blob/master/bip-0173.mediawiki,
// https://github.com/bitcoin/bips/blob/master/bip-0350.mediawiki) and against @scure/base, which they
// replace in the background's script: the same words and bytes for every text one reads, and every text
// one refuses refused by the other.
import { randomBytes } from 'node:crypto';
import { base32nopad, bech32 as scure32, bech32m as scure32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { base32Decode, bech32Decode, wordsToBytes } from '../../../src/core/bech32';
import { base58check, isAddressOf, segwitRefusal } from '../../../src/core/chainAddress';
import { base58 } from '../../../src/core/encoding';

const VALID = {
  bech32: [
    'A12UEL5L',
    'a12uel5l',
    'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
    'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
    '11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j',
    'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
    '?1ezyfcl',
  ],
  bech32m: [
    'A1LQFN3A',
    'a1lqfn3a',
    'an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6',
    'abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx',
    '11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8',
    'split1checkupstagehandshakeupstreamerranterredcaperredlc445v',
    '?1v759aa',
  ],
} as const;

const INVALID = {
  bech32: [
    ' 1nwldj5',
    '\x7f1axkwrx',
    '\x801eym55h',
    'an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx',
    'pzry9x0s0muk',
    '1pzry9x0s0muk',
    'x1b4n0q5v',
    'li1dgmt3',
    'de1lg7wt\xff',
    'A1G7SGD8',
    '10a06t8',
    '1qzzfhee',
  ],
  bech32m: [
    ' 1xj0phk',
    '\x7f1g6xzxy',
    '\x801vctc34',
    'an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4',
    'qyrz8wqd2c9m',
    '1qyrz8wqd2c9m',
    'y1b0jsk6g',
    'lt1igcx5c0',
    'in1muywd',
    'mm1crxm3i',
    'au1s5cgom',
    'M1VUXWEZ',
    '16plkw9',
    '1p2gdwpf',
  ],
} as const;

const scure = { bech32: scure32, bech32m: scure32m } as const;
const kinds = ['bech32', 'bech32m'] as const;

function scureDecode(kind: (typeof kinds)[number], text: string, limit: number | false = 90) {
  try {
    const { prefix, words } = scure[kind].decode(text as `${string}1${string}`, limit);
    return { prefix, words };
  } catch {
    return undefined;
  }
}

function scureBytes(words: number[]): number[] | 'refused' {
  try {
    return Array.from(scure32.fromWords(words));
  } catch {
    return 'refused';
  }
}

describe('bech32 and bech32m (BIP-173, BIP-350)', () => {
  it.each(kinds)('reads the %s vectors as theirs and not as the other kind', (kind) => {
    const other = kind === 'bech32' ? 'bech32m' : 'bech32';
    for (const text of VALID[kind]) {
      expect(bech32Decode(kind, text), text).toEqual(scureDecode(kind, text));
      expect(bech32Decode(kind, text)?.prefix, text).toBe(text.slice(0, text.lastIndexOf('1')).toLowerCase());
      expect(bech32Decode(other, text), text).toBeUndefined();
    }
  });

  it.each(kinds)('refuses the invalid %s vectors', (kind) => {
    for (const text of INVALID[kind]) expect(bech32Decode(kind, text), JSON.stringify(text)).toBeUndefined();
  });

  it('reads what @scure/base writes, and refuses it with one character changed, as @scure/base does', () => {
    const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
    for (let i = 0; i < 200; i++) {
      const kind = kinds[i % 2]!;
      const bytes = new Uint8Array(randomBytes(i % 45));
      const text = scure[kind].encode(i % 3 ? 'bc' : 'addr', scure[kind].toWords(bytes), false);
      expect(bech32Decode(kind, text, false)).toEqual(scureDecode(kind, text, false));
      expect(wordsToBytes(bech32Decode(kind, text, false)!.words)).toEqual(bytes);
      const at = text.length - 1 - (i % 8);
      const changed =
        text.slice(0, at) + alphabet[(alphabet.indexOf(text[at]!) + 1 + (i % 31)) % 32] + text.slice(at + 1);
      expect(bech32Decode(kind, changed, false)).toEqual(scureDecode(kind, changed, false));
      expect(bech32Decode(kind, changed.toUpperCase(), false)).toEqual(scureDecode(kind, changed.toUpperCase(), false));
    }
  });

  it('turns words into bytes only when the padding bits are few and zero, as @scure/base does', () => {
    for (let i = 0; i < 300; i++) {
      const words = Array.from(randomBytes(i % 20), (b) => (i % 7 === 0 ? b : b & 31));
      const ours = wordsToBytes(words);
      expect(ours === undefined ? 'refused' : Array.from(ours)).toEqual(scureBytes(words));
    }
  });
});

describe('segwit addresses (the BIP-173 and BIP-350 address vectors)', () => {
  it('takes the valid Bitcoin mainnet ones and refuses the invalid ones', () => {
    for (const a of [
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    ]) {
      expect(isAddressOf('btc', a), a).toBe(true);
      expect(segwitRefusal('btc', a), a).toBeNull();
    }
    // Valid encodings (BIP-350) of outputs nobody can hold yet: version 1 of 40 bytes (not Taproot's 32),
    // version 16 and version 2. Decoded, and refused for their version, not their checksum.
    for (const a of [
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      'BC1SW50QGDZ25J',
      'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
    ]) {
      expect(isAddressOf('btc', a), a).toBe(false);
      expect(segwitRefusal('btc', a), a).toBe('version');
    }
    for (const a of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2',
      'bc1rw5uspcuh',
      'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90',
      'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
      'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
      'bc1gmk9yu',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
      'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4',
      'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R',
      'bc1pw5dgrnzv',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    ]) {
      expect(isAddressOf('btc', a), a).toBe(false);
      expect(segwitRefusal('btc', a), a).toBeNull();
    }
  });
});

describe('base32 without padding (RFC 4648)', () => {
  it('reads what @scure/base writes and refuses what it refuses', () => {
    for (let i = 0; i < 300; i++) {
      const bytes = new Uint8Array(randomBytes(i % 40));
      const text = base32nopad.encode(bytes);
      expect(base32Decode(text)).toEqual(bytes);
      const cut = text.slice(0, Math.max(0, text.length - 1 - (i % 3)));
      const changed = cut.length ? `${cut.slice(0, -1)}${'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[i % 32]}` : cut;
      const theirs = (() => {
        try {
          return Array.from(base32nopad.decode(changed));
        } catch {
          return 'refused';
        }
      })();
      const ours = base32Decode(changed);
      expect(ours === undefined ? 'refused' : Array.from(ours)).toEqual(theirs);
    }
    expect(base32Decode('mzxw6')).toBeUndefined(); // lower case is not RFC 4648's alphabet
    expect(base32Decode('MZXW6YQ')).toEqual(new TextEncoder().encode('foob')); // RFC 4648's "foob", unpadded
  });
});

describe('base58check', () => {
  it('reads the genesis coinbase address and refuses it with its checksum changed', () => {
    const genesis = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
    expect(base58check.decode(genesis)[0]).toBe(0);
    expect(base58check.encode(base58check.decode(genesis))).toBe(genesis);
    const bytes = base58.decode(genesis);
    bytes[bytes.length - 1]! ^= 1;
    expect(() => base58check.decode(base58.encode(bytes))).toThrow();
    expect(() => base58check.decode('1')).toThrow();
  });
});
