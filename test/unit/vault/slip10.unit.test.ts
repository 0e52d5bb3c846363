// SLIP-10 paths (src/vault/slip10.ts, https://github.com/satoshilabs/slips/blob/master/slip-0010.md):
// hardened steps only, each index below 2^31, and the refusal says what is wrong with the path.
import { describe, expect, it } from 'vitest';
import { hex } from '../../../src/core';
import { VaultError } from '../../../src/vault';
import { parsePath, slip10Derive } from '../../../src/vault/slip10';

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

// The SLIP-0010 spec's two ed25519 test vectors, every chain of each
// (https://github.com/satoshilabs/slips/blob/master/slip-0010.md#test-vector-1-for-ed25519).
describe('slip10Derive against the spec’s ed25519 vectors', () => {
  const vectors: { seed: string; chains: [string, string, string][] }[] = [
    {
      seed: '000102030405060708090a0b0c0d0e0f',
      chains: [
        [
          "m/0'/1'",
          'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14',
          'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
        ],
        [
          "m/0'/1'/2'",
          '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c',
          '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9',
        ],
        [
          "m/0'/1'/2'/2'",
          '8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc',
          '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662',
        ],
        [
          "m/0'/1'/2'/2'/1000000000'",
          '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230',
          '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
        ],
      ],
    },
    {
      seed: 'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
      chains: [
        [
          'm',
          'ef70a74db9c3a5af931b5fe73ed8e1a53464133654fd55e7a66f8570b8e33c3b',
          '171cb88b1b3c1db25add599712e36245d75bc65a1a5c9e18d76f9f2b1eab4012',
        ],
        [
          "m/0'",
          '0b78a3226f915c082bf118f83618a618ab6dec793752624cbeb622acb562862d',
          '1559eb2bbec5790b0c65d8693e4d0875b1747f4970ae8b650486ed7470845635',
        ],
        [
          "m/0'/2147483647'",
          '138f0b2551bcafeca6ff2aa88ba8ed0ed8de070841f0c4ef0165df8181eaad7f',
          'ea4f5bfe8694d8bb74b7b59404632fd5968b774ed545e810de9c32a4fb4192f4',
        ],
        [
          "m/0'/2147483647'/1'",
          '73bd9fff1cfbde33a1b846c27085f711c0fe2d66fd32e139d3ebc28e5a4a6b90',
          '3757c7577170179c7868353ada796c839135b3d30554bbb74a4b1e4a5a58505c',
        ],
        [
          "m/0'/2147483647'/1'/2147483646'",
          '0902fe8a29f9140480a00ef244bd183e8a13288e4412d8389d140aac1794825a',
          '5837736c89570de861ebc173b1086da4f505d4adb387c6a1b1342d5e4ac9ec72',
        ],
        [
          "m/0'/2147483647'/1'/2147483646'/2'",
          '5d70af781f3a37b829f0d060924d5e960bdc02e85423494afc0b1a41bbe196d4',
          '551d333177df541ad876a60ea71f00447931c0a9da16f227c11ea080d7391b8d',
        ],
      ],
    },
  ];
  for (const { seed, chains } of vectors)
    for (const [path, chainCode, key] of chains)
      it(`${seed.slice(0, 8)}… ${path}`, async () => {
        const node = await slip10Derive(hex.decode(seed), path);
        expect(hex.encode(node.chainCode)).toBe(chainCode);
        expect(hex.encode(node.key)).toBe(key);
      });
});
