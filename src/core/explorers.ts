/**
 * Links to block explorers are built by the wallet, never taken from a service (docs/security.md,
 * "Links the wallet builds"): a link in the wallet's own pages is trusted like the page, so one the swap
 * service wrote could send a person anywhere. One table, chain → the explorer's public transaction page,
 * filled with the hash. Chain ids are the interface's (`home` for the ledger, docs/services.md "Wire
 * names"). Each row names the explorer whose page it is; the simulator links with the same table.
 * The interface: docs/interface.md.
 */

interface Template {
  /** Everything before the hash, https only. */
  prefix: string;
  /** Anything after it (a network choice). */
  suffix?: string;
}

const T = (prefix: string, suffix?: string): Template => (suffix ? { prefix, suffix } : { prefix });

export const EXPLORER_TX: Readonly<Record<string, Template>> = {
  home: T('https://nearblocks.io/txns/'), // NearBlocks, https://nearblocks.io
  eth: T('https://etherscan.io/tx/'), // Etherscan, https://etherscan.io
  base: T('https://basescan.org/tx/'), // BaseScan, https://basescan.org
  arb: T('https://arbiscan.io/tx/'), // Arbiscan, https://arbiscan.io
  op: T('https://optimistic.etherscan.io/tx/'), // Optimism Etherscan, https://optimistic.etherscan.io
  bsc: T('https://bscscan.com/tx/'), // BscScan, https://bscscan.com
  pol: T('https://polygonscan.com/tx/'), // PolygonScan, https://polygonscan.com
  avax: T('https://snowtrace.io/tx/'), // Snowtrace, https://snowtrace.io
  gnosis: T('https://gnosisscan.io/tx/'), // GnosisScan, https://gnosisscan.io
  bera: T('https://berascan.com/tx/'), // Berascan, https://berascan.com
  monad: T('https://monadscan.com/tx/'), // MonadScan, https://monadscan.com
  scroll: T('https://scrollscan.com/tx/'), // ScrollScan, https://scrollscan.com
  plasma: T('https://plasmascan.to/tx/'), // PlasmaScan, https://plasmascan.to
  xlayer: T('https://www.oklink.com/xlayer/tx/'), // OKLink X Layer explorer, https://www.oklink.com/xlayer
  hypercore: T('https://app.hyperliquid.xyz/explorer/tx/'), // Hyperliquid explorer, https://app.hyperliquid.xyz/explorer
  btc: T('https://mempool.space/tx/'), // mempool.space, https://mempool.space
  ltc: T('https://litecoinspace.org/tx/'), // litecoinspace, https://litecoinspace.org
  doge: T('https://blockchair.com/dogecoin/transaction/'), // Blockchair, https://blockchair.com/dogecoin
  zec: T('https://blockchair.com/zcash/transaction/'), // Blockchair, https://blockchair.com/zcash
  bch: T('https://blockchair.com/bitcoin-cash/transaction/'), // Blockchair, https://blockchair.com/bitcoin-cash
  dash: T('https://blockchair.com/dash/transaction/'), // Blockchair, https://blockchair.com/dash
  sol: T('https://solscan.io/tx/'), // Solscan, https://solscan.io
  ton: T('https://tonviewer.com/transaction/'), // Tonviewer, https://tonviewer.com
  xrp: T('https://xrpscan.com/tx/'), // XRPSCAN, https://xrpscan.com
  tron: T('https://tronscan.org/#/transaction/'), // TRONSCAN, https://tronscan.org
  sui: T('https://suiscan.xyz/mainnet/tx/'), // Suiscan, https://suiscan.xyz
  cardano: T('https://cardanoscan.io/transaction/'), // Cardanoscan, https://cardanoscan.io
  stellar: T('https://stellar.expert/explorer/public/tx/'), // StellarExpert, https://stellar.expert
  aptos: T('https://explorer.aptoslabs.com/txn/', '?network=mainnet'), // Aptos Explorer, https://explorer.aptoslabs.com
  movement: T('https://explorer.movementnetwork.xyz/txn/'), // Movement Explorer, https://explorer.movementnetwork.xyz
  starknet: T('https://voyager.online/tx/'), // Voyager, https://voyager.online
  aleo: T('https://explorer.aleo.org/transaction/'), // Aleo Explorer, https://explorer.aleo.org
};

/** What a transaction hash of any supported chain looks like (hex, 0x-hex, base58, Aleo's `at1…`). */
const HASH_RE = /^[0-9A-Za-z]{16,128}$/;

const fill = (t: Template, hash: string) => `${t.prefix}${hash}${t.suffix ?? ''}`;

/** The explorer page of `hash` on `chain`; null for a chain without one, or for something that is not a hash. */
export function explorerTxUrl(chain: string, hash: string): string | null {
  const t = Object.hasOwn(EXPLORER_TX, chain) ? EXPLORER_TX[chain] : undefined;
  return t && HASH_RE.test(hash) ? fill(t, hash) : null;
}

/**
 * The link shown for a transaction a service names with `serviceUrl`: the wallet's own URL for `hash`
 * on the known explorer the service's URL points into, or null (the hash is then shown as text). Only
 * which explorer is taken from the service, never a host, a path or anything after the hash.
 */
export function explorerLink(hash: string, serviceUrl: string): string | null {
  if (!HASH_RE.test(hash)) return null;
  const t = Object.values(EXPLORER_TX).find((x) => serviceUrl.startsWith(x.prefix));
  return t ? fill(t, hash) : null;
}
