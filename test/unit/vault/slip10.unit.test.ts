// SLIP-10 paths (src/vault/slip10.ts, https://github.com/satoshilabs/slips/blob/master/slip-0010.md):
// hardened steps only, each index below 2^31, and the refusal says what is wrong with the path.
import { describe, expect, it } from 'vitest';
import { VaultError } from '../../../src/vault';
import { parsePath } from '../../../src/vault/slip10';

const H = 0x80000000;

function refusal(path: string): [string, string] {
  try {
    parsePath(path);
  } catch (e) {
    if (e instanceof VaultError) return [e.code, e.message];
    throw e;
  }
  throw new Error(`expected ${path} to be refused`);
}

describe('parsePath', () => {
  it('reads hardened steps as index + 2^31, up to the largest one, around spaces', () => {
    expect(parsePath("m/44'/397'/0'")).toEqual([44 + H, 397 + H, H]);
    expect(parsePath("  m/2147483647' ")).toEqual([0xffffffff]);
    expect(parsePath('m')).toEqual([]);
  });

  it('refuses a path not from m, a soft or malformed step, and too large an index', () => {
    expect(refusal("x/0'")).toEqual(['invalid_input', "derivation path 'x/0'' must start with m/"]);
    for (const step of ['0', "a0'", "0'x", "'"])
      expect(refusal(`m/${step}`)).toEqual([
        'invalid_input',
        `derivation path 'm/${step}': ed25519 supports only hardened steps like 44'`,
      ]);
    expect(refusal("m/2147483648'")).toEqual([
      'invalid_input',
      "derivation path 'm/2147483648'': index 2147483648 is too large",
    ]);
  });
});
