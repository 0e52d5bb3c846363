// The wallet's own byte encodings (src/core/encoding.ts) against @scure/base, which they replace in the
// background's script: the same text for the same bytes, the same bytes back, and every text one of
// them refuses refused by the other (no second spelling of the same bytes gets through).
import { randomBytes } from 'node:crypto';
import {
  base58xrp,
  base64urlnopad,
  base58 as scure58,
  base64 as scure64,
  base64url as scure64url,
  hex as scureHex,
} from '@scure/base';
import { describe, expect, it } from 'vitest';
import { type BytesCodec, base58, base58Codec, base64, base64url, hex } from '../../../src/core/encoding';

const xrp = base58Codec('rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz');
const pairs: [string, BytesCodec, BytesCodec][] = [
  ['base58', base58, scure58],
  ['base58 (XRP)', xrp, base58xrp],
  ['base64', base64, scure64],
  ['hex', hex, { encode: scureHex.encode, decode: (t) => scureHex.decode(t.toLowerCase()) }],
];

/** Random bytes, a third of them starting with zero bytes (base58 spells those apart). */
function samples(): Uint8Array[] {
  const out: Uint8Array[] = [new Uint8Array(0), new Uint8Array(1), new Uint8Array(5), Uint8Array.of(0, 0, 1)];
  for (let i = 0; i < 300; i++) {
    const b = new Uint8Array(randomBytes(i % 70));
    if (i % 3 === 0) b.fill(0, 0, Math.min(b.length, i % 4));
    out.push(b);
  }
  return out;
}

const outcome = (codec: BytesCodec, text: string) => {
  try {
    return Array.from(codec.decode(text));
  } catch {
    return 'refused';
  }
};

describe('byte encodings', () => {
  for (const [name, ours, scure] of pairs) {
    it(`${name}: the same text as @scure/base, and the same bytes back`, () => {
      for (const bytes of samples()) {
        const text = ours.encode(bytes);
        expect(text).toBe(scure.encode(bytes));
        expect(Array.from(ours.decode(text))).toEqual(Array.from(bytes));
      }
    });

    it(`${name}: what @scure/base refuses is refused, what it reads is read alike`, () => {
      const texts = ['', '=', '==', 'A', 'AB', 'ABC', 'AB=', 'AB==', 'ABC=', 'AAB=', 'AAE=', 'AB=C', 'ab', 'AbCd'];
      texts.push('0', 'O', 'I', 'l', '11', '1z', 'zz', 'rr', 'r1', ' ab', 'ab ', 'a\nb', '0x00', 'gg', '+/==', '-_');
      for (const bytes of samples().slice(0, 60)) {
        const text = scure.encode(bytes);
        // One character changed, dropped or added at each end.
        texts.push(text.slice(1), text.slice(0, -1), `${text}=`, `${text}A`, `1${text}`, `${text.slice(0, -1)}B`);
      }
      for (const text of texts) expect(outcome(ours, text), JSON.stringify(text)).toEqual(outcome(scure, text));
    });
  }
});

describe('base64url (the verifier reads it padded or not)', () => {
  it('writes unpadded, as @scure/base’s base64urlnopad, and reads its own text back', () => {
    for (const bytes of samples()) {
      const text = base64url.encode(bytes);
      expect(text).toBe(base64urlnopad.encode(bytes));
      expect(Array.from(base64url.decode(text))).toEqual(Array.from(bytes));
    }
  });

  it('reads what @scure/base reads padded or unpadded, alike, and refuses what it refuses both ways', () => {
    const texts = [
      '',
      '=',
      '==',
      'A',
      'AB',
      'ABC',
      'AB=',
      'AB==',
      'ABC=',
      'AAE',
      'AAE=',
      'AB=C',
      '+/==',
      '-_',
      'AB===',
      'ABC==',
    ];
    for (const bytes of samples().slice(0, 60)) {
      const text = scure64url.encode(bytes);
      texts.push(
        text,
        text.replace(/=+$/, ''),
        text.slice(1),
        `${text}=`,
        `${text.slice(0, -1)}B`,
        text.replace(/-/g, '+'),
      );
    }
    for (const text of texts) {
      const padded = outcome(scure64url, text);
      const bare = outcome(base64urlnopad, text);
      const expected = padded !== 'refused' ? padded : bare;
      expect(outcome(base64url, text), JSON.stringify(text)).toEqual(expected);
    }
  });
});
