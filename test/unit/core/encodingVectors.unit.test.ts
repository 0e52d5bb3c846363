// The wire encodings (src/core/encoding.ts): the published test vectors of RFC 4648 (base64, base16) and
// the Bitcoin base58 examples, hex accepted in either case, strict UTF-8, and decodeExact's messages.
import { describe, expect, it } from 'vitest';
import { base58, base64, bytesEqual, concatBytes, decodeExact, hex, ProtocolError, utf8 } from '../../../src/core';

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('codecs', () => {
  it('base64 and hex give the RFC 4648 §10 test vectors', () => {
    // https://www.rfc-editor.org/rfc/rfc4648#section-10
    const vectors: [string, string, string][] = [
      ['', '', ''],
      ['f', 'Zg==', '66'],
      ['fo', 'Zm8=', '666f'],
      ['foo', 'Zm9v', '666f6f'],
      ['foobar', 'Zm9vYmFy', '666f6f626172'],
    ];
    for (const [plain, b64, b16] of vectors) {
      expect(base64.encode(ascii(plain))).toBe(b64);
      expect(base64.decode(b64)).toEqual(ascii(plain));
      expect(hex.encode(ascii(plain))).toBe(b16);
      expect(hex.decode(b16.toUpperCase())).toEqual(ascii(plain));
    }
  });

  it('base58 gives the Bitcoin alphabet examples', () => {
    // https://datatracker.ietf.org/doc/html/draft-msporny-base58-03#section-5
    expect(base58.encode(ascii('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(base58.encode(Uint8Array.of(0, 0, 0x28, 0x7f, 0xb4, 0xcd))).toBe('11233QC4');
    expect(base58.decode('11233QC4')).toEqual(Uint8Array.of(0, 0, 0x28, 0x7f, 0xb4, 0xcd));
  });

  it('utf8 round-trips and refuses malformed bytes', () => {
    expect(utf8.encode('é€')).toEqual(Uint8Array.of(0xc3, 0xa9, 0xe2, 0x82, 0xac));
    expect(utf8.decode(Uint8Array.of(0xc3, 0xa9))).toBe('é');
    expect(() => utf8.decode(Uint8Array.of(0xc3))).toThrow();
  });
});

describe('decodeExact', () => {
  it('returns the bytes of the expected length', () => {
    expect(decodeExact(hex, 'ABcd', 2, 'salt')).toEqual(Uint8Array.of(0xab, 0xcd));
  });

  it('names the encoding that failed, and the length that was expected', () => {
    const cases: [Parameters<typeof decodeExact>[0], string, string][] = [
      [base58, '0OIl', 'key is not valid base58'],
      [base64, '%%%', 'key is not valid base64'],
      [hex, 'zz', 'key is not valid hex'],
      [
        {
          encode: () => '',
          decode: () => {
            throw new Error('no');
          },
        },
        'x',
        'key is not valid encoding',
      ],
    ];
    for (const [codec, text, message] of cases) {
      expect(() => decodeExact(codec, text, 1, 'key')).toThrow(new ProtocolError(message));
    }
    expect(() => decodeExact(hex, 'abcd', 3, 'salt')).toThrow(new ProtocolError('salt must be 3 bytes, got 2'));
  });
});

describe('bytes', () => {
  it('concatenates in order', () => {
    expect(concatBytes()).toEqual(new Uint8Array(0));
    expect(concatBytes(Uint8Array.of(1), new Uint8Array(0), Uint8Array.of(2, 3))).toEqual(Uint8Array.of(1, 2, 3));
  });

  it('compares every byte and the length', () => {
    expect(bytesEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2))).toBe(true);
    expect(bytesEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 3))).toBe(false);
    expect(bytesEqual(Uint8Array.of(9, 2), Uint8Array.of(1, 2))).toBe(false);
    expect(bytesEqual(Uint8Array.of(1), Uint8Array.of(1, 0))).toBe(false);
    expect(bytesEqual(new Uint8Array(0), new Uint8Array(0))).toBe(true);
  });
});
