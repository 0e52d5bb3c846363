import { describe, expect, it } from 'vitest';
import { isAddressOf } from '../../../src/core/chainAddress';
import { CHAIN_IDS, CHAINS, chainFacts, chainNameOn } from '../../../src/core/chains';
import { memoRuleOf } from '../../../src/core/destinationMemo';
import { EXPLORER_TX, explorerTxUrl } from '../../../src/core/explorers';
import type { NetworkId } from '../../../src/core/network';
import { chainInfo } from '../../../src/sim/oneclick/chains';
import {
  chainName,
  familyOf,
  ledgerName,
  namesNetwork,
  setNamesNetwork,
  CHAIN_IDS as UI_CHAIN_IDS,
} from '../../../src/ui/chains';
import { activityCsv, csvHeader, HISTORY_CSV_COLUMNS } from '../../../src/ui/csv';
import { paymentRequest } from '../../../src/ui/paymentUri';

describe('the chain table: one home, read by the popup and the simulator', () => {
  // The interface: docs/interface.md, "Chain ids".
  it('has a row for every id, in the interface order, with a name and a family', () => {
    expect(Object.keys(CHAINS)).toEqual([...CHAIN_IDS]);
    for (const id of CHAIN_IDS) {
      expect(CHAINS[id].name.length).toBeGreaterThan(1);
      expect(chainFacts(id)).toMatchObject({ id, family: CHAINS[id].family });
    }
  });

  it('reads the live `near` as the ledger, and knows nothing of an unknown chain or an inherited key', () => {
    expect(chainFacts('near')?.id).toBe('home');
    expect(chainFacts('dogecoin')).toBeUndefined();
    expect(chainFacts('toString')).toBeUndefined();
    expect(chainName('toString')).toBe('toString');
    expect(familyOf('constructor')).toBeNull();
  });

  it('names per network: on Mainnet (and custom networks) no chain is "home", the ledger is NEAR; Local keeps its own', () => {
    const networks: NetworkId[] = ['mainnet', 'custom', 'local'];
    for (const network of networks)
      for (const id of CHAIN_IDS) expect(chainNameOn(id, network).length).toBeGreaterThan(1);
    for (const network of ['mainnet', 'custom'] as const) {
      for (const id of CHAIN_IDS) expect(chainNameOn(id, network), `${id} on ${network}`).not.toMatch(/home/i);
      expect(chainNameOn('home', network)).toBe('NEAR');
      expect(chainNameOn('near', network)).toBe('NEAR');
    }
    expect(chainNameOn('home', 'local')).toBe('Home ledger');
    expect(chainNameOn('eth', 'local')).toBe('Ethereum');
    expect(chainNameOn('dogecoin', 'mainnet')).toBe('dogecoin');
  });

  it('the pages name chains as the network they were told names them, Mainnet until told; the CSV header too', () => {
    try {
      expect(namesNetwork()).toBe('mainnet');
      expect(ledgerName()).toBe('NEAR');
      expect(chainName('home')).toBe('NEAR');
      setNamesNetwork('local');
      expect(ledgerName()).toBe('Home ledger');
      expect(chainName('sol')).toBe('Solana');
    } finally {
      setNamesNetwork('mainnet');
    }
    expect(csvHeader(HISTORY_CSV_COLUMNS, 'mainnet')).toContain('nearTxHashes');
    expect(csvHeader(HISTORY_CSV_COLUMNS, 'mainnet').join(',')).not.toMatch(/home/i);
    expect(csvHeader(HISTORY_CSV_COLUMNS, 'local')).toContain('homeTxHashes');
    expect(activityCsv([]).split('\r\n')[1]).toContain(',nearTxHashes,');
    expect(activityCsv([], 'local').split('\r\n')[1]).toContain(',homeTxHashes,');
  });

  it('the popup and the simulator read the same chains and families', () => {
    expect(UI_CHAIN_IDS).toEqual([...CHAIN_IDS]);
    for (const id of CHAIN_IDS) {
      expect(chainName(id)).toBe(CHAINS[id].name);
      expect(familyOf(id)).toBe(CHAINS[id].family);
      expect(chainInfo(id)?.family).toBe(CHAINS[id].family);
    }
  });

  it('explorer links, memo rules and payment requests come from the rows', () => {
    for (const id of CHAIN_IDS) {
      const t = CHAINS[id].explorerTx;
      expect(EXPLORER_TX[id]).toEqual(t);
      if (t) expect(t.prefix).toMatch(/^https:\/\/[^/]+\//);
      const memo = CHAINS[id].memo;
      expect(memoRuleOf(CHAINS[id].family)).toEqual(memo ? { kind: memo.kind, carried: memo.carried } : null);
    }
    expect(explorerTxUrl('adi', 'a'.repeat(64))).toBeNull();
    expect(memoRuleOf('xrp')).toMatchObject({ kind: 'tag', carried: true });
    expect(memoRuleOf('evm')).toBeNull();
    const payments = CHAIN_IDS.filter((id) => CHAINS[id].payment).map((id) => [id, CHAINS[id].payment!.standard]);
    expect(Object.fromEntries(payments)).toMatchObject({
      btc: 'BIP-21',
      bch: 'BIP-21',
      eth: 'EIP-681',
      sol: 'Solana Pay',
    });
    expect(
      paymentRequest('0x76b4c56085ED136a8744D52bE956396624a730E8', 5n, {
        assetId: 'nep141:scroll.omft.near',
        blockchain: 'scroll',
        decimals: 18,
        contractAddress: null,
      }).text,
    ).toBe('ethereum:0x76b4c56085ED136a8744D52bE956396624a730E8@534352?value=5');
  });

  it('each family has a real address check (an empty string is no address of any)', () => {
    for (const id of CHAIN_IDS) expect(isAddressOf(CHAINS[id].family, '')).toBe(false);
  });
});
