// The QR encoder (src/ui/qr.ts) against reference matrices from another implementation, and read
// back by an independent decoder written here from ISO/IEC 18004: finder, timing and alignment
// patterns, format bits (level M, mask), version bits (v7+), Reed–Solomon syndromes, and the byte
// mode payload decoded back to the text.
//
// test/fixtures/qr-reference.json was made with Debian's python3-qrcode 7.4.2:
//   q = qrcode.QRCode(error_correction=ERROR_CORRECT_M, mask_pattern=mask, border=0)
//   q.add_data(qrcode.util.QRData(text.encode('utf-8'), mode=MODE_8BIT_BYTE)); q.make(fit=True)
// Each symbol was also scanned with zbarimg while writing the encoder.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { byteCapacity, encodeQr, formatBits, penalty, qrPath, reedSolomon, versionBits } from '../../../src/ui/qr';

interface Reference {
  text: string;
  version: number;
  mask: number;
  rows: string[];
}
const REFERENCE = (
  JSON.parse(readFileSync(new URL('../../fixtures/qr-reference.json', import.meta.url), 'utf8')) as {
    cases: Reference[];
  }
).cases;

const bitsOf = (m: boolean[][]) => m.map((row) => row.map((b) => (b ? '1' : '0')).join(''));

// ---- An independent decoder ----

/** GF(256) multiply by shift-and-add with reduction by 0x11d (not the encoder's log tables). */
function mul(a: number, b: number): number {
  let r = 0;
  for (let i = 0; i < 8; i++) {
    if ((b >> i) & 1) r ^= a << i;
  }
  for (let bit = 15; bit >= 8; bit--) if ((r >> bit) & 1) r ^= 0x11d << (bit - 8);
  return r;
}

/** Block structure at level M, ISO/IEC 18004 table 9: [EC per block, [count, data per block]…]. */
const TABLE_M: Record<number, [number, [number, number][]]> = {
  1: [10, [[1, 16]]],
  2: [16, [[1, 28]]],
  3: [26, [[1, 44]]],
  4: [18, [[2, 32]]],
  5: [24, [[2, 43]]],
  6: [16, [[4, 27]]],
  7: [18, [[4, 31]]],
  8: [
    22,
    [
      [2, 38],
      [2, 39],
    ],
  ],
  9: [
    22,
    [
      [3, 36],
      [2, 37],
    ],
  ],
  10: [
    26,
    [
      [4, 43],
      [1, 44],
    ],
  ],
};
const ALIGNMENT: Record<number, number[]> = {
  1: [],
  2: [6, 18],
  3: [6, 22],
  4: [6, 26],
  5: [6, 30],
  6: [6, 34],
  7: [6, 22, 38],
  8: [6, 24, 42],
  9: [6, 26, 46],
  10: [6, 28, 50],
};

const FINDER = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];

function readFormat(m: boolean[][]): { ecBits: number; mask: number } {
  const size = m.length;
  const first = [0, 1, 2, 3, 4, 5, 7, 8].map((r) => m[r]![8]!).concat([7, 5, 4, 3, 2, 1, 0].map((c) => m[8]![c]!));
  const second = [0, 1, 2, 3, 4, 5, 6, 7]
    .map((i) => m[8]![size - 1 - i]!)
    .concat([8, 9, 10, 11, 12, 13, 14].map((i) => m[size - 15 + i]![8]!));
  const value = (bits: boolean[]) => bits.reduce((v, b, i) => v | ((b ? 1 : 0) << i), 0);
  const a = value(first);
  expect(value(second)).toBe(a); // both copies agree
  const raw = a ^ 0x5412;
  // BCH(15,5): the 15 bits are a multiple of the generator 0x537.
  let rem = raw;
  for (let bit = 14; bit >= 10; bit--) if ((rem >> bit) & 1) rem ^= 0x537 << (bit - 10);
  expect(rem).toBe(0);
  return { ecBits: raw >> 13, mask: (raw >> 10) & 7 };
}

function readVersion(m: boolean[][]): number {
  const size = m.length;
  let a = 0;
  let b = 0;
  for (let i = 0; i < 18; i++) {
    a |= (m[Math.floor(i / 3)]![size - 11 + (i % 3)] ? 1 : 0) << i;
    b |= (m[size - 11 + (i % 3)]![Math.floor(i / 3)] ? 1 : 0) << i;
  }
  expect(b).toBe(a);
  let rem = a;
  for (let bit = 17; bit >= 12; bit--) if ((rem >> bit) & 1) rem ^= 0x1f25 << (bit - 12);
  expect(rem).toBe(0);
  return a >> 12;
}

