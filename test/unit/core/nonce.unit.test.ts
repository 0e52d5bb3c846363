// Nonces (src/core/nonce.ts; docs/protocol.md, "Nonces"): the versioned V1 layout byte for byte, legacy
// nonces, the verifier's deadline rules and the encoder's refusals.
import { describe, expect, it } from 'vitest';
import {
  base64,
  checkNonceDeadline,
  decodeNonce,
  decodeNonceBytes,
  encodeVersionedNonce,
  encodeVersionedNonceBytes,
  hex,
  parseDeadlineNs,
} from '../../../src/core';
import { randomInt, seededRandom } from '../../fixtures/random';

// docs/protocol.md: the verifier README's worked example.
describe('versioned nonce README example', () => {
  const salt = hex.decode('252812b3');
  const random15 = hex.decode('027015ec13dc11864973138fe6812f');
  const deadline = new Date(2280047743 * 1000);

  it('encodes byte for byte', () => {
    const b64 = encodeVersionedNonce({ salt, deadline, random15 });
    expect(hex.encode(base64.decode(b64))).toBe('5628f6c600252812b300367290575ba41f027015ec13dc11864973138fe6812f');
    expect(b64).toBe('Vij2xgAlKBKzADZykFdbpB8CcBXsE9wRhklzE4/mgS8=');
  });

  it('decodes back to salt, nanosecond deadline and random part', () => {
    const n = decodeNonce('Vij2xgAlKBKzADZykFdbpB8CcBXsE9wRhklzE4/mgS8=');
    expect(n.kind).toBe('versioned');
    if (n.kind !== 'versioned') return;
    expect(n.saltHex).toBe('252812b3');
    expect(n.deadlineNs).toBe(2280047743n * 1_000_000_000n);
    expect(n.deadline.toISOString()).toBe(deadline.toISOString());
    expect(hex.encode(n.random)).toBe('027015ec13dc11864973138fe6812f');
  });
});

describe('legacy nonces', () => {
  it('treats 32 zero bytes as legacy', () => {
    expect(decodeNonce(base64.encode(new Uint8Array(32))).kind).toBe('legacy');
  });

  it('treats the magic prefix with an unknown version byte as legacy (Borsh fails in the verifier)', () => {
    const bytes = base64.decode('Vij2xgAlKBKzADZykFdbpB8CcBXsE9wRhklzE4/mgS8=');
    bytes[4] = 1;
    expect(decodeNonce(base64.encode(bytes)).kind).toBe('legacy');
  });

  it('treats the interface\'s "4 bytes salt + 28 unique" layout as legacy (docs/protocol.md)', () => {
    const bytes = new Uint8Array(32);
    bytes.set(hex.decode('252812b3'), 0);
    expect(decodeNonce(base64.encode(bytes)).kind).toBe('legacy');
  });

  it('refuses nonces that are not 32 bytes or not base64', () => {
    expect(() => decodeNonce(base64.encode(new Uint8Array(31)))).toThrow(/32 bytes/);
    expect(() => decodeNonce('not base64!')).toThrow(/base64/);
  });
});

