/**
 * Aleo addresses (https://developer.aleo.org/concepts/fundamentals/accounts): `aleo1…`, bech32m of 32 bytes,
 * the little-endian x-coordinate of a point of the Edwards BLS12-377 curve in its prime-order subgroup,
 * which is what snarkVM's `Address::read_le` accepts (a field element, then the point of that x in the
 * subgroup). Curve: a·x² + y² = 1 + d·x²·y² with a = −1, d = 3021, over the scalar field q of BLS12-377;
 * subgroup order r, cofactor 4 (arkworks' `ed_on_bls12_377`, from the Zexe paper,
 * https://eprint.iacr.org/2018/962). A 32-byte text that is no such point is no account: what is sent
 * there cannot arrive.
 */
import { bech32Decode, wordsToBytes } from './bech32';

const Q = 8444461749428370424248824938781546531375899335154063827935233455917409239041n;
const R = 2111115437357092606062206234695386632838870926408408195193685246394721360383n;
const D = 3021n;

const mod = (a: bigint) => ((a % Q) + Q) % Q;

function pow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = mod(base);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % Q;
    b = (b * b) % Q;
  }
  return result;
}

/** Q − 1 = 2^S · ODD, which Tonelli–Shanks walks down. */
const S = 47n;
const ODD = (Q - 1n) >> S;
/** z^ODD for the least non-square z, found on first use (a few powers) rather than as the worker starts. */
let rootOfUnity: bigint | undefined;

function nonSquareRoot(): bigint {
  if (rootOfUnity === undefined) {
    let z = 2n;
    while (pow(z, (Q - 1n) / 2n) !== Q - 1n) z += 1n;
    rootOfUnity = pow(z, ODD);
  }
  return rootOfUnity;
}

/** A square root of `n` mod Q (Tonelli–Shanks), or undefined when there is none. */
function sqrt(n: bigint): bigint | undefined {
  if (n === 0n) return 0n;
  if (pow(n, (Q - 1n) / 2n) !== 1n) return undefined;
  let m = S;
  let c = nonSquareRoot();
  let t = pow(n, ODD);
  let root = pow(n, (ODD + 1n) / 2n);
  while (t !== 1n) {
    let i = 0n;
    for (let t2 = t; t2 !== 1n; t2 = (t2 * t2) % Q) i += 1n;
    const b = pow(c, 1n << (m - i - 1n));
    m = i;
    c = (b * b) % Q;
    t = (t * c) % Q;
    root = (root * b) % Q;
  }
  return root;
}

/** Extended twisted Edwards coordinates (X:Y:Z:T), x = X/Z, y = Y/Z, x·y = T/Z. */
type Point = readonly [bigint, bigint, bigint, bigint];

/** Unified addition for a = −1 (Hisil–Wong–Carter–Dawson 2008, "add-2008-hwcd"). */
function add([x1, y1, z1, t1]: Point, [x2, y2, z2, t2]: Point): Point {
  const a = (x1 * x2) % Q;
  const b = (y1 * y2) % Q;
  const c = (((D * t1) % Q) * t2) % Q;
  const d = (z1 * z2) % Q;
  const e = mod((x1 + y1) * (x2 + y2) - a - b);
  const f = mod(d - c);
  const g = (d + c) % Q;
  const h = (b + a) % Q;
  return [(e * f) % Q, (g * h) % Q, (f * g) % Q, (e * h) % Q];
}

function times(point: Point, scalar: bigint): Point {
  let result: Point = [0n, 1n, 1n, 0n];
  let p = point;
  for (let k = scalar; k > 0n; k >>= 1n) {
    if (k & 1n) result = add(result, p);
    p = add(p, p);
  }
  return result;
}

/**
 * Is `x` the x-coordinate of a point in the prime-order subgroup? Of the two points with this x, (x, y)
 * and (x, −y) = (x, y) + (0, −1), one is in it exactly when R·(x, y) is (0, 1) or (0, −1).
 */
function isSubgroupX(x: bigint): boolean {
  if (x >= Q) return false;
  const x2 = (x * x) % Q;
  const denominator = mod(1n - D * x2);
  if (denominator === 0n) return false;
  const y = sqrt(((1n + x2) * pow(denominator, Q - 2n)) % Q);
  if (y === undefined) return false;
  return times([x, y, 1n, (x * y) % Q], R)[0] === 0n;
}

export function isAleoAddress(text: string): boolean {
  const decoded = /^aleo1/.test(text) ? bech32Decode('bech32m', text) : undefined;
  const bytes = decoded?.prefix === 'aleo' ? wordsToBytes(decoded.words) : undefined;
  if (bytes?.length !== 32) return false;
  let x = 0n;
  for (let i = 31; i >= 0; i--) x = (x << 8n) | BigInt(bytes[i]!);
  return isSubgroupX(x);
}