function isFunctionModule(version: number, r: number, c: number): boolean {
  const size = 17 + 4 * version;
  if ((r < 9 && c < 9) || (r < 9 && c >= size - 8) || (r >= size - 8 && c < 9)) return true; // finders, separators, format
  if (r === 6 || c === 6) return true; // timing
  if (version >= 7 && ((r < 6 && c >= size - 11 && c < size - 8) || (c < 6 && r >= size - 11 && r < size - 8)))
    return true;
  const centres = ALIGNMENT[version]!;
  for (const ar of centres) {
    for (const ac of centres) {
      const corner =
        (ar === 6 && ac === 6) || (ar === 6 && ac === centres.at(-1)) || (ar === centres.at(-1) && ac === 6);
      if (!corner && Math.abs(r - ar) <= 2 && Math.abs(c - ac) <= 2) return true;
    }
  }
  return false;
}

const MASK_RULES: ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

/** Reads a symbol back to its text, checking every structural rule on the way. */
function decode(m: boolean[][]): { text: string; version: number; mask: number } {
  const size = m.length;
  expect((size - 17) % 4).toBe(0);
  const version = (size - 17) / 4;
  // Finder patterns in three corners.
  for (const [r0, c0] of [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ] as const) {
    expect(
      FINDER.map((_, r) =>
        FINDER[r]!.split('')
          .map((_, c) => (m[r0 + r]![c0 + c] ? '1' : '0'))
          .join(''),
      ),
    ).toEqual(FINDER);
  }
  // Separators are light.
  for (let i = 0; i < 8; i++) {
    expect([m[7]![i], m[i]![7], m[7]![size - 1 - i], m[i]![size - 8], m[size - 8]![i], m[size - 1 - i]![7]]).toEqual(
      new Array(6).fill(false),
    );
  }
  // Timing patterns alternate, starting dark.
  for (let i = 8; i < size - 8; i++) {
    expect(m[6]![i]).toBe(i % 2 === 0);
    expect(m[i]![6]).toBe(i % 2 === 0);
  }
  expect(m[size - 8]![8]).toBe(true); // the dark module
  if (version >= 7) expect(readVersion(m)).toBe(version);
  // Alignment patterns: dark centre, light ring, dark border.
  const centres = ALIGNMENT[version]!;
  for (const ar of centres) {
    for (const ac of centres) {
      if ((ar === 6 && ac === 6) || (ar === 6 && ac === centres.at(-1)) || (ar === centres.at(-1) && ac === 6))
        continue;
      for (let dr = -2; dr <= 2; dr++)
        for (let dc = -2; dc <= 2; dc++) expect(m[ar + dr]![ac + dc]).toBe(Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
    }
  }
  const { ecBits, mask } = readFormat(m);
  expect(ecBits).toBe(0b00); // level M

  // Data modules in zigzag order, unmasked.
  const bits: number[] = [];
  let upward = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let i = 0; i < size; i++) {
      const r = upward ? size - 1 - i : i;
      for (const c of [right, right - 1]) {
        if (isFunctionModule(version, r, c)) continue;
        bits.push(m[r]![c]! !== MASK_RULES[mask]!(r, c) ? 1 : 0);
      }
    }
    upward = !upward;
  }
  const codewords: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));

  // De-interleave and check each block's Reed–Solomon syndromes S_i = B(α^i), i < ec, are zero.
  const [ec, groups] = TABLE_M[version]!;
  const sizes = groups.flatMap(([n, k]) => new Array<number>(n).fill(k));
  const blocks = sizes.map(() => [] as number[]);
  let at = 0;
  for (let i = 0; i < Math.max(...sizes); i++) {
    for (const [b, k] of sizes.entries()) if (i < k) blocks[b]!.push(codewords[at++]!);
  }
  for (let i = 0; i < ec; i++) for (const b of blocks) b.push(codewords[at++]!);
  expect(at).toBe(codewords.length);
  for (const block of blocks) {
    let alpha = 1;
    for (let i = 0; i < ec; i++) {
      const syndrome = block.reduce((acc, cw) => mul(acc, alpha) ^ cw, 0);
      expect(syndrome).toBe(0);
      alpha = mul(alpha, 2);
    }
  }
  const data = blocks.flatMap((b, i) => b.slice(0, sizes[i]));

  // Byte mode header, count, payload.
  const stream = data.flatMap((byte) => [7, 6, 5, 4, 3, 2, 1, 0].map((s) => (byte >> s) & 1));
  const take = (n: number, from: number) => stream.slice(from, from + n).reduce((a, b) => (a << 1) | b, 0);
  expect(take(4, 0)).toBe(0b0100);
  const countLength = version < 10 ? 8 : 16;
  const count = take(countLength, 4);
  const payload = Array.from({ length: count }, (_, i) => take(8, 4 + countLength + 8 * i));
  return { text: new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(payload)), version, mask };
}