describe('deadline rule (intent deadline ≤ nonce deadline, then not expired)', () => {
  const salt = hex.decode('252812b3');
  const random15 = new Uint8Array(15);

  it('refuses the docs example whose intent deadline has sub-millisecond digits (docs/interface.md, "Vector: a deadline with sub-millisecond digits")', () => {
    const n = decodeNonce('Vij2xgAlKBKzgNPJFViEQRgYyS7p2NEiYTTY4XmT8go=');
    expect(n.kind).toBe('versioned');
    expect(checkNonceDeadline('2025-05-21T10:34:04.254392Z', n, new Date('2025-05-21T10:30:00Z'))).toBe(
      'deadline is greater than nonce',
    );
    expect(checkNonceDeadline('2025-05-21T10:34:04.254Z', n, new Date('2025-05-21T10:30:00Z'))).toBeNull();
  });

  it('accepts equal deadlines from one Date, refuses a later intent deadline by one millisecond', () => {
    const d = new Date('2030-01-01T00:00:00.123Z');
    const n = decodeNonce(encodeVersionedNonce({ salt, deadline: d, random15 }));
    const now = new Date('2029-12-31T23:59:00Z');
    expect(checkNonceDeadline(d.toISOString(), n, now)).toBeNull();
    expect(checkNonceDeadline('2030-01-01T00:00:00.124Z', n, now)).toBe('deadline is greater than nonce');
  });

  it('reports an expired nonce', () => {
    const d = new Date('2030-01-01T00:00:00Z');
    const n = decodeNonce(encodeVersionedNonce({ salt, deadline: d, random15 }));
    expect(checkNonceDeadline('2029-12-31T00:00:00Z', n, new Date('2030-01-01T00:00:00.001Z'))).toBe(
      'nonce was already expired',
    );
  });

  it('ignores deadline rules for legacy nonces', () => {
    const n = decodeNonce(base64.encode(new Uint8Array(32)));
    expect(checkNonceDeadline('2099-01-01T00:00:00Z', n, new Date('2100-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('RFC 3339 deadlines', () => {
  it('reads nanoseconds and offsets', () => {
    expect(parseDeadlineNs('1970-01-01T00:00:01.000000001Z')).toBe(1_000_000_001n);
    expect(parseDeadlineNs('1970-01-01T01:00:00+01:00')).toBe(0n);
  });

  it('refuses non-RFC 3339 forms and impossible dates', () => {
    expect(() => parseDeadlineNs('2030-01-01')).toThrow(/RFC 3339/);
    expect(() => parseDeadlineNs('1732035219')).toThrow(/RFC 3339/);
    expect(() => parseDeadlineNs('2030-02-30T00:00:00Z')).toThrow(/valid date/);
  });
});

it('property: encode/decode round trip for 500 random nonces', () => {
  const random = seededRandom(3);
  for (let i = 0; i < 500; i++) {
    const salt = random(4);
    const random15 = random(15);
    const deadline = new Date(randomInt(random, 2 ** 31) * 1000 + randomInt(random, 1000));
    const n = decodeNonce(encodeVersionedNonce({ salt, deadline, random15 }));
    expect(n.kind, `seed 3, case ${i}`).toBe('versioned');
    if (n.kind !== 'versioned') continue;
    expect(n.salt).toEqual(salt);
    expect(n.random).toEqual(random15);
    expect(n.deadline.getTime()).toBe(deadline.getTime());
  }
});

it('refuses bad encoder inputs', () => {
  expect(() =>
    encodeVersionedNonce({ salt: new Uint8Array(3), deadline: new Date(), random15: new Uint8Array(15) }),
  ).toThrow(/salt/);
  expect(() =>
    encodeVersionedNonce({ salt: new Uint8Array(4), deadline: new Date(), random15: new Uint8Array(14) }),
  ).toThrow(/random/);
  expect(() =>
    encodeVersionedNonce({ salt: new Uint8Array(4), deadline: new Date(NaN), random15: new Uint8Array(15) }),
  ).toThrow(/deadline/);
});

describe('refusals name the part at fault', () => {
  const ok = { salt: new Uint8Array(4), deadline: new Date(0), random15: new Uint8Array(15) };

  it('encoder: salt, random part and a deadline before 1970', () => {
    expect(() => encodeVersionedNonceBytes({ ...ok, salt: new Uint8Array(5) })).toThrow(/^salt: salt must be 4 bytes$/);
    expect(() => encodeVersionedNonceBytes({ ...ok, random15: new Uint8Array(16) })).toThrow(
      /^random15: random part must be 15 bytes$/,
    );
    for (const deadline of [new Date(-1), new Date(Number.NaN)]) {
      expect(() => encodeVersionedNonceBytes({ ...ok, deadline })).toThrow(
        /^deadline: nonce deadline must be a valid date after 1970$/,
      );
    }
  });

  it('encodes the epoch itself as a zero deadline', () => {
    expect(hex.encode(encodeVersionedNonceBytes(ok))).toBe(`5628f6c600${'00'.repeat(4 + 8 + 15)}`);
  });

  it('decoder: bytes or base64 of the wrong length', () => {
    expect(() => decodeNonceBytes(new Uint8Array(31))).toThrow(/^nonce: nonce must be 32 bytes, got 31$/);
    expect(() => decodeNonce('AAAA')).toThrow(/^nonce must be 32 bytes, got 3$/);
  });
});

describe('decoded nonces are copies', () => {
  it('a legacy nonce keeps its bytes when the input is changed afterwards', () => {
    const input = new Uint8Array(32).fill(9);
    const n = decodeNonceBytes(input);
    input.fill(0);
    expect(n).toEqual({ kind: 'legacy', bytes: new Uint8Array(32).fill(9) });
  });
});

describe('deadline rule edges (docs/protocol.md: intent deadline ≤ nonce deadline, nonce deadline ≥ now)', () => {
  it('a nonce whose deadline is exactly now has not expired', () => {
    const d = new Date('2030-01-01T00:00:00Z');
    const n = decodeNonce(encodeVersionedNonce({ salt: new Uint8Array(4), deadline: d, random15: new Uint8Array(15) }));
    expect(checkNonceDeadline('2029-12-31T00:00:00Z', n, d)).toBeNull();
  });

  it('a legacy nonce has no deadline rule: the intent deadline is not read', () => {
    const n = decodeNonce(base64.encode(new Uint8Array(32)));
    expect(checkNonceDeadline('not a deadline', n, new Date())).toBeNull();
  });
});
