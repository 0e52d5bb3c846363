// Address checks (src/ui/addresses.ts over src/core/chainAddress.ts): every chain family accepts
// addresses the simulator mints in that chain's real format and published addresses of the real chains
// (the standards' own examples), rejects wrong shapes with a reason that says what is wrong, and catches
// a mistyped character by its checksum.
import { TokenResponse } from '@defuse-protocol/one-click-sdk-typescript';
import { describe, expect, it } from 'vitest';
import { base64url } from '../../../src/core';
import { crc16xmodem } from '../../../src/core/chainAddress';
import { addressFromBytes } from '../../../src/sim/oneclick/addresses';
import { chainInfo, CHAIN_IDS as SIM_CHAIN_IDS } from '../../../src/sim/oneclick/chains';
import {
  addressProblem,
  CHAIN_IDS,
  chainName,
  familyOf,
  recipientProblem,
  refundProblem,
} from '../../../src/ui/addresses';

const bytes = (seed: number) => Uint8Array.from({ length: 32 }, (_, i) => (seed * 31 + i * 7) & 0xff);

describe('address shapes', () => {
  // The interface: docs/interface.md.
  it('knows every chain id of the interface, with the same address family as the simulator', () => {
    expect([...CHAIN_IDS].sort()).toEqual([...SIM_CHAIN_IDS].sort());
    for (const id of SIM_CHAIN_IDS) expect(familyOf(id)).toBe(chainInfo(id)!.family);
    expect(chainName('eth')).toBe('Ethereum');
    expect(chainName('zzz')).toBe('zzz');
  });

  it("knows every chain of the official SDK (its `near` is the interface's `home`), each with a name", () => {
    // Read from the SDK package, so this fails when the SDK adds a chain.
    const sdkChains = Object.values(TokenResponse.blockchain).map((c) => (c === 'near' ? 'home' : c));
    expect(sdkChains).toContain('movement');
    expect([...SIM_CHAIN_IDS].sort()).toEqual([...sdkChains].sort());
    expect([...CHAIN_IDS].sort()).toEqual([...sdkChains].sort());
    for (const c of sdkChains) {
      expect(chainName(c)).not.toBe(c);
      expect(chainInfo(c === 'home' ? 'near' : c)?.id).toBe(c);
    }
  });

  it('a chain with no address rule takes any non-empty address', () => {
    expect(addressProblem('newchain', 'whatever-1')).toBeNull();
    expect(addressProblem('newchain', '')).toBe('Enter an address');
    expect(recipientProblem('DESTINATION_CHAIN', 'newchain', '')).toMatch(/newchain address/);
  });

  it.each(SIM_CHAIN_IDS.filter((c) => c !== 'home'))('accepts real-format addresses on %s', (chain) => {
    const family = chainInfo(chain)!.family;
    if (family === 'home') return;
    for (let seed = 1; seed <= 5; seed++) {
      const address = addressFromBytes(family, bytes(seed));
      expect(addressProblem(chain, address), address).toBeNull();
    }
  });

  it('accepts home account ids, implicit ids included', () => {
    expect(addressProblem('home', 'alice.near')).toBeNull();
    expect(addressProblem('home', 'a'.repeat(64))).toBeNull();
    expect(addressProblem('home', 'Alice.near')).toMatch(/lowercase/);
    expect(addressProblem('home', 'a')).toMatch(/2–64/);
    expect(addressProblem('home', 'alice..near')).toMatch(/for example/);
  });

  it('accepts what the formats allow in another case or short form', () => {
    // CashAddr may be written all in capitals (its specification); the check reads it in one case.
    expect(addressProblem('bch', 'BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A')).toBeNull();
    expect(addressProblem('bch', 'QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A')).toBeNull();
    // Aptos: a special address, and the long form with its leading zeros left out.
    expect(addressProblem('aptos', '0x1')).toBeNull();
    expect(addressProblem('aptos', `0x${'ab'.repeat(30)}`)).toBeNull();
  });

  const bad: [chain: string, text: string, reason: RegExp][] = [
    ['eth', '52908400098527886E0F7030069857D2E4169EE7', /starts with 0x/],
    ['eth', '0x52908400098527886E0F7030069857D2E4169EE', /40 hexadecimal digits after 0x \(this has 39\)/],
    ['base', '0x52908400098527886E0F7030069857D2E4169EZ7', /hexadecimal/],
    ['btc', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdqb', /bech32 does not use/],
    ['btc', 'bc1QAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', /not mixed/],
    ['btc', '2NBFNJTktNa7GZusGbDbGKRZTxdK9VVez3n', /starts with 1, 3/],
    ['btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0', /base58/],
    ['ltc', 'ltc1qar0', /wrong length/],
    ['doge', 'XnZ8o8YNjFzUqF5Wzs1yXWw7a2y2fHhBgL', /starts with D, A, 9/],
    ['zec', 'zs1z7rejlpsa98s2rrrfkwmaxu53e4ue0ulcrw0h4x5g8jl04tak0d3mm47vdtahatqrlkngh9sly', /transparent/],
    ['zec', 't1Rv4exT7bqhZqi2j7xz8bUHDMxwosrjADU1', /35 characters/],
    ['sol', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4', /does not decode to a 32-byte key/],
    ['sol', '0xabc', /base58/],
    ['tron', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv', /34 characters/],
    ['ton', 'EQD4FPq-PRDieyQKkizFTRtSDyucUIqrj0v_zXJmqaDp6_0', /48 characters/],
    ['ton', '0:abc', /64 hexadecimal/],
    ['xrp', 'xHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', /starts with r/],
    ['xrp', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyT0', /base58/],
    [
      'stellar',
      'MAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      /plain G… account address that needs no memo/,
    ],
    ['xrp', 'T7oKJ3q7s94kDH6tpkBowhetT1JKfcfdSCmAXbS75iATyLD', /testnet X-address/],
    ['xrp', 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2F', /47 characters/],
    ['stellar', 'GAHJJJKMOKYE4RVPZEWZTKH5FVI4PA3VL7GK2LFNUBSGBV6OJKDH3F2', /56 characters/],
    ['stellar', 'Gahjjjkmokye4rvpzewztkh5fvi4pa3vl7gk2lfnubsgbv6ojkdh3f2b', /capital letters/],
    ['sui', '0x1234', /64 hexadecimal digits/],
    ['aptos', '0x', /1–64 hexadecimal digits/],
    ['cardano', 'addr1xyz', /bech32 does not use|wrong length/],
    ['btc', 'bc1zzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsjg4mh7', /segwit version nobody can spend/],
    ['btc', 'bc1pzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3f9ww7t', /segwit version nobody can spend/],
    ['ltc', 'ltc1pzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3de52xm', /Litecoin address uses a segwit version/],
    ['btc', 'tb1qzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3apj6d3', /test-network address.*bc1/],
    ['zec', 'tex10wur2u9clts5dcpu2vc6qg93uzyj7cca2xm732', /TEX address/],
    ['aptos', '0x1234', /64 hexadecimal digits.*this has 4/],
    ['starknet', `0x${'f'.repeat(64)}`, /too large to be a Starknet address/],
    ['cardano', 'Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi', /Byron-era/],
    [
      'cardano',
      'ADDR1VX2FXV2UMYHTTKXYXP8X0DLPDT3K6CWNG5PXJ3JHSYDZERS66HRL8',
      /A Cardano address is written in small letters/,
    ],
    ['aleo', 'ALEO1RHGDU77HGYQD3XJJ8UCU3JJ9R2KRWZ6MNZYD80GNCR5FXCWLH5RSVZP9PX', /An Aleo address is written in small/],
    [
      'cardano',
      'addr1gx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrzqf96k',
      /kind the wallet does not send to/,
    ],
    ['aleo', 'aleo1qqq', /wrong length/],
    ['bch', 'bitcoincash:zpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', /starts with q or p/],
    ['dash', 'Xabc', /34 characters/],
    ['eth', ' 0x52908400098527886E0F7030069857D2E4169EE7', /spaces around/],
    ['eth', '', /Enter an address/],
  ];
  it.each(bad)('rejects on %s: %s', (chain, text, reason) => {
    expect(addressProblem(chain, text)).toMatch(reason);
  });

  it('leaves unknown chains to the service', () => {
    expect(addressProblem('newchain', 'whatever-shape')).toBeNull();
  });
});

describe('checksums, against published addresses', () => {
  // Each published address passes; the same address with one character changed (still in the format's
  // alphabet and length) fails with the checksum message. A guessed string would not pass by chance.
  const published: [chain: string, address: string, typo: string, source: string][] = [
    [
      'eth',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BEAed',
      'EIP-55 test cases',
    ],
    [
      'eth',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5D359',
      'EIP-55 test cases',
    ],
    [
      'base',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6Fb',
      'EIP-55 test cases',
    ],
    [
      'arb',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0xd1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      'EIP-55 test cases',
    ],
    [
      'btc',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T5',
      'BIP-173 examples (P2WPKH)',
    ],
    [
      'btc',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb',
      'the genesis block coinbase address',
    ],
    [
      'bch',
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6q',
      'CashAddr specification examples',
    ],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'the USDT contract on Tron'],
    [
      'xrp',
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi',
      'the XRP Ledger genesis account',
    ],
    [
      'xrp',
      'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu',
      'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fv',
      'an X-address with tag 1 (xrpl.js ripple-address-codec vectors)',
    ],
    [
      'stellar',
      'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
      'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGA',
      'SEP-23 strkey examples',
    ],
    [
      'sol',
      'So11111111111111111111111111111111111111112',
      '0o11111111111111111111111111111111111111112',
      'the wrapped SOL mint',
    ],
  ];
  it.each(published)('%s: %s passes and a typo of it fails (%s)', (chain, address, typo) => {
    expect(addressProblem(chain, address)).toBeNull();
    expect(addressProblem(chain, typo)).not.toBeNull();
  });
  it('a TON address for the test network, or on no workchain the network has, is named as such, not as a typo', () => {
    // TON's documentation example (docs.ton.org, "User-friendly address"), bounceable on the basechain.
    const MAINNET = 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF';
    const withBytes = (flag: number, workchain: number, checksum = true) => {
      const bytes = base64url.decode(MAINNET);
      bytes[0] = flag;
      bytes[1] = workchain;
      const crc = crc16xmodem(bytes.slice(0, 34));
      bytes.set(checksum ? [crc >> 8, crc & 0xff] : [(crc >> 8) ^ 1, crc & 0xff], 34);
      return base64url.encode(bytes);
    };
    expect(addressProblem('ton', MAINNET)).toBeNull();
    expect(addressProblem('ton', withBytes(0x51, 0xff))).toBeNull();
    expect(addressProblem('ton', withBytes(0x91, 0x00))).toMatch(/testnet-only TON address/);
    expect(addressProblem('ton', withBytes(0xd1, 0x00))).toMatch(/testnet-only TON address/);
    expect(addressProblem('ton', withBytes(0x11, 0x01))).toMatch(/workchain other than 0 or -1/);
    // With its checksum broken as well, the likelier story is a typo.
    expect(addressProblem('ton', withBytes(0x91, 0x00, false))).toMatch(/TON address fails its checksum/);
    expect(addressProblem('ton', `1:${'ab'.repeat(32)}`)).toMatch(/0: or -1:/);
    expect(addressProblem('ton', `-0:${'ab'.repeat(32)}`)).toMatch(/0: or -1:/);
  });

  it('a well-formed Bitcoin Cash address of a kind the wallet does not send to is named so, not as a typo', () => {
    // The CashAddr specification's larger test vectors: P2PKH of a 24-byte and of a 32-byte hash.
    for (const address of [
      'bitcoincash:q9adhakpwzztepkpwp5z0dq62m6u5v5xtyj7j3h2ws4mr9g0',
      'bitcoincash:qvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxq5nlegake',
    ])
      expect(addressProblem('bch', address), address).toMatch(/a kind the wallet does not send to/);
    expect(addressProblem('bch', 'bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2')).toBeNull();
  });

  it('a typo that keeps the shape is named as a checksum failure, not a shape problem', () => {
    expect(addressProblem('eth', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BEAed')).toMatch(/EIP-55 checksum/);
    expect(addressProblem('btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toMatch(/Bitcoin address fails its checksum/);
    expect(addressProblem('xrp', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi')).toMatch(/XRP address fails its checksum/);
    expect(addressProblem('stellar', 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGA')).toMatch(
      /Stellar address fails its checksum/,
    );
    expect(addressProblem('bch', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6q')).toMatch(
      /Bitcoin Cash address fails its checksum/,
    );
    expect(addressProblem('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toMatch(/Tron address fails its checksum/);
    // One case throughout: EIP-55 says nothing, so nothing is claimed.
    expect(addressProblem('eth', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBeNull();
  });
  it('every address the simulator mints, with one character changed, fails (where the format has a checksum)', () => {
    const checked = SIM_CHAIN_IDS.filter((c) => !['home', 'sui', 'aptos', 'starknet', 'movement', 'sol'].includes(c));
    for (const chain of checked) {
      const family = chainInfo(chain)!.family;
      if (family === 'home') continue;
      const address = addressFromBytes(family, bytes(3));
      const i = address.length - 3;
      // A character the address uses elsewhere: same alphabet, same length, so only the checksum can tell.
      const alt = [...address].find((ch) => ch !== address[i] && /[0-9A-Za-z]/.test(ch))!;
      const typo = address.slice(0, i) + alt + address.slice(i + 1);
      expect(addressProblem(chain, typo), `${chain}: ${typo}`).not.toBeNull();
    }
  });
});

describe('recipient and refund for their types', () => {
  it('INTENTS means an intents account, whatever the chain', () => {
    expect(recipientProblem('INTENTS', 'eth', 'alice.near')).toBeNull();
    expect(recipientProblem('INTENTS', 'eth', '0x52908400098527886E0F7030069857D2E4169EE7')).toMatch(
      /intents account is lowercase/,
    );
    expect(refundProblem('INTENTS', 'btc', '')).toMatch(/intents account that gets refunds/);
  });

  it('DESTINATION_CHAIN / ORIGIN_CHAIN mean an address of that chain', () => {
    expect(recipientProblem('DESTINATION_CHAIN', 'eth', '0x52908400098527886E0F7030069857D2E4169EE7')).toBeNull();
    expect(recipientProblem('DESTINATION_CHAIN', 'btc', '0x52908400098527886E0F7030069857D2E4169EE7')).toMatch(
      /Bitcoin/,
    );
    expect(recipientProblem('DESTINATION_CHAIN', 'sol', '')).toMatch(/Enter the Solana address/);
    expect(refundProblem('ORIGIN_CHAIN', 'eth', 'alice.near')).toMatch(/starts with 0x/);
    expect(refundProblem('ORIGIN_CHAIN', null, 'anything')).toBeNull();
  });
});
