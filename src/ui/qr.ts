/**
 * A compact QR code encoder (ISO/IEC 18004): byte mode, error correction level M, versions 1–10
 * (up to 213 bytes: enough for any deposit address with its memo). Pure; the popup draws the
 * matrix as an SVG path (components/QrCode.tsx). Over 300 lines on purpose: one algorithm whose
 * tables (blocks, alignment, format bits) and steps read in the order of the standard.
 */

/** Per version 1–10 at level M: EC codewords per block, and the data codewords of each block. */
const BLOCKS_M: readonly (readonly [ec: number, data: readonly number[]])[] = [
  [10, [16]],
  [16, [28]],
  [26, [44]],
  [18, [32, 32]],
  [24, [43, 43]],
  [16, [27, 27, 27, 27]],
  [18, [31, 31, 31, 31]],
  [22, [38, 38, 39, 39]],
  [22, [36, 36, 36, 37, 37]],
  [26, [43, 43, 43, 43, 44]],
];

/** Centre coordinates of the alignment patterns (versions 2–10). */
const ALIGN: readonly (readonly number[])[] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];

export const QR_MAX_VERSION = 10;
/** Format-information bits of level M (L = 01, M = 00, Q = 11, H = 10). */
const EC_LEVEL_M = 0b00;

export interface QrMatrix {
  version: number;
  mask: number;
  size: number;
  /** Row-major, `true` = dark module. */
  modules: boolean[][];
}

/** Bytes a version holds in byte mode at level M (mode and count header taken off). */
export function byteCapacity(version: number): number {
  const data = BLOCKS_M[version - 1]![1].reduce((a, b) => a + b, 0);
  return Math.floor((data * 8 - 4 - countBits(version)) / 8);
}

const countBits = (version: number) => (version < 10 ? 8 : 16);

// ---- Reed–Solomon over GF(256), polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11d) ----

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x = (x << 1) ^ (x & 0x80 ? 0x11d : 0);
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;

export function gfMul(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!;
}

/** Generator polynomial ∏(x − α^i), i < degree; coefficients from the highest power, leading 1 dropped. */
function generator(degree: number): number[] {
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    poly.forEach((c, j) => {
      next[j]! ^= c;
      next[j + 1]! ^= gfMul(c, EXP[i]!);
    });
    poly = next;
  }
  return poly.slice(1);
}

/** The EC codewords of one block (remainder of data · x^degree divided by the generator). */
export function reedSolomon(data: readonly number[], degree: number): number[] {
  const gen = generator(degree);
  const rem = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem.shift()!;
    rem.push(0);
    for (const [i, g] of gen.entries()) rem[i]! ^= gfMul(g, factor);
  }
  return rem;
}

// ---- BCH-coded format and version information ----

function bchRemainder(value: number, poly: number, polyDegree: number): number {
  let rem = value << polyDegree;
  for (let bit = 31 - Math.clz32(rem); bit >= polyDegree; bit--)
    if ((rem >>> bit) & 1) rem ^= poly << (bit - polyDegree);
  return rem;
}

/** 15 format bits: 2 EC-level bits and 3 mask bits, BCH(15,5), XOR 101010000010010. */
export function formatBits(mask: number, ecLevel = EC_LEVEL_M): number {
  const data = (ecLevel << 3) | mask;
  return ((data << 10) | bchRemainder(data, 0x537, 10)) ^ 0x5412;
}

/** 18 version bits (versions ≥ 7): 6 version bits, BCH(18,6). */
export function versionBits(version: number): number {
  return (version << 12) | bchRemainder(version, 0x1f25, 12);
}

// ---- Data codewords ----

function dataCodewords(bytes: Uint8Array, version: number): number[] {
  const [, blocks] = BLOCKS_M[version - 1]!;
  const capacity = blocks.reduce((a, b) => a + b, 0);
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4); // byte mode
  put(bytes.length, countBits(version));
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length)); // terminator
  while (bits.length % 8) bits.push(0);
  const out: number[] = [];
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; out.length < capacity; pad ^= 0xec ^ 0x11) out.push(pad);
  return out;
}