describe('QR encoder', () => {
  it.each(REFERENCE.map((r) => [r.version, r.mask, r] as const))(
    'matches the reference matrix, version %i mask %i',
    (_v, _m, ref) => {
      const qr = encodeQr(ref.text, { mask: ref.mask });
      expect(qr.version).toBe(ref.version);
      expect(qr.size).toBe(17 + 4 * ref.version);
      expect(bitsOf(qr.modules)).toEqual(ref.rows);
    },
  );

  it.each(REFERENCE.map((r) => [r.version, r] as const))(
    'the reference symbol of version %i decodes back to its text',
    (_v, ref) => {
      const matrix = ref.rows.map((row) => [...row].map((ch) => ch === '1'));
      expect(decode(matrix)).toEqual({ text: ref.text, version: ref.version, mask: ref.mask });
    },
  );

  const addresses = [
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    'EQD4FPq-PRDieyQKkizFTRtSDyucUIqrj0v_zXJmqaDp6_0t 1234567890',
    'a'.repeat(14),
    'a'.repeat(15),
    'é'.repeat(106),
    'x'.repeat(213),
  ];
  it.each(addresses)('picks a version and the lowest-penalty mask, and decodes: %s', (text) => {
    const qr = encodeQr(text);
    const bytes = new TextEncoder().encode(text).length;
    expect(byteCapacity(qr.version)).toBeGreaterThanOrEqual(bytes);
    if (qr.version > 1) expect(byteCapacity(qr.version - 1)).toBeLessThan(bytes);
    expect(decode(qr.modules)).toEqual({ text, version: qr.version, mask: qr.mask });
    const scores = Array.from({ length: 8 }, (_, mask) => penalty(encodeQr(text, { mask }).modules));
    expect(scores[qr.mask]).toBe(Math.min(...scores));
  });

  it('knows the capacities of the standard (byte mode, level M)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(byteCapacity)).toEqual([14, 26, 42, 62, 84, 106, 122, 152, 180, 213]);
  });

  it('refuses text longer than version 10 holds', () => {
    expect(() => encodeQr('x'.repeat(214))).toThrow(/too long/);
    expect(() => encodeQr('x'.repeat(20), { version: 1 })).toThrow(/do not fit/);
  });

  it('format and version bits match the standard tables', () => {
    // ISO/IEC 18004 Annex C (level M, masks 0–7) and Annex D (versions 7–10).
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((m) => formatBits(m).toString(2).padStart(15, '0'))).toEqual([
      '101010000010010',
      '101000100100101',
      '101111001111100',
      '101101101001011',
      '100010111111001',
      '100000011001110',
      '100111110010111',
      '100101010100000',
    ]);
    expect([7, 8, 9, 10].map((v) => versionBits(v).toString(2).padStart(18, '0'))).toEqual([
      '000111110010010100',
      '001000010110111100',
      '001001101010011001',
      '001010010011010011',
    ]);
  });

  it('Reed–Solomon matches the standard example (version 1-M, "01234567")', () => {
    // ISO/IEC 18004 Annex I: data codewords of "01234567" in numeric mode, version 1-M.
    const data = [0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11];
    expect(reedSolomon(data, 10)).toEqual([0xa5, 0x24, 0xd4, 0xc1, 0xed, 0x36, 0xc7, 0x87, 0x2c, 0x55]);
  });

  it('draws dark runs as one SVG path with a quiet zone', () => {
    expect(qrPath([[true, true, false, true]], 4)).toBe('M4 4h2v1h-2zM7 4h1v1h-1z');
  });
});
