/**
 * Links to block explorers are built by the wallet, never taken from a service (docs/security.md,
 * "Links the wallet builds"): a link in the wallet's own pages is trusted like the page, so one the swap
 * service wrote could send a person anywhere. The explorer's public transaction page of each chain is in
 * the chain table (./chains.ts), filled here with the hash. Chain ids are the interface's (docs/interface.md, "Chain ids"; `home` for the
 * ledger, docs/services.md "Wire names"); the simulator links with the same table.
 */
import { CHAIN_IDS, CHAINS, type ExplorerTemplate } from './chains';

type Template = ExplorerTemplate;

/** chain → its explorer's transaction page, from the chain table (./chains.ts), where it names one. */
export const EXPLORER_TX: Readonly<Record<string, Template>> = Object.fromEntries(
  CHAIN_IDS.flatMap((id) => {
    const t = CHAINS[id].explorerTx;
    return t ? [[id, t] as const] : [];
  }),
);

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