/** Splits into blocks, adds EC to each and interleaves: data column by column, then EC. */
export function interleave(data: readonly number[], version: number): number[] {
  const [ec, sizes] = BLOCKS_M[version - 1]!;
  let at = 0;
  const blocks = sizes.map((n) => {
    at += n;
    return data.slice(at - n, at);
  });
  const ecs = blocks.map((b) => reedSolomon(b, ec));
  const out: number[] = [];
  for (let i = 0; i < Math.max(...sizes); i++) for (const b of blocks) if (i < b.length) out.push(b[i]!);
  for (let i = 0; i < ec; i++) for (const e of ecs) out.push(e[i]!);
  return out;
}

// ---- The matrix ----

export const MASKS: readonly ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

interface Grid {
  size: number;
  dark: boolean[][];
  /** Function patterns (finder, timing, alignment, format, version): not data, never masked. */
  fixed: boolean[][];
}

function functionPatterns(version: number): Grid {
  const size = 17 + 4 * version;
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (r: number, c: number, on: boolean) => {
    dark[r]![c] = on;
    fixed[r]![c] = true;
  };
  // Finder patterns with their separators.
  for (const [fr, fc] of [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ] as const) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        const rr = fr + r;
        const cc = fc + c;
        if (rr < 0 || rr >= size || cc < 0 || cc >= size) continue;
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        set(rr, cc, ring !== 2 && ring !== 4);
      }
    }
  }
  // Timing patterns.
  for (let i = 8; i < size - 8; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  // Alignment patterns (not over the finders).
  const centres = ALIGN[version - 1]!;
  const last = centres.length - 1;
  centres.forEach((r, i) => {
    centres.forEach((c, j) => {
      if ((i === 0 && (j === 0 || j === last)) || (i === last && j === 0)) return;
      for (let dr = -2; dr <= 2; dr++)
        for (let dc = -2; dc <= 2; dc++) set(r + dr, c + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
    });
  });
  // Reserve the format areas (filled per mask) and the dark module.
  for (let i = 0; i < 9; i++) {
    fixed[8]![i] = fixed[i]![8] = true;
    if (i < 8) fixed[8]![size - 1 - i] = fixed[size - 1 - i]![8] = true;
  }
  set(size - 8, 8, true);
  if (version >= 7) {
    const bits = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const on = ((bits >>> i) & 1) === 1;
      const a = Math.floor(i / 3);
      const b = size - 11 + (i % 3);
      set(a, b, on);
      set(b, a, on);
    }
  }
  return { size, dark, fixed };
}

/** Places the codewords in the two-column zigzag from the bottom right, skipping function modules. */
function placeData(grid: Grid, codewords: readonly number[]): void {
  const { size, dark, fixed } = grid;
  let bit = 0;
  const total = codewords.length * 8;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5; // the vertical timing column is skipped whole
    const upward = ((size - 1 - right) >> 1) % 2 === 0;
    for (let i = 0; i < size; i++) {
      const r = upward ? size - 1 - i : i;
      for (const c of [right, right - 1]) {
        if (fixed[r]![c]) continue;
        // Remainder bits (past the last codeword) stay light before masking.
        dark[r]![c] = bit < total && ((codewords[bit >> 3]! >>> (7 - (bit & 7))) & 1) === 1;
        bit++;
      }
    }
  }
}

function drawFormat(grid: Grid, mask: number): void {
  const { size, dark } = grid;
  const bits = formatBits(mask);
  const bitAt = (i: number) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i < 15; i++) {
    // Around the top-left finder: bits 0–7 down column 8 (skipping the timing row), 8–14 along row 8.
    if (i < 6) dark[i]![8] = bitAt(i);
    else if (i < 8) dark[i + 1]![8] = bitAt(i);
    else if (i === 8) dark[8]![7] = bitAt(i);
    else dark[8]![14 - i] = bitAt(i);
    // The copy: bits 0–7 along row 8 from the right edge, 8–14 up column 8 from the bottom.
    if (i < 8) dark[8]![size - 1 - i] = bitAt(i);
    else dark[size - 15 + i]![8] = bitAt(i);
  }
}

