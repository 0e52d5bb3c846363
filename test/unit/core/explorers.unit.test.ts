// Explorer links are the wallet's (docs/security.md, "Links the wallet builds"): from the one table of
// explorers, filled with the hash; a service's URL chooses at most which of them.
import { describe, expect, it } from 'vitest';
import { EXPLORER_TX, explorerLink, explorerTxUrl } from '../../../src/core/explorers';
import { CHAIN_IDS, chainInfo, explorerUrl } from '../../../src/sim/oneclick/chains';

const EVM_TX = `0x${'ab'.repeat(32)}`;

describe('explorerTxUrl', () => {
  it('fills the chain’s template with the hash; only https pages', () => {
    expect(explorerTxUrl('eth', EVM_TX)).toBe(`https://etherscan.io/tx/${EVM_TX}`);
    expect(explorerTxUrl('home', 'Fq8C6h1TZg7mTVrKLnWs1yQ8r3PqJ2Gk5v3b7Zc9xYwA')).toBe(
      'https://nearblocks.io/txns/Fq8C6h1TZg7mTVrKLnWs1yQ8r3PqJ2Gk5v3b7Zc9xYwA',
    );
    expect(explorerTxUrl('aptos', EVM_TX)).toBe(`https://explorer.aptoslabs.com/txn/${EVM_TX}?network=mainnet`);
    for (const [chain, t] of Object.entries(EXPLORER_TX)) expect(t.prefix, chain).toMatch(/^https:\/\/[a-z0-9.-]+\/./);
  });

  it('no link for an unknown chain, a name inherited from Object, or something that is not a hash', () => {
    expect(explorerTxUrl('adi', EVM_TX)).toBeNull();
    expect(explorerTxUrl('constructor', EVM_TX)).toBeNull();
    for (const hash of [
      '',
      'short',
      `${EVM_TX}/../../evil`,
      `${EVM_TX}?x=1`,
      `${EVM_TX}#frag`,
      'a b c d e f g h i j k l',
      `${'a'.repeat(129)}`,
    ]) {
      expect(explorerTxUrl('eth', hash), hash).toBeNull();
    }
  });

  it('the simulator links with the same table: every chain it knows that has an explorer', () => {
    for (const id of CHAIN_IDS) {
      const chain = chainInfo(id)!;
      expect(explorerUrl(chain, EVM_TX.slice(2)), id).toBe(explorerTxUrl(id, EVM_TX.slice(2)) ?? '');
    }
  });
});

describe('explorerLink: what the wallet shows for a service’s explorerUrl', () => {
  it('a URL into a known explorer becomes the wallet’s own URL for the hash, whatever else it carried', () => {
    expect(explorerLink(EVM_TX, `https://etherscan.io/tx/${EVM_TX}`)).toBe(`https://etherscan.io/tx/${EVM_TX}`);
    expect(explorerLink(EVM_TX, `https://etherscan.io/tx/0x${'cd'.repeat(32)}?utm=1`)).toBe(
      `https://etherscan.io/tx/${EVM_TX}`,
    );
    expect(explorerLink(EVM_TX, `https://optimistic.etherscan.io/tx/${EVM_TX}`)).toBe(
      `https://optimistic.etherscan.io/tx/${EVM_TX}`,
    );
    expect(explorerLink('deadbeef'.repeat(8), 'https://blockchair.com/zcash/transaction/x')).toBe(
      `https://blockchair.com/zcash/transaction/${'deadbeef'.repeat(8)}`,
    );
  });

  it('anything else is no link: another host, a look-alike host, plain http, another scheme, an empty URL, a hash that is not one', () => {
    for (const url of [
      `https://evil.example/tx/${EVM_TX}`,
      `https://etherscan.io.evil.example/tx/${EVM_TX}`,
      `https://etherscan.io@evil.example/tx/${EVM_TX}`,
      `http://etherscan.io/tx/${EVM_TX}`,
      `javascript:alert(1)//https://etherscan.io/tx/`,
      `https://etherscan.io/address/${EVM_TX}`,
      '',
    ]) {
      expect(explorerLink(EVM_TX, url), url).toBeNull();
    }
    expect(explorerLink('"><script>', 'https://etherscan.io/tx/x')).toBeNull();
  });
});