function applyMask(grid: Grid, mask: number): boolean[][] {
  const test = MASKS[mask]!;
  return grid.dark.map((row, r) => row.map((on, c) => (grid.fixed[r]![c] ? on : on !== test(r, c))));
}

/** The standard's penalty score N1–N4 (lower is better): how hard the symbol is to read. */
export function penalty(m: readonly (readonly boolean[])[]): number {
  const size = m.length;
  let score = 0;
  const lines = (transpose: boolean) =>
    Array.from({ length: size }, (_, i) => Array.from({ length: size }, (_, j) => (transpose ? m[j]![i]! : m[i]![j]!)));
  for (const t of [false, true]) {
    for (const line of lines(t)) {
      // N1: runs of five or more of one colour.
      let run = 1;
      for (let j = 1; j <= size; j++) {
        if (j < size && line[j] === line[j - 1]) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      // N3: 1:1:3:1:1 finder-like runs with four light modules on either side.
      const s = line.map((on) => (on ? '1' : '0')).join('');
      for (let j = 0; j + 11 <= size; j++) {
        const w = s.slice(j, j + 11);
        if (w === '10111010000' || w === '00001011101') score += 40;
      }
    }
  }
  // N2: 2×2 blocks of one colour.
  for (let r = 0; r < size - 1; r++) {
    for (let c = 0; c < size - 1; c++) {
      const v = m[r]![c];
      if (v === m[r]![c + 1] && v === m[r + 1]![c] && v === m[r + 1]![c + 1]) score += 3;
    }
  }
  // N4: distance of the dark share from 50 %, 10 points per 5 %.
  const darkCount = m.reduce((n, row) => n + row.filter(Boolean).length, 0);
  const k = Math.ceil(Math.abs(darkCount * 20 - size * size * 10) / (size * size)) - 1;
  return score + Math.max(0, k) * 10;
}

/**
 * Encodes `text` (UTF-8) in the smallest version that holds it. The mask is the one with the lowest
 * penalty unless `mask` is given. Throws when the text does not fit version 10.
 */
export function encodeQr(text: string, options: { mask?: number; version?: number } = {}): QrMatrix {
  const bytes = new TextEncoder().encode(text);
  let version = options.version ?? 1;
  while (version <= QR_MAX_VERSION && byteCapacity(version) < bytes.length) {
    if (options.version !== undefined)
      throw new RangeError(`${bytes.length} bytes do not fit QR version ${options.version}`);
    version++;
  }
  if (version > QR_MAX_VERSION)
    throw new RangeError(
      `${bytes.length} bytes are too long for a QR code here (at most ${byteCapacity(QR_MAX_VERSION)})`,
    );
  const grid = functionPatterns(version);
  placeData(grid, interleave(dataCodewords(bytes, version), version));
  let best: { mask: number; modules: boolean[][]; score: number } | null = null;
  for (let mask = 0; mask < 8; mask++) {
    if (options.mask !== undefined && mask !== options.mask) continue;
    drawFormat(grid, mask);
    const modules = applyMask(grid, mask);
    const score = options.mask !== undefined ? 0 : penalty(modules);
    if (!best || score < best.score) best = { mask, modules, score };
  }
  return { version, mask: best!.mask, size: grid.size, modules: best!.modules };
}

/** An SVG path of the dark modules (one `h` run per horizontal stretch), in module units. */
export function qrPath(modules: readonly (readonly boolean[])[], quiet = 4): string {
  let d = '';
  modules.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      const start = c;
      while (c + 1 < row.length && row[c + 1]) c++;
      d += `M${start + quiet} ${r + quiet}h${c - start + 1}v1h${start - c - 1}z`;
    }
  });
  return d;
}
